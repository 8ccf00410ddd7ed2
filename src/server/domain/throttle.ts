import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { LOGIN_MAX_ATTEMPTS_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_SLOWDOWN_MS, LOGIN_THROTTLE_WINDOW_MS } from '../../contract/constants/session.ts'
import { MSG } from '../../contract/messages.ts'
import type { Db, Queryable } from '../db/db.ts'
import { DomainError } from './errors.ts'

/** The table the counters live in (migration 048). */
const TABLE = 'rate_limits'

/**
 * rate-limiter-flexible's PostgreSQL store talks to a node-postgres client: `query({ text, values })`
 * answering `{ rows, rowCount }`. This adapter gives it the app's Db instead, so the same store runs
 * on PGlite (one embedded connection) and on a PostgreSQL pool. Its counting statement is one
 * `insert … on conflict do update … returning`, atomic in both, so parallel attempts never miss a
 * count. bigint columns come back as numbers (PGlite returns bigint for int8).
 */
export function storeClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = (await db.query<Record<string, unknown>>(q.text, q.values ?? [])).map((row) => {
        const out: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? Number(v) : v
        return out
      })
      return { rows, rowCount: rows.length }
    },
  }
}

export interface Limiters {
  /** Failed logins (and wrong current passwords) of one account from every address, keyed by the lower-cased e-mail: past the limit, attempts are slowed. */
  loginAccount: RateLimiterPostgres
  /** Failed logins of one account from one address (`pairKey`): past the limit, refused (429). */
  loginPair: RateLimiterPostgres
  /** Login attempts from one client address, on any accounts. */
  loginAddress: RateLimiterPostgres
  /** Password recovery requests for one e-mail, known or not. */
  recoverAccount: RateLimiterPostgres
  /** Password recovery requests from one client address. */
  recoverAddress: RateLimiterPostgres
}

const byDb = new WeakMap<Db, Limiters>()

const PAIR_PREFIX = 'login_pair'
/** The key of one account (lower-cased e-mail) and address pair. */
export const pairKey = (account: string, address: string) => `${account}|${address}`

/**
 * Counts a failure-to-be on the account; when the account is past its limit, waits
 * LOGIN_SLOWDOWN_MS (the attempt goes on, slowly). Store failures are rethrown.
 */
export async function slowWhenPastLimit(limits: Limiters, account: string): Promise<void> {
  try {
    await limits.loginAccount.consume(account)
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e
    await new Promise((resolve) => setTimeout(resolve, LOGIN_SLOWDOWN_MS))
  }
}

/** Clears an account's failure counters, from every address (the admin's "unlock"). */
export async function unlockAccount(db: Queryable, email: string): Promise<void> {
  const account = email.toLowerCase()
  const pairs = `${PAIR_PREFIX}:${pairKey(account, '')}`
  await db.query(`delete from rate_limits where key = $1 or key = $2 or left(key, length($3)) = $3`, [
    `login_account:${account}`, `recover_account:${account}`, pairs,
  ])
}

/** The limiters of one database (made once per Db; the counters themselves live in the database). */
export function limitersFor(db: Db): Limiters {
  let l = byDb.get(db)
  if (l) return l
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: storeClient(db),
      storeType: 'client',
      tableName: TABLE,
      tableCreated: true,
      keyPrefix,
      points,
      duration: LOGIN_THROTTLE_WINDOW_MS / 1000,
    })
  l = {
    loginAccount: make('login_account', LOGIN_MAX_FAILURES_PER_ACCOUNT),
    loginPair: make(PAIR_PREFIX, LOGIN_MAX_FAILURES_PER_ACCOUNT),
    loginAddress: make('login_address', LOGIN_MAX_ATTEMPTS_PER_ADDRESS),
    recoverAccount: make('recover_account', LOGIN_MAX_FAILURES_PER_ACCOUNT),
    recoverAddress: make('recover_address', LOGIN_MAX_ATTEMPTS_PER_ADDRESS),
  }
  byDb.set(db, l)
  return l
}

/** 429 with Retry-After (seconds) and a Polish message saying how long to wait. */
export function tooManyAttempts(msBeforeNext: number): DomainError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return new DomainError(429, { message: MSG.tooManyAttempts(Math.ceil(seconds / 60)) }, { 'Retry-After': String(seconds) })
}

/**
 * Counts one attempt on each (limiter, key) pair at once; refuses with 429 when any is past its
 * limit (the wait is the longest of the refusing counters). Store failures are rethrown.
 */
export async function countAttempt(...counters: ReadonlyArray<readonly [RateLimiterPostgres, string]>): Promise<void> {
  const results = await Promise.allSettled(counters.map(([limiter, key]) => limiter.consume(key)))
  let wait = -1
  for (const r of results) {
    if (r.status === 'fulfilled') continue
    if (!(r.reason instanceof RateLimiterRes)) throw r.reason
    wait = Math.max(wait, r.reason.msBeforeNext)
  }
  if (wait >= 0) throw tooManyAttempts(wait)
}
