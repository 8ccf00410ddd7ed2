import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelBarcode, parseLabelBarcode } from '../../../src/contract/barcodes.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../src/contract/messages/shipments.ts'
import { AccountedAmountsReply } from '../../../src/contract/schemas/prices.ts'
import { InternalInfoReply, ShipmentReply } from '../../../src/contract/schemas/shipments.ts'
import { HistoryReply, PublicHistoryReply } from '../../../src/contract/schemas/tracking.ts'
import { decode } from '../../../src/contract/validation.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type Places, places, shipmentBody } from './fixtures.ts'
import { decodeBarcodes, isPdf, pageCount, pageSizeMm } from './pdf.ts'
import { type Harness, clientUser, one, startHarness } from './support.ts'

/**
 * Reading a shipment: client isolation, contexts, labels as real PDFs with
 * scannable barcodes, history with deletion rules, public tracking, internal info, finance tabs,
 * adoption of buffer and unprocessable parcels, new buffer number, return sticker, images.
 */
let h: Harness
let p: Places
let client: string
let admin: string
let worker: string
let other: string
let ours: { id: number; number: string }

const get = (number: string, token: string | null = client) => h.call(E.shipmentGet, { token, params: { internalNumber: number } })
function shaped<T>(schema: { Type: T } & Parameters<typeof decode>[0], body: unknown): T {
  const d = decode(schema, body)
  if (!d.ok) throw new Error(`reply does not match the contract: ${JSON.stringify(d.errors)}`)
  return d.value as T
}

beforeAll(async () => {
  h = await startHarness()
  p = await places(h.db)
  client = await h.login('client@example.com')
  admin = await h.login('admin@example.com')
  worker = await h.login('worker@example.com')
  other = await clientUser(h, 'Budapest Kft', 'budapest@example.com')
  const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 1, { parcels: 2, cod: 99.5 }) })
  expect(made.status).toBe(201)
  ours = { id: made.body.id, number: made.body.internal_waybill }
})
afterAll(() => h?.close())

describe('GET app/v2/shipment/{internalNumber}', () => {
  it('any number of the shipment opens it; staff see every client\'s; a client reading another client\'s gets 404 "Taka przesyłka nie istnieje"', async () => {
    const second = (await one<{ internal_number: string }>(h.db, `select internal_number from parcels where shipment_id = $1 and in_shipment_order = 2`, [ours.id])).internal_number
    for (const [number, token] of [[ours.number, client], [second, client], [ours.number, admin], [ours.number, worker]] as const) {
      const res = await get(number, token)
      expect(res.status).toBe(200)
      expect(shaped(ShipmentReply, res.body).shipment.waybill).toBe(ours.number)
    }
    for (const [number, token] of [[ours.number, other], ['RE100000011', client], ['RE999999999', client], ['RE100000011', other]] as const) {
      const res = await get(number, token)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe(SHIPMENT_MSG.notFound)
    }
    expect((await get(ours.number, null)).status).toBe(401)
  })

  it('contexts: a shipment; a buffer parcel of a shipment without client and a parcel with no shipment are "parcel"', async () => {
    expect((await get(ours.number)).body.context).toBe('shipment')
    const buffer = shaped(ShipmentReply, (await get('BUF00000001', admin)).body)
    expect(buffer.context).toBe('parcel')
    expect(buffer.shipment.id).not.toBeNull()
    expect(buffer.shipment.parcels.map((x) => x.waybill.external_buffer)).toEqual(['BUF00000001'])
    const lone = shaped(ShipmentReply, (await get('BUF00000003', admin)).body)
    expect(lone.context).toBe('parcel')
    expect(lone.shipment).toMatchObject({ id: null, delivery_service: null, sender: null, recipient: null, client: null })
    expect(lone.shipment.internal_info).toMatchObject({ creator: 'init_scan', processable: false })
  })

  it('finance tabs before invoicing exists: no invoices, no charges (the browser shows "Brak naliczeń!"); admin only', async () => {
    const inv = await h.call(E.shipmentInvoices, { token: admin, params: { internalNumber: ours.number } })
    expect(inv).toMatchObject({ status: 200, body: [] })
    const acc = await h.call(E.shipmentAccountedAmounts, { token: admin, params: { internalNumber: ours.number } })
    expect(shaped(AccountedAmountsReply, acc.body)).toEqual({ accounted_amounts: { main: null, after_service: [] } })
    expect((await h.call(E.shipmentInvoices, { token: client, params: { internalNumber: ours.number } })).status).toBe(403)
    expect((await h.call(E.shipmentAccountedAmounts, { token: admin, params: { internalNumber: 'RE999999999' } })).status).toBe(404)
  })

  it('internal info (admin): creation method, flags, services, per-parcel data', async () => {
    const res = await h.call(E.shipmentInternalInfo, { token: admin, params: { internalNumber: ours.number } })
    const info = shaped(InternalInfoReply, res.body).data
    expect(info.shipment).toMatchObject({ creator: 'app_v2', is_return: false, is_emag: false, in_service: null, out_service: 'DPD Romania' })
    expect(info.parcels.map((x) => x.processable)).toEqual([true, true])
    expect(info.problems).toEqual([])
    expect((await h.call(E.shipmentInternalInfo, { token: worker, params: { internalNumber: ours.number } })).status).toBe(403)
  })
})

