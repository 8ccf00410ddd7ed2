import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../src/contract/messages/shipments.ts'
import { UNPROCESSABLE_BUFFER } from '../../../src/server/seed/shipments.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type Places, places, shipmentBody } from './fixtures.ts'
import { type Harness, one, startHarness } from './support.ts'

/**
 * What the demo client sees of its shipment once the warehouse has been at it (internal statuses
 * and the internal duplicate row stay with the staff), labels of a removed shipment, the return
 * flag of an adopted unprocessable parcel, and the history row a parcel cannot lose.
 */
let h: Harness
let p: Places
let client: string
let admin: string

const get = (number: string, token: string) => h.call(E.shipmentGet, { token, params: { internalNumber: number } })
const giveStatus = (parcelId: number, statusId: number) =>
  h.call(E.parcelHistoryAdd, { token: admin, body: { parcel_id: parcelId, status_type_id: statusId } })

beforeAll(async () => {
  h = await startHarness()
  p = await places(h.db)
  client = await h.login('client@example.com')
  admin = await h.login('admin@example.com')
})
afterAll(() => h?.close())

describe('a client sees only public statuses and its own visible rows', () => {
  let number: string
  let first: { id: number; internal_number: string }
  let duplicate: string

  beforeAll(async () => {
    const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 1, { parcels: 2 }) })
    expect(made.status).toBe(201)
    number = made.body.internal_waybill
    first = await one(h.db, `select id, internal_number from parcels where shipment_id = $1 and in_shipment_order = 1`, [made.body.id])
    // The warehouse: received, then a status-59 scan into the duplicated-parcels sector with its duplicated row.
    expect((await giveStatus(first.id, STATUS.received)).status).toBe(201)
    expect((await giveStatus(first.id, STATUS.knownProblem)).status).toBe(201)
    const dup = await one<{ internal_number: string }>(
      h.db,
      `insert into parcels (client_id, internal_number, duplicated_number, duplicate_of_parcel_id, creator, weight_declared, height_declared, width_declared, length_declared,
                            last_status_type_id, last_status_at)
       select client_id, 'RE' || nextval('parcel_internal_number_seq'), internal_number, id, 'init_scan', weight_declared, height_declared, width_declared, length_declared, $2, now()
         from parcels where id = $1 returning internal_number`,
      [first.id, STATUS.knownProblem],
    )
    await h.db.query(`insert into parcel_status_history (parcel_id, status_type_id, occurred_at) select id, $2, now() from parcels where internal_number = $1`, [
      dup.internal_number, STATUS.knownProblem,
    ])
    duplicate = dup.internal_number
  })

  it('the shipment page: the parcel shows its last public status, not the internal one (the admin sees it)', async () => {
    const mine = await get(number, client)
    expect(mine.status).toBe(200)
    const parcel = mine.body.shipment.parcels.find((x: { id: number }) => x.id === first.id)
    expect(parcel.last_status).toBe('Przesyłka przyjęta w magazynie')
    expect(JSON.stringify(mine.body)).not.toContain('Wykryto znany problem')
    const staff = (await get(number, admin)).body.shipment.parcels.find((x: { id: number }) => x.id === first.id)
    expect(staff.last_status).toBe('Wykryto znany problem')
  })

  it('the internal duplicate row: 404 for the client and on public tracking, open to the admin', async () => {
    const mine = await get(duplicate, client)
    expect(mine.status).toBe(404)
    expect(mine.body.message).toBe(SHIPMENT_MSG.notFound)
    expect((await h.call(E.publicHistory, { params: { internalNumber: duplicate } })).status).toBe(404)
    expect((await get(duplicate, admin)).status).toBe(200)
    // Scan-to-find (parcel search) neither.
    expect((await h.call(E.parcelSearchScan, { token: client, params: { barcode: duplicate } })).status).toBe(404)
    expect((await h.call(E.parcelSearchScan, { token: client, params: { barcode: first.internal_number } })).status).toBe(200)
    expect((await h.call(E.parcelSearchScan, { token: admin, params: { barcode: duplicate } })).status).toBe(200)
  })

  it('the parcel list: no duplicate row; the parcel shows its newest public status, not the internal one', async () => {
    const list = await h.call(E.parcelList, {
      token: client,
      body: { start: 0, length: 100, criteria: { type: 'parcels', start: '', end: '', internal_number: duplicate } },
    })
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    expect(list.body.data).toEqual([])
    const rows = await h.call(E.parcelList, {
      token: client,
      body: { start: 0, length: 100, criteria: { type: 'parcels', start: '', end: '', internal_number: first.internal_number } },
    })
    expect(rows.body.data).toHaveLength(1)
    expect(rows.body.data[0].status_name).toBe('Przesyłka przyjęta w magazynie')
    expect(JSON.stringify(rows.body)).not.toContain('Wykryto znany problem')
  })

  it('public tracking shows no internal status', async () => {
    const res = await h.call(E.publicHistory, { params: { internalNumber: number } })
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body)).not.toContain('Wykryto znany problem')
    expect(JSON.stringify(res.body)).toContain('Przesyłka przyjęta w magazynie')
  })
})

describe('labels of a removed shipment', () => {
  it.each([
    ['100150', E.labels100150],
    ['dl', E.labelsDl],
  ] as const)('%s: 409 with a Polish message, no PDF', async (_, ep) => {
    const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 1) })
    expect((await h.call(ep, { token: client, params: { internalNumber: made.body.internal_waybill } })).status).toBe(200)
    expect((await h.call(E.shipmentDelete, { token: client, body: { waybill: made.body.internal_waybill } })).status).toBe(200)
    for (const token of [client, admin]) {
      const res = await h.call(ep, { token, params: { internalNumber: made.body.internal_waybill } })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe(SHIPMENT_MSG.labelRemoved)
    }
  })
})

describe('adoption of an unprocessable parcel keeps the return flag', () => {
  it('"Zwrot" ticked: the adopted record is a return', async () => {
    const parcel = await one<{ id: number }>(h.db, `select id from parcels where buffer_number = $1`, [UNPROCESSABLE_BUFFER])
    const res = await h.call(E.parcelAdoptUnprocessable, { token: admin, body: { id_parcel: parcel.id, id_client: p.demoShop, is_emag_parcel: false, return: true } })
    expect(res.status).toBe(200)
    const view = (await get(UNPROCESSABLE_BUFFER, admin)).body.shipment
    expect(view.internal_info).toMatchObject({ is_return: true, processable: true })
  })
})

describe('a parcel keeps at least one history row', () => {
  it('deleting the only row: 409 with a message, the row stays; with two rows one may go', async () => {
    const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 1) })
    const parcel = await one<{ id: number }>(h.db, `select id from parcels where shipment_id = $1`, [made.body.id])
    const only = await one<{ id: number }>(h.db, `select id from parcel_status_history where parcel_id = $1`, [parcel.id])
    const res = await h.call(E.parcelHistoryDelete, { token: admin, body: { id: only.id } })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(SHIPMENT_MSG.historyOnlyRow)
    expect(await h.db.query(`select 1 from parcel_status_history where id = $1`, [only.id])).toHaveLength(1)
    expect((await get(made.body.internal_waybill, admin)).body.shipment.parcels[0].last_status).toBe('Przesyłka zarejestrowana')
    expect((await giveStatus(parcel.id, STATUS.sorted)).status).toBe(201)
    expect((await h.call(E.parcelHistoryDelete, { token: admin, body: { id: only.id } })).status).toBe(200)
  })
})
