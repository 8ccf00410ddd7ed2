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
 * What a scan checks when the caller's user came from the session cache: the workstation's
 * `session_epoch` (migration 200) must still be the one the cached lookup saw (floor.ts openScan).
 */
export interface SessionCheck {
  tokenHash: string
  epoch: number
}

/** The cached session is no longer live (or the user changed): look the token up afresh. */
export class StaleSession extends Error {
  constructor() {
    super('stale session')
  }
}

/**
 * How long a cached session lookup is used at most, and how many are kept per process. The
 * workstation's epoch ends a cached session at once; the age only bounds the memory's keeping.
 */
export const SESSION_CACHE = { ttlMs: 60_000, maxEntries: 10_000 } as const

interface CachedSession {
  user: SessionUser
  epoch: number
  expiresAt: number
  at: number
}

const sessionCache = (q: Queryable) => {
  if (!q.memo) return null
  let cache = q.memo.get('sessions') as Map<string, CachedSession> | undefined
  if (!cache) q.memo.set('sessions', (cache = new Map()))
  return cache
}

/** userForToken, with the session's expiry and the session epoch of the workstation the user holds (null: none). */
async function userForScan(q: Queryable, tokenHash: string) {
  const [r] = await q.prepared<SessionUser & { expires_at: Date | string; epoch: number | string | null }>(
    'user_for_scan',
    `select u.id, u.email, u.role, u.client_id, s.expires_at,
            (select w.session_epoch from workstations w where w.active_user_id = u.id and w.deleted_at is null) as epoch
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`,
    [tokenHash],
  )
  if (!r) return null
  const { expires_at, epoch, ...user } = r
  return { user, expiresAt: new Date(expires_at).getTime(), epoch: epoch == null ? null : Number(epoch) }
}

/**
 * The user behind a token for the scan endpoints: from the per-process cache when fresh (no
 * statement), else looked up and remembered — only while the user holds a workstation, whose
 * epoch the scan then checks. `check` is set when the user came from the cache: the scan must
 * verify it (floor.ts openScan).
 */
export async function cachedUserForToken(q: Queryable, token: string): Promise<{ user: SessionUser; check: SessionCheck | null } | null> {
  const hash = sha256(token)
  const cache = sessionCache(q)
  const hit = cache?.get(hash)
  const now = Date.now()
  if (hit && now - hit.at < SESSION_CACHE.ttlMs && now < hit.expiresAt) return { user: hit.user, check: { tokenHash: hash, epoch: hit.epoch } }
  const found = await userForScan(q, hash)
  cache?.delete(hash)
  if (!found) return null
  if (cache && found.epoch != null) {
    if (cache.size >= SESSION_CACHE.maxEntries) cache.delete(cache.keys().next().value!)
    cache.set(hash, { user: found.user, epoch: found.epoch, expiresAt: found.expiresAt, at: now })
  }
  return { user: found.user, check: null }
}

/** Drops a token from the session cache (after StaleSession). */
export function forgetSession(q: Queryable, token: string) {
  sessionCache(q)?.delete(sha256(token))
}
