/**
 * The invoice steps are jobs on the billing job queue, so they survive a restart: invoicing is
 * triggered on one server, which stops at once (its running jobs are failed back to the queue);
 * a second server on the same PostgreSQL finishes every invoice, each numbered once.
 * Runs on DATABASE_URL, else the local server at 127.0.0.1:5432; skipped when none answers.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type Db, openPostgres } from '../../src/server/db/db.ts'
import { today } from '../../src/server/domain/calendar.ts'
import { triggerInvoicing } from '../../src/server/domain/invoicing/index.ts'
import { buildServer } from '../../src/server/server.ts'
import { POSTGRES_URL, TEST_CREDENTIALS_KEY, freshPostgres, postgresAnswers } from './support.ts'

const URL_ = POSTGRES_URL
const reachable = await postgresAnswers()

describe.skipIf(!reachable)('invoicing across a restart', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>> | undefined
  let b: Db | undefined
  afterAll(async () => {
    await b?.close()
    await fresh?.drop()
  })

  it('triggered on a server that stops at once, finished by the next one', async () => {
    fresh = await freshPostgres(URL_)
    const config = { port: 0, dataDir: '', databaseUrl: fresh.url, publicUrl: 'http://courier.test', staticDir: join(tmpdir(), 'no-static-dir'), credentialsKey: TEST_CREDENTIALS_KEY }
    const a = await openPostgres(fresh.url)
    await buildServer(config, a)
    const [admin] = await a.query<{ id: number }>(`select id from users where email = 'admin@example.com'`)
    const { created } = await triggerInvoicing(a, today(), { id: admin!.id, email: 'admin@example.com', address: '127.0.0.1' })
    expect(created.length).toBeGreaterThan(2)
    await a.close()

    b = await openPostgres(fresh.url)
    await buildServer(config, b)
    const until = Date.now() + 150_000
    let rows: { client: string; status: string; invoice_number: string | null }[] = []
    for (;;) {
      rows = await b.query(`select c.name as client, i.status, i.invoice_number from invoices i join clients c on c.id = i.client_id where i.id = any($1::int[])`, [created])
      if (rows.every((r) => ['send', 'missing_client_id', 'report_validation_error'].includes(r.status))) break
      if (Date.now() > until) throw new Error(`not finished: ${JSON.stringify(rows.filter((r) => !['send', 'missing_client_id', 'report_validation_error'].includes(r.status)))}`)
      await new Promise((r) => setTimeout(r, 300))
    }
    const by = Object.fromEntries(rows.map((r) => [r.client, r.status]))
    expect(by['Demo Shop SRL']).toBe('send')
    expect(by['Budapest Kft']).toBe('missing_client_id')
    expect(by['Sofia EOOD']).toBe('report_validation_error')
    const numbers = rows.filter((r) => r.invoice_number).map((r) => r.invoice_number)
    expect(new Set(numbers).size).toBe(numbers.length)
    const [{ last }] = await b.query<{ last: number }>(`select coalesce(sum(last_number), 0)::int as last from invoice_number_counters`)
    expect(last).toBe(numbers.length)
  }, 200_000)
})
