import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { WAREHOUSE_ADMIN_MSG } from '../../../src/contract/messages/warehouseAdmin.ts'
import { ExternalInbound } from '../../../src/contract/schemas/floor.ts'
import { Sector } from '../../../src/contract/schemas/warehouse.ts'
import { decode } from '../../../src/contract/validation.ts'
import { type Harness, one, startHarness } from './support.ts'

/** External inbound and problem sectors (/problematic-sector/*). */
let h: Harness
let worker: string
let admin: string

beforeAll(async () => {
  h = await startHarness()
  worker = await h.login('worker@example.com')
  admin = await h.login('admin@example.com')
})
afterAll(() => h?.close())

const scanInbound = (barcode: string, token = worker) => h.call(E.externalInboundScan, { token, body: { barcode } })

describe('external inbound', () => {
  it('couriers that hand over parcels', async () => {
    const res = await h.call(E.externalInboundCouriers, { token: worker })
    expect(res.body).toEqual([
      { id: 2, name: 'DPD Romania', code: 'dpd_romania' },
      { id: 3, name: 'Sameday Romania', code: 'sameday_romania' },
    ])
  })

  it('201 accepted with the courier recognised from the barcode; 200 "Przesyłka już istnieje w systemie" the second time', async () => {
    const dpd = await scanInbound('80099999999901')
    expect(dpd.status).toBe(201)
    expect(decode(ExternalInbound, dpd.body.data).ok).toBe(true)
    expect(dpd.body).toMatchObject({ message: WAREHOUSE_MSG.inboundAccepted, data: { waybill: '80099999999901', inbound_courier: { id: 2, name: 'DPD Romania' }, scanned_by_user: { email: 'worker@example.com' }, comment: '', parcels: [] } })
    const again = await scanInbound(' 80099999999901 ', admin)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ message: WAREHOUSE_MSG.alreadyInSystem, data: { id: dpd.body.data.id } })
    const sameday = await scanInbound('1ONB24000010001')
    expect(sameday.status).toBe(201)
    expect(sameday.body.data.inbound_courier.name).toBe('Sameday Romania')
  })

  it('200 when a parcel already carries the number; 422 when no courier has this form', async () => {
    const existing = await scanInbound('80012345678902')
    expect(existing.status).toBe(200)
    expect(existing.body).toEqual({ message: WAREHOUSE_MSG.alreadyInSystem, data: null })
    const unknown = await scanInbound('HELLO123')
    expect(unknown.status).toBe(422)
    expect(unknown.body.message).toBe(WAREHOUSE_ANSWER.inboundUnknownCourier)
  })

  it('list: 25 per page, courier and day filters, order; detail and comment', async () => {
    // 30 more hand-overs, a few of them dated yesterday (Warsaw).
    for (let i = 0; i < 30; i++) expect((await scanInbound(`800777777777${String(i).padStart(2, '0')}`)).status).toBe(201)
    await h.db.query(`update external_inbounds set scanned_at = now() - interval '1 day' where waybill like '80077777777700' or waybill like '80077777777701'`)
    const page1 = await h.call(E.externalInboundList, { token: worker, body: { start: 0, length: 25 } })
    expect(page1.body).toMatchObject({ recordsTotal: 32, recordsFiltered: 32 })
    expect(page1.body.data).toHaveLength(25)
    const times = page1.body.data.map((r: { scanned_at: string }) => r.scanned_at)
    expect([...times].sort().reverse()).toEqual(times)
    const page2 = await h.call(E.externalInboundList, { token: worker, body: { start: 25, length: 25 } })
    expect(page2.body.data).toHaveLength(7)
    const sameday = await h.call(E.externalInboundList, { token: worker, body: { start: 0, length: 25, criteria: { inbound_courier_id: 3 } } })
    expect(sameday.body.data.map((r: { waybill: string }) => r.waybill)).toEqual(['1ONB24000010001'])
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date())
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() - 86_400_000))
    const onDay = await h.call(E.externalInboundList, { token: worker, body: { start: 0, length: 25, criteria: { date: yesterday } } })
    expect(onDay.body.data.map((r: { waybill: string }) => r.waybill).sort()).toEqual(['80077777777700', '80077777777701'])
    const todays = await h.call(E.externalInboundList, { token: worker, body: { start: 0, length: 25, criteria: { date: today, inbound_courier_id: 2 } } })
    expect(todays.body.recordsFiltered).toBe(29)
    const byWaybill = await h.call(E.externalInboundList, { token: worker, body: { start: 0, length: 25, order: [{ column: 0, dir: 'asc' }], search: { value: '8007777777771' } } })
    expect(byWaybill.body.data.map((r: { waybill: string }) => r.waybill)).toEqual(Array.from({ length: 10 }, (_, i) => `8007777777771${i}`))
    expect((await h.call(E.externalInboundList, { token: worker, body: { start: 0, length: 25, criteria: { date: '23.11.2026' } } })).status).toBe(422)

    const id = page1.body.data[0].id
    const saved = await h.call(E.externalInboundComment, { token: worker, body: { id, comment: 'Uszkodzony karton' } })
    expect(saved.body).toMatchObject({ message: WAREHOUSE_MSG.updated, data: { id, comment: 'Uszkodzony karton' } })
    expect((await h.call(E.externalInboundGet, { token: worker, params: { id } })).body.comment).toBe('Uszkodzony karton')
    expect((await h.call(E.externalInboundGet, { token: worker, params: { id: 999999 } })).status).toBe(404)
    const client = await h.login('client@example.com')
    expect((await h.call(E.externalInboundList, { token: client, body: { start: 0, length: 25 } })).status).toBe(403)
  })
})

