/**
 * Billing statements through the API: ordering (roles, bad input, 409), the job (statuses,
 * progress, a real XLSX parsed back, validation errors), the lists (who sees what, paging), the
 * flags (reviewed, used for invoice), downloads, and the settled hook. Real database, real queue.
 */
import ExcelJS from 'exceljs'
import { DATE_MSG } from '../../src/contract/validation.ts'
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { BILLING } from '../../src/contract/constants/billing.ts'
import { onStatementSettled, orderBillingStatement, statementStatus } from '../../src/server/domain/billing/index.ts'
import { BILLING_MSG, STATEMENT_MSG } from '../../src/contract/messages/billing.ts'
import { STATEMENT_SHEET } from '../../src/server/domain/billing/statement.ts'
import { statementPeriodEnd } from '../seedPeriods.ts'
import { type TestApp, startApp, uniqueEmail } from './support.ts'

let h: TestApp
const settledSeen: { uuid: string; status: string; inTx: boolean }[] = []
/** A uuid whose settled listener throws on success (to drive a statement into internal_error). */
let failOn = ''
onStatementSettled(async (q, s) => {
  const [row] = await q.query<{ status: string }>(`select status from exports where uuid = $1`, [s.uuid])
  settledSeen.push({ uuid: s.uuid, status: s.status, inTx: row?.status === s.status })
  if (s.uuid === failOn && s.status !== 'internal_error') throw new Error('listener refused the statement')
})

beforeAll(async () => {
  h = await startApp()
}, 60_000)
afterAll(() => h?.close())

const clientId = async (name: string) => (await h.db.query<{ id: number }>(`select id from clients where name = $1`, [name]))[0]!.id
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const START = dayOffset(-70)
const END = statementPeriodEnd()

/** Polls find/{uuid} until the statement settles (the job runs on the app's own queue). */
async function settled(uuid: string, token = h.tokens.admin, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const r = await h.call(E.exportFind, { token, params: { uuid } })
    expect(r.status).toBe(200)
    if (!['order_accepted', 'accounting'].includes(r.body.status)) return r.body
    if (Date.now() > until) throw new Error(`statement ${uuid} still ${r.body.status}`)
    await new Promise((res) => setTimeout(res, 200))
  }
}

async function order(body: Record<string, unknown>, token = h.tokens.admin) {
  return h.call(E.exportOrder, { token, body: { type: 'billing', start: START, end: END, ...body } })
}

