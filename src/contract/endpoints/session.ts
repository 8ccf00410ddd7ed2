import * as Schema from 'effect/Schema'
import { ADMIN_ONLY, ANY_SIGNED_IN, PUBLIC } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, MessageReply } from '../schemas/common.ts'
import { LoginReply, LoginRequest, PasswordChangeRequest, RecoverRequest, SessionRow, SessionsEnded, WhoamiReply } from '../schemas/session.ts'
import { RegisterRequest, User } from '../schemas/users.ts'

/** Signing in and out, one's own sessions and password, recovery and e-mail confirmation. */
export const sessionEndpoints = {
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
} as const
