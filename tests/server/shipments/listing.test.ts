import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../src/contract/messages/shipments.ts'
import { ParcelListReply } from '../../../src/contract/schemas/listing.ts'
import { decode } from '../../../src/contract/validation.ts'
import { warsawDateTime, warsawDay, warsawMidnight } from '../../../src/server/domain/dates.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type Places, places, shipmentBody } from './fixtures.ts'
import { type Harness, clientUser, one, startHarness } from './support.ts'

/**
 * Parcel listing (POST app/v1/parcel/list), group status change (PUT parcel/status/group) and
 * report ordering (POST app/v1/export ...): every criterion by role, checked against counts the
 * test computes with its own SQL over the seeded data.
 */
let h: Harness
let p: Places
let client: string
let admin: string
let worker: string

const FROM = '2000-01-01'
const list = async (criteria: Record<string, unknown>, token = admin, start = 0, length = 5000) => {
  const res = await h.call(E.parcelList, { token, body: { draw: 3, start, length, criteria } })
  expect(res.status).toBe(200)
  const d = decode(ParcelListReply, res.body)
  if (!d.ok) throw new Error(`reply does not match the contract: ${JSON.stringify(d.errors)}`)
  return res.body as { draw: number; data: any[]; recordsTotal: number; recordsFiltered: number }
}
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(h.db, `select count(*)::int as n from ${sql}`, params)).n

beforeAll(async () => {
  h = await startHarness()
  p = await places(h.db)
  client = await h.login('client@example.com')
  admin = await h.login('admin@example.com')
  worker = await h.login('worker@example.com')
})
afterAll(() => h?.close())

