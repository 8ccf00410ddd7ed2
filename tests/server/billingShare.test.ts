/**
 * Two app instances on one PostgreSQL share the billing jobs: each has its own pg-boss worker on
 * the same queue (SKIP LOCKED), so statements ordered together are made by both, each exactly
 * once. Runs on DATABASE_URL, else the local server at 127.0.0.1:5432; skipped when none answers.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openPostgres } from '../../src/server/db/db.ts'
import { orderBillingStatement } from '../../src/server/domain/billing/index.ts'
import { buildServer } from '../../src/server/server.ts'
import { generateShipments } from '../../scripts/billingData.ts'
import { POSTGRES_URL, TEST_CREDENTIALS_KEY, freshPostgres, postgresAnswers } from './support.ts'

const URL_ = POSTGRES_URL
const reachable = await postgresAnswers()

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

describe.skipIf(!reachable)('two instances on one PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>
  let a: Db
  let b: Db
  beforeAll(async () => {
    fresh = await freshPostgres(URL_)
    const config = { port: 0, dataDir: '', databaseUrl: fresh.url, publicUrl: 'http://courier.test', staticDir: join(tmpdir(), 'no-static-dir'), credentialsKey: TEST_CREDENTIALS_KEY }
    a = await openPostgres(fresh.url)
    await buildServer(config, a)
    b = await openPostgres(fresh.url)
    await buildServer(config, b)
  }, 120_000)
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await fresh?.drop()
  })

  it('statements ordered together are made by both instances, each once and whole', async () => {
    const [demo] = await a.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
    const from = day(-170)
    const to = day(-100)
    await generateShipments(a, { clientId: demo!.id, n: 6000, from, to, tag: 'SHARE' })
    const uuids: string[] = []
    for (let i = 0; i < 6; i++) uuids.push(await orderBillingStatement(i % 2 ? a : b, { clientId: demo!.id, start: from, end: to, reAccount: true, orderedBy: null }))
    const until = Date.now() + 150_000
    let rows: { uuid: string; status: string; processed_by: string | null; performed_count: number; total_count: number; row_count: number }[] = []
    for (;;) {
      rows = await a.query(`select uuid, status, processed_by, performed_count, total_count, row_count from exports where uuid = any($1::text[])`, [uuids])
      if (rows.every((r) => r.status === 'validated' || r.status === 'validation_error' || r.status === 'internal_error')) break
      if (Date.now() > until) throw new Error(`not settled: ${JSON.stringify(rows)}`)
      await new Promise((r) => setTimeout(r, 300))
    }
    for (const r of rows) {
      expect(r.status).toBe('validated')
      expect(r.total_count).toBe(6000)
      expect(r.performed_count).toBe(6000)
      expect(r.row_count).toBe(6000)
    }
    const workers = new Set(rows.map((r) => r.processed_by))
    expect(workers.size).toBe(2)
    // each job ran once: one completed pg-boss job per statement, none retried
    const jobs = await a.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = 'billing-statement' and data->'data'->>'uuid' = any($1::text[])
       union all select state, retry_count from pgboss.archive where name = 'billing-statement' and data->'data'->>'uuid' = any($1::text[])`,
      [uuids],
    )
    expect(jobs).toHaveLength(6)
    expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true)
  }, 200_000)
})