describe('labels (GET .../labels/dl and /labels/100150)', () => {
  it.each([
    ['100150', E.labels100150, [100, 150]],
    ['dl', E.labelsDl, [297, 210]],
  ] as const)('%s: a PDF named {internalNumber}.pdf, one page per parcel, each barcode decodes to our 28-character label number', async (_, ep, size) => {
    const res = await h.call(ep, { token: client, params: { internalNumber: ours.number } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`${ours.number}.pdf`)
    expect(isPdf(res.bytes)).toBe(true)
    expect(pageCount(res.bytes)).toBe(2)
    expect(pageSizeMm(res.bytes)).toEqual(size)
    const numbers = (await h.db.query<{ internal_number: string }>(`select internal_number from parcels where shipment_id = $1 order by in_shipment_order`, [ours.id])).map((r) => r.internal_number)
    const expected = numbers.map((n, i) => labelBarcode({ internalNumber: n, countryId: 1, courierId: 2, deliveryService: 1, order: i + 1, count: 2, warehouseId: 1 }))
    const decoded = decodeBarcodes(res.bytes)
    expect(decoded).toEqual([...expected].sort())
    expect(decoded.map((b) => b.length)).toEqual([28, 28])
    expect(decoded.map((b) => parseLabelBarcode(b)?.internalNumber).sort()).toEqual([...numbers].sort())
  })

  it('a window opened with a file token needs no bearer header; another client\'s label is 404; a record that is not a shipment is not ready (409)', async () => {
    const { body: tok } = await h.call(E.publicToken, { token: client })
    const res = await h.call(E.labels100150, { params: { internalNumber: ours.number }, query: { _public_token: tok.public_token } })
    expect(res.status).toBe(200)
    expect(isPdf(res.bytes)).toBe(true)
    expect((await h.call(E.labels100150, { params: { internalNumber: ours.number } })).status).toBe(401)
    const foreign = await h.call(E.labelsDl, { token: other, params: { internalNumber: ours.number } })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe(SHIPMENT_MSG.notFound)
    const lone = await h.call(E.labelsDl, { token: admin, params: { internalNumber: 'BUF00000003' } })
    expect(lone.status).toBe(409)
    expect(lone.body.message).toBe(SHIPMENT_MSG.labelNotReady)
  })
})

describe('history and public tracking', () => {
  it('admin history: per parcel, newest first, user, workstation and sector; deletion allowed for operator statuses only; the common tab', async () => {
    const res = await h.call(E.shipmentHistory, { token: admin, params: { internalNumber: 'RE100000010' } })
    const history = shaped(HistoryReply, res.body).history
    expect(history.parcels).toHaveLength(1)
    const rows = history.parcels[0]!.history
    expect(rows.map((r) => r.name)).toEqual(['Wykryto znany problem', 'Przesyłka przyjęta w magazynie', 'Przesyłka zarejestrowana'])
    expect(rows[0]).toMatchObject({ user: 'worker2@example.com', workstation: 'PRZJ_01', problematic_sector: 'Blokada nadawania', deletion_allowed: true, name_ro: 'Problemă cunoscută detectată' })
    expect(history.shipment.map((r) => r.name)).toEqual(rows.map((r) => r.name))
    for (const token of [client, worker]) expect((await h.call(E.shipmentHistory, { token, params: { internalNumber: 'RE100000010' } })).status).toBe(403)
  })

  it('a status given by hand (POST parcel/history) records the admin; a courier\'s status cannot be deleted (409), an operator\'s can', async () => {
    const parcelId = (await one<{ id: number }>(h.db, `select id from parcels where internal_number = $1`, [ours.number])).id
    const add = await h.call(E.parcelHistoryAdd, { token: admin, body: { parcel_id: parcelId, status_type_id: STATUS.dpdOutForDelivery, where: 'Cluj' } })
    expect(add.status).toBe(201)
    const add2 = await h.call(E.parcelHistoryAdd, { token: admin, body: { parcel_id: parcelId, status_type_id: STATUS.sorted } })
    expect(add2.status).toBe(201)
    const rows = shaped(HistoryReply, (await h.call(E.shipmentHistory, { token: admin, params: { internalNumber: ours.number } })).body).history.parcels[0]!.history
    expect(rows.map((r) => [r.name, r.user, r.deletion_allowed])).toEqual([
      ['Przesyłka posortowana', 'admin@example.com', true],
      ['Przesyłka w doręczeniu', 'admin@example.com', false],
      ['Przesyłka zarejestrowana', 'client@example.com', true],
    ])
    const courierRow = await h.call(E.parcelHistoryDelete, { token: admin, body: { id: rows[1]!.id } })
    expect(courierRow.status).toBe(409)
    expect(courierRow.body.message).toBe(SHIPMENT_MSG.statusNotDeletable)
    expect((await h.call(E.parcelHistoryDelete, { token: client, body: { id: rows[0]!.id } })).status).toBe(403)
    const del = await h.call(E.parcelHistoryDelete, { token: admin, body: { id: rows[0]!.id } })
    expect(del).toMatchObject({ status: 200, body: { message: SHIPMENT_MSG.historyStatusDeleted } })
    // The parcel's current status follows its newest remaining row.
    expect((await get(ours.number)).body.shipment.parcels[0].last_status).toBe('Przesyłka w doręczeniu')
    expect((await h.call(E.parcelHistoryDelete, { token: admin, body: { id: rows[0]!.id } })).status).toBe(404)
  })

  it('public tracking needs no login, hides internal statuses and every user, workstation and sector', async () => {
    const res = await h.call(E.publicHistory, { params: { internalNumber: 'RE100000010' } })
    expect(res.status).toBe(200)
    const body = shaped(PublicHistoryReply, res.body)
    expect(body.internal_waybill).toBe('RE100000010')
    expect(body.history.parcels[0]!.history.map((r) => [r.name, r.name_ro])).toEqual([
      ['Przesyłka przyjęta w magazynie', 'Colet recepționat în depozit'],
      ['Przesyłka zarejestrowana', 'Expediere înregistrată'],
    ])
    expect(JSON.stringify(res.body)).not.toMatch(/worker2@example.com|PRZJ_01|Blokada|Wykryto/)
    const missing = await h.call(E.publicHistory, { params: { internalNumber: 'RE999999999' } })
    expect(missing.status).toBe(404)
  })
})

describe('buffer, unprocessable and duplicated parcels', () => {
  it('adopting a buffer parcel gives its whole shipment the client; then it is a shipment; a second adoption is refused', async () => {
    const parcelId = (await one<{ id: number }>(h.db, `select id from parcels where buffer_number = 'BUF00000001'`)).id
    expect((await h.call(E.parcelAdoptBuffer, { token: client, body: { id_parcel: parcelId, id_client: p.demoShop, is_emag_parcel: 1 } })).status).toBe(403)
    const res = await h.call(E.parcelAdoptBuffer, { token: admin, body: { id_parcel: parcelId, id_client: p.demoShop, is_emag_parcel: 1 } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: SHIPMENT_MSG.adoptedBuffer, internal_waybill: 'RE100000011' })
    const view = shaped(ShipmentReply, (await get('BUF00000001')).body)
    expect(view.context).toBe('shipment')
    expect(view.shipment.client?.id).toBe(p.demoShop)
    expect(view.shipment.internal_info.is_emag).toBe(true)
    expect(view.shipment.parcels).toHaveLength(2)
    expect((await h.call(E.parcelAdoptBuffer, { token: admin, body: { id_parcel: parcelId, id_client: p.budapest, is_emag_parcel: 0 } })).status).toBe(409)
  })

  it('an unprocessable parcel is adopted only as unprocessable: processable afterwards, with the client', async () => {
    const parcelId = (await one<{ id: number }>(h.db, `select id from parcels where buffer_number = 'BUF00000003'`)).id
    const asBuffer = await h.call(E.parcelAdoptBuffer, { token: admin, body: { id_parcel: parcelId, id_client: p.demoShop, is_emag_parcel: false } })
    expect(asBuffer.status).toBe(409)
    expect((await h.call(E.parcelAdoptUnprocessable, { token: admin, body: { id_parcel: parcelId, id_client: 99999, is_emag_parcel: false, return: true } })).status).toBe(404)
    const res = await h.call(E.parcelAdoptUnprocessable, { token: admin, body: { id_parcel: parcelId, id_client: p.demoShop, is_emag_parcel: false, return: true } })
    expect(res.body.message).toBe(SHIPMENT_MSG.adoptedUnprocessable)
    const info = (await get('BUF00000003')).body.shipment.internal_info
    expect(info).toMatchObject({ processable: true, error_message: null })
    expect((await h.call(E.parcelAdoptUnprocessable, { token: admin, body: { id_parcel: parcelId, id_client: p.demoShop, is_emag_parcel: false } })).status).toBe(409)
  })

  it('a duplicated parcel: new buffer number (unique), return sticker with its return number as Code128', async () => {
    const [dup] = await h.db.query<{ id: number; internal_number: string }>(
      `insert into parcels (client_id, internal_number, duplicated_number, creator) values ($1, 'RE' || nextval('parcel_internal_number_seq'), 'RE100000001', 'init_scan') returning id, internal_number`,
      [p.demoShop],
    )
    const view = shaped(ShipmentReply, (await get(dup!.internal_number, admin)).body)
    expect(view.context).toBe('parcel')
    expect(view.shipment.parcels[0]!.waybill.external_duplicated).toBe('RE100000001')
    const taken = await h.call(E.setNewBufferNumber, { token: worker, body: { parcel_id: dup!.id, barcode: 'BUF00000002', emag: 0 } })
    expect(taken.status).toBe(422)
    expect(taken.body.errors.barcode).toEqual([SHIPMENT_MSG.bufferNumberTaken])
    const set = await h.call(E.setNewBufferNumber, { token: worker, body: { parcel_id: dup!.id, barcode: 'buf00000777', emag: 1 } })
    expect(set).toMatchObject({ status: 200, body: { message: 'Pomyślnie ustawiono nowy numer przesyłki!' } })
    expect((await get('BUF00000777', admin)).body.shipment.parcels[0].waybill.external_buffer).toBe('BUF00000777')
    const plain = (await one<{ id: number }>(h.db, `select id from parcels where internal_number = $1`, [ours.number])).id
    expect((await h.call(E.setNewBufferNumber, { token: admin, body: { parcel_id: plain, barcode: 'X1', emag: 0 } })).status).toBe(409)

    const { body: tok } = await h.call(E.publicToken, { token: admin })
    const sticker = await h.call(E.returnSticker, { params: { internalNumber: dup!.internal_number }, query: { _public_token: tok.public_token } })
    expect(sticker.status).toBe(200)
    const returnNumber = `RE_${dup!.internal_number.slice(2)}`
    expect(decodeBarcodes(sticker.bytes)).toEqual([returnNumber])
    expect((await one<{ return_number: string }>(h.db, `select return_number from parcels where id = $1`, [dup!.id])).return_number).toBe(returnNumber)
    expect((await h.call(E.returnSticker, { token: admin, params: { internalNumber: ours.number } })).status).toBe(409)
    expect((await h.call(E.returnSticker, { token: worker, params: { internalNumber: dup!.internal_number } })).status).toBe(403)
  })
})

describe('countries and images', () => {
  it('allowed countries: the client\'s own; the by-client-id variant for admins', async () => {
    const mine = await h.call(E.allowedCountries, { token: client })
    expect(mine.body.map((c: { id: number }) => c.id)).toEqual([1, 3, 4])
    await h.db.query(`update clients set allowed_countries = '{3}' where id = $1`, [p.budapest])
    const theirs = await h.call(E.clientAllowedCountries, { token: admin, params: { id: p.budapest } })
    expect(theirs.body).toEqual([{ id: 3, name: 'Węgry', iso_code: 'HU', currency: 'HUF' }])
    expect((await h.call(E.clientAllowedCountries, { token: client, params: { id: p.budapest } })).status).toBe(403)
    expect((await h.call(E.clientAllowedCountries, { token: admin, params: { id: 999999 } })).status).toBe(404)
  })

  it('flags of HU, BG, RO and the danger icon are public SVG images; others 404', async () => {
    for (const iso of ['HU', 'BG', 'RO']) {
      const res = await h.call(E.assetFlag, { params: { isoCode: iso } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(new TextDecoder().decode(res.bytes)).toMatch(/^<svg[\s\S]*<\/svg>$/)
    }
    expect((await h.call(E.assetFlag, { params: { isoCode: 'XX' } })).status).toBe(404)
    const danger = await h.call(E.assetDangerIcon, {})
    expect(danger.status).toBe(200)
    expect(new TextDecoder().decode(danger.bytes)).toContain('<svg')
  })
})