describe('listing criteria by role', () => {
  it('no dates: no date limit (not "today"); one date limits its side only; newest first, paged; draw echoed', async () => {
    const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 1, { parcels: 3 }) })
    expect(made.status).toBe(201)
    const active = await count(`parcels where deleted_at is null`)
    // The demo data spans the last 60 days: a list limited to today showed 1 of its 360 parcels.
    expect(active).toBeGreaterThan(300)
    for (const criteria of [{ type: 'parcels' }, { type: 'parcels', start: null, end: null }, { type: 'parcels', start: '', end: '' }]) {
      const all = await list(criteria)
      expect(all.draw).toBe(3)
      expect(all.recordsFiltered).toBe(active)
      expect(all.data.length).toBe(active)
    }
    const today = await count(`parcels where deleted_at is null and created_at >= $1`, [warsawMidnight(warsawDay())])
    const fromToday = await list({ type: 'parcels', start: warsawDay(), end: null })
    expect(fromToday.recordsFiltered).toBe(today)
    for (const r of fromToday.data) expect(warsawDay(Date.parse(r.created_at))).toBe(warsawDay())
    const untilYesterday = await list({ type: 'parcels', start: null, end: warsawDay(Date.now() - 86_400_000) })
    expect(untilYesterday.recordsFiltered).toBe(active - today)
    const page = await list({ type: 'parcels', start: FROM }, admin, 2, 4)
    const whole = await list({ type: 'parcels', start: FROM })
    expect(page.data.map((r) => r.id)).toEqual(whole.data.slice(2, 6).map((r) => r.id))
    const keys = whole.data.map((r) => [Date.parse(r.created_at), r.id])
    const sorted = [...keys].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!)
    expect(keys).toEqual(sorted)
    expect(whole.recordsFiltered).toBe(await count(`parcels where deleted_at is null`))
  })

  it('clients see only their own rows; their client criteria are ignored', async () => {
    const own = await count(`parcels where deleted_at is null and client_id = $1`, [p.demoShop])
    for (const extra of [{}, { client_id: p.budapest }, { client_ids: [p.budapest], client_list_filter_mode: 'include' }]) {
      const res = await list({ type: 'parcels', start: FROM, ...extra }, client)
      expect(res.recordsFiltered).toBe(own)
      expect(new Set(res.data.map((r) => r.client_name))).toEqual(new Set(['Demo Shop SRL']))
    }
    const ships = await list({ type: 'shipments', start: FROM }, client)
    expect(ships.recordsFiltered).toBe(await count(`shipments where deleted_at is null and client_id = $1`, [p.demoShop]))
    expect(ships.recordsTotal).toBe(await count(`shipments where client_id = $1`, [p.demoShop]))
  })

  it('staff: client, include and exclude lists', async () => {
    expect((await list({ type: 'parcels', start: FROM, client_id: p.budapest }, worker)).recordsFiltered).toBe(
      await count(`parcels where deleted_at is null and client_id = $1`, [p.budapest]),
    )
    expect((await list({ type: 'shipments', start: FROM, client_ids: [p.demoShop, p.budapest], client_list_filter_mode: 'include' })).recordsFiltered).toBe(
      await count(`shipments where deleted_at is null and client_id in ($1, $2)`, [p.demoShop, p.budapest]),
    )
    expect((await list({ type: 'shipments', start: FROM, client_ids: [p.demoShop], client_list_filter_mode: 'exclude' })).recordsFiltered).toBe(
      await count(`shipments where deleted_at is null and (client_id is null or client_id <> $1)`, [p.demoShop]),
    )
  })

  it.each([
    ['country HU', { country: 3 }, `parcels p join shipments s on s.id = p.shipment_id where p.deleted_at is null and s.country_id = 3`],
    ['locker', { locker: 1 }, `parcels p join shipments s on s.id = p.shipment_id where p.deleted_at is null and s.delivery_service in (3, 4)`],
    ['home', { locker: 0 }, `parcels p join shipments s on s.id = p.shipment_id where p.deleted_at is null and s.delivery_service in (1, 2)`],
    ['cod', { cod: 1 }, `parcels p join shipments s on s.id = p.shipment_id where p.deleted_at is null and s.cash_on_delivery_value > 0`],
    ['courier Sameday', { courier_id: 3 }, `parcels p join shipments s on s.id = p.shipment_id where p.deleted_at is null and 3 in (s.first_mile_courier_id, s.last_mile_courier_id)`],
    ['status group delivered', { status_group_id: 4 }, `parcels p join status_types st on st.id = p.last_status_type_id where p.deleted_at is null and st.status_type_group_id = 4`],
    ['last status sorted', { last_status_id: STATUS.sorted }, `parcels p where p.deleted_at is null and p.last_status_type_id = ${STATUS.sorted}`],
    ['problematic sector 14', { problematic_sector_id: 'SECTOR' }, `parcels p where p.deleted_at is null and p.problematic_sector_id = (select id from problematic_sectors where code = '14')`],
    ['not processable', { processable: 0 }, `parcels p where p.deleted_at is null and not p.processable`],
    ['deleted', { deleted: 1 }, `parcels p where p.deleted_at is not null`],
  ])('parcels by %s match the database', async (_, criteria, sql) => {
    const c: Record<string, unknown> = { ...criteria }
    if (c.problematic_sector_id === 'SECTOR') c.problematic_sector_id = (await one<{ id: number }>(h.db, `select id from problematic_sectors where code = '14'`)).id
    const expected = await count(sql)
    expect(expected).toBeGreaterThan(0)
    const res = await list({ type: 'parcels', start: FROM, ...c }, worker)
    expect(res.recordsFiltered).toBe(expected)
    expect(res.data).toHaveLength(expected)
  })

  it('shipments: rows of waybills; parcel criteria match a shipment through any of its parcels; type tells returns', async () => {
    const res = await list({ type: 'shipments', start: FROM, status_group_id: 5 })
    expect(res.recordsFiltered).toBe(
      await count(`shipments s where s.deleted_at is null and exists (select 1 from parcels p join status_types st on st.id = p.last_status_type_id where p.shipment_id = s.id and st.status_type_group_id = 5)`),
    )
    expect(res.data.length).toBeGreaterThan(0)
    for (const r of res.data) expect(['return', 'emag_return']).toContain(r.type)
    const one7 = await list({ type: 'shipments', internal_number: 'RE100000008' })
    expect(one7.data.map((r) => r.internal_waybill)).toEqual(['RE100000007'])
  })

  it('a number search ignores the date range; return number and processable are staff criteria; problem rule is admin only', async () => {
    const byNumber = await list({ type: 'parcels', internal_number: 're100000001' }, client)
    expect(byNumber.data.map((r) => r.internal_number)).toEqual(['RE100000001'])
    expect((await list({ type: 'parcels', out_number: '80012345678902' }, client)).data.map((r) => r.internal_number)).toEqual(['RE100000002'])
    expect((await list({ type: 'parcels', return_number: 'RE-100000011' })).data.map((r) => r.internal_number)).toEqual(['RE100000011'])
    // For a client the return number is no criterion: without dates, all their parcels.
    const ignored = await list({ type: 'parcels', return_number: 'RE_100000011' }, client)
    expect(ignored.recordsFiltered).toBe(await count(`parcels where deleted_at is null and client_id = $1`, [p.demoShop]))
    const clientProcessable = await list({ type: 'parcels', start: FROM, processable: 0 }, client)
    expect(clientProcessable.recordsFiltered).toBe(await count(`parcels where deleted_at is null and client_id = $1`, [p.demoShop]))

    await h.db.query(`delete from courier_routes where country_iso = 'BG' and delivery_service = 1`)
    const failed = await h.call(E.shipmentCreate, { token: admin, body: { ...shipmentBody(p, 3, { country: 4, clientId: p.budapest }) } })
    await h.db.query(`delete from courier_routes where country_iso = 'BG' and delivery_service = 3`)
    const failed2 = await h.call(E.shipmentCreate, { token: admin, body: { ...shipmentBody(p, 3, { country: 4, clientId: p.budapest }) } })
    expect([failed.status, failed2.status]).toEqual([201, 201])
    const rule = { type: 'shipments', start: FROM, problem_rule_code: 'SHIPMENT_REGISTRATION_FAILED' }
    expect((await list(rule)).data.map((r) => r.internal_waybill)).toEqual([failed2.body.internal_waybill])
    expect((await list(rule, worker)).recordsFiltered).toBe(await count(`shipments where deleted_at is null`))
    expect((await h.call(E.problemRules, { token: admin })).body.map((r: { code: string }) => r.code)).toContain('SHIPMENT_REGISTRATION_FAILED')
    expect((await h.call(E.problemRules, { token: worker })).status).toBe(403)
  })

  it('a shipment\'s change reaches its parcels\' filter columns (cash on delivery, courier after registration)', async () => {
    await h.db.query(`delete from courier_routes where country_iso = 'HU' and delivery_service = 3`)
    const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 3, { country: 3 }) })
    expect(made.status).toBe(201)
    const number = made.body.internal_waybill
    const cod = async () => (await list({ type: 'parcels', internal_number: number, cod: 1 })).data.length
    const gls = async () => (await list({ type: 'parcels', internal_number: number, courier_id: 4 })).data.length
    expect([await cod(), await gls()]).toEqual([0, 0])
    const body = shipmentBody(p, 3, { country: 3, cod: 250 })
    expect((await h.call(E.shipmentUpdate, { token: client, body: { ...body, id: made.body.id } })).status).toBe(200)
    expect(await cod()).toBe(1)
    await h.db.query(`insert into courier_routes (country_iso, delivery_service, courier_code) values ('HU', 3, 'gls_hungary')`)
    expect((await h.call(E.shipmentRegister, { token: admin, body: { id: made.body.id } })).status).toBe(200)
    expect(await gls()).toBe(1)
  })

  it('status lists: groups for everyone; statuses without the internal ones for clients', async () => {
    const groups = await h.call(E.statusTypeGroups, { token: client })
    expect(groups.body.map((g: { identifier: string }) => g.identifier)).toContain('delivered')
    const forClient = await h.call(E.statusTypeList, { token: client })
    const forAdmin = await h.call(E.statusTypeList, { token: admin })
    expect(forClient.body.every((s: { internal: number }) => s.internal === 0)).toBe(true)
    expect(forAdmin.body.length).toBeGreaterThan(forClient.body.length)
  })
})

