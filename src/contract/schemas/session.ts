import * as Schema from 'effect/Schema'
import { MSG } from '../messages.ts'
import { Email, Password, RequiredString } from '../validation.ts'
import { RoleSchema } from './common.ts'
import { User } from './users.ts'
import { WorkstationRef } from './warehouse.ts'

/** Signing in and out, who is signed in, one's own sessions and password, recovery. */

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
