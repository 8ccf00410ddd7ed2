import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FLOOR } from '../../../src/contract/constants/floor.ts'
import { type Db, type Queryable, openPglite } from '../../../src/server/db/db.ts'
import { flushScanLog, logScan, scanLogEntry } from '../../../src/server/domain/floorScanLog.ts'
import { buildServer } from '../../../src/server/server.ts'
import { PUBLIC_URL, TEST_CREDENTIALS_KEY, seedDataDir } from '../support.ts'

/**
 * The scan log's batching (domain/floorScanLog.ts): rows wait in memory and go to the database as
 * one insert when FLOOR.scanLogBatchRows are waiting or FLOOR.scanLogFlushMs after the first one,
 * whichever comes first; a graceful stop of the server writes what is still waiting.
 */
let dir: string
let db: Db
/** Rows per insert the log sent, in order. */
let batches: number[] = []
/** The database as the log sees it: every insert counted, then run. */
let spy: Queryable

const entry = (barcode: string) => scanLogEntry('intake', new Date(), new Date(), null, { barcode }, 201, { message: 'ok' })
const stored = async (q: Queryable, prefix: string) =>
  (await q.query<{ n: number }>(`select count(*)::int as n from scan_log where barcode like $1`, [`${prefix}%`]))[0]!.n
/** Lets queued promise callbacks run (the insert is chained after the previous batch's). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scanlog-batch-'))
  await seedDataDir(dir)
  db = await openPglite(dir)
  spy = {
    query: <T,>(sql: string, params?: unknown[]) => {
      if (sql.startsWith('insert into scan_log')) batches.push((JSON.parse(String(params![0])) as unknown[]).length)
      return db.query<T>(sql, params)
    },
    exec: (sql) => db.exec(sql),
    prepared: (name, sql, params) => db.prepared(name, sql, params),
  }
}, 300_000)
afterAll(async () => {
  await db?.close().catch(() => undefined)
  rmSync(dir, { recursive: true, force: true })
})

describe('scan log batches', () => {
  it(`${FLOOR.scanLogBatchRows} waiting rows go at once, as one insert`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      batches = []
      for (let i = 0; i < FLOOR.scanLogBatchRows - 1; i++) logScan(spy, entry(`FULL${i}`))
      await settle()
      expect(batches).toEqual([])
      logScan(spy, entry('FULLLAST'))
      await settle()
      expect(batches).toEqual([FLOOR.scanLogBatchRows])
      await flushScanLog(spy)
      expect(await stored(db, 'FULL')).toBe(FLOOR.scanLogBatchRows)
    } finally {
      vi.useRealTimers()
    }
  })

  it(`fewer rows wait ${FLOOR.scanLogFlushMs} ms from the first, then go as one insert`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      batches = []
      logScan(spy, entry('TIME1'))
      vi.advanceTimersByTime(FLOOR.scanLogFlushMs - 1)
      logScan(spy, entry('TIME2'))
      logScan(spy, entry('TIME3'))
      await settle()
      expect(batches).toEqual([])
      vi.advanceTimersByTime(1)
      await settle()
      expect(batches).toEqual([3])
      await flushScanLog(spy)
      expect(await stored(db, 'TIME')).toBe(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a graceful stop of the server writes the rows still waiting', async () => {
    const { db: served } = await buildServer(
      { port: 0, dataDir: dir, publicUrl: PUBLIC_URL, staticDir: join(tmpdir(), 'no-static-dir'), credentialsKey: TEST_CREDENTIALS_KEY },
      db,
    )
    for (let i = 0; i < 7; i++) logScan(served, entry(`STOP${i}`))
    expect(await stored(db, 'STOP')).toBe(0)
    await served.close()
    const reopened = await openPglite(dir)
    try {
      expect(await stored(reopened, 'STOP')).toBe(7)
    } finally {
      await reopened.close()
    }
  }, 120_000)
})
