import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { ExternalInboundScanReply, ParcelIdentity } from '../../../src/contract/schemas/floor.ts'
import { decode } from '../../../src/contract/validation.ts'
import { type Harness, one, startHarness } from './support.ts'

/**
 * External inbound as the scan screen and the list use it,
 * and the parcel lookup the global scan listener uses (GET app/v1/parcel/search/{barcode}).
 */
let h: Harness
let worker: string
let worker2: string
let client: string
let workerId: number

/** Today in Europe/Warsaw, as the list's `date` criterion takes it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
const accept = (barcode: string, token = worker) => h.call(E.externalInboundScan, { token, body: { barcode } })
const list = (criteria: Record<string, unknown>, token = worker) => h.call(E.externalInboundList, { token, body: { start: 0, length: 25, criteria } })

beforeAll(async () => {
  h = await startHarness()
  worker = await h.login('worker@example.com')
  worker2 = await h.login('worker2@example.com')
  client = await h.login('client@example.com')
  workerId = (await one<{ id: number }>(h.db, `select id from users where email = 'worker@example.com'`)).id
})
afterAll(() => h?.close())

describe('POST app/v1/external_inbound', () => {
  it('a new courier waybill: 201 accepted; the same again: 200 "Przesyłka już istnieje w systemie" with the earlier record', async () => {
    const first = await accept('12345678901234')
    expect(first.status).toBe(201)
    expect(decode(ExternalInboundScanReply, first.body).ok).toBe(true)
    expect(first.body).toMatchObject({ message: WAREHOUSE_MSG.inboundAccepted, data: { waybill: '12345678901234', inbound_courier: { name: 'DPD Romania' }, scanned_by_user: { email: 'worker@example.com' } } })
    const again = await accept(' 12345678901234 ', worker2)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ message: WAREHOUSE_MSG.alreadyInSystem, data: { id: first.body.data.id } })
  })

  it('a number a parcel already carries: 200 exists (no record); a form no courier uses: 422', async () => {
    const parcel = await accept('RE100000001')
    expect(parcel.status).toBe(200)
    expect(parcel.body).toEqual({ message: WAREHOUSE_MSG.alreadyInSystem, data: null })
    const unknown = await accept('NOTACOURIER')
    expect(unknown.status).toBe(422)
    expect(unknown.body.message).toBe(WAREHOUSE_ANSWER.inboundUnknownCourier)
    expect((await accept('1ONB24999990001', client)).status).toBe(403)
  })
})

describe('POST app/v1/external_inbound/list', () => {
  it('counts the hand-overs a user accepted today (the scan screen counter): other users and days apart', async () => {
    const before = (await list({ date: today(), scanned_by_user_id: workerId })).body.recordsFiltered as number
    expect((await accept('2SDY12340001')).status).toBe(201)
    expect((await accept('2SDY12340002', worker2)).status).toBe(201)
    expect((await accept('2SDY12340001')).status).toBe(200)
    const mine = await list({ date: today(), scanned_by_user_id: workerId })
    expect(mine.status).toBe(200)
    expect(mine.body.recordsFiltered).toBe(before + 1)
    expect(mine.body.data.every((r: { scanned_by_email: string }) => r.scanned_by_email === 'worker@example.com')).toBe(true)
    expect((await list({ date: '2001-01-01', scanned_by_user_id: workerId })).body.recordsFiltered).toBe(0)
    const all = await list({})
    expect(all.body.recordsFiltered).toBe(all.body.recordsTotal)
    expect(all.body.recordsTotal).toBeGreaterThanOrEqual(before + 2)
    expect((await list({ scanned_by_user_id: 0 })).status).toBe(422)
  })

  it('filters by courier, orders by scan time (newest first), and the comment is saved', async () => {
    const dpd = (await one<{ id: number }>(h.db, `select id from couriers where code = 'dpd_romania'`)).id
    const rows = (await list({ inbound_courier_id: dpd })).body.data as Array<{ id: number; courier_name: string; scanned_at: string }>
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.courier_name === 'DPD Romania')).toBe(true)
    const times = ((await list({})).body.data as Array<{ scanned_at: string }>).map((r) => r.scanned_at)
    expect([...times].sort().reverse()).toEqual(times)
    const saved = await h.call(E.externalInboundComment, { token: worker, body: { id: rows[0]!.id, comment: 'uszkodzony karton' } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ message: WAREHOUSE_MSG.updated, data: { id: rows[0]!.id, comment: 'uszkodzony karton' } })
    expect((await h.call(E.externalInboundGet, { token: worker, params: { id: rows[0]!.id } })).body.comment).toBe('uszkodzony karton')
  })
})

describe('GET app/v1/parcel/search/{barcode} (the scan listener lookup)', () => {
  it('resolves an out number and a return number to the parcel internal number; unknown 404; clients only their own', async () => {
    const p = await one<{ internal_number: string; out_number: string; client_id: number }>(
      h.db,
      `select internal_number, out_number, client_id from parcels where internal_number = 'RE100000002'`,
    )
    const byOut = await h.call(E.parcelSearchScan, { token: worker, params: { barcode: p.out_number } })
    expect(byOut.status).toBe(200)
    expect(decode(ParcelIdentity, byOut.body).ok).toBe(true)
    expect(byOut.body.internal_number).toBe('RE100000002')
    const ret = await one<{ internal_number: string; return_number: string }>(
      h.db,
      `select internal_number, return_number from parcels where return_number is not null and deleted_at is null order by id limit 1`,
    )
    const byReturn = await h.call(E.parcelSearchScan, { token: worker, params: { barcode: ret.return_number } })
    expect(byReturn.body.internal_number).toBe(ret.internal_number)
    // A Polish-keyboard scanner sends the return number's underscore as a dash.
    if (/^RE_\d{9}$/.test(ret.return_number)) {
      expect((await h.call(E.parcelSearchScan, { token: worker, params: { barcode: ret.return_number.replace('_', '-') } })).body.internal_number).toBe(ret.internal_number)
    }
    expect((await h.call(E.parcelSearchScan, { token: worker, params: { barcode: 'UNKNOWN0001' } })).status).toBe(404)
    const own = await one<{ n: number }>(h.db, `select count(*)::int as n from users u where u.email = 'client@example.com' and u.client_id = $1`, [p.client_id])
    expect((await h.call(E.parcelSearchScan, { token: client, params: { barcode: p.out_number } })).status).toBe(own.n ? 200 : 404)
    const foreign = await one<{ internal_number: string }>(
      h.db,
      `select internal_number from parcels where client_id <> (select client_id from users where email = 'client@example.com') order by id limit 1`,
    )
    expect((await h.call(E.parcelSearchScan, { token: client, params: { barcode: foreign.internal_number } })).status).toBe(404)
  })
})
