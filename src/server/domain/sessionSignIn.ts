import { EMAIL_TOKEN_TTL_MS } from '../../contract/constants/session.ts'
import { MSG } from '../../contract/messages.ts'
import { href } from '../../contract/routes.ts'
import type { User } from '../../contract/schemas/users.ts'
import type { Queryable } from '../db/db.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import type { Deps } from './context.ts'
import { hashPassword, randomPassword, verifyPassword } from './usersPasswords.ts'
import { newToken, openSession, revokeOtherSessions, revokeSession, sha256 } from './session.ts'
import { countAttempt, limitersFor, pairKey, slowWhenPastLimit } from './throttle.ts'
import { assertEmailFree, auditUser, getUser } from './users.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { endWorkflow } from './warehouseWorkflows.ts'
import { isStaff } from '../../contract/constants/access.ts'

/** Wrong e-mail or password: 401 with the spec's message key. */
export const loginError = () => new DomainError(401, { message: 'login_error' })
/** The right password of a blocked (soft-deleted) account: said only to whoever knows the password. */
export const blockedError = () => new DomainError(403, { message: 'user_blocked' })

/** Hashed even for unknown e-mails so timing does not reveal which accounts exist. */
const NO_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

/**
 * Sign-in with guessing protection: every attempt is counted first, atomically, per account and
 * address pair and per client address, so parallel guesses cannot slip past the limits; past one
 * the attempt is refused at once with 429 and Retry-After (no password is checked). The account's
 * failures from every address only slow it (LOGIN_SLOWDOWN_MS), so whoever knows an e-mail cannot
 * lock its owner out. A successful sign-in clears the account's failures and gives the address its
 * attempt back, so right passwords never use up the limits and other accounts from the same
 * address go on unhindered.
 */
export async function login(deps: Deps, email: string, password: string, address: string) {
  const { db } = deps
  const limits = limitersFor(db)
  const account = email.toLowerCase()
  await countAttempt([limits.loginPair, pairKey(account, address)], [limits.loginAddress, address])
  await slowWhenPastLimit(limits, account)
  const [u] = await db.query<{ id: number; password_hash: string; role: 0 | 1 | 2 | 3; deleted_at: unknown }>(
    `select id, password_hash, role, deleted_at from users where lower(email) = lower($1)`,
    [email],
  )
  const ok = await verifyPassword(password, u?.password_hash ?? NO_HASH)
  if (!u || !ok) throw loginError()
  await Promise.all([limits.loginAccount.delete(account), limits.loginPair.delete(pairKey(account, address)), limits.loginAddress.reward(address)])
  if (u.deleted_at) throw blockedError()
  return db.tx(async (q) => {
    const token = await openSession(q, u.id, address)
    return { _token: token, role: u.role, user: await getUser(q, u.id) }
  })
}

/**
 * Password change: the current password must be given (a wrong one counts as a failed login of
 * the account); the new one replaces it and every other session of the user ends, the calling one
 * goes on.
 */
export async function changePassword(deps: Deps, user: { id: number; email: string }, token: string | null, current: string, next: string, address: string) {
  const { db } = deps
  const limits = limitersFor(db)
  const account = user.email.toLowerCase()
  await countAttempt([limits.loginPair, pairKey(account, address)])
  await slowWhenPastLimit(limits, account)
  const [u] = await db.query<{ password_hash: string }>(`select password_hash from users where id = $1`, [user.id])
  if (!u || !(await verifyPassword(current, u.password_hash))) throw invalid({ current_password: [MSG.wrongCurrentPassword] })
  await Promise.all([limits.loginAccount.delete(account), limits.loginPair.delete(pairKey(account, address))])
  const hash = await hashPassword(next)
  await db.tx(async (q) => {
    await q.query(`update users set password_hash = $2 where id = $1`, [user.id, hash])
    await revokeOtherSessions(q, user.id, token)
    await voidRecoveryTokens(q, user.id)
    await record(q, { id: user.id, email: user.email, address }, { entity: 'user', entityId: user.id, action: 'update', changes: PASSWORD_CHANGED })
  })
}

/** Every outstanding recovery link of the user stops working (a new link, a used one, a password change). */
export async function voidRecoveryTokens(q: Queryable, userId: number) {
  await q.query(`update email_tokens set used_at = now() where user_id = $1 and purpose = 'recover' and used_at is null`, [userId])
}

/** A one-time link (verification or recovery) e-mailed to the user. */
export async function issueEmailToken(q: Queryable, userId: number, purpose: 'verify' | 'recover'): Promise<string> {
  const token = newToken()
  // A new recovery link voids the earlier ones: only the latest mail works.
  if (purpose === 'recover') await voidRecoveryTokens(q, userId)
  await q.query(`insert into email_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, $4)`, [
    sha256(token),
    userId,
    purpose,
    new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
  ])
  return token
}

