import { Schema } from 'effect'
import { type Role, ADMIN_ONLY, ANY_SIGNED_IN, PUBLIC } from './access.ts'
import {
  Empty, EmployeeEmail, EmployeesEmailsRequest, IdBody, LoginReply, LoginRequest, MessageReply, PagingRequest,
  PasswordChangeRequest, RecoverRequest, RegisterRequest, User, UserCreateRequest, UserRow, UserUpdateRequest,
  WhoamiReply, paged,
} from './schemas.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<
  B extends Schema.Top = Schema.Top,
  R extends Schema.Top = Schema.Top,
  P extends string = string,
> {
  readonly method: Method
  /** Path exactly as the spec names it, relative to the API base; `{name}` marks a parameter. */
  readonly path: P
  /** Roles allowed; `PUBLIC` needs no token. Checked on the server, mirrored by the route table. */
  readonly roles: readonly Role[] | typeof PUBLIC
  readonly body: B
  readonly reply: R
  /** Reply is a file (PDF, XLSX) rather than JSON. */
  readonly file?: boolean
}

const ep = <B extends Schema.Top, R extends Schema.Top, P extends string>(e: Endpoint<B, R, P>) => e

/**
 * Every endpoint, once. The server registers handlers from this table; the web client calls
 * through it. Paths and role lists come from the spec (S1 §7, S2 §7, S3 §7; DOMAIN.md).
 */
export const endpoints = {
  // ---- session (S1 §7 "Authentication and users") ----
  login: ep({ method: 'POST', path: 'user/login', roles: PUBLIC, body: LoginRequest, reply: LoginReply }),
  /** Path not shown in the spec; chosen here. Ends the staff member's workflow (end type logout). */
  logout: ep({ method: 'POST', path: 'user/logout', roles: ANY_SIGNED_IN, body: Empty, reply: MessageReply }),
  whoami: ep({ method: 'GET', path: 'whoami', roles: ANY_SIGNED_IN, body: Empty, reply: WhoamiReply }),
  changePassword: ep({ method: 'PUT', path: 'user/password', roles: ANY_SIGNED_IN, body: PasswordChangeRequest, reply: MessageReply }),
  recover: ep({ method: 'POST', path: 'user/recover', roles: PUBLIC, body: RecoverRequest, reply: MessageReply }),
  confirmEmail: ep({ method: 'GET', path: 'user/confirm/{token}', roles: PUBLIC, body: Empty, reply: MessageReply }),
  register: ep({ method: 'POST', path: 'user/register', roles: ADMIN_ONLY, body: RegisterRequest, reply: User }),

  // ---- users (admin) ----
  usersData: ep({ method: 'POST', path: 'users/data', roles: ADMIN_ONLY, body: PagingRequest, reply: paged(UserRow) }),
  usersDataDeleted: ep({ method: 'POST', path: 'users/data/deleted', roles: ADMIN_ONLY, body: PagingRequest, reply: paged(UserRow) }),
  userGet: ep({ method: 'GET', path: 'user/{id}', roles: ADMIN_ONLY, body: Empty, reply: User }),
  userCreate: ep({ method: 'POST', path: 'user', roles: ADMIN_ONLY, body: UserCreateRequest, reply: User }),
  userUpdate: ep({ method: 'PUT', path: 'user', roles: ADMIN_ONLY, body: UserUpdateRequest, reply: User }),
  /** Block = soft delete (deleted_at set). */
  userBlock: ep({ method: 'DELETE', path: 'user', roles: ADMIN_ONLY, body: IdBody, reply: User }),
  /** Unblock = restore; path not shown in the spec, chosen here. */
  userRestore: ep({ method: 'PATCH', path: 'user/restore', roles: ADMIN_ONLY, body: IdBody, reply: User }),
  employeesEmails: ep({ method: 'POST', path: 'users/employees-emails', roles: ADMIN_ONLY, body: EmployeesEmailsRequest, reply: Schema.Array(EmployeeEmail) }),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
export type BodyOf<E extends Endpoint> = E['body']['Encoded']
export type ReplyOf<E extends Endpoint> = E['reply']['Type']

/** Path parameters named in a path: 'user/{id}' → 'id'. */
export type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParams<Rest> : never

/** Fills `{name}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k]
    if (v === undefined) throw new Error(`Missing path parameter ${k} for ${path}`)
    return encodeURIComponent(String(v))
  })
}
