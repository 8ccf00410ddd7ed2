import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { today } from '../../src/server/domain/calendar.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * Audit entries of invoices (trigger, re-issue, correction), price bands, calendar days and courier
 * prices, each changed through the API and read back through the admin's log endpoint.
 */
let t: TestApp
const admin = () => t.tokens.admin
const ADDRESS = '10.78.0.2'

const logOf = async (entity: string, id: number | string) =>
  (await t.call(E.auditData, { token: admin(), body: { start: 0, length: 50, entity, entity_id: String(id) } })).body.data as Array<{
    action: string; address: string; user_id: number; changes: Record<string, [unknown, unknown]>
  }>

beforeAll(async () => {
  t = await startApp()
})
afterAll(() => t?.close())

describe('invoices', () => {
  it('a trigger records each invoice it made', async () => {
    const res = await t.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: today() }, address: ADDRESS })
    expect(res.status).toBe(200)
    expect(res.body.created.length).toBeGreaterThan(0)
    for (const id of res.body.created as number[]) {
      const [e] = await logOf('invoice', id)
      expect(e).toMatchObject({ action: 'trigger', address: ADDRESS, user_id: t.ids.admin })
      expect(e!.changes.trigger_date).toEqual([null, today()])
    }
  })

  it('re-issuing a stopped invoice records the status; re-issuing a sent one records the correction', async () => {
    const [client] = await t.db.query<{ id: number }>(`select id from clients order by id limit 1`)
    const [stopped] = await t.db.query<{ id: number }>(
      `insert into invoices (client_id, period_from, period_to, status) values ($1, '2001-01-01', '2001-01-31', 'missing_client_id') returning id`, [client!.id])
    expect((await t.call(E.invoiceReissue, { token: admin(), body: { id: stopped!.id } })).status).toBe(200)
    expect((await logOf('invoice', stopped!.id))[0]).toMatchObject({ action: 'reissue', changes: { status: ['missing_client_id', 'pending'] } })

    const [sent] = await t.db.query<{ id: number }>(
      `insert into invoices (client_id, period_from, period_to, status, invoice_number) values ($1, '2001-02-01', '2001-02-28', 'send', 'FV/AUDYT/2001') returning id`, [client!.id])
    expect((await t.call(E.invoiceReissue, { token: admin(), body: { id: sent!.id } })).status).toBe(200)
    const [corr] = await t.db.query<{ id: number }>(`select id from invoices where corrects_id = $1`, [sent!.id])
    expect((await logOf('invoice', sent!.id))[0]).toMatchObject({ action: 'correct', changes: { correction_id: [null, corr!.id] } })
  })
})

describe('price bands, calendar days, courier prices', () => {
  it('price band create, update, delete', async () => {
    const [client] = await t.db.query<{ id: number }>(`select id from clients order by id limit 1`)
    const body = { id_client: client!.id, net_price: 12.5, vat_percentage: 23, min_weight_value: 0, max_weight_value: 5 }
    const created = await t.call(E.priceBandCreate, { token: admin(), body })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await t.call(E.priceBandUpdate, { token: admin(), body: { ...body, id, net_price: 14 } })).status).toBe(200)
    expect((await t.call(E.priceBandDelete, { token: admin(), body: { id } })).status).toBe(200)
    const log = await logOf('price_band', id)
    expect(log.map((e) => e.action)).toEqual(['delete', 'update', 'create'])
    expect(Object.keys(log[1]!.changes)).toEqual(['net_price'])
    expect(Number(log[1]!.changes.net_price![0])).toBe(12.5)
    expect(Number(log[1]!.changes.net_price![1])).toBe(14)
    expect(log[0]!.changes.id_client).toEqual([client!.id, null])
  })

  it('calendar day added and removed', async () => {
    const added = await t.call(E.calendarDayAdd, { token: admin(), body: { date: '2027-07-14', name: 'Inwentaryzacja audytu', country: 'RO' } })
    expect(added.status).toBe(201)
    const id = added.body.day.id as number
    expect((await t.call(E.calendarDayDelete, { token: admin(), body: { id } })).status).toBe(200)
    const log = await logOf('calendar_day', id)
    expect(log.map((e) => e.action)).toEqual(['delete', 'create'])
    expect(log[1]!.changes).toMatchObject({ date: [null, '2027-07-14'], name: [null, 'Inwentaryzacja audytu'], country: [null, 'RO'] })
    expect(log[0]!.changes.name).toEqual(['Inwentaryzacja audytu', null])
  })

  it('courier price update: old → new per field', async () => {
    const p = (await t.call(E.courierPrices, { token: admin(), params: { id: 2 } })).body[0]
    const res = await t.call(E.courierPriceUpdate, {
      token: admin(), body: { id: p.id, net_price: 13.4, vat_percentage: Number(p.vat_percentage), max_insurance_value: Number(p.max_insurance_value), min_weight_value: Number(p.min_weight_value), max_weight_value: Number(p.max_weight_value) },
    })
    expect(res.status).toBe(200)
    const [e] = await logOf('courier_price', p.id)
    expect(e!.changes.net_price).toEqual([p.net_price, '13.40'])
  })
})