describe('group status change (PUT parcel/status/group)', () => {
  it('420 with the numbers that already had the status; the rest updated in one go with user, where and when', async () => {
    const made = await h.call(E.shipmentCreate, { token: client, body: shipmentBody(p, 1, { parcels: 3 }) })
    const parcels = await h.db.query<{ id: number; internal_number: string }>(`select id, internal_number from parcels where shipment_id = $1 order by in_shipment_order`, [made.body.id])
    const ids = parcels.map((x) => x.id)
    // Minutes after the registration row (created now): "yyyy-mm-dd hh:mm:ss" in Warsaw.
    const soon = (minutes: number) => `${warsawDateTime(Date.now() + minutes * 60_000)}:00`
    const first = await h.call(E.groupStatus, { token: admin, body: { ids: [ids[0]], id_status_type: STATUS.sorted, when: soon(1), where: 'TYCHY' } })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ message: SHIPMENT_MSG.statusAdded, updated: 1, skipped: [] })
    const res = await h.call(E.groupStatus, { token: admin, body: { ids, id_status_type: STATUS.sorted, when: soon(2), where: 'KATOWICE' } })
    expect(res.status).toBe(420)
    expect(res.body).toMatchObject({ updated: 2, skipped: [parcels[0]!.internal_number] })
    expect(res.body.message).toContain(parcels[0]!.internal_number)
    const rows = await h.db.query<{ parcel_id: number; email: string; where_name: string; occurred_at: Date }>(
      `select h.parcel_id, u.email, h.where_name, h.occurred_at from parcel_status_history h join users u on u.id = h.user_id
        where h.parcel_id = any($1::int[]) and h.status_type_id = $2 order by h.parcel_id`,
      [ids, STATUS.sorted],
    )
    expect(rows.map((r) => [r.parcel_id, r.email, r.where_name])).toEqual([
      [ids[0], 'admin@example.com', 'TYCHY'],
      [ids[1], 'admin@example.com', 'KATOWICE'],
      [ids[2], 'admin@example.com', 'KATOWICE'],
    ])
    expect(warsawDateTime(rows[1]!.occurred_at)).toBe(soon(2).slice(0, 16))
    const filtered = await list({ type: 'parcels', internal_number: parcels[2]!.internal_number })
    expect(filtered.data[0].status_name).toBe('Przesyłka posortowana')
  })

  it('admin only; unknown parcels or status refused (422) with nothing written', async () => {
    const id = (await one<{ id: number }>(h.db, `select id from parcels where internal_number = 'RE100000001'`)).id
    expect((await h.call(E.groupStatus, { token: worker, body: { ids: [id], id_status_type: STATUS.sorted, when: '2026-01-15 10:00:00', where: 'TYCHY' } })).status).toBe(403)
    const before = await count(`parcel_status_history where parcel_id = $1`, [id])
    const unknown = await h.call(E.groupStatus, { token: admin, body: { ids: [id, 99999999], id_status_type: STATUS.sorted, when: '2026-01-15 10:00:00', where: 'TYCHY' } })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.ids).toEqual([SHIPMENT_MSG.groupUnknownParcels])
    expect((await h.call(E.groupStatus, { token: admin, body: { ids: [id], id_status_type: 424242, when: '2026-01-15 10:00:00', where: 'TYCHY' } })).status).toBe(422)
    const badWhen = await h.call(E.groupStatus, { token: admin, body: { ids: [id], id_status_type: STATUS.sorted, when: 'wczoraj', where: 'TYCHY' } })
    expect(badWhen.status).toBe(422)
    expect(Object.keys(badWhen.body.errors)).toEqual(['when'])
    expect(await count(`parcel_status_history where parcel_id = $1`, [id])).toBe(before)
  })
})