/** The file's bytes (the test helper reads replies as text). */
async function download(identifier: string, token = h.tokens.admin) {
  const res = await h.app.request(`/api/app/v1/export/download/${identifier}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') }
}

async function sheetOf(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(bytes.buffer as ArrayBuffer)
  const sheet = book.getWorksheet(STATEMENT_SHEET)!
  const rows: string[][] = []
  // a formula cell (the totals) as its stored result
  const text = (v: unknown) => (v == null ? '' : typeof v === 'object' && 'result' in v ? String(v.result) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v))
  sheet.eachRow({ includeEmpty: false }, (r) => rows.push((r.values as unknown[]).slice(1).map(text)))
  return rows
}

describe('ordering (POST app/v1/export, type billing)', () => {
  it('admin: 201, order_accepted with the uuid, the period and the client; a job is queued in the same transaction', async () => {
    const demo = await clientId('Demo Shop SRL')
    const res = await order({ client_id: demo, re_account: false })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ type: 'billing', client_name: 'Demo Shop SRL', period_start: START, period_end: END, used_for_invoice: false })
    const jobs = await h.db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'billing-statement' and data->'data'->>'uuid' = $1`, [res.body.uuid])
    expect(jobs[0]!.n).toBe(1)
    await settled(res.body.uuid)
  })

  it('409 while a buffer parcel received in the period has no client; nothing is written', async () => {
    const before = await h.db.query<{ n: number }>(`select count(*)::int as n from exports`)
    const res = await order({ client_id: null, start: dayOffset(-3), end: dayOffset(1) })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(BILLING_MSG.bufferParcelsWaiting)
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from exports`))[0]!.n).toBe(before[0]!.n)
  })

  it('roles: client 403, warehouse worker 403, no token 401', async () => {
    expect((await order({}, h.tokens.client)).status).toBe(403)
    expect((await order({}, h.tokens.worker)).status).toBe(403)
    expect((await h.request('POST', 'app/v1/export', { body: { type: 'billing', start: START, end: END } })).status).toBe(401)
  })

  it('bad input: 422 per field with the Polish message, nothing written', async () => {
    const before = await h.db.query<{ n: number }>(`select count(*)::int as n from exports`)
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ start: undefined, end: undefined }, { start: [BILLING_MSG.startRequired], end: [BILLING_MSG.endRequired] }],
      [{ start: '' }, { start: [BILLING_MSG.startRequired] }],
      [{ start: '2026-13-45' }, { start: [DATE_MSG.date] }],
      [{ end: 'wczoraj' }, { end: [DATE_MSG.date] }],
      [{ start: END, end: START }, { end: [BILLING_MSG.endBeforeStart] }],
    ]
    for (const [body, errors] of cases) {
      const res = await order(body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.errors).toEqual(errors)
    }
    for (const body of [{ client_id: 'x' }, { client_id: -1 }, { client_id: 2 ** 40 }, { re_account: 'yes' }, { start: 'x'.repeat(100_000) }]) {
      const res = await order(body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422)
    }
    expect((await order({ client_id: 99_999 })).status).toBe(404)
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from exports`))[0]!.n).toBe(before[0]!.n)
  })

  it('list and custom reports without criteria: 422', async () => {
    const res = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'list' } })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['criteria'])
  })
})

