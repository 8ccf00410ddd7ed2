import { type Endpoint, fillPath } from '../../../src/contract/endpoint.ts'
import { type Db, openPostgres } from '../../../src/server/db/db.ts'
import { buildServer } from '../../../src/server/server.ts'
import { TEST_CREDENTIALS_KEY, freshSeededPostgres, seededPglite } from '../support.ts'

/**
 * In-process harness for the warehouse API tests: the real app (`buildServer`) on a real
 * database, called with `app.request` (no listener). PGlite in memory by default; with
 * DATABASE_URL a fresh PostgreSQL database per test file (dropped at close); both start as the
 * migrated, seeded database of the run (`seededPglite`, `freshSeededPostgres` in ../support.ts).
 */
export interface Answer<T = any> {
  status: number
  body: T
  headers: Headers
  bytes: Uint8Array
}

export interface Harness {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Calls an endpoint of the contract table. */
  call<T = any>(
    ep: Endpoint,
    opts?: { token?: string | null; body?: unknown; params?: Record<string, string | number>; query?: Record<string, string | string[]> },
  ): Promise<Answer<T>>
  login(email: string, password?: string): Promise<string>
  close(): Promise<void>
}

export const PASSWORDS: Record<string, string> = {
  'admin@example.com': 'admin123',
  'worker@example.com': 'worker123',
  'worker2@example.com': 'worker123',
  'client@example.com': 'client123',
}

export async function startHarness(): Promise<Harness> {
  const url = process.env.DATABASE_URL
  const fresh = url ? await freshSeededPostgres(url) : null
  const { app, db } = await buildServer(
    { port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent', credentialsKey: TEST_CREDENTIALS_KEY },
    fresh ? await openPostgres(fresh.url) : await seededPglite(),
  )

  const call: Harness['call'] = async (ep, opts = {}) => {
    const qs = new URLSearchParams()
    for (const [k, v] of Object.entries(opts.query ?? {})) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one)
    const path = '/api/' + fillPath(ep.path, opts.params) + (qs.size ? '?' + qs.toString() : '')
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    const res = await app.request(path, {
      method: ep.method,
      headers,
      body: ep.method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    const type = res.headers.get('content-type') ?? ''
    const body = type.includes('json') && bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : null
    return { status: res.status, body, headers: res.headers, bytes }
  }

  const tokens = new Map<string, string>()
  return {
    db,
    kind: db.kind,
    call,
    async login(email, password = PASSWORDS[email]!) {
      const res = await app.request('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`)
      const token = ((await res.json()) as { _token: string })._token
      tokens.set(email, token)
      return token
    },
    async close() {
      await db.close()
      await fresh?.drop()
    },
  }
}

/** Moves a user's last accepted scans out of the idempotency window, as if seconds had passed. */
export async function age(db: Db, email: string, ms = 10_000) {
  await db.query(
    `update parcel_status_history set created_at = created_at - $2::int * interval '1 millisecond'
      where user_id = (select id from users where email = $1)`,
    [email, ms],
  )
  // The guard reads the last scan kept on the user's workflows.
  await db.query(
    `update workflows set last_scan_at = last_scan_at - $2::int * interval '1 millisecond'
      where user_id = (select id from users where email = $1)`,
    [email, ms],
  )
}

export async function one<T = Record<string, unknown>>(db: Db, sql: string, params: unknown[] = []): Promise<T> {
  const rows = await db.query<T>(sql, params)
  if (!rows[0]) throw new Error(`no row: ${sql}`)
  return rows[0]
}