describe('report ordering (POST app/v1/export)', () => {
  it.each([
    ['not-processable parcels', { type: 'parcels', processable: 0 }],
    ['processable with the shipments list', { type: 'shipments', processable: 1 }],
  ])('406 for %s', async (_, criteria) => {
    for (const token of [admin, client]) {
      const res = await h.call(E.exportOrder, { token, body: { type: 'list', criteria } })
      expect(res.status).toBe(406)
      expect(res.body.message).toBe(SHIPMENT_MSG.exportProcessable)
    }
  })

  it('a client\'s list report: a real XLSX of exactly its filtered rows, found by uuid and downloaded with a file token; others cannot read it', async () => {
    const criteria = { type: 'parcels', start: FROM, cod: 1 }
    const listed = await list(criteria, client)
    const res = await h.call(E.exportOrder, { token: client, body: { type: 'list', criteria } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'generated', rows: listed.recordsFiltered, type: 'list' })
    const found = await h.call(E.exportFind, { token: client, params: { uuid: res.body.uuid } })
    expect(found.body).toMatchObject({ uuid: res.body.uuid, status: 'generated' })
    const { body: tok } = await h.call(E.publicToken, { token: client })
    const file = await h.call(E.exportDownload, { params: { identifier: res.body.identifier }, query: { _public_token: tok.public_token } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(Buffer.from(file.bytes.subarray(0, 2)).toString()).toBe('PK')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect(sheet.getRow(1).getCell(1).value).toBe('Numer wewnętrzny')
    expect(sheet.rowCount).toBe(listed.recordsFiltered + 1)
    const numbers = new Set<string>()
    sheet.eachRow((row, n) => n > 1 && numbers.add(String(row.getCell(1).value)))
    expect(numbers).toEqual(new Set(listed.data.map((r) => r.internal_number)))
    const other = await clientUser(h, 'Sofia EOOD', 'sofia@example.com')
    expect((await h.call(E.exportFind, { token: other, params: { uuid: res.body.uuid } })).status).toBe(404)
    expect((await h.call(E.exportFind, { token: admin, params: { uuid: res.body.uuid } })).status).toBe(200)
    expect((await h.call(E.exportOrder, { token: worker, body: { type: 'list', criteria } })).status).toBe(403)
  })

  it('custom report: one row per parcel of the period with its details', async () => {
    const res = await h.call(E.exportOrder, { token: admin, body: { type: 'custom', criteria: { type: 'shipments' }, start: FROM, end: warsawDay() } })
    expect(res.status).toBe(201)
    expect(res.body.rows).toBe(await count(`parcels where deleted_at is null`))
    const file = await h.call(E.exportDownload, { token: admin, params: { identifier: res.body.uuid } })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer)
    const headers = (book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean)
    expect(headers).toEqual(expect.arrayContaining(['Usługa', 'Waga zmierzona (kg)', 'Przyjęcie na magazyn']))
  })
})