describe('the statement job', () => {
  let demoUuid = ''
  it('Demo Shop: every shipment of the period accounted, a real XLSX with one row per shipment and totals per currency', async () => {
    const demo = await clientId('Demo Shop SRL')
    const res = await order({ client_id: demo, re_account: true })
    const s = await settled(res.body.uuid)
    demoUuid = s.uuid
    const [{ n }] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from shipments where client_id = $1 and deleted_at is null
          and created_at >= ($2::date)::timestamp at time zone 'Europe/Warsaw' and created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'`,
      [demo, START, END],
    )
    expect(n).toBeGreaterThan(0)
    expect(s).toMatchObject({ total_count: n, performed_count: n, rows: n })
    expect(['validated', 'validation_error']).toContain(s.status)
    // the charges are kept for the finance tab
    const [{ charged }] = await h.db.query<{ charged: number }>(
      `select count(distinct a.shipment_id)::int as charged from accounted_amounts a join shipments s on s.id = a.shipment_id where s.client_id = $1`,
      [demo],
    )
    expect(charged).toBeGreaterThan(0)

    const file = await download(s.identifier)
    expect(file.status).toBe(200)
    const rows = await sheetOf(file.bytes)
    expect(rows[0]).toContain('Przesyłka')
    const amountCol = rows[0]!.indexOf('Kwota')
    const currencyCol = rows[0]!.indexOf('Waluta')
    const body = rows.slice(1).filter((r) => !r[0]!.startsWith(`${STATEMENT_MSG.totalPrefix} `))
    expect(body).toHaveLength(n)
    const waybills = (await h.db.query<{ w: string }>(
      `select internal_waybill as w from shipments where client_id = $1 and deleted_at is null
          and created_at >= ($2::date)::timestamp at time zone 'Europe/Warsaw' and created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'`,
      [demo, START, END],
    )).map((r) => r.w)
    expect(new Set(body.map((r) => r[0]))).toEqual(new Set(waybills))
    // totals per currency equal the sum of the rows
    const sums = new Map<string, Decimal>()
    for (const r of body) if (r[currencyCol] && r[amountCol]) sums.set(r[currencyCol]!, (sums.get(r[currencyCol]!) ?? new Decimal(0)).plus(r[amountCol]!))
    expect(sums.size).toBeGreaterThan(0)
    for (const [currency, sum] of sums) {
      const total = rows.find((r) => r[0]!.startsWith(`${STATEMENT_MSG.totalPrefix} ${currency} `))
      expect(total, currency).toBeDefined()
      expect(new Decimal(total![amountCol]!).toFixed(2)).toBe(sum.toFixed(2))
    }
    // the first download turns the statement downloaded
    expect((await h.call(E.exportFind, { token: h.tokens.admin, params: { uuid: s.uuid } })).body.status).toBe('downloaded')
  })

  it('the settled listener ran inside the final transaction (it saw the final status)', () => {
    const seen = settledSeen.find((x) => x.uuid === demoUuid)
    expect(seen).toBeDefined()
    expect(seen!.inTx).toBe(true)
  })

  it('Sofia EOOD: validation_error with no_operational_price_list_match and its data; such errors cannot be reviewed', async () => {
    const sofia = await clientId('Sofia EOOD')
    const res = await order({ client_id: sofia })
    const s = await settled(res.body.uuid)
    expect(s.status).toBe('validation_error')
    expect(s.errors_count).toBeGreaterThan(0)
    const errs = await h.call(E.exportValidationErrors, { token: h.tokens.admin, params: { uuid: s.uuid } })
    expect(errs.status).toBe(200)
    const e = errs.body.find((x: any) => x.type === 'no_operational_price_list_match')
    expect(e).toBeDefined()
    expect(e.reviewable).toBe(false)
    expect(e.internalWaybill).toMatch(/\S/)
    expect(e.parcelInternalNumbers.length).toBeGreaterThan(0)
    expect(e.additionalData.clientId).toBe(sofia)
    expect(Object.keys(e.additionalData.dimensions)).toEqual(e.parcelInternalNumbers)
    // a worker sees the errors too; a client does not
    expect((await h.call(E.exportValidationErrors, { token: h.tokens.worker, params: { uuid: s.uuid } })).status).toBe(200)
    expect((await h.call(E.exportValidationErrors, { token: h.tokens.client, params: { uuid: s.uuid } })).status).toBe(403)
    const review = await h.call(E.exportReview, { token: h.tokens.admin, body: { id: e.validationErrorId, reviewed: true } })
    expect(review.status).toBe(409)
    expect(review.body.message).toBe(BILLING_MSG.errorNotReviewable)
    // still downloadable with errors (a warning in the browser)
    expect((await download(s.identifier)).status).toBe(200)
  })

  it('a return multi-pack received only in part: uncompleted_shipment_missing_parcel, reviewable; all reviewed → verified', async () => {
    const demo = await clientId('Demo Shop SRL')
    const day = dayOffset(-80)
    const [s] = await h.db.query<{ id: number }>(
      `insert into shipments (internal_waybill, client_id, delivery_service, origin_country_id, destination_country_id, is_return, created_at, first_mile_courier_id, last_mile_courier_id)
       values ('RT900000001', $1, 2, 1, 2, true, ($2::date)::timestamp at time zone 'Europe/Warsaw' + interval '10 hours', 2, 1) returning id`,
      [demo, day],
    )
    await h.db.query(
      `insert into parcels (shipment_id, client_id, internal_number, in_shipment_order, weight_measured, height_measured, width_measured, length_measured, return_warehouse_received_at)
       values ($1, $2, 'RT900000001', 1, 2, 10, 20, 30, now()), ($1, $2, 'RT900000002', 2, 3, 11, 21, 31, null)`,
      [s!.id, demo],
    )
    const res = await order({ client_id: demo, start: day, end: day })
    const st = await settled(res.body.uuid)
    expect(st.status).toBe('validation_error')
    const errs = (await h.call(E.exportValidationErrors, { token: h.tokens.admin, params: { uuid: st.uuid } })).body
    const e = errs.find((x: any) => x.type === 'uncompleted_shipment_missing_parcel')
    expect(e).toMatchObject({ internalWaybill: 'RT900000001', parcelInternalNumbers: ['RT900000002'], reviewable: true, reviewed: false })
    expect(e.additionalData.dimensions.RT900000002).toEqual({ weight: '3.000', width: '21.0', height: '11.0', length: '31.0' })
    for (const x of errs.filter((x: any) => x.reviewable)) {
      const r = await h.call(E.exportReview, { token: h.tokens.admin, body: { id: x.validationErrorId, reviewed: true } })
      expect(r.status).toBe(200)
      expect(r.body.reviewed).toBe(true)
    }
    const after = (await h.call(E.exportFind, { token: h.tokens.admin, params: { uuid: st.uuid } })).body
    expect(after.status).toBe(errs.every((x: any) => x.reviewable) ? 'verified' : 'validation_error')
    // un-reviewing goes back
    const r = await h.call(E.exportReview, { token: h.tokens.admin, body: { id: e.validationErrorId, reviewed: false } })
    expect(r.body.reviewed).toBe(false)
    expect((await h.call(E.exportFind, { token: h.tokens.admin, params: { uuid: st.uuid } })).body.status).toBe('validation_error')
    // reviewing: admin only; bad input 422; unknown 404
    expect((await h.call(E.exportReview, { token: h.tokens.worker, body: { id: e.validationErrorId, reviewed: true } })).status).toBe(403)
    expect((await h.call(E.exportReview, { token: h.tokens.client, body: { id: e.validationErrorId, reviewed: true } })).status).toBe(403)
    expect((await h.call(E.exportReview, { token: h.tokens.admin, body: { id: e.validationErrorId, reviewed: 'tak' } })).status).toBe(422)
    expect((await h.call(E.exportReview, { token: h.tokens.admin, body: { id: 0, reviewed: true } })).status).toBe(422)
    expect((await h.call(E.exportReview, { token: h.tokens.admin, body: { id: 2_000_000_000, reviewed: true } })).status).toBe(404)
  })

  it('a failure ends in internal_error with its message, visibly (the settled hook hears it)', async () => {
    const demo = await clientId('Demo Shop SRL')
    const uuid = await h.db.tx(async (q) => {
      const id = await orderBillingStatement(q, { clientId: demo, start: START, end: END, reAccount: false, orderedBy: h.ids.admin })
      failOn = id
      return id
    })
    const s = await settled(uuid)
    expect(s.status).toBe('internal_error')
    expect(s.error_message).toBe('listener refused the statement')
    expect(settledSeen.filter((x) => x.uuid === uuid).at(-1)).toMatchObject({ status: 'internal_error', inTx: true })
    expect(await statementStatus(h.db, uuid)).toEqual({ status: 'internal_error', errorCount: expect.any(Number) })
    const file = await download(uuid)
    expect(file.status).toBe(409)
    expect(JSON.parse(new TextDecoder().decode(file.bytes)).message).toBe(BILLING_MSG.downloadNotPossible)
  })
})

