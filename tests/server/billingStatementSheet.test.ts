/**
 * The statement XLSX as a billing sheet, read back with exceljs: typed cells (dates, counts,
 * weights, money) with Polish-style formats, a totals row per currency that sums parcels (not
 * shipments) with SUMIF formulas whose stored results add up, Polish words in "Szczegóły", a Polish
 * file name, and the price lists the statement charged with (on the export and on a second sheet).
 */
import ExcelJS from 'exceljs'
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { STATEMENT_XLSX, XLSX_FORMAT } from '../../src/contract/constants/billing.ts'
import { SURCHARGES } from '../../src/contract/constants/prices.ts'
import { STATEMENT_MSG } from '../../src/contract/messages/billing.ts'
import { STATEMENT_PRICE_LISTS_SHEET, STATEMENT_SHEET } from '../../src/server/domain/billing/statement.ts'
import { statementPeriodEnd } from '../seedPeriods.ts'
import { type TestApp, startApp } from './support.ts'

let h: TestApp
/** An English charge key written as a label ("base:", "multi_pack:"). */
const SURCHARGES_EN_KEYS = new RegExp(`(^|; )(base|${SURCHARGES.join('|')}):`)
beforeAll(async () => {
  h = await startApp()
}, 60_000)
afterAll(() => h?.close())

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const START = dayOffset(-70)
const END = statementPeriodEnd()
const clientId = async (name: string) => (await h.db.query<{ id: number }>(`select id from clients where name = $1`, [name]))[0]!.id

async function settled(uuid: string) {
  for (const until = Date.now() + 60_000; ; ) {
    const r = await h.call(E.exportFind, { token: h.tokens.admin, params: { uuid } })
    if (!['order_accepted', 'accounting'].includes(r.body.status)) return r.body
    if (Date.now() > until) throw new Error(`statement ${uuid} still ${r.body.status}`)
    await new Promise((res) => setTimeout(res, 200))
  }
}

async function statement(body: Record<string, unknown>) {
  const res = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing', start: START, end: END, ...body } })
  expect(res.status).toBe(201)
  const s = await settled(res.body.uuid)
  const file = await h.app.request(`/api/app/v1/export/download/${s.identifier}`, { headers: { authorization: `Bearer ${h.tokens.admin}` } })
  expect(file.status).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await file.arrayBuffer())
  return { s, book, disposition: file.headers.get('content-disposition') ?? '' }
}

