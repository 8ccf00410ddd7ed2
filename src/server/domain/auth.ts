import {
  EMAIL_TOKEN_TTL_MS, LOGIN_THROTTLE_FREE_ATTEMPTS, LOGIN_THROTTLE_MAX_DELAY_MS, LOGIN_THROTTLE_STEP_MS, LOGIN_THROTTLE_WINDOW_MS,
} from '../../contract/constants.ts'
import { href } from '../../contract/routes.ts'
import type { Queryable } from '../db/db.ts'
import { HttpError, notFound } from '../http/errors.ts'
import type { Deps } from '../http/handler.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { newToken, openSession, sha256 } from './sessions.ts'
import { getUser } from './users.ts'

/** Wrong e-mail or password: 401 with the spec's message key. */
export const loginError = () => new HttpError(401, { message: 'login_error' })

/**
 * Failed logins slow further attempts, per e-mail and per address: after the free attempts
 * each failure doubles the wait, up to the maximum.
 */
export async function loginDelayMs(q: Queryable, email: string, address: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_THROTTLE_WINDOW_MS)
  const [r] = await q.query<{ by_email: number; by_address: number }>(
    `select (select count(*)::int from login_attempts where lower(email) = lower($1) and at > $3) as by_email,
            (select count(*)::int from login_attempts where address = $2 and at > $3) as by_address`,
    [email, address, since],
  )
  const n = Math.max(r!.by_email, r!.by_address) - LOGIN_THROTTLE_FREE_ATTEMPTS
  return n <= 0 ? 0 : Math.min(LOGIN_THROTTLE_STEP_MS * 2 ** (n - 1), LOGIN_THROTTLE_MAX_DELAY_MS)
}

export async function login(deps: Deps, email: string, password: string, address: string) {
  const { db } = deps
  const delay = await loginDelayMs(db, email, address)
  if (delay) await new Promise((r) => setTimeout(r, delay))
  const [u] = await db.query<{ id: number; password_hash: string; role: 0 | 1 | 2 | 3; deleted_at: unknown }>(
    `select id, password_hash, role, deleted_at from users where lower(email) = lower($1)`,
    [email],
  )
  // Hash even for unknown e-mails so timing does not reveal which accounts exist.
  const ok = await verifyPassword(password, u?.password_hash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')
  if (!u || !ok || u.deleted_at) {
    await db.query(`insert into login_attempts (email, address) values ($1, $2)`, [email, address])
    throw loginError()
  }
  return db.tx(async (q) => {
    await q.query(`delete from login_attempts where lower(email) = lower($1)`, [email])
    const token = await openSession(q, u.id)
    return { _token: token, role: u.role, user: await getUser(q, u.id) }
  })
}

/** A one-time link (verification or recovery) e-mailed to the user. */
export async function issueEmailToken(q: Queryable, userId: number, purpose: 'verify' | 'recover'): Promise<string> {
  const token = newToken()
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
export async function recover(deps: Deps, email: string) {
  await deps.db.tx(async (q) => {
    const [u] = await q.query<{ id: number; email: string }>(
      `select id, email from users where lower(email) = lower($1) and deleted_at is null`,
      [email],
    )
    if (!u) return
    const token = await issueEmailToken(q, u.id, 'recover')
    await deps.mail.queue(q, u.email, 'Odzyskiwanie hasła', `Aby odzyskać dostęp do konta, otwórz link:\n${emailCheckLink(deps, token)}\n\nJeśli to nie Ty, zignoruj tę wiadomość.`)
  })
  void deps.mail.flush()
}

export async function confirmEmailToken(deps: Deps, token: string, newPassword: () => string) {
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
      await deps.mail.queue(q, t.email, 'Nowe hasło', `Twoje nowe hasło: ${password}\nPo zalogowaniu zmień je w zakładce „Zmiana hasła”.`)
    }
    return { message: 'mail_valid' }
  })
  void deps.mail.flush()
  return result
}
