import { Schema } from 'effect'
import { ADMIN_ONLY, ANY_SIGNED_IN, PUBLIC } from '../access.ts'
import { ep } from '../endpoint.ts'
import {
  Empty, EmployeeEmail, EmployeesEmailsRequest, IdBody, LoginReply, LoginRequest, MessageReply, PagingRequest,
  PasswordChangeRequest, RecoverRequest, SessionRow, SessionsEnded, RegisterRequest, User, UserCreateRequest, UserRow, UserUpdateRequest,
  WhoamiReply, paged,
} from '../schemas.ts'
import { OutboxReply, UserCreated } from '../schemas/mail.ts'

/** Session and users. */
export const authEndpoints = {
  // ---- session ----
  login: ep({ method: 'POST', path: 'user/login', roles: PUBLIC, body: LoginRequest, replies: { 200: LoginReply } }),
  /** Path not shown in the spec; chosen here. Ends the staff member's workflow (end type logout). */
  logout: ep({ method: 'POST', path: 'user/logout', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: MessageReply } }),
  whoami: ep({ method: 'GET', path: 'whoami', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: WhoamiReply } }),
  /** The caller's live sessions (when and from where each began), newest first. */
  sessionsMine: ep({ method: 'GET', path: 'user/sessions', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: Schema.Array(SessionRow) } }),
  /** Log out everywhere else: every other session of the caller ends; this one goes on. */
  sessionsEndOthers: ep({ method: 'POST', path: 'user/sessions/end-others', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: SessionsEnded } }),
  changePassword: ep({ method: 'PUT', path: 'user/password', roles: ANY_SIGNED_IN, body: PasswordChangeRequest, replies: { 200: MessageReply } }),
  recover: ep({ method: 'POST', path: 'user/recover', roles: PUBLIC, body: RecoverRequest, replies: { 200: MessageReply } }),
  confirmEmail: ep({ method: 'GET', path: 'user/confirm/{token}', roles: PUBLIC, body: Empty, replies: { 200: MessageReply } }),
  register: ep({ method: 'POST', path: 'user/register', roles: ADMIN_ONLY, body: RegisterRequest, replies: { 201: User } }),

  // ---- users (admin) ----
  usersData: ep({ method: 'POST', path: 'users/data', roles: ADMIN_ONLY, body: PagingRequest, replies: { 200: paged(UserRow) } }),
  usersDataDeleted: ep({ method: 'POST', path: 'users/data/deleted', roles: ADMIN_ONLY, body: PagingRequest, replies: { 200: paged(UserRow) } }),
  userGet: ep({ method: 'GET', path: 'user/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: User } }),
  /** Answers the account and where the e-mail with its first password went (`password_mail`). */
  userCreate: ep({ method: 'POST', path: 'user', roles: ADMIN_ONLY, body: UserCreateRequest, replies: { 201: UserCreated } }),
  /** Chosen path: the admin's outbox view, newest messages first (OUTBOX_LIST_LIMIT). */
  outboxList: ep({ method: 'GET', path: 'app/v1/outbox', roles: ADMIN_ONLY, body: Empty, replies: { 200: OutboxReply } }),
  userUpdate: ep({ method: 'PUT', path: 'user', roles: ADMIN_ONLY, body: UserUpdateRequest, replies: { 200: User } }),
  /** Block = soft delete (deleted_at set). */
  userBlock: ep({ method: 'DELETE', path: 'user', roles: ADMIN_ONLY, body: IdBody, replies: { 200: User } }),
  /** Unblock = restore; path not shown in the spec, chosen here. */
  userRestore: ep({ method: 'PATCH', path: 'user/restore', roles: ADMIN_ONLY, body: IdBody, replies: { 200: User } }),
  /** An admin ends every session of a user (their own: every other one). */
  userSessionsEnd: ep({ method: 'PATCH', path: 'user/sessions/end', roles: ADMIN_ONLY, body: IdBody, replies: { 200: SessionsEnded } }),
  /** Clears the user's failed-login counters from every address (lockout and slow-down). */
  userUnlock: ep({ method: 'PATCH', path: 'user/unlock', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply } }),
  employeesEmails: ep({ method: 'POST', path: 'users/employees-emails', roles: ADMIN_ONLY, body: EmployeesEmailsRequest, replies: { 200: Schema.Array(EmployeeEmail) } }),
} as const
