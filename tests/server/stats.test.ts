import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STATS, STATS_STATUSES, type StatsStatus, statsFileName } from '../../src/contract/constants/stats.ts'
import { INPUT } from '../../src/contract/constants/platform.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { STATS_ALL_LABEL, STATS_COLUMNS, SCAN_SCREEN_MSG } from '../../src/contract/messages/stats.ts'
import { MSG } from '../../src/contract/messages.ts'
import type { StatsReply, StatsRow } from '../../src/contract/schemas/stats.ts'
import { addDays } from '../../src/contract/time.ts'
import { decode } from '../../src/contract/validation.ts'
import { StatsReply as StatsReplySchema } from '../../src/contract/schemas/stats.ts'
import { today } from '../../src/server/domain/calendar.ts'
import { enqueueJob } from '../../src/server/domain/billing/queue.ts'
import { RECEIPT_COMPACTION_JOB, compactReceiptCounters } from '../../src/server/domain/statsCompaction.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * Statistics per client: every column checked against a count straight from the parcels (the
 * counter table the triggers keep must agree with it after seed, intake scans, client changes and
 * receipt moves), the two kinds, the sum row, the 30-day chart, the XLSX read back, roles and
 * bad input.
 */

let app: TestApp
const admin = () => app.tokens.admin
const url = (status: string, download = false) => `${E.statsClientShipments.path}${download ? '/download' : ''}?status=${encodeURIComponent(status)}`
const stats = async (status: StatsStatus): Promise<StatsReply> => {
  const res = await app.request('GET', url(status), { token: admin() })
  expect(res.status).toBe(200)
  const d = decode(StatsReplySchema, res.body)
  if (!d.ok) expect.fail(JSON.stringify(d.errors))
  return d.value
}

/** The same table counted from the parcels themselves (no counter table), Warsaw days. */
async function truth(status: StatsStatus): Promise<Map<number, Omit<StatsRow, 'client_id' | 'name'>>> {
  const col = status === 'received_by_re' ? 'shipping_warehouse_received_at' : 'return_warehouse_received_at'
  const t = today()
  const dow = (new Date(`${t}T00:00:00Z`).getUTCDay() + 6) % 7
  const rows = await app.db.query<{ client_id: number; daily: number; yesterday: number; day_before_yesterday: number; weekly: number; monthly: number; ever: number }>(
    `select client_id,
            count(*) filter (where d = $1::date)::int as daily,
            count(*) filter (where d = $2::date)::int as yesterday,
            count(*) filter (where d = $3::date)::int as day_before_yesterday,
            count(*) filter (where d between $4::date and $1::date)::int as weekly,
            count(*) filter (where d between $5::date and $1::date)::int as monthly,
            count(*)::int as ever
       from (select client_id, (${col} at time zone 'Europe/Warsaw')::date as d from parcels where client_id is not null and ${col} is not null) x
      group by client_id`,
    [t, addDays(t, -1), addDays(t, -2), addDays(t, -dow), `${t.slice(0, 8)}01`],
  )
  return new Map(rows.map(({ client_id, ...r }) => [client_id, r]))
}

async function expectTruth(status: StatsStatus) {
  const reply = await stats(status)
  const expected = await truth(status)
  const zero = { daily: 0, yesterday: 0, day_before_yesterday: 0, weekly: 0, monthly: 0, ever: 0 }
  for (const row of reply.data) {
    const { client_id, name: _n, ...counts } = row
    expect(counts, `client ${row.name}`).toEqual(expected.get(client_id!) ?? zero)
  }
  // Every client with receipts is in the table.
  for (const id of expected.keys()) expect(reply.data.some((r) => r.client_id === id)).toBe(true)
  return reply
}

beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('statistics per client', () => {
  it.each(STATS_STATUSES)('%s: every column equals the count from the parcels; sorted by ever; the all row sums', async (status) => {
    const reply = await expectTruth(status)
    expect(reply.status).toBe(status)
    expect(reply.today).toBe(today())
    const [{ n: clients }] = await app.db.query<{ n: number }>(`select count(*)::int as n from clients where deleted_at is null`)
    expect(reply.data.length).toBeGreaterThanOrEqual(clients)
    // The demo data has receipts of both kinds, spread over several clients.
    expect(reply.all.ever).toBeGreaterThan(0)
    expect(reply.data.filter((r) => r.ever > 0).length).toBeGreaterThan(1)
    for (let i = 1; i < reply.data.length; i++) expect(reply.data[i - 1]!.ever).toBeGreaterThanOrEqual(reply.data[i]!.ever)
    expect(reply.all).toMatchObject({ client_id: null, name: STATS.allRowName })
    for (const k of ['daily', 'yesterday', 'day_before_yesterday', 'weekly', 'monthly', 'ever'] as const) {
      expect(reply.all[k]).toBe(reply.data.reduce((n, r) => n + r[k], 0))
    }
    expect(reply.all.weekly).toBeGreaterThanOrEqual(reply.all.daily)
    expect(reply.all.ever).toBeGreaterThanOrEqual(reply.all.monthly)
  })

  it('the chart: the last 30 days, oldest first, today last, both kinds, agreeing with the table', async () => {
    const received = await stats('received_by_re')
    const returns = await stats('back_in_poland')
    expect(received.chart).toHaveLength(STATS.chartDays)
    expect(received.chart.at(-1)!.day).toBe(today())
    expect(received.chart[0]!.day).toBe(addDays(today(), -(STATS.chartDays - 1)))
    expect(received.chart.at(-1)!.received_by_re).toBe(received.all.daily)
    expect(received.chart.at(-2)!.received_by_re).toBe(received.all.yesterday)
    expect(received.chart.at(-1)!.back_in_poland).toBe(returns.all.daily)
    expect(received.chart.reduce((n, d) => n + d.received_by_re, 0)).toBeGreaterThan(0)
  })

  it('a real intake scan counts today at once; a new client, a changed client and a moved receipt are counted where they belong', async () => {
    const before = await stats('received_by_re')
    const [{ client_id: demoShop }] = await app.db.query<{ client_id: number }>(`select client_id from parcels where internal_number = 'RE100000001'`)
    const row = (r: StatsReply, id: number) => r.data.find((x) => x.client_id === id)!
    expect((await app.call(E.setWorkstation, { token: app.tokens.worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
    expect((await app.call(E.parcelScan, { token: app.tokens.worker, body: { barcode: 'RE100000001', id_status_type: 55 } })).status).toBe(201)
    const after = await stats('received_by_re')
    expect(row(after, demoShop).daily).toBe(row(before, demoShop).daily + 1)
    expect(row(after, demoShop).ever).toBe(row(before, demoShop).ever + 1)
    expect(after.all.daily).toBe(before.all.daily + 1)
    // A client with no parcel at all is listed with zeros.
    const [{ id: fresh }] = await app.db.query<{ id: number }>(`insert into clients (name, country_id) values ('Statystyki Nowy Sp. z o.o.', 2) returning id`)
    expect(row(await stats('received_by_re'), fresh)).toEqual({ client_id: fresh, name: 'Statystyki Nowy Sp. z o.o.', daily: 0, yesterday: 0, day_before_yesterday: 0, weekly: 0, monthly: 0, ever: 0 })
    // The parcel moves to that client: the count moves with it.
    await app.db.query(`update parcels set client_id = $1 where internal_number = 'RE100000001'`, [fresh])
    const moved = await stats('received_by_re')
    expect(row(moved, fresh).daily).toBe(1)
    expect(row(moved, demoShop).daily).toBe(row(before, demoShop).daily)
    // Its receipt is said to have been the day before yesterday (23:30 Warsaw time).
    await app.db.query(`update parcels set shipping_warehouse_received_at = ($1::date + time '23:30') at time zone 'Europe/Warsaw' where internal_number = 'RE100000001'`, [addDays(today(), -2)])
    expect(row(await stats('received_by_re'), fresh)).toMatchObject({ daily: 0, yesterday: 0, day_before_yesterday: 1, ever: 1 })
    // A return received back in Poland counts as such, not as received.
    await app.db.query(`update parcels set return_warehouse_received_at = now() where internal_number = 'RE100000001'`)
    expect(row(await stats('back_in_poland'), fresh)).toMatchObject({ daily: 1, ever: 1 })
    expect(row(await stats('received_by_re'), fresh).ever).toBe(1)
    await expectTruth('received_by_re')
    await expectTruth('back_in_poland')
    // The counters kept as things happened equal a count from scratch.
    // (A day's count is the sum of its slots: each database connection adds to its own.)
    const counts = () =>
      app.db.query(
        `select kind, client_id, to_char(day, 'YYYY-MM-DD') as day, sum(parcels)::int as parcels from parcel_receipt_days
          group by 1, 2, 3 having sum(parcels) <> 0 order by 1, 2, 3`,
      )
    const kept = await counts()
    await app.db.query(`select parcel_receipt_days_rebuild()`)
    expect(await counts()).toEqual(kept)
  })
})

describe('the counters are written insert-only', () => {
  it('a receipt scan adds one delta row and updates no counter row; the compaction job on the queue moves the deltas, counts unchanged', async () => {
    const parcel = 'RE100000009'
    const [{ client_id }] = await app.db.query<{ client_id: number }>(`select client_id from parcels where internal_number = $1`, [parcel])
    // Not received yet (its receipt, if any, taken back), every delta compacted.
    await app.db.query(`update parcels set shipping_warehouse_received_at = null where internal_number = $1`, [parcel])
    await compactReceiptCounters(app.db)
    const compacted = () => app.db.query(`select kind, client_id, day::text, parcels from parcel_receipt_days_compacted order by 1, 2, 3`)
    const deltas = () => app.db.query<{ kind: string; client_id: number; day: string; parcels: number }>(`select kind, client_id, day::text, parcels from parcel_receipt_day_deltas`)
    const before = await compacted()
    const daily = async () => (await stats('received_by_re')).data.find((r) => r.client_id === client_id)!.daily
    const dailyBefore = await daily()
    expect((await app.call(E.setWorkstation, { token: app.tokens.worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
    expect((await app.call(E.parcelScan, { token: app.tokens.worker, body: { barcode: parcel, id_status_type: 55 } })).status).toBe(201)
    expect(await compacted()).toEqual(before)
    expect(await deltas()).toEqual([{ kind: 'received_by_re', client_id, day: today(), parcels: 1 }])
    expect(await daily()).toBe(dailyBefore + 1)
    // The periodic job, ordered on the queue as the server orders it, empties the deltas.
    await enqueueJob(app.db, RECEIPT_COMPACTION_JOB, {})
    const until = Date.now() + 20_000
    while ((await deltas()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 200))
    expect(await deltas()).toEqual([])
    expect(await daily()).toBe(dailyBefore + 1)
    await expectTruth('received_by_re')
    await expectTruth('back_in_poland')
    const kept = await compacted()
    await app.db.query(`select parcel_receipt_days_rebuild()`)
    expect(await compacted()).toEqual(kept)
  })
})

describe('the XLSX download', () => {
  it.each(STATS_STATUSES)('%s: named with the day, the table in the same order and the all row, read back', async (status) => {
    const reply = await stats(status)
    const res = await app.app.request(`/api/${url(status, true)}`, { headers: { authorization: `Bearer ${admin()}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const name = statsFileName(status, today())
    expect(name).toBe(status === 'received_by_re' ? `statystyki_przesyłek_klientów_${today()}.xlsx` : `statystyki_zwrotów_klientów_${today()}.xlsx`)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const sheet = book.worksheets[0]!
    expect(sheet.name).toBe(SCAN_SCREEN_MSG.sheet[status])
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(values(1)).toEqual(STATS_COLUMNS.map((c) => c.header))
    const expected = [...reply.data, { ...reply.all, name: STATS_ALL_LABEL }].map((r) => STATS_COLUMNS.map((c) => r[c.key]))
    expect(sheet.rowCount).toBe(expected.length + 1)
    expected.forEach((row, i) => expect(values(i + 2)).toEqual(row))
  })
})

describe('roles and bad input', () => {
  it('admin only: warehouse worker and client 403, no token 401 (both calls)', async () => {
    for (const download of [false, true]) {
      for (const who of ['worker', 'client'] as const) {
        expect((await app.request('GET', url('received_by_re', download), { token: app.tokens[who] })).status).toBe(403)
      }
      expect((await app.request('GET', url('received_by_re', download))).status).toBe(401)
    }
  })

  it.each([
    ['', SCAN_SCREEN_MSG.statusUnknown],
    ['delivered', SCAN_SCREEN_MSG.statusUnknown],
    ['RECEIVED_BY_RE', SCAN_SCREEN_MSG.statusUnknown],
    ['received_by_re\u0000', MSG.forbiddenCharacters],
    ['x'.repeat(INPUT.textMax + 1), MSG.maxLength(INPUT.textMax)],
  ])('status %j: 422 with the message on the field (both calls)', async (status, message) => {
    for (const download of [false, true]) {
      const res = await app.request('GET', url(status, download), { token: admin() })
      expect(res.status).toBe(422)
      expect(res.body.errors.status).toEqual([message])
    }
  })

  it('no status, or the status twice: 422 on the field', async () => {
    for (const path of [E.statsClientShipments.path, E.statsClientShipmentsDownload.path]) {
      const none = await app.request('GET', path, { token: admin() })
      expect(none.status).toBe(422)
      expect(none.body.errors.status).toEqual([MSG.required])
      const twice = await app.request('GET', `${path}?status=received_by_re&status=back_in_poland`, { token: admin() })
      expect(twice.status).toBe(422)
      expect(twice.body.errors.status).toBeDefined()
    }
  })
})
