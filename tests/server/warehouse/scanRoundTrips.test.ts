import { AsyncLocalStorage } from 'node:async_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { type Endpoint } from '../../../src/contract/endpoint.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { type Db, type Queryable, openPostgres } from '../../../src/server/db/db.ts'
import { buildServer } from '../../../src/server/server.ts'
import { TEST_CREDENTIALS_KEY } from '../support.ts'
import { type Harness, age, one, startHarness } from './support.ts'

/**
 * The cost of an ordinary intake scan, counted: statements sent per scan (a counting wrapper
 * around the server's database handle), the session cache of the scan endpoints (a logout or a
 * role change made elsewhere — straight SQL here, as another server would — takes effect on the
 * next scan), and the cached fixed data (a sector change made elsewhere is seen on the next scan).
 * On PostgreSQL also with a second app instance on the same database (its own pool and caches):
 * what one server does is obeyed by the other's very next scan.
 */
let h: Harness
let worker: string
const statements: string[] = []
let counting = false
/**
 * The counted scan's own async context: only statements sent from it are recorded, not the server's
 * background work that happens to run meanwhile (the scan log's batch of an earlier scan, a job).
 */
const counted = new AsyncLocalStorage<true>()
const countedCall = <T>(fn: () => Promise<T>) => {
  statements.length = 0
  counting = true
  return counted.run(true, fn).finally(() => (counting = false))
}

/**
 * Wraps the harness's Db in place so every statement the server sends for a counted call is
 * recorded, BEGIN and COMMIT included (a COMMIT sent with the last statement, db.ts preparedLast,
 * is noted after it).
 */
function count(db: Db) {
  const note = (sql: string) => counting && counted.getStore() && statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '))
  const wrap = (q: Queryable, ended?: () => void): Queryable => ({
    memo: q.memo,
    query: (sql, params) => (note(sql), q.query(sql, params)),
    exec: (sql) => (note(sql), q.exec(sql)),
    prepared: (name, sql, params) => (note(name), q.prepared(name, sql, params)),
    ...(q.preparedLast && ended
      ? { preparedLast: (name: string, sql: string, params: unknown[]) => (note(name), note('COMMIT'), ended(), q.preparedLast!(name, sql, params)) }
      : {}),
  })
  const orig = { query: db.query.bind(db), exec: db.exec.bind(db), prepared: db.prepared.bind(db), tx: db.tx.bind(db) }
  const d = db as { -readonly [K in keyof Db]: Db[K] }
  const w = wrap(orig as unknown as Queryable)
  d.query = w.query
  d.exec = w.exec
  d.prepared = w.prepared
  d.tx = (fn) => (
    note('BEGIN'),
    orig.tx(async (q) => {
      let ended = false
      const result = await fn(wrap(q, () => (ended = true)))
      if (!ended) note('COMMIT')
      return result
    })
  )
}

const scan = (barcode: string, token = worker) => h.call(E.parcelScan, { token, body: { barcode, id_status_type: 55, where: 'TYCHY' } })