describe('lists, flags and downloads', () => {
  let demoStatement = ''
  let sofiaStatement = ''
  beforeAll(async () => {
    demoStatement = (await settled((await order({ client_id: await clientId('Demo Shop SRL') })).body.uuid)).uuid
    sofiaStatement = (await settled((await order({ client_id: await clientId('Sofia EOOD') })).body.uuid)).uuid
  }, 120_000)

  it('latest: staff see every export newest first, 10 a page; a client only its own', async () => {
    const page = await h.call(E.exportLatest, { token: h.tokens.admin, body: { draw: 3, start: 0, length: BILLING.reportsPageSize } })
    expect(page.status).toBe(200)
    expect(page.body.draw).toBe(3)
    expect(page.body.data.length).toBeLessThanOrEqual(BILLING.reportsPageSize)
    expect(page.body.recordsTotal).toBeGreaterThanOrEqual(page.body.data.length)
    const dates = page.body.data.map((r: any) => r.created_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(page.body.data.map((r: any) => r.uuid)).toContain(sofiaStatement)

    // A client sees the statements used for an invoice (invoicing flags them; here by hand).
    await h.db.query(`update exports set used_for_invoice = true where uuid in ($1, $2)`, [demoStatement, sofiaStatement])
    const mine = await h.call(E.exportLatestOfType, { token: h.tokens.client, params: { type: 'billing' }, body: { start: 0, length: 100 } })
    expect(mine.status).toBe(200)
    const demo = await clientId('Demo Shop SRL')
    expect(mine.body.data.length).toBeGreaterThan(0)
    expect(mine.body.data.every((r: any) => r.client_id === demo)).toBe(true)
    expect(mine.body.data.map((r: any) => r.uuid)).toContain(demoStatement)
    expect(mine.body.data.map((r: any) => r.uuid)).not.toContain(sofiaStatement)
    // the quick list: an empty array body
    const quick = await h.call(E.exportLatest, { token: h.tokens.client, body: [] })
    expect(quick.status).toBe(200)
    expect(quick.body.data.length).toBeLessThanOrEqual(BILLING.quickListSize)
    // ordering by client name ascending
    const byClient = await h.call(E.exportLatestOfType, { token: h.tokens.admin, params: { type: 'billing' }, body: { start: 0, length: 50, order: [{ column: 1, dir: 'asc' }] } })
    expect(byClient.status).toBe(200)
    expect(byClient.body.data.every((r: any) => r.type === 'billing')).toBe(true)
  })

  it('latest with client_id (the client card): staff see only that client’s exports; a client cannot widen its own', async () => {
    const sofia = await clientId('Sofia EOOD')
    const demo = await clientId('Demo Shop SRL')
    const page = await h.call(E.exportLatest, { token: h.tokens.admin, body: { start: 0, length: 100, client_id: sofia } })
    expect(page.status).toBe(200)
    expect(page.body.data.length).toBeGreaterThan(0)
    expect(page.body.data.every((r: any) => r.client_id === sofia)).toBe(true)
    expect(page.body.data.map((r: any) => r.uuid)).toContain(sofiaStatement)
    expect(page.body.recordsTotal).toBe(page.body.data.length)
    const ofType = await h.call(E.exportLatestOfType, { token: h.tokens.admin, params: { type: 'billing' }, body: { start: 0, length: 100, client_id: demo } })
    expect(ofType.body.data.every((r: any) => r.client_id === demo)).toBe(true)
    // a client asking for another client still gets only its own (nothing of Sofia)
    const mine = await h.call(E.exportLatest, { token: h.tokens.client, body: { start: 0, length: 100, client_id: sofia } })
    expect(mine.status).toBe(200)
    expect(mine.body.data.every((r: any) => r.client_id === demo)).toBe(true)
    expect((await h.call(E.exportLatest, { token: h.tokens.admin, body: { start: 0, length: 10, client_id: 'x' } })).status).toBe(422)
  })

  it('latest: roles and bad input', async () => {
    expect((await h.call(E.exportLatest, { token: h.tokens.worker, body: [] })).status).toBe(403)
    expect((await h.call(E.exportLatest, { body: [] })).status).toBe(401)
    expect((await h.call(E.exportLatest, { token: h.tokens.admin, body: { start: -1, length: 10 } })).status).toBe(422)
    expect((await h.call(E.exportLatest, { token: h.tokens.admin, body: { start: 0, length: 0 } })).status).toBe(422)
    expect((await h.call(E.exportLatest, { token: h.tokens.admin, body: 'junk' })).status).toBe(422)
    expect((await h.call(E.exportLatestOfType, { token: h.tokens.admin, params: { type: 'nope' }, body: [] })).status).toBe(422)
  })

  it('a statement of every client is named "Wszyscy"', async () => {
    // no buffer parcel received long ago: every client's statement of an old period
    const res = await order({ client_id: null, start: dayOffset(-400), end: dayOffset(-390) })
    expect(res.status).toBe(201)
    expect(res.body.client_name).toBeNull()
    expect(res.body.name).toContain(BILLING.allClients)
    const s = await settled(res.body.uuid)
    expect(s.status).toBe('validated')
    expect(s.total_count).toBe(0)
  })

  it('a client downloads its own statement, never another client’s (404), and finds only its own', async () => {
    expect((await download(demoStatement, h.tokens.client)).status).toBe(200)
    expect((await download(sofiaStatement, h.tokens.client)).status).toBe(404)
    expect((await h.call(E.exportFind, { token: h.tokens.client, params: { uuid: sofiaStatement } })).status).toBe(404)
    expect((await h.call(E.exportFind, { token: h.tokens.client, params: { uuid: 'not-a-uuid' } })).status).toBe(404)
    // another client's user
    const otherEmail = uniqueEmail('other')
    await h.createUser({ email: otherEmail, role: 3, clientId: await clientId('Sofia EOOD') })
    const other = await h.login(otherEmail, 'secret123')
    expect((await download(demoStatement, other)).status).toBe(404)
    expect((await download(sofiaStatement, other)).status).toBe(200)
  })

  it('download is refused while the statement is not made yet', async () => {
    const [row] = await h.db.query<{ uuid: string }>(
      `insert into exports (uuid, type, user_id, status, period_start, period_end) values (gen_random_uuid()::text, 'billing', $1, 'accounting', current_date, current_date) returning uuid`,
      [h.ids.admin],
    )
    const file = await download(row!.uuid)
    expect(file.status).toBe(409)
    expect(JSON.parse(new TextDecoder().decode(file.bytes)).message).toBe(BILLING_MSG.downloadNotPossible)
  })

  it('used for invoice: admin sets and clears it; others 403; reports 409; bad input 422; unknown 404', async () => {
    const s = (await h.call(E.exportFind, { token: h.tokens.admin, params: { uuid: demoStatement } })).body
    const on = await h.call(E.exportUsedForInvoice, { token: h.tokens.admin, body: { id: s.id, used_for_invoice: true } })
    expect(on.status).toBe(200)
    expect(on.body.used_for_invoice).toBe(true)
    expect((await h.db.query<{ u: boolean }>(`select used_for_invoice as u from exports where id = $1`, [s.id]))[0]!.u).toBe(true)
    const off = await h.call(E.exportUsedForInvoice, { token: h.tokens.admin, body: { id: s.id, used_for_invoice: false } })
    expect(off.body.used_for_invoice).toBe(false)
    expect((await h.call(E.exportUsedForInvoice, { token: h.tokens.client, body: { id: s.id, used_for_invoice: true } })).status).toBe(403)
    expect((await h.call(E.exportUsedForInvoice, { token: h.tokens.worker, body: { id: s.id, used_for_invoice: true } })).status).toBe(403)
    expect((await h.call(E.exportUsedForInvoice, { token: h.tokens.admin, body: { id: s.id, used_for_invoice: 1 } })).status).toBe(422)
    expect((await h.call(E.exportUsedForInvoice, { token: h.tokens.admin, body: { id: 2_000_000_000, used_for_invoice: true } })).status).toBe(404)
    const report = await h.call(E.exportCustom, { token: h.tokens.admin, body: { start: dayOffset(-2), end: dayOffset(0) } })
    expect(report.status).toBe(201)
    expect(report.body.status).toBe('generated')
    const refused = await h.call(E.exportUsedForInvoice, { token: h.tokens.admin, body: { id: report.body.id, used_for_invoice: true } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(BILLING_MSG.notAStatement)
  })

  it('export/custom: bad days 422', async () => {
    const res = await h.call(E.exportCustom, { token: h.tokens.admin, body: { start: 'x', end: dayOffset(0) } })
    expect(res.status).toBe(422)
    expect(res.body.errors.start).toEqual([DATE_MSG.date])
    expect((await h.call(E.exportCustom, { token: h.tokens.worker, body: { start: dayOffset(0), end: dayOffset(0) } })).status).toBe(403)
  })
})