describe('problem sectors', () => {
  it('list of warehouse 1 by default, with the duplicated flag and parcels inside', async () => {
    const res = await h.call(E.problematicSectorList, { token: worker })
    expect(res.body.map((s: { code: string }) => s.code)).toEqual(['1', '2', '3', '4', '5', '6', '14'])
    for (const s of res.body) expect(decode(Sector, s).ok).toBe(true)
    expect(res.body.filter((s: { duplicated: boolean }) => s.duplicated).map((s: { code: string }) => s.code)).toEqual(['3', '4'])
    expect(res.body.find((s: { code: string }) => s.code === '5').parcels).toBe(1)
    expect((await h.call(E.problematicSectorList, { token: worker, query: { warehouse_id: '2' } })).body).toEqual([])
    expect((await h.call(E.problematicSectorList, { token: worker, query: { warehouse_id: '1', workstation_type_id: '4' } })).body).toHaveLength(7)
    expect((await h.call(E.problematicSectorList, { token: worker, query: { warehouse_id: 'x' } })).status).toBe(422)
  })

  it('create (201 "Utworzono pomyślnie!"), 422 "Błąd podczas dodawania typu" for a taken code; workers may not', async () => {
    const res = await h.call(E.problematicSectorCreate, { token: admin, body: { warehouse_id: 1, code: '20', name: 'Przesyłki uszkodzone', internal: 0, status_type_id: 59 } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ message: WAREHOUSE_ANSWER.created, sector: { code: '20', name: 'Przesyłki uszkodzone', internal: 0, status_type_id: 59, purpose: null, duplicated: false, parcels: 0 } })
    const dup = await h.call(E.problematicSectorCreate, { token: admin, body: { warehouse_id: 1, code: '20', name: 'x', internal: 1 } })
    expect(dup.status).toBe(422)
    expect(dup.body).toMatchObject({ message: WAREHOUSE_ADMIN_MSG.sectorAddError, errors: { code: [WAREHOUSE_ADMIN_MSG.sectorCodeTaken] } })
    const bad = await h.call(E.problematicSectorCreate, { token: admin, body: { warehouse_id: 9, code: '21', name: 'x', internal: 1 } })
    expect(bad.body.errors.warehouse_id).toBeDefined()
    expect((await h.call(E.problematicSectorCreate, { token: admin, body: { warehouse_id: 1, code: '', name: 'x', internal: 2 } })).status).toBe(422)
    expect((await h.call(E.problematicSectorCreate, { token: worker, body: { warehouse_id: 1, code: '22', name: 'x', internal: 1 } })).status).toBe(403)
    // A sector that is new is offered on the scan screens right away.
    const receiver = await h.login('worker2@example.com')
    expect((await h.call(E.setWorkstation, { token: receiver, body: { code: 'PRZJ_02' } })).status).toBe(200)
    const scan = await h.call(E.parcelScan, { token: receiver, body: { barcode: 'RE100000001', id_status_type: 59, id_problematic_sector: res.body.sector.id } })
    expect(scan.status).toBe(201)
    expect(scan.body.data.problematic_sector).toMatchObject({ code: '20' })
  })

  it('delete: 409 while parcels sit in it or the rules use it; otherwise "Usunięto pomyślnie!" and gone from the list', async () => {
    const s20 = await one<{ id: number }>(h.db, `select id from problematic_sectors where code = '20'`)
    const busy = await h.call(E.problematicSectorDelete, { token: admin, body: { id: s20.id } })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe(WAREHOUSE_ADMIN_MSG.sectorNotEmpty)
    const receiving = await one<{ id: number }>(h.db, `select id from problematic_sectors where code = '1'`)
    expect((await h.call(E.problematicSectorDelete, { token: admin, body: { id: receiving.id } })).body.message).toBe(WAREHOUSE_ADMIN_MSG.sectorSystemDelete)
    await h.db.query(`update parcels set problematic_sector_id = null where problematic_sector_id = $1`, [s20.id])
    const ok = await h.call(E.problematicSectorDelete, { token: admin, body: { id: s20.id } })
    expect(ok.body).toEqual({ message: WAREHOUSE_MSG.deleted })
    expect((await h.call(E.problematicSectorList, { token: worker })).body.map((s: { code: string }) => s.code)).not.toContain('20')
    expect((await h.call(E.problematicSectorDelete, { token: admin, body: { id: s20.id } })).status).toBe(404)
    // The history keeps the deleted sector.
    const hist = await h.call(E.parcelHistory, { token: worker, params: { idType: 'internal_number', value: 'RE100000001' } })
    expect(hist.body[0].problematic_sector).toMatchObject({ code: '20' })
  })
})