describe('exports', () => {
  it('used_for_invoice set and cleared: old → new', async () => {
    const [row] = await t.db.query<{ id: number }>(
      `insert into exports (uuid, type, user_id, status, period_start, period_end) values (gen_random_uuid()::text, 'billing', $1, 'accounting', current_date, current_date) returning id`,
      [t.ids.admin],
    )
    const id = row!.id
    expect((await t.call(E.exportUsedForInvoice, { token: admin(), body: { id, used_for_invoice: true } })).status).toBe(200)
    expect((await t.call(E.exportUsedForInvoice, { token: admin(), body: { id, used_for_invoice: false } })).status).toBe(200)
    const log = await logOf('export', id)
    expect(log.map((e) => e.changes)).toEqual([{ used_for_invoice: [true, false] }, { used_for_invoice: [false, true] }])
  })
})

describe('status types', () => {
  it('create, update, delete: old → new per field', async () => {
    const body = { name: 'Audyt status', displayed_name: 'Status audytu', displayed_name_ro: 'Stare audit', internal: 1 }
    const created = await t.call(E.statusTypeCreate, { token: admin(), body })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await t.call(E.statusTypeUpdate, { token: admin(), body: { ...body, id, displayed_name: 'Status audytu 2' } })).status).toBe(200)
    expect((await t.call(E.statusTypeDelete, { token: admin(), body: { id } })).status).toBe(200)
    const [del, upd, add] = await logOf('status_type', id)
    expect(add).toMatchObject({ action: 'create', changes: { name: [null, 'Audyt status'], internal: [null, 1] } })
    expect(upd!.changes).toEqual({ displayed_name: ['Status audytu', 'Status audytu 2'] })
    expect(del).toMatchObject({ action: 'delete', changes: { name: ['Audyt status', null] } })
  })
})

describe('workstations', () => {
  it('create, edit, delete: code, type and warehouse old → new', async () => {
    const created = await t.call(E.workstationStore, { token: admin(), body: { warehouse_id: 1, workstation_type_id: 1, code: 'PRZJ_77' } })
    expect(created.status).toBe(201)
    const id = created.body.workstation.id as number
    expect((await t.call(E.workstationUpdate, { token: admin(), body: { id, warehouse_id: 1, workstation_type_id: 2, code: 'ZWRT_77' } })).status).toBe(200)
    expect((await t.call(E.workstationDelete, { token: admin(), body: { workstation_id: id } })).status).toBe(200)
    const [del, upd, add] = await logOf('workstation', id)
    expect(add).toMatchObject({ action: 'create', changes: { code: [null, 'PRZJ_77'], workstation_type_id: [null, 1], warehouse_id: [null, 1] } })
    expect(upd!.changes).toEqual({ code: ['PRZJ_77', 'ZWRT_77'], workstation_type_id: [1, 2] })
    expect(del!.action).toBe('delete')
    expect(del!.changes.deleted_at![0]).toBeNull()
  })
})

describe('problem sectors', () => {
  it('create and delete', async () => {
    const created = await t.call(E.problematicSectorCreate, { token: admin(), body: { warehouse_id: 1, code: '77', name: 'Sektor audytu', internal: 0, status_type_id: 59 } })
    expect(created.status).toBe(201)
    const id = created.body.sector.id as number
    expect((await t.call(E.problematicSectorDelete, { token: admin(), body: { id } })).status).toBe(200)
    const [del, add] = await logOf('problem_sector', id)
    expect(add).toMatchObject({ action: 'create', changes: { code: [null, '77'], name: [null, 'Sektor audytu'], status_type_id: [null, 59] } })
    expect(del!.action).toBe('delete')
    expect(Object.keys(del!.changes)).toEqual(['deleted_at'])
  })
})
