import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type TestApp, startApp } from '../support.ts'
import { RESIGNATION_MSG } from '../../../src/contract/messages/resignations.ts'

/**
 * The resend date of a reported resignation: stamped by the first status that sends the parcel on
 * its way again (status groups 'transit' or 'delivered') after the report's intake scan — not
 * before the scan, not by warehouse statuses — and shown read-only to the admin and the client.
 * A resent report is closed: intake no longer says "goes back", and the waybill may be reported again.
 */

let app: TestApp
let demoShop: number
let parcelId: number
const admin = () => app.tokens.admin
const WAYBILL = 'RE100000009'

const report = async (id: number) => (await app.call(E.resignationGet, { token: admin(), params: { id } })).body as { scanned_at: string | null; resend_at: string | null }
const setStatus = async (id_status_type: number) => {
  const res = await app.call(E.parcelStatus, { token: admin(), body: { id: parcelId, id_status_type } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
const lastRow = async () =>
  (await app.db.query<{ occurred_at: Date }>(`select occurred_at from parcel_status_history where parcel_id = $1 order by id desc limit 1`, [parcelId]))[0]!.occurred_at

beforeAll(async () => {
  app = await startApp()
  ;[{ id: demoShop }] = await app.db.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  ;[{ id: parcelId }] = await app.db.query<{ id: number }>(`select id from parcels where internal_number = $1`, [WAYBILL])
  // The group 'transit' holds "handed to courier"; 'warehouse' holds "sorted" (docs/demo-data.md).
  const groups = await app.db.query<{ id: number; identifier: string }>(
    `select st.id, g.identifier from status_types st join status_type_groups g on g.id = st.status_type_group_id where st.id = any($1::int[])`,
    [[STATUS.received, STATUS.sorted, STATUS.handedToCourier, STATUS.dpdOutForDelivery, STATUS.dpdDelivered]],
  )
  expect(Object.fromEntries(groups.map((g) => [g.id, g.identifier]))).toEqual({
    [STATUS.received]: 'warehouse', [STATUS.sorted]: 'warehouse', [STATUS.handedToCourier]: 'transit', [STATUS.dpdOutForDelivery]: 'transit', [STATUS.dpdDelivered]: 'delivered',
  })
})
afterAll(() => app?.close())

describe('resend date', () => {
  it('set by the first transit status after the intake scan, not before it, not by warehouse statuses; read-only to admin and client', async () => {
    const created = await app.call(E.clientResignationCreate, { token: app.tokens.client, body: { waybill: WAYBILL } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    // Out with a courier before the parcel was ever scanned with the report: not a resend.
    await setStatus(STATUS.dpdOutForDelivery)
    expect(await report(id)).toMatchObject({ scanned_at: null, resend_at: null })

    expect((await app.call(E.setWorkstation, { token: app.tokens.worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
    const scan = await app.call(E.parcelScan, { token: app.tokens.worker, body: { barcode: WAYBILL, id_status_type: STATUS.received } })
    expect(scan.status).toBe(201)
    expect(scan.body.messages.map((m: { text: string }) => m.text)).toContain(RESIGNATION_MSG.resignationAtIntake(WAYBILL))
    const scanned = await report(id)
    expect(scanned.scanned_at).not.toBeNull()
    expect(scanned.resend_at).toBeNull()

    // Sorting keeps it in the warehouse: still not resent.
    await setStatus(STATUS.sorted)
    expect((await report(id)).resend_at).toBeNull()

    // Handed to a courier after the scan: resent at that status's time.
    await setStatus(STATUS.handedToCourier)
    const resent = await report(id)
    expect(resent.resend_at).not.toBeNull()
    expect(new Date(resent.resend_at!).getTime()).toBe((await lastRow()).getTime())
    expect(new Date(resent.resend_at!).getTime()).toBeGreaterThanOrEqual(new Date(resent.scanned_at!).getTime())

    // A later status of those groups does not move it.
    await setStatus(STATUS.dpdDelivered)
    expect((await report(id)).resend_at).toBe(resent.resend_at)

    // Shown in the admin's list and to the client (read-only: the update call takes no resend date).
    const list = await app.call(E.resignationList, { token: admin(), body: { start: 0, length: 25, search: { value: WAYBILL } } })
    expect(list.body.data).toEqual([expect.objectContaining({ id, resend_at: resent.resend_at, scanned_at: resent.scanned_at })])
    const own = await app.call(E.clientResignationGet, { token: app.tokens.client, params: { id } })
    expect(own.body).toMatchObject({ client_id: demoShop, resend_at: resent.resend_at })
    const update = await app.call(E.resignationUpdate, { token: admin(), body: { id, waybill: WAYBILL, note: 'x', resend_at: null } })
    expect(update.status).toBe(200)
    expect((await report(id)).resend_at).toBe(resent.resend_at)

    // Closed: intake no longer says the parcel goes back, and the waybill may be reported again.
    // (another worker: the same worker's same scan within seconds would be a scanner double read)
    expect((await app.call(E.setWorkstation, { token: app.tokens.worker2, body: { code: 'PRZJ_02' } })).status).toBe(200)
    const again = await app.call(E.parcelScan, { token: app.tokens.worker2, body: { barcode: WAYBILL, id_status_type: STATUS.received } })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(again.body.messages.map((m: { text: string }) => m.text)).not.toContain(RESIGNATION_MSG.resignationAtIntake(WAYBILL))
    expect((await app.call(E.clientResignationCreate, { token: app.tokens.client, body: { waybill: WAYBILL } })).status).toBe(201)
  })

  it("another client's report of the same number is not resent by this parcel", async () => {
    const [{ id: budapest }] = await app.db.query<{ id: number }>(`select id from clients where name = 'Budapest Kft'`)
    const [{ id: parcel, internal_number }] = await app.db.query<{ id: number; internal_number: string }>(
      `select id, internal_number from parcels where client_id = $1 and internal_number not between 'RE100000001' and 'RE100000099' and deleted_at is null order by id limit 1`,
      [demoShop],
    )
    const [{ id }] = await app.db.query<{ id: number }>(
      `insert into parcel_reported_resignations (client_id, waybill, scanned_at) values ($1, $2, now() - interval '1 hour') returning id`,
      [budapest, internal_number],
    )
    expect((await app.call(E.parcelStatus, { token: admin(), body: { id: parcel, id_status_type: STATUS.samedayInLocker } })).status).toBe(200)
    expect((await report(id)).resend_at).toBeNull()
    // The same status on the parcel of the report's own client does stamp it (the rule is not simply off).
    await app.db.query(`update parcel_reported_resignations set client_id = $1 where id = $2`, [demoShop, id])
    expect((await app.call(E.parcelStatus, { token: admin(), body: { id: parcel, id_status_type: STATUS.samedayOutForDelivery } })).status).toBe(200)
    expect((await report(id)).resend_at).not.toBeNull()
  })
})