beforeAll(async () => {
  h = await startHarness()
  worker = await h.login('worker@example.com')
  expect((await h.call(E.setWorkstation, { token: worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
  count(h.db)
})
afterAll(() => h?.close())

describe('an ordinary intake scan', () => {
  it('sends BEGIN, the scan read and the status write (COMMIT makes four): no session lookup, no statement of its own for the resignation check, the fixed data or the counters', async () => {
    expect((await scan('RE100000001')).status).toBe(201) // fills the session cache
    await age(h.db, 'worker@example.com')
    const res = await countedCall(() => scan('RE100000001'))
    expect(res.status).toBe(201)
    expect(statements.length).toBeLessThanOrEqual(4)
    expect(statements).toEqual(['BEGIN', 'open_scan_v3', 'write_status', 'COMMIT'])
  })
})

describe('the session cache of the scan endpoints', () => {
  it('a session ended elsewhere (straight SQL, as another server would) answers 401 on the very next scan', async () => {
    const token = await h.login('worker2@example.com')
    expect((await h.call(E.setWorkstation, { token, body: { code: 'PRZJ_02' } })).status).toBe(200)
    expect((await scan('RE100000001', token)).status).not.toBe(401)
    await h.db.query(`update sessions set revoked_at = now() where user_id = (select id from users where email = 'worker2@example.com') and revoked_at is null`)
    expect((await scan('RE100000001', token)).status).toBe(401)
  })

  it('a logout through the API ends it at once', async () => {
    const token = await h.login('worker2@example.com')
    expect((await h.call(E.setWorkstation, { token, body: { code: 'PRZJ_02' } })).status).toBe(200)
    expect((await scan('RE100000001', token)).status).not.toBe(401)
    expect((await h.call(E.logout, { token, body: {} })).status).toBe(200)
    expect((await scan('RE100000001', token)).status).toBe(401)
  })

  it('a user deleted elsewhere is refused on the next scan (401)', async () => {
    const token = await h.login('worker2@example.com')
    expect((await h.call(E.setWorkstation, { token, body: { code: 'PRZJ_02' } })).status).toBe(200)
    expect((await scan('RE100000001', token)).status).not.toBe(401)
    await h.db.query(`update users set deleted_at = now() where email = 'worker2@example.com'`)
    try {
      expect((await scan('RE100000001', token)).status).toBe(401)
    } finally {
      await h.db.query(`update users set deleted_at = null where email = 'worker2@example.com'`)
    }
  })
})

describe('the cached fixed data', () => {
  it('a receiving sector changed elsewhere is suggested on the next scan', async () => {
    const first = await scan('NOT-IN-SYSTEM-1')
    expect(first.status).toBe(208)
    expect(first.body.message).toBe(WAREHOUSE_ANSWER.notInSystem)
    const receiving = first.body.data.suggested_problematic_sector_id as number
    expect(receiving).toEqual(expect.any(Number))
    const other = await one<{ id: number }>(h.db, `select id from problematic_sectors where warehouse_id = 1 and id <> $1 and deleted_at is null order by id limit 1`, [receiving])
    const { purpose } = await one<{ purpose: string | null }>(h.db, `select purpose from problematic_sectors where id = $1`, [other.id])
    await h.db.query(`update problematic_sectors set purpose = null where id = $1`, [receiving])
    await h.db.query(`update problematic_sectors set purpose = 'receiving' where id = $1`, [other.id])
    try {
      const next = await scan('NOT-IN-SYSTEM-2')
      expect(next.status).toBe(208)
      expect(next.body.data.suggested_problematic_sector_id).toBe(other.id)
    } finally {
      await h.db.query(`update problematic_sectors set purpose = $2 where id = $1`, [other.id, purpose])
      await h.db.query(`update problematic_sectors set purpose = 'receiving' where id = $1`, [receiving])
    }
  })
})

/** A second app instance on the harness's PostgreSQL database: its own pool, session cache and fixed data. */
async function secondInstance() {
  const { name } = await one<{ name: string }>(h.db, `select current_database() as name`)
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = `/${name}`
  const db = await openPostgres(url.toString())
  const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent', credentialsKey: TEST_CREDENTIALS_KEY }, db)
  count(db)
  const call = async (ep: Endpoint, token: string, body: unknown) => {
    const res = await app.request(`/api/${ep.path}`, {
      method: ep.method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json().catch(() => null)) as { data?: Record<string, unknown> } | null }
  }
  return { db, call }
}

describe.skipIf(!process.env.DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let b: Awaited<ReturnType<typeof secondInstance>>
  let admin: string
  beforeAll(async () => {
    b = await secondInstance()
    admin = await h.login('admin@example.com')
  })
  afterAll(() => b?.db.close())

  const scanAtB = (barcode: string, token: string) => b.call(E.parcelScan, token, { barcode, id_status_type: 55, where: 'TYCHY' })

  /** Logs worker2 in at A, takes a workstation, and scans twice at B: the second from B's session cache. */
  async function cachedAtB() {
    const token = await h.login('worker2@example.com')
    expect((await h.call(E.setWorkstation, { token, body: { code: 'PRZJ_02' } })).status).toBe(200)
    expect((await scanAtB('RE100000002', token)).status).not.toBe(401)
    await age(h.db, 'worker2@example.com')
    const again = await countedCall(() => scanAtB('RE100000002', token))
    expect(again.status).not.toBe(401)
    expect(statements.slice(0, 2)).toEqual(['BEGIN', 'open_scan_v3'])
    return token
  }

  it('a logout at A is refused at B on the very next scan (401)', async () => {
    const token = await cachedAtB()
    expect((await h.call(E.logout, { token, body: {} })).status).toBe(200)
    expect((await scanAtB('RE100000002', token)).status).toBe(401)
  })

  it('sessions ended by an admin at A are refused at B on the very next scan (401)', async () => {
    const token = await cachedAtB()
    const { id } = await one<{ id: number }>(h.db, `select id from users where email = 'worker2@example.com'`)
    expect((await h.call(E.userSessionsEnd, { token: admin, body: { id } })).status).toBe(200)
    expect((await scanAtB('RE100000002', token)).status).toBe(401)
  })

  it('a user blocked at A is refused at B on the very next scan (401)', async () => {
    const token = await cachedAtB()
    const { id } = await one<{ id: number }>(h.db, `select id from users where email = 'worker2@example.com'`)
    expect((await h.call(E.userBlock, { token: admin, body: { id } })).status).toBe(200)
    try {
      expect((await scanAtB('RE100000002', token)).status).toBe(401)
    } finally {
      expect((await h.call(E.userRestore, { token: admin, body: { id } })).status).toBe(200)
    }
  })

  it('a receiving sector changed at A is suggested by B on the very next scan', async () => {
    const token = await cachedAtB()
    const first = await scanAtB('NOT-IN-SYSTEM-3', token)
    expect(first.status).toBe(208)
    const receiving = first.body!.data!.suggested_problematic_sector_id as number
    const other = await one<{ id: number; purpose: string | null }>(
      h.db,
      `select id, purpose from problematic_sectors where warehouse_id = 1 and id <> $1 and deleted_at is null order by id limit 1`,
      [receiving],
    )
    await h.db.tx(async (q) => {
      await q.query(`update problematic_sectors set purpose = null where id = $1`, [receiving])
      await q.query(`update problematic_sectors set purpose = 'receiving' where id = $1`, [other.id])
    })
    try {
      const next = await scanAtB('NOT-IN-SYSTEM-4', token)
      expect(next.status).toBe(208)
      expect(next.body!.data!.suggested_problematic_sector_id).toBe(other.id)
    } finally {
      await h.db.query(`update problematic_sectors set purpose = $2 where id = $1`, [other.id, other.purpose])
      await h.db.query(`update problematic_sectors set purpose = 'receiving' where id = $1`, [receiving])
    }
  })
})
