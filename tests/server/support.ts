/**
 * The real app, in-process, on a fresh database (one per test file).
 *
 * PGlite in memory by default; when DATABASE_URL is set, a fresh PostgreSQL database
 * `t_<random>` is created on that server and dropped in `close()`, so test files can run in
 * parallel against one server. Endpoints are called with `app.request(...)` (no listener).
 *
 * Starting PGlite (initdb) and seeding cost seconds per file, so the first file of a run dumps the
 * migrated and seeded database to a snapshot in the temp directory and the others start from it.
 * The snapshot is keyed by the server code (migrations, seed, everything under src/server and
 * src/contract), the PGlite version and the vitest run, and is never older than a few minutes.
 */
import { createHash, randomBytes } from 'node:crypto'
import { type AddressInfo } from 'node:net'
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import type { Schema } from 'effect'
import pg from 'pg'
import { expect, inject } from 'vitest'
import { type Endpoint, fillPath } from '../../src/contract/endpoint.ts'
import { decode } from '../../src/contract/validation.ts'
import { type Db, openPglite, openPostgres } from '../../src/server/db/db.ts'
import { migrate } from '../../src/server/db/migrate.ts'
import { DEMO_USERS, seed } from '../../src/server/seed.ts'
import { hashPassword } from '../../src/server/domain/usersPasswords.ts'
import type { Config } from '../../src/server/config.ts'
import { buildServer } from '../../src/server/server.ts'

process.env.NODE_ENV ??= 'test'

export const PUBLIC_URL = 'http://courier.test'

/** The demo accounts of docs/demo-data.md, by short name. */
type DemoEmail = (typeof DEMO_USERS)[number]['email']
const demo = (email: DemoEmail) => {
  const u = DEMO_USERS.find((d) => d.email === email)!
  return { email: u.email, password: u.password, role: u.role }
}
export const DEMO = {
  admin: demo('admin@example.com'),
  worker: demo('worker@example.com'),
  worker2: demo('worker2@example.com'),
  client: demo('client@example.com'),
  blocked: demo('blocked@example.com'),
} as const
export type DemoName = keyof typeof DEMO

export interface CallOptions {
  token?: string | null
  /** JSON body (ignored for GET); a string is sent as-is (for junk bodies). */
  body?: unknown
  headers?: Record<string, string>
  /** Client address seen by the server (login throttling counts per address). */
  address?: string
}

export interface Res<T = any> {
  status: number
  body: T
  headers: Headers
  /** Milliseconds the call took. */
  ms: number
}

export interface TestApp {
  db: Db
  /** The Hono app itself, for requests `request` cannot express (streamed bodies). */
  app: { request(path: string, init?: RequestInit): Response | Promise<Response>; fetch(req: Request, env?: unknown): Response | Promise<Response> }
  /** Any method and path under /api/ ('user/login', not '/api/user/login'). */
  request(method: string, path: string, opts?: CallOptions): Promise<Res>
  /**
   * Calls an endpoint of the contract table. A 2xx JSON reply must match the endpoint's reply
   * schema (a malformed reply fails the test).
   */
  call<E extends Endpoint>(ep: E, opts?: CallOptions & { params?: Record<string, string | number> }): Promise<Res<any>>
  /** Logs in and returns the bearer token (fails the test on anything but 200). */
  login(email: string, password: string): Promise<string>
  /** Tokens of the demo users that can log in. */
  tokens: Record<Exclude<DemoName, 'blocked'>, string>
  /** Users of the demo data, by short name. */
  ids: Record<DemoName, number>
  /** Creates a user directly in the database (fast); returns its id. */
  createUser(u: { email: string; password?: string; role?: 0 | 1 | 2 | 3; clientId?: number | null; blocked?: boolean }): Promise<number>
  /** E-mails queued in the outbox for an address, oldest first. */
  mails(to: string): Promise<Array<{ id: number; subject: string; body: string }>>
  close(): Promise<void>
}

/**
 * A fresh database on DATABASE_URL for a server under test: a copy of the run's migrated and
 * seeded template (tests/server/pgTemplate.ts), or an empty one when the run has none.
 */
export const freshSeededPostgres = (url: string) => freshPostgres(url, inject('pgTemplate') || undefined)