export const emailCheckLink = (deps: Deps, token: string) => deps.publicUrl.replace(/\/$/, '') + href('emailCheck', { token })

/**
 * Password recovery: always answers the same, whether or not the address is known.
 * The e-mail carries a link to /email/check/{token}; opening it confirms the address and, for a
 * recovery link, e-mails a new password (the spec has no reset-password screen; chosen here).
 */
export async function recover(deps: Deps, email: string, address: string) {
  // Counted for every e-mail, known or not, so the limit tells nothing about which accounts exist.
  const limits = limitersFor(deps.db)
  await countAttempt([limits.recoverAccount, email.toLowerCase()], [limits.recoverAddress, address])
  await deps.db.tx(async (q) => {
    const [u] = await q.query<{ id: number; email: string }>(
      `select id, email from users where lower(email) = lower($1) and deleted_at is null`,
      [email],
    )
    if (!u) return
    const token = await issueEmailToken(q, u.id, 'recover')
    await deps.mail.queue(q, u.email, 'Odzyskiwanie hasła', `Aby odzyskać dostęp do konta, otwórz link:\n${emailCheckLink(deps, token)}\n\nJeśli to nie Ty, zignoruj tę wiadomość.`, [], { secret: true })
  })
  void deps.mail.flush()
}

/** What the audit trail keeps of a password change or reset: that it happened, never the password. */
const PASSWORD_CHANGED = changesOf({ password: null }, { password: '' }, { secrets: ['password'] })

/**
 * Opening an e-mailed link confirms the address; a recovery link also resets the password (a new
 * one is e-mailed), recorded as the account's own `password_reset` from the caller's address.
 */
export async function confirmEmailToken(deps: Deps, token: string, newPassword: () => string, address: string) {
  const result = await deps.db.tx(async (q) => {
    const [t] = await q.query<{ user_id: number; purpose: 'verify' | 'recover'; email: string }>(
      `update email_tokens e set used_at = now() from users u
        where e.token_hash = $1 and e.used_at is null and e.expires_at > now() and u.id = e.user_id and u.deleted_at is null
        returning e.user_id, e.purpose, u.email`,
      [sha256(token)],
    )
    if (!t) throw notFound('mail_invalid')
    await q.query(`update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1`, [t.user_id])
    if (t.purpose === 'recover') {
      const password = newPassword()
      await q.query(`update users set password_hash = $2 where id = $1`, [t.user_id, await hashPassword(password)])
      await voidRecoveryTokens(q, t.user_id)
      // Whoever used the old password is signed out.
      await q.query(`update sessions set revoked_at = now() where user_id = $1 and revoked_at is null`, [t.user_id])
      await record(q, { id: t.user_id, email: t.email, address }, { entity: 'user', entityId: t.user_id, action: 'password_reset', changes: PASSWORD_CHANGED })
      await deps.mail.queue(q, t.email, 'Nowe hasło', `Twoje nowe hasło: ${password}\nPo zalogowaniu zmień je w zakładce „Zmiana hasła”.`, [], { secret: true })
    }
    return { message: 'mail_valid' }
  })
  void deps.mail.flush()
  return result
}

/**
 * A new account whose e-mail address is confirmed through a link sent to it. Given no password
 * (the admin's form), one is generated and sent in the same message.
 */
export async function createUser(deps: Deps, input: { email: string; role: number; password?: string }, actor: Actor): Promise<User> {
  const user = await deps.db.tx(async (q) => {
    await assertEmailFree(q, input.email)
    const password = input.password ?? randomPassword()
    const [row] = await q.query<{ id: number }>(`insert into users (email, password_hash, role) values ($1, $2, $3) returning id`, [
      input.email,
      await hashPassword(password),
      input.role,
    ])
    const link = emailCheckLink(deps, await issueEmailToken(q, row!.id, 'verify'))
    if (input.password === undefined) {
      await deps.mail.queue(
        q,
        input.email,
        'Twoje konto zostało utworzone',
        `Login: ${input.email}\nHasło: ${password}\nPotwierdź adres e-mail: ${link}\nPo zalogowaniu zmień hasło.`,
        [],
        { secret: true },
      )
    } else {
      await deps.mail.queue(q, input.email, 'Potwierdź adres e-mail', `Potwierdź adres e-mail, otwierając link:\n${link}`, [], { secret: true })
    }
    await auditUser(q, actor, row!.id, 'create', null)
    return getUser(q, row!.id)
  })
  void deps.mail.flush()
  return user
}

/** Signing out: this session ends, and with it a staff member's workflow (end type logout). */
export async function logout(deps: Deps, user: { id: number; role: number }, token: string | null) {
  await deps.db.tx(async (q) => {
    if (isStaff(user.role)) await endWorkflow(q, user.id, 'logout')
    if (token) await revokeSession(q, token)
  })
  return { message: 'logged_out' as const }
}
