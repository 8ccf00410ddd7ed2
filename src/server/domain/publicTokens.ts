import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import type { Queryable } from '../db/db.ts'
import type { SessionUser } from './context.ts'
import { newToken, sha256 } from './session.ts'

/**
 * Short-lived file tokens (GET app/v1/public_token): a browser opening a file in a new window
 * cannot send its bearer header, so it first asks for a token and puts it in the URL as
 * `?_public_token=`. Endpoints marked `publicToken` in the contract accept it (http/app.ts).
 * The token stands for the user who asked (roles are checked as usual), lives
 * WAREHOUSE.publicTokenTtlMs, and may be used several times within that time (a PDF viewer
 * may fetch twice). Only its hash is stored. Used by labels, and by invoices and exports later.
 */
export async function issuePublicToken(q: Queryable, userId: number, sessionToken: string | null): Promise<{ public_token: string; expires_at: string }> {
  const token = newToken()
  const expires = new Date(Date.now() + WAREHOUSE.publicTokenTtlMs)
  // Expired tokens are cleared as new ones are issued (indexed by expires_at).
  await q.query(`delete from public_tokens where expires_at < now()`)
  await q.query(`insert into public_tokens (token_hash, user_id, expires_at, session_hash) values ($1, $2, $3, $4)`, [
    sha256(token), userId, expires, sessionToken ? sha256(sessionToken) : null,
  ])
  return { public_token: token, expires_at: expires.toISOString() }
}

/**
 * The live, unblocked user behind a file token, or null (unknown, expired, blocked, or the session
 * that asked for it ended: logout, password change, "log out everywhere").
 */
export async function userForPublicToken(q: Queryable, token: string): Promise<SessionUser | null> {
  const rows = await q.query<SessionUser>(
    `select u.id, u.email, u.role, u.client_id
       from public_tokens t
       join users u on u.id = t.user_id
       join sessions s on s.token_hash = t.session_hash and s.revoked_at is null and s.expires_at > now()
      where t.token_hash = $1 and t.expires_at > now() and u.deleted_at is null`,
    [sha256(token)],
  )
  return rows[0] ?? null
}
