import { createHash, randomBytes } from 'node:crypto'
import { SESSION_TTL_MS } from '../../contract/constants/session.ts'
import type { Queryable } from '../db/db.ts'
import type { SessionUser } from './context.ts'

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const newToken = () => randomBytes(32).toString('base64url')

/** Opens a session; the raw token goes to the caller once, only its hash is kept, with the address it began from. */
export async function openSession(q: Queryable, userId: number, address: string | null = null): Promise<string> {
  const token = newToken()
  await q.query(`insert into sessions (token_hash, user_id, expires_at, address) values ($1, $2, $3, $4)`, [
    sha256(token),
    userId,
    new Date(Date.now() + SESSION_TTL_MS),
    address,
  ])
  return token
}

/** The live sessions of a user, newest first: when and from where each began; `current` marks the caller's. */
export async function liveSessions(q: Queryable, userId: number, token: string | null) {
  const rows = await q.query<{ created_at: Date | string; expires_at: Date | string; address: string | null; current: boolean }>(
    `select created_at, expires_at, address, token_hash = $2 as current
       from sessions where user_id = $1 and revoked_at is null and expires_at > now()
      order by created_at desc`,
    [userId, token ? sha256(token) : ''],
  )
  const iso = (v: Date | string) => new Date(v).toISOString()
  return rows.map((r) => ({ started_at: iso(r.created_at), expires_at: iso(r.expires_at), address: r.address, current: r.current }))
}

/** Ends every live session of the user but the one of `keepToken` (none kept when null); answers how many ended. */
export async function revokeOtherSessions(q: Queryable, userId: number, keepToken: string | null): Promise<number> {
  const keep = keepToken ? sha256(keepToken) : ''
  const cache = sessionCache(q)
  for (const [hash, e] of cache ?? []) if (e.user.id === userId && hash !== keep) cache!.delete(hash)
  const ended = await q.query(`update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and token_hash <> $2 returning 1`, [userId, keep])
  return ended.length
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
  sessionCache(q)?.delete(sha256(token))
  await q.query(`update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null`, [sha256(token)])
}

export async function revokeAllSessions(q: Queryable, userId: number) {
  const cache = sessionCache(q)
  for (const [hash, e] of cache ?? []) if (e.user.id === userId) cache!.delete(hash)
  await q.query(`update sessions set revoked_at = now() where user_id = $1 and revoked_at is null`, [userId])
}

// ---- the session cache of the floor's scan endpoints ---------------------------------------------

/**
 * What a handler checks again inside its own transaction when the caller's user came from the
 * session cache: the token's hash and the role the cached user had (floor.ts openScan).
 */
export interface SessionCheck {
  tokenHash: string
  role: number
}

/** The cached session is no longer live (or the user's role changed): look the token up afresh. */
export class StaleSession extends Error {
  constructor() {
    super('stale session')
  }
}

/** How long a cached session lookup is used at most, and how many are kept per process. */
export const SESSION_CACHE = { ttlMs: 60_000, maxEntries: 10_000 } as const

interface CachedSession {
  user: SessionUser
  at: number
}

const sessionCache = (q: Queryable) => {
  if (!q.memo) return null
  let cache = q.memo.get('sessions') as Map<string, CachedSession> | undefined
  if (!cache) q.memo.set('sessions', (cache = new Map()))
  return cache
}

/**
 * The user behind a token for an endpoint whose handler checks the session again in its own
 * transaction (scans): from the per-process cache when fresh (no round trip), else looked up and
 * remembered. `check` is set when the user came from the cache: the handler must verify it.
 */
export async function cachedUserForToken(q: Queryable, token: string): Promise<{ user: SessionUser; check: SessionCheck | null } | null> {
  const hash = sha256(token)
  const cache = sessionCache(q)
  const hit = cache?.get(hash)
  if (hit && Date.now() - hit.at < SESSION_CACHE.ttlMs) return { user: hit.user, check: { tokenHash: hash, role: hit.user.role } }
  const user = await userForToken(q, token)
  if (!user) {
    cache?.delete(hash)
    return null
  }
  if (cache) {
    if (cache.size >= SESSION_CACHE.maxEntries) cache.delete(cache.keys().next().value!)
    cache.delete(hash)
    cache.set(hash, { user, at: Date.now() })
  }
  return { user, check: null }
}

/** Drops a token from the session cache (after StaleSession). */
export function forgetSession(q: Queryable, token: string) {
  sessionCache(q)?.delete(sha256(token))
}
