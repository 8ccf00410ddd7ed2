import * as Schema from 'effect/Schema'
import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, IdBody, MessageReply, PagingRequest, paged } from '../schemas/common.ts'
import { SessionsEnded } from '../schemas/session.ts'
import { EmployeeEmail, EmployeesEmailsRequest, User, UserCreateRequest, UserRow, UserUpdateRequest } from '../schemas/users.ts'
import { OutboxReply, UserCreated } from '../schemas/mail.ts'

/** User accounts (admin): the users table, the form, blocking, sessions and sign-in locks, the outbox of mails sent to users. */
export const userEndpoints = {
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
