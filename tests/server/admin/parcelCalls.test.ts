import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPMENT } from '../../../src/contract/constants/shipments.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../src/contract/messages/shipments.ts'
import { MSG } from '../../../src/contract/messages.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type TestApp, startApp } from '../support.ts'
import { PARCEL_MSG } from '../../../src/contract/messages/parcels.ts'

/**
 * The single-parcel calls: DELETE app/v1/parcel (id, mode), PUT app/v1/parcel/status,
 * GET app/v1/parcel/{id}/label/{label}/metadata.
 */

let app: TestApp
const admin = () => app.tokens.admin
const parcel = async (internal: string) =>
  (await app.db.query<{ id: number; shipment_id: number | null; deleted: boolean; cancelled: boolean; last: number | null }>(
    `select id, shipment_id, deleted_at is not null as deleted, cancelled_at is not null as cancelled, last_status_type_id as last from parcels where internal_number = $1`,
    [internal],
  ))[0]!

/** A registered shipment of Demo Shop with `n` parcels, made through the API. */
async function shipmentOf(n: number): Promise<string[]> {
  const [{ internal_waybill }] = await app.db.query<{ internal_waybill: string }>(
    `select s.internal_waybill from shipments s join clients c on c.id = s.client_id
      where c.name = 'Demo Shop SRL' and s.deleted_at is null and s.correctly_requested_at is not null and s.creator <> 'init_scan'
        and (select count(*) from parcels p where p.shipment_id = s.id and p.deleted_at is null) = $1
        and not exists (select 1 from parcels p where p.shipment_id = s.id and (p.shipping_warehouse_received_at is not null or p.internal_number <= 'RE100000099'))
      order by s.id desc limit 1`,
    [n],
  )
  return (await app.db.query<{ internal_number: string }>(`select internal_number from parcels p join shipments s on s.id = p.shipment_id where s.internal_waybill = $1 order by p.in_shipment_order, p.id`, [internal_waybill])).map((r) => r.internal_number)
}

beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('DELETE app/v1/parcel', () => {
  it('mode parcel: the one parcel is removed with the cancelled status; again → 409', async () => {
    const [number] = await shipmentOf(1)
    const p = await parcel(number!)
    const res = await app.call(E.parcelDelete, { token: admin(), body: { id: p.id, mode: 'parcel' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: PARCEL_MSG.parcelRemoved, removed: [number] })
    expect(await parcel(number!)).toMatchObject({ deleted: true, cancelled: true, last: STATUS.cancelled })
    // The shipment's only parcel went, so the shipment is removed too.
    const [s] = await app.db.query(`select deleted_at is not null as deleted from shipments where id = $1`, [p.shipment_id])
    expect(s).toEqual({ deleted: true })
    const again = await app.call(E.parcelDelete, { token: admin(), body: { id: p.id, mode: 'parcel' } })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(PARCEL_MSG.parcelAlreadyRemoved)
  })

  it('mode shipment: every parcel of the shipment and the shipment', async () => {
    const numbers = await app.db.query<{ internal_number: string; id: number; shipment_id: number }>(
      `select p.internal_number, p.id, p.shipment_id from parcels p where p.shipment_id = (
         select s.id from shipments s where s.deleted_at is null and (select count(*) from parcels o where o.shipment_id = s.id and o.deleted_at is null) >= 2
            and not exists (select 1 from parcels o where o.shipment_id = s.id and o.internal_number <= 'RE100000099') order by s.id desc limit 1)
        and p.deleted_at is null order by p.id`,
    )
    expect(numbers.length).toBeGreaterThanOrEqual(2)
    const res = await app.call(E.parcelDelete, { token: admin(), body: { id: numbers[1]!.id, mode: 'shipment' } })
    expect(res.status).toBe(200)
    expect([...res.body.removed].sort()).toEqual(numbers.map((n) => n.internal_number).sort())
    const [s] = await app.db.query(`select deleted_at is not null as deleted from shipments where id = $1`, [numbers[0]!.shipment_id])
    expect(s).toEqual({ deleted: true })
  })

  it('admin only; unknown parcel 404; bad mode or id 422', async () => {
    const { id } = await parcel('RE100000001')
    for (const who of ['worker', 'client'] as const) expect((await app.call(E.parcelDelete, { token: app.tokens[who], body: { id, mode: 'parcel' } })).status).toBe(403)
    expect((await app.call(E.parcelDelete, { token: admin(), body: { id: 99999999, mode: 'parcel' } })).status).toBe(404)
    const bad = await app.call(E.parcelDelete, { token: admin(), body: { id, mode: 'all' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.mode).toEqual([MSG.invalidValue])
    expect((await app.call(E.parcelDelete, { token: admin(), body: { id: -1, mode: 'parcel' } })).status).toBe(422)
    expect((await app.call(E.parcelDelete, { token: admin(), body: { mode: 'parcel' } })).status).toBe(422)
    expect((await parcel('RE100000001')).deleted).toBe(false)
  })
})

describe('PUT app/v1/parcel/status', () => {
  it('one parcel gets a status (a history row with the user); the same status again → 409', async () => {
    const { id } = await parcel('RE100000009')
    const res = await app.call(E.parcelStatus, { token: admin(), body: { id, id_status_type: STATUS.problemResolved, where: 'TYCHY' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: PARCEL_MSG.parcelStatusSet, parcel_id: id, status_type_id: STATUS.problemResolved })
    const [row] = await app.db.query(
      `select h.status_type_id, u.email, h.where_name from parcel_status_history h join users u on u.id = h.user_id where h.parcel_id = $1 order by h.id desc limit 1`,
      [id],
    )
    expect(row).toEqual({ status_type_id: STATUS.problemResolved, email: 'admin@example.com', where_name: 'TYCHY' })
    expect((await parcel('RE100000009')).last).toBe(STATUS.problemResolved)
    const again = await app.call(E.parcelStatus, { token: admin(), body: { id, id_status_type: STATUS.problemResolved } })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(PARCEL_MSG.parcelStatusAlready)
  })

  it('unknown parcel 404, unknown status or bad when 422, not for workers or clients', async () => {
    const { id } = await parcel('RE100000009')
    expect((await app.call(E.parcelStatus, { token: admin(), body: { id: 99999999, id_status_type: STATUS.sorted } })).status).toBe(404)
    expect((await app.call(E.parcelStatus, { token: admin(), body: { id, id_status_type: 99999 } })).status).toBe(422)
    expect((await app.call(E.parcelStatus, { token: admin(), body: { id, id_status_type: STATUS.sorted, when: 'yesterday' } })).status).toBe(422)
    expect((await app.call(E.parcelStatus, { token: admin(), body: { id, id_status_type: STATUS.sorted, where: 'x'.repeat(65) } })).status).toBe(422)
    for (const who of ['worker', 'client'] as const) expect((await app.call(E.parcelStatus, { token: app.tokens[who], body: { id, id_status_type: STATUS.sorted } })).status).toBe(403)
  })
})

describe('GET app/v1/parcel/{id}/label/{label}/metadata', () => {
  it('a registered multi-parcel shipment: ready, the 28-character barcode, position and count, page and file name', async () => {
    const [first, second] = await app.db.query<{ id: number; internal_number: string; waybill: string }>(
      `select p.id, p.internal_number, s.internal_waybill as waybill from parcels p join shipments s on s.id = p.shipment_id
        where s.internal_waybill = 'RE100000007' order by p.in_shipment_order, p.id`,
    )
    const res = await app.call(E.parcelLabelMetadata, { token: admin(), params: { id: second!.id, label: '100150' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ parcel_id: second!.id, internal_number: second!.internal_number, label: '100150', ready: true, message: null, file_name: 'RE100000007.pdf', page_mm: [100, 150], position: 2, count: 2 })
    expect(res.body.barcode).toMatch(new RegExp(`^1000${second!.internal_number}\\d{13}$`))
    const dl = await app.call(E.parcelLabelMetadata, { token: admin(), params: { id: first!.id, label: 'dl' } })
    expect(dl.body).toMatchObject({ label: 'dl', page_mm: [...SHIPMENT.labelPageMm.dl], position: 1, count: 2 })
  })

  it('a buffer parcel (no client\'s shipment yet): not ready, with the spec\'s message', async () => {
    const [{ id }] = await app.db.query<{ id: number }>(`select id from parcels where buffer_number = 'BUF00000001'`)
    const res = await app.call(E.parcelLabelMetadata, { token: admin(), params: { id, label: 'dl' } })
    expect(res.body).toMatchObject({ ready: false, message: SHIPMENT_MSG.labelNotReady, barcode: null })
  })

  it('clients read only their own parcels (404 otherwise); unknown label size or parcel 404', async () => {
    const own = await parcel('RE100000001')
    expect((await app.call(E.parcelLabelMetadata, { token: app.tokens.client, params: { id: own.id, label: 'dl' } })).status).toBe(200)
    const [other] = await app.db.query<{ id: number }>(`select p.id from parcels p join clients c on c.id = p.client_id where c.name = 'Budapest Kft' limit 1`)
    expect((await app.call(E.parcelLabelMetadata, { token: app.tokens.client, params: { id: other!.id, label: 'dl' } })).status).toBe(404)
    expect((await app.call(E.parcelLabelMetadata, { token: app.tokens.worker, params: { id: other!.id, label: 'dl' } })).status).toBe(200)
    expect((await app.call(E.parcelLabelMetadata, { token: admin(), params: { id: own.id, label: 'a4' } })).status).toBe(404)
    expect((await app.call(E.parcelLabelMetadata, { token: admin(), params: { id: 99999999, label: 'dl' } })).status).toBe(404)
    expect((await app.request('GET', 'app/v1/parcel/abc/label/dl/metadata', { token: admin() })).status).toBe(404)
    expect((await app.call(E.parcelLabelMetadata, { params: { id: own.id, label: 'dl' } })).status).toBe(401)
  })
})