describe('the statement XLSX is a billing sheet', () => {
  let demo: Awaited<ReturnType<typeof statement>>
  beforeAll(async () => {
    demo = await statement({ client_id: await clientId('Demo Shop SRL'), re_account: true })
  }, 90_000)

  const header = () => {
    const sheet = demo.book.getWorksheet(STATEMENT_SHEET)!
    const names = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
    const col = (key: keyof typeof STATEMENT_MSG.columns) => names.indexOf(STATEMENT_MSG.columns[key]) + 1
    const body: ExcelJS.Row[] = []
    const totals: ExcelJS.Row[] = []
    sheet.eachRow({ includeEmpty: false }, (r, i) => {
      if (i === 1) return
      const first = String(r.getCell(1).value ?? '')
      ;(first.startsWith(`${STATEMENT_MSG.totalPrefix} `) ? totals : body).push(r)
    })
    return { sheet, col, body, totals }
  }

  it('a Polish file name: zestawienie_<klient>_<od>_<do>.xlsx', () => {
    expect(demo.s.file_name).toBe(`zestawienie_Demo_Shop_SRL_${START}_${END}.xlsx`)
  })

  it('dates, parcel counts, weights and amounts are typed cells with Polish-style formats', () => {
    const { col, body } = header()
    expect(body.length).toBeGreaterThan(0)
    let charged = 0
    for (const r of body) {
      const day = r.getCell(col('day'))
      expect(day.type, `date of ${r.getCell(1).value}`).toBe(ExcelJS.ValueType.Date)
      expect(day.numFmt).toBe(STATEMENT_XLSX.date)
      const parcels = r.getCell(col('parcels'))
      expect(parcels.type).toBe(ExcelJS.ValueType.Number)
      const amount = r.getCell(col('amount'))
      if (amount.value == null) continue
      charged++
      const currency = String(r.getCell(col('currency')).value)
      expect(amount.type).toBe(ExcelJS.ValueType.Number)
      expect(amount.numFmt).toBe(STATEMENT_XLSX.money(currency))
      expect(r.getCell(col('base')).type).toBe(ExcelJS.ValueType.Number)
      const weight = r.getCell(col('weight'))
      expect(weight.type).toBe(ExcelJS.ValueType.Number)
      expect(weight.numFmt).toBe(STATEMENT_XLSX.weight)
      // base + surcharges = amount, to the grosz
      expect(new Decimal(r.getCell(col('base')).value as number).plus((r.getCell(col('surcharges')).value as number) ?? 0).toFixed(2)).toBe(
        new Decimal(amount.value as number).toFixed(2),
      )
    }
    expect(charged).toBeGreaterThan(0)
  })

  it('"Szczegóły" in Polish words, no English keys', () => {
    const { col, body } = header()
    const details = body.map((r) => String(r.getCell(col('details')).value ?? '')).filter(Boolean)
    expect(details.length).toBeGreaterThan(0)
    for (const d of details) {
      expect(d).not.toMatch(SURCHARGES_EN_KEYS)
      expect(d).toMatch(/^Kwota bazowa: \d[\d\u00a0 ]*,\d\d [A-Z]{3}/)
      // numbers with a decimal comma, as everywhere (the weight in the note: "8,240 kg")
      expect(d).not.toMatch(/\d\.\d/)
    }
  })

  it('the totals row per currency: parcels (not shipments) and amounts summed by SUMIF, results stored', () => {
    const { col, body, totals } = header()
    expect(totals.length).toBeGreaterThan(0)
    for (const t of totals) {
      const currency = String(t.getCell(col('currency')).value)
      const rows = body.filter((r) => r.getCell(col('currency')).value === currency)
      expect(String(t.getCell(1).value)).toBe(STATEMENT_MSG.total(currency, rows.length))
      const sum = (key: keyof typeof STATEMENT_MSG.columns) => rows.reduce((a, r) => a.plus((r.getCell(col(key)).value as number) ?? 0), new Decimal(0))
      for (const key of ['parcels', 'weight', 'base', 'surcharges', 'amount'] as const) {
        const cell = t.getCell(col(key))
        expect(cell.type, key).toBe(ExcelJS.ValueType.Formula)
        expect(cell.formula, key).toMatch(/^SUMIF\(/)
        expect(new Decimal(cell.result as number).toFixed(3), key).toBe(sum(key).toFixed(3))
      }
      expect(t.getCell(col('amount')).numFmt).toBe(STATEMENT_XLSX.money(currency))
    }
    // Demo Shop has multi-packs: the parcel total is not the shipment count
    const parcels = totals.reduce((a, t) => a + (t.getCell(col('parcels')).result as number), 0)
    const shipments = body.filter((r) => r.getCell(col('currency')).value).length
    expect(parcels).toBeGreaterThan(shipments)
  })

  it('the statement names the price lists it used: on the export and on the second sheet', async () => {
    const { col, body } = header()
    const lists = demo.s.price_lists as { id: number; name: string; begin_date: string; shipments: number; client_name: string | null }[]
    expect(lists.length).toBeGreaterThan(0)
    const named = new Set(body.flatMap((r) => String(r.getCell(col('list')).value ?? '').split(', ')).filter(Boolean))
    expect(new Set(lists.map((l) => l.name))).toEqual(named)
    expect(demo.s.re_account).toBe(true)
    const sheet = demo.book.getWorksheet(STATEMENT_PRICE_LISTS_SHEET)!
    expect(sheet).toBeDefined()
    expect(String(sheet.getRow(1).getCell(1).value)).toBe(STATEMENT_MSG.reAccountOn)
    const rows: ExcelJS.Row[] = []
    sheet.eachRow((r, i) => {
      if (i > 3) rows.push(r)
    })
    expect(rows.map((r) => String(r.getCell(1).value))).toEqual(lists.map((l) => l.name))
    for (const r of rows) {
      expect(r.getCell(4).type).toBe(ExcelJS.ValueType.Date)
      expect(r.getCell(5).type).toBe(ExcelJS.ValueType.Number)
    }
    // a client sees the lists of its own statement too, once the statement is used for an invoice
    expect((await h.call(E.exportFind, { token: h.tokens.client, params: { uuid: demo.s.uuid } })).status).toBe(404)
    expect((await h.call(E.exportUsedForInvoice, { token: h.tokens.admin, body: { id: demo.s.id, used_for_invoice: true } })).status).toBe(200)
    const mine = await h.call(E.exportFind, { token: h.tokens.client, params: { uuid: demo.s.uuid } })
    expect(mine.body.price_lists).toEqual(demo.s.price_lists)
  })

  it('without re_account the sheet says how many shipments kept their earlier charges', async () => {
    const again = await statement({ client_id: await clientId('Demo Shop SRL'), re_account: false })
    expect(again.s.re_account).toBe(false)
    expect(again.s.kept_count).toBeGreaterThan(0)
    expect(String(again.book.getWorksheet(STATEMENT_PRICE_LISTS_SHEET)!.getRow(1).getCell(1).value)).toBe(STATEMENT_MSG.reAccountOff(again.s.kept_count))
  }, 90_000)
})

describe('reports of the listing', () => {
  it('are named in Polish: lista_paczek_, lista_przesylek_, raport_szczegolowy_ and the day', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date())
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'list', criteria: { type: 'parcels', start: START, end: END } }, `lista_paczek_${day}.xlsx`],
      [{ type: 'list', criteria: { type: 'shipments', start: START, end: END } }, `lista_przesylek_${day}.xlsx`],
      [{ type: 'custom', start: START, end: END, criteria: { type: 'parcels' } }, `raport_szczegolowy_${day}.xlsx`],
    ]
    for (const [body, name] of cases) {
      const res = await h.call(E.exportOrder, { token: h.tokens.admin, body })
      expect(res.status, JSON.stringify(body)).toBe(201)
      expect(res.body.file_name).toBe(name)
    }
  })

  it('dates are date cells (Warsaw wall clock, dd.mm.yyyy hh:mm), amounts numbers', async () => {
    const res = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'list', criteria: { type: 'shipments', start: START, end: END } } })
    const file = await h.app.request(`/api/app/v1/export/download/${res.body.identifier}`, { headers: { authorization: `Bearer ${h.tokens.admin}` } })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await file.arrayBuffer())
    const sheet = book.worksheets[0]!
    const names = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
    const created = names.indexOf('Data utworzenia') + 1
    const cod = names.indexOf('Pobranie') + 1
    expect(sheet.rowCount).toBeGreaterThan(1)
    let cods = 0
    sheet.eachRow((r, i) => {
      if (i === 1) return
      expect(r.getCell(created).type).toBe(ExcelJS.ValueType.Date)
      expect(r.getCell(created).numFmt).toBe(XLSX_FORMAT.dateTime)
      if (r.getCell(cod).value != null) {
        cods++
        expect(r.getCell(cod).type).toBe(ExcelJS.ValueType.Number)
      }
    })
    expect(cods).toBeGreaterThan(0)
    // the wall clock: the first row's cell reads as the shipment's Warsaw time
    const waybill = String(sheet.getRow(2).getCell(1).value)
    const [{ local }] = await h.db.query<{ local: string }>(
      `select to_char(created_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD"T"HH24:MI') as local from shipments where internal_waybill = $1`, [waybill])
    expect((sheet.getRow(2).getCell(created).value as Date).toISOString().slice(0, 16)).toBe(local)
  })
})
