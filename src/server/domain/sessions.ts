import { createHash, randomBytes } from 'node:crypto'
import { SESSION_TTL_MS } from '../../contract/constants/auth.ts'
import type { Queryable } from '../db/db.ts'
import type { SessionUser } from './context.ts'

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const newToken = () => randomBytes(32).toString('base64url')

/** Opens a session; the raw token goes to the caller once, only its hash is kept. */
export async function openSession(q: Queryable, userId: number): Promise<string> {
  const token = newToken()
  await q.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)`, [
    sha256(token),
    userId,
    new Date(Date.now() + SESSION_TTL_MS),
  ])
  return token
}

/** The live, unblocked user behind a token, or null (unknown, expired, revoked, blocked). */
export async function userForToken(q: Queryable, token: string): Promise<SessionUser | null> {
  // Every request asks this: a prepared statement (planned once per connection).
  const rows = await q.prepared<SessionUser>(
    'user_for_token',
    `select u.id, u.email, u.role, u.client_id
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`,
    [sha256(token)],
  )
  return rows[0] ?? null
}

export async function revokeSession(q: Queryable, token: string) {
  await q.query(`update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null`, [sha256(token)])
}

export async function revokeAllSessions(q: Queryable, userId: number) {
  await q.query(`update sessions set revoked_at = now() where user_id = $1 and revoked_at is null`, [userId])
}