/** The PostgreSQL server the multi-instance tests use: DATABASE_URL, else the local one. */
export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** Does a PostgreSQL server answer at `url` (within 2 s)? Tests that need one are skipped otherwise. */
export async function postgresAnswers(url: string = POSTGRES_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.end()
    return true
  } catch {
    return false
  }
}

/**
 * A fresh PostgreSQL database on the server of `url`; `drop()` removes it. Empty, or a copy of
 * the database `template`.
 */
export async function freshPostgres(url: string, template?: string) {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
  } finally {
    await admin.end()
  }
  const u = new URL(url)
  u.pathname = '/' + name
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      try {
        // Our pool has been closed; give its backends a moment to go before forcing the rest.
        for (let i = 0; i < 50; i++) {
          const [r] = (await c.query(`select count(*)::int as n from pg_stat_activity where datname = $1`, [name])).rows
          if (r.n === 0) break
          await new Promise((res) => setTimeout(res, 20))
        }
        await c.query(`drop database if exists ${name} with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SNAPSHOT_MAX_AGE_MS = 15 * 60 * 1000
const SNAPSHOT_PREFIX = 'courier-pglite-'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  )
}

/** Where this run keeps its snapshot of the seeded database (changes whenever server code does). */
function snapshotPath() {
  const hash = createHash('sha256')
  hash.update(JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version)
  // The vitest main process: one snapshot per run (forks and threads alike hang off it).
  hash.update(String(process.env.VITEST_POOL_ID ? process.ppid : process.pid))
  for (const file of ['src/server', 'src/contract'].flatMap((d) => filesUnder(join(ROOT, d))).sort()) {
    hash.update(relative(ROOT, file)).update(readFileSync(file))
  }
  return join(tmpdir(), `${SNAPSHOT_PREFIX}${hash.digest('hex').slice(0, 24)}.tar`)
}

/** A fresh in-memory PGlite holding the migrated, seeded database. */
export async function seededPglite(): Promise<Db> {
  const file = snapshotPath()
  try {
    if (Date.now() - statSync(file).mtimeMs < SNAPSHOT_MAX_AGE_MS) {
      return await openPglite(undefined, { loadDataDir: new Blob([readFileSync(file)]) })
    }
  } catch {
    // no snapshot yet (or unreadable): build one below
  }
  const db = await openPglite()
  await migrate(db)
  await seed(db)
  const dump = await db.lite.dumpDataDir('none')
  // Atomic: a concurrent file reads either no snapshot or a whole one.
  const part = `${file}.${process.pid}.part`
  writeFileSync(part, Buffer.from(await dump.arrayBuffer()))
  renameSync(part, file)
  // Old snapshots of earlier runs go.
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(SNAPSHOT_PREFIX))) {
    const old = join(tmpdir(), name)
    try {
      if (old !== file && Date.now() - statSync(old).mtimeMs > SNAPSHOT_MAX_AGE_MS) rmSync(old, { force: true })
    } catch {
      // gone already
    }
  }
  return db
}

/**
 * Writes the migrated, seeded database into a PGlite data directory on disk, for tests that start
 * the real server process on it (no initdb, migration or seed at its start).
 */
export async function seedDataDir(dir: string): Promise<void> {
  await (await seededPglite()).close()
  const lite = await openPglite(dir, { loadDataDir: new Blob([readFileSync(snapshotPath())]) })
  await lite.close()
}

let addressSeq = 0
/** A client address nobody else in this process uses (keeps login throttling out of the way). */
export const uniqueAddress = () => `10.${process.pid % 250}.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`

let emailSeq = 0
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++emailSeq}@example.com`

/** The credentials key of test servers (a PostgreSQL server refuses to start without one). */
export const TEST_CREDENTIALS_KEY = 'ab'.repeat(32)

/** `config`: settings beyond the defaults (e.g. trustProxy), as configFromEnv would give them. */
export async function startApp(config: Partial<Config> = {}): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const pgDb = databaseUrl ? await freshSeededPostgres(databaseUrl) : null
  const db = pgDb ? await openPostgres(pgDb.url) : await seededPglite()
  const { app } = await buildServer(
    { port: 0, dataDir: '', databaseUrl: pgDb?.url, publicUrl: PUBLIC_URL, staticDir: join(tmpdir(), 'no-static-dir'), credentialsKey: TEST_CREDENTIALS_KEY, ...config },
    db,
  )
  const defaultAddress = uniqueAddress()

  const request = async (method: string, path: string, opts: CallOptions = {}): Promise<Res> => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let body: string | undefined
    if (method !== 'GET' && method !== 'HEAD' && opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    const started = performance.now()
    const res = await app.request(`/api/${path.replace(/^\//, '')}`, { method, headers, body }, {
      incoming: { socket: { remoteAddress: opts.address ?? defaultAddress } },
    })
    const ms = performance.now() - started
    const text = await res.text()
    let parsed: unknown = text
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text)
    return { status: res.status, body: parsed, headers: res.headers, ms }
  }

  const call: TestApp['call'] = async (ep, opts = {}) => {
    const res = await request(ep.method, fillPath(ep.path, opts.params), opts)
    // Every 2xx the server gives is declared by the endpoint, and every declared answer fits its schema.
    const schema: Schema.Top | undefined = ep.replies[res.status]
    if (res.status >= 200 && res.status < 300 && !schema) expect.fail(`${ep.method} ${ep.path} answered ${res.status}, which its replies do not declare`)
    if (schema && res.status !== 204 && res.status !== 205 && !ep.file) {
      const d = decode(schema as Schema.Decoder<unknown>, res.body)
      if (!d.ok) expect.fail(`Reply ${res.status} of ${ep.method} ${ep.path} does not match its schema: ${JSON.stringify(d.errors)} in ${JSON.stringify(res.body)}`)
    }
    return res
  }

  const login = async (email: string, password: string) => {
    const res = await request('POST', 'user/login', { body: { email, password } })
    if (res.status !== 200) expect.fail(`login of ${email} answered ${res.status} ${JSON.stringify(res.body)}`)
    return res.body._token as string
  }

  const idRows = await db.query<{ id: number; email: string }>(`select id, email from users`)
  const ids = Object.fromEntries(
    Object.entries(DEMO).map(([k, d]) => [k, idRows.find((r) => r.email === d.email)!.id]),
  ) as TestApp['ids']
  const [admin, worker, worker2, client] = await Promise.all([
    login(DEMO.admin.email, DEMO.admin.password),
    login(DEMO.worker.email, DEMO.worker.password),
    login(DEMO.worker2.email, DEMO.worker2.password),
    login(DEMO.client.email, DEMO.client.password),
  ])

  return {
    db,
    app,
    request,
    call,
    login,
    tokens: { admin, worker, worker2, client },
    ids,
    async createUser({ email, password = 'secret123', role = 1, clientId = null, blocked = false }) {
      if (role >= 2 && clientId == null) clientId = (await db.query<{ id: number }>(`select id from clients order by id limit 1`))[0]!.id
      const [row] = await db.query<{ id: number }>(
        `insert into users (email, password_hash, role, client_id, email_verified_at, deleted_at) values ($1, $2, $3, $4, now(), $5) returning id`,
        [email, await hashPassword(password), role, clientId, blocked ? new Date() : null],
      )
      return row!.id
    },
    mails: (to) => db.query(`select id, subject, body from outbox where lower(to_address) = lower($1) order by id`, [to]),
    async close() {
      await db.close()
      await pgDb?.drop()
    },
  }
}

/** The one-time token of the last /email/check/{token} link in a mail body. */
export const linkToken = (body: string) => {
  const m = [...body.matchAll(/\/email\/check\/([A-Za-z0-9_-]+)/g)].at(-1)
  if (!m) expect.fail(`no /email/check/ link in: ${body}`)
  return m[1]!
}

export interface ListeningApp {
  t: TestApp
  /** The API base of the listener: `http://127.0.0.1:<port>/api/`. */
  base: string
  close(): Promise<void>
}

/**
 * The app of `startApp(config)` behind node's HTTP server on a free port of 127.0.0.1, for tests
 * that need real HTTP (the browser client, a reverse proxy's addresses). `seen` is told of every
 * request before the app answers it.
 */
export async function listenApp(config: Partial<Config> = {}, seen?: (req: Request) => void): Promise<ListeningApp> {
  const t = await startApp(config)
  const server = serve({
    fetch: (req, env) => {
      seen?.(req)
      return t.app.fetch(req, env)
    },
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise<void>((ok) => server.once('listening', () => ok()))
  return {
    t,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()))
      await t.close()
    },
  }
}
