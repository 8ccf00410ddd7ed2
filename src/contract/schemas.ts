import { Schema } from 'effect'
import { MAX_PAGE_LENGTH } from './constants/tables.ts'
import { MSG } from './messages.ts'
import { Email, Id, Int4, Password, RequiredString, Text } from './validation.ts'

// ---- shared ------------------------------------------------------------------------------

export const RoleSchema = Schema.Literals([0, 1, 2, 3])
/** Roles an admin may give on the user form (admin = 0, sort_worker = 1). */
export const StaffRoleSchema = Schema.Literals([0, 1])

export const Empty = Schema.Struct({})
/** The body of a 204 or 205 answer (null-body statuses): none, read as null. */
export const NoBody = Schema.Null
export const MessageReply = Schema.Struct({ message: Schema.String })
/** The body of a file answer (PDF, XLSX, image) as the browser receives it. */
export const FileBody = Schema.declare((u: unknown): u is Blob => typeof Blob !== 'undefined' && u instanceof Blob)
/** The body of a refusal (4xx): the message and, when fields are at fault, their messages. */
export const ErrorReply = Schema.Struct({ message: Schema.String, errors: Schema.optional(Schema.Record(Schema.String, Schema.Array(Schema.String))) })
export const IdBody = Schema.Struct({ id: Id })

/** Server paging payload of every server-side table (DataTables shape). */
export const PagingRequest = Schema.Struct({
  draw: Schema.optional(Int4),
  start: Int4.check(Schema.isGreaterThanOrEqualTo(0)),
  length: Int4.check(Schema.isBetween({ minimum: 1, maximum: MAX_PAGE_LENGTH })),
  search: Schema.optional(Schema.Struct({ value: Text() })),
  order: Schema.optional(Schema.Array(Schema.Struct({ column: Int4, dir: Schema.Literals(['asc', 'desc']) }))),
})
export type PagingRequest = typeof PagingRequest.Type

export const paged = <S extends Schema.Top>(row: S) =>
  Schema.Struct({
    draw: Schema.optional(Schema.Number),
    data: Schema.Array(row),
    recordsTotal: Schema.Number,
    recordsFiltered: Schema.Number,
  })

// ---- workstation ----------------------------------------------------------

export const WorkstationRef = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  type: Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String }),
  warehouse: Schema.Struct({ id: Schema.Number, name: Schema.String }),
})
export type WorkstationRef = typeof WorkstationRef.Type

// ---- users ---------------------------------------------------------------------

export const User = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  email_verified_at: Schema.NullOr(Schema.String),
  role: RoleSchema,
  deleted_at: Schema.NullOr(Schema.String),
  client_id: Schema.NullOr(Schema.Number),
  workstation: Schema.NullOr(WorkstationRef),
})
export type User = typeof User.Type

export const LoginRequest = Schema.Struct({ email: Email, password: Password })
export const LoginReply = Schema.Struct({ _token: Schema.String, role: RoleSchema, user: User })
export type LoginReply = typeof LoginReply.Type

/** A live session on /profile: when and from which address it began; `current` is the caller's own. */
export const SessionRow = Schema.Struct({ started_at: Schema.String, expires_at: Schema.String, address: Schema.NullOr(Schema.String), current: Schema.Boolean })
export type SessionRow = typeof SessionRow.Type
/** Sessions ended by "log out everywhere" (yours) or by an admin (a user's). */
export const SessionsEnded = Schema.Struct({ message: Schema.String, ended: Schema.Number })
export const WhoamiReply = Schema.Struct({ role: RoleSchema, workstation: Schema.NullOr(WorkstationRef), user: User })
export type WhoamiReply = typeof WhoamiReply.Type

/** The current password proves it is the user (not a borrowed session) who changes it. */
export const PasswordChangeRequest = Schema.Struct({ current_password: RequiredString, password: Password, confirmation: Password }).check(
  Schema.makeFilter((v: { current_password: string; password: string; confirmation: string }) =>
    v.password === v.confirmation ? undefined : { path: ['confirmation'], issue: MSG.passwordsDiffer },
  ),
)
export const RecoverRequest = Schema.Struct({ email: Email })

export const UserCreateRequest = Schema.Struct({ email: Email, role: StaffRoleSchema })
export const UserUpdateRequest = Schema.Struct({ id: Id, email: Email, role: StaffRoleSchema })
export const RegisterRequest = Schema.Struct({ email: Email, password: Password, role: StaffRoleSchema })
export const EmployeesEmailsRequest = Schema.Struct({ roles: Schema.Array(RoleSchema) })
export const EmployeeEmail = Schema.Struct({ id: Schema.Number, email: Schema.String, role: RoleSchema })

export const UserRow = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  email_verified_at: Schema.NullOr(Schema.String),
  role: RoleSchema,
  deleted_at: Schema.NullOr(Schema.String),
})
export type UserRow = typeof UserRow.Type
