import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import Decimal from 'decimal.js'
import type { Row, Style, stream } from 'exceljs'
import { safeRow } from '../../documents/cells.ts'
import { BILLING, type ExportStatusValue, STATEMENT_XLSX, type ValidationErrorType } from '../../../contract/constants/billing.ts'
import { BILLING_MSG, STATEMENT_MSG, VALIDATION_ERROR_MSG } from '../../../contract/messages/billing.ts'
import { SURCHARGE_LABEL } from '../../../contract/messages/prices.ts'
import { DELIVERY_SERVICE_NAME } from '../../../contract/messages/shipments.ts'
import type { Db, Queryable } from '../../db/db.ts'
import type { AccountedAmount, ShipmentToCharge } from '../pricing/types.ts'
import { loadPricer, readShipmentsToCharge, saveAccountedAmounts } from '../pricing/store.ts'
import { BILLING_JOB, periodBounds, statementSettled } from './index.ts'
import { instanceOf, registerJob } from './queue.ts'

/**
 * The billing statement job (docs/billing.md). One run:
 * 1. claims the export (a new run id; order_accepted or an interrupted accounting only), clears
 *    the errors of an earlier run;
 * 2. counts the period's shipments, then in batches charges each (prices engine, or the stored
 *    charge unless re_account), stores charges, validation errors and performed_count, and streams
 *    the rows into the XLSX (exceljs WorkbookWriter: memory stays flat);
 * 3. in one transaction stores the file and the final status and calls the settled listeners.
 * Every write names the run id: a run that lost the export to a newer one changes nothing.
 * A failure ends in internal_error with its message (not retried silently).
 */

interface Claimed {
  id: number
  client_id: number | null
  period_start: string
  period_end: string
  re_account: boolean
}

interface FoundError {
  type: ValidationErrorType
  shipment_id: number | null
  internal_waybill: string | null
  parcel_internal_numbers: string[]
  additional_data: Record<string, unknown>
}

const C = STATEMENT_MSG.columns
/** Columns of the statement sheet; `format` is the cell format of its typed cells. */
const COLUMNS = [
  { key: 'waybill', width: 16 },
  { key: 'day', width: 12, format: STATEMENT_XLSX.date },
  { key: 'client', width: 26 },
  { key: 'country', width: 8 },
  { key: 'service', width: 24 },
  { key: 'parcels', width: 10, format: STATEMENT_XLSX.count },
  { key: 'weight', width: 14, format: STATEMENT_XLSX.weight },
  { key: 'list', width: 28 },
  { key: 'base', width: 14, money: true },
  { key: 'surcharges', width: 14, money: true },
  { key: 'amount', width: 14, money: true },
  { key: 'after', width: 14, money: true },
  { key: 'currency', width: 8 },
  { key: 'details', width: 60 },
  { key: 'error', width: 40 },
] as const satisfies readonly { key: keyof typeof C; width: number; format?: string; money?: boolean }[]
type ColumnKey = (typeof COLUMNS)[number]['key']
/** Columns summed per currency in the totals rows. */
const SUMMED: readonly ColumnKey[] = ['parcels', 'weight', 'base', 'surcharges', 'amount', 'after']
const letterOf = (key: ColumnKey) => String.fromCharCode(65 + COLUMNS.findIndex((c) => c.key === key))

export const STATEMENT_SHEET = STATEMENT_MSG.sheet
export const STATEMENT_PRICE_LISTS_SHEET = STATEMENT_MSG.priceListsSheet

/** A yyyy-mm-dd day as the Date of a date cell (exceljs writes dates at UTC midnight). */
const dayCell = (day: string) => {
  const [y, m, d] = day.split('-').map(Number)
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : null
}
const num = (v: string | null | undefined) => (v == null || v === '' ? null : Number(v))
const plMoney = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
/** Decimal points of the engine's notes as Polish decimal commas ("8.240 kg" → "8,240 kg"). */
const plDecimals = (note: string) => note.replace(/(\d)\.(\d)/g, '$1,$2')
/** One charge line in words: "Wielopak: 12,50 PLN (1 kolejne paczki: …)". */
const lineText = (l: { kind: string; amount: string; note: string }, currency: string) =>
  `${(SURCHARGE_LABEL as Record<string, string>)[l.kind] ?? l.kind}: ${plMoney.format(Number(l.amount))} ${currency}${l.note ? ` (${plDecimals(l.note)})` : ''}`

/** A price list a statement charged with (stored on the export and listed on the second sheet). */
export interface UsedPriceList {
  id: number
  name: string
  type: string
  /** null: a default list. */
  client_name: string | null
  country: string | null
  begin_date: string
  shipments: number
}

/**
 * Lets timers and requests run. On PGlite every query resolves without leaving the microtask
 * queue, so a job that only awaits queries would hold the event loop (and the whole server) until
 * it ends.
 */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

const dimensionsOf = (s: ShipmentToCharge) =>
  Object.fromEntries(s.parcels.map((p) => [p.internalNumber, { weight: p.weight, width: p.width, height: p.height, length: p.length }]))

/** Charges of shipments kept from earlier statements (re_account off): shipment id → amounts. */
async function storedAmounts(q: Queryable, ids: number[]): Promise<Map<number, AccountedAmount[]>> {
  const rows = await q.query<{ shipment_id: number; kind: AccountedAmount['kind']; amount: string; currency: string; accounting_weight: string; price_list_id: number; price_list_name: string; lines: unknown; sfc: string; rate: string }>(
    `select shipment_id, kind, amount::text as amount, currency, accounting_weight::text as accounting_weight, price_list_id, price_list_name, lines,
            specific_factors_currency as sfc, specific_exchange_rate::text as rate
       from accounted_amounts where shipment_id = any($1::int[]) order by shipment_id, id`,
    [ids],
  )
  const out = new Map<number, AccountedAmount[]>()
  for (const r of rows) {
    const list = out.get(r.shipment_id) ?? []
    list.push({
      kind: r.kind, amount: r.amount, currency: r.currency, accountingWeight: r.accounting_weight, priceListId: r.price_list_id,
      priceListName: r.price_list_name, lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : (r.lines as AccountedAmount['lines']),
      specificFactorsCurrency: r.sfc, specificExchangeRate: r.rate,
    })
    out.set(r.shipment_id, list)
  }
  return out
}

/** Return multi-packs received only in part at the returns warehouse: shipment id → parcels not received. */
async function incompleteReturns(q: Queryable, shipments: ShipmentToCharge[]): Promise<Map<number, string[]>> {
  const ids = shipments.filter((s) => s.isReturn && s.parcels.length > 1).map((s) => s.shipmentId)
  if (!ids.length) return new Map()
  const rows = await q.query<{ shipment_id: number; missing: string[] }>(
    `select shipment_id, array_agg(internal_number order by in_shipment_order, id) filter (where return_warehouse_received_at is null) as missing
       from parcels where shipment_id = any($1::int[]) and deleted_at is null
      group by shipment_id
     having count(*) filter (where return_warehouse_received_at is not null) > 0 and count(*) filter (where return_warehouse_received_at is null) > 0`,
    [ids],
  )
  return new Map(rows.map((r) => [r.shipment_id, r.missing]))
}

async function claim(db: Db, uuid: string, runId: string): Promise<Claimed | null> {
  const [e] = await db.query<Claimed>(
    `update exports set run_id = $2, processed_by = $3, status = 'accounting', total_count = 0, performed_count = 0, errors_count = 0,
            progress_at = now(), error_message = null, file = null
      where uuid = $1 and type = 'billing' and status in ('order_accepted', 'accounting')
      returning id, client_id, to_char(period_start, 'YYYY-MM-DD') as period_start, to_char(period_end, 'YYYY-MM-DD') as period_end, re_account`,
    [uuid, runId, instanceOf(db)],
  )
  if (e) await db.query(`delete from export_validation_errors where export_id = $1`, [e.id])
  return e ?? null
}

async function countShipments(q: Queryable, e: Claimed): Promise<number> {
  const { from, to } = periodBounds(e.period_start, e.period_end)
  const [r] = await q.query<{ n: number }>(
    `select count(*)::int as n from shipments s
      where s.deleted_at is null and ($1::int is null or s.client_id = $1) and s.created_at >= $2 and s.created_at < $3`,
    [e.client_id, from, to],
  )
  return r?.n ?? 0
}

/** Inserts errors of this run (none when the run lost the export). */
async function storeErrors(q: Queryable, e: Claimed, runId: string, errors: FoundError[]) {
  if (!errors.length) return
  await q.query(
    `insert into export_validation_errors (export_id, type, shipment_id, internal_waybill, parcel_internal_numbers, additional_data)
     select $1, x.type, x.shipment_id, x.internal_waybill, array(select jsonb_array_elements_text(x.parcel_internal_numbers)), x.additional_data
       from jsonb_to_recordset($3::jsonb) as x(type text, shipment_id int, internal_waybill text, parcel_internal_numbers jsonb, additional_data jsonb)
      where exists (select 1 from exports where id = $1 and run_id = $2)`,
    [e.id, runId, JSON.stringify(errors)],
  )
}

/** Makes the statement of one export; see the module comment. */
export async function runStatement(db: Db, uuid: string): Promise<void> {
  const runId = randomUUID()
  const e = await claim(db, uuid, runId)
  if (!e) return
  try {
    await makeStatement(db, e, runId, uuid)
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    console.error(`[billing] statement ${uuid} failed:`, message)
    await settle(db, e.id, runId, uuid, 'internal_error', async (q) => {
      await q.query(`update exports set status = 'internal_error', error_message = $3, finished_at = now() where id = $1 and run_id = $2`, [e.id, runId, message])
    })
  }
}

/** The final transaction: `write` when the run still owns the export, then the settled listeners. */
async function settle(db: Db, id: number, runId: string, uuid: string, status: ExportStatusValue, write: (q: Queryable) => Promise<void>) {
  await db.tx(async (q) => {
    const [own] = await q.query<{ id: number }>(`select id from exports where id = $1 and run_id = $2 for update`, [id, runId])
    if (!own) return
    await write(q)
    await statementSettled(q, { uuid, status })
  })
}

async function makeStatement(db: Db, e: Claimed, runId: string, uuid: string) {
  const total = await countShipments(db, e)
  await db.query(`update exports set total_count = $3, progress_at = now() where id = $1 and run_id = $2`, [e.id, runId, total])

  const pricer = await loadPricer(db, { clientId: e.client_id, from: e.period_start, to: e.period_end })
  const clients = new Map((await db.query<{ id: number; name: string }>(`select id, name from clients`)).map((c) => [c.id, c.name]))
  const countries = new Map((await db.query<{ id: number; iso_code: string; name: string }>(`select id, iso_code, name from countries`)).map((c) => [c.id, c]))

  const chunks: Buffer[] = []
  const sink = new PassThrough()
  sink.on('data', (c: Buffer) => chunks.push(c))
  const finished = new Promise<void>((res, rej) => {
    sink.on('end', res)
    sink.on('error', rej)
  })
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false })
  book.creator = 'RE Logistics'
  const sheet = book.addWorksheet(STATEMENT_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = COLUMNS.map((c) => ({ header: C[c.key], key: c.key, width: c.width }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  const formatOf = (c: (typeof COLUMNS)[number], currency: string) => ('money' in c ? STATEMENT_XLSX.money(currency) : 'format' in c ? c.format : null)
  /** Sets the typed cells' formats of a row (money in the row's currency). */
  const formatRow = (row: Row, currency: string) => {
    COLUMNS.forEach((c, i) => {
      const f = formatOf(c, currency)
      if (f) row.getCell(i + 1).numFmt = f
    })
  }
  // exceljs finds a cell's style id by the style object's identity before building the style's
  // XML to look it up: the data rows' cells share one style object per format (and, unformatted,
  // per cell type, which decides the default format), so 100k rows do not build 1.5M style XMLs.
  const sharedStyles = new Map<string, Partial<Style>>()
  const shared = (key: string, style: () => Partial<Style>) => {
    let s = sharedStyles.get(key)
    if (!s) sharedStyles.set(key, (s = style()))
    return s
  }
  /** formatRow for a data row (no style of its own): the same formats, through shared style objects. */
  const styleDataRow = (row: Row, currency: string) => {
    COLUMNS.forEach((c, i) => {
      const cell = row.getCell(i + 1)
      const f = formatOf(c, currency)
      cell.style = f ? shared(`f:${f}`, () => ({ numFmt: f })) : shared(`t:${cell.type}`, () => ({}))
    })
  }

  /** Per currency: the shipment count and the sums of the summed columns. */
  const totals = new Map<string, { count: number; sums: Record<string, Decimal> }>()
  const used = new Map<number, number>()
  let kept = 0
  let performed = 0
  let errorsCount = 0
  let written = 0
  // Writes of one batch (charges, errors, progress) run while the next batch is read and charged;
  // at most one batch's writes are in flight, in order.
  let pending: Promise<void> = Promise.resolve()
  const later = async (write: () => Promise<void>) => {
    await pending
    pending = write()
    // marked handled here; the error still reaches the next `await pending`
    pending.catch(() => {})
  }
  let progressAt = Date.now()
  const progress = (done: number) =>
    later(() => db.query(`update exports set performed_count = $3, errors_count = $4, progress_at = now() where id = $1 and run_id = $2`, [e.id, runId, done, errorsCount]).then(() => {}))
  for await (const batch of readShipmentsToCharge(db, { clientId: e.client_id, from: e.period_start, to: e.period_end, batch: BILLING.batch })) {
    await yieldToLoop()
    const stored = e.re_account ? new Map<number, AccountedAmount[]>() : await storedAmounts(db, batch.map((s) => s.shipmentId))
    const incomplete = await incompleteReturns(db, batch)
    const toSave: { shipmentId: number; amounts: AccountedAmount[] }[] = []
    const errors: FoundError[] = []
    for (const s of batch) {
      const error = (type: ValidationErrorType, data: Record<string, unknown>, parcels = s.parcels.map((p) => p.internalNumber)) => {
        errors.push({
          type, shipment_id: s.shipmentId, internal_waybill: s.internalWaybill, parcel_internal_numbers: parcels,
          additional_data: {
            clientId: s.clientId, countryId: s.countryId, parcelsCount: s.parcels.length, dimensions: dimensionsOf(s),
            // names beside the ids, so the error reads without looking anything up
            clientName: s.clientId != null ? (clients.get(s.clientId) ?? null) : null,
            countryName: s.countryId != null ? (countries.get(s.countryId)?.name ?? null) : null,
            ...data,
          },
        })
        return VALIDATION_ERROR_MSG[type]
      }
      let amounts = stored.get(s.shipmentId)
      if (amounts) kept++
      let errorText = ''
      if (!amounts) {
        const r = pricer.charge(s)
        if (r.ok) {
          amounts = r.amounts
          toSave.push({ shipmentId: s.shipmentId, amounts })
        } else {
          // A charge to review (giant_amount) is stored and shown; the error stops the statement until reviewed.
          amounts = r.amounts ?? []
          if (r.amounts) toSave.push({ shipmentId: s.shipmentId, amounts: r.amounts })
          errorText = error(r.type, r.additionalData)
        }
      }
      const missing = incomplete.get(s.shipmentId)
      if (missing) errorText = [errorText, error('uncompleted_shipment_missing_parcel', { missingParcels: missing }, missing)].filter(Boolean).join(' ')
      const main = amounts.find((a) => a.kind === 'main')
      const after = amounts.filter((a) => a.kind === 'after_service')
      const currency = main?.currency ?? after[0]?.currency ?? ''
      const base = main?.lines.find((l) => l.kind === 'base')?.amount ?? null
      for (const id of new Set([main, ...after].filter((a) => a != null).map((a) => a.priceListId))) used.set(id, (used.get(id) ?? 0) + 1)
      const values: Record<ColumnKey, unknown> = {
        waybill: s.internalWaybill,
        day: dayCell(s.chargedOn),
        client: s.clientId != null ? (clients.get(s.clientId) ?? '') : '',
        country: s.countryId != null ? (countries.get(s.countryId)?.iso_code ?? '') : '',
        service: s.deliveryService ? (DELIVERY_SERVICE_NAME[s.deliveryService] ?? '') : '',
        parcels: s.parcels.length,
        weight: num(main?.accountingWeight),
        list: [...new Set([main, ...after].filter((a) => a != null).map((a) => a.priceListName))].join(', '),
        base: num(base),
        surcharges: main && base != null ? new Decimal(main.amount).minus(base).toNumber() : null,
        amount: num(main?.amount),
        after: after.length ? after.reduce((a, x) => a.plus(x.amount), new Decimal(0)).toNumber() : null,
        currency,
        details: [...(main?.lines ?? []), ...after.flatMap((a) => a.lines)].map((l) => lineText(l, currency)).join('; '),
        error: errorText,
      }
      if (currency) {
        const t = totals.get(currency) ?? { count: 0, sums: Object.fromEntries(SUMMED.map((k) => [k, new Decimal(0)])) }
        t.count++
        for (const k of SUMMED) if (typeof values[k] === 'number') t.sums[k] = t.sums[k]!.plus(values[k])
        totals.set(currency, t)
      }
      const row = sheet.addRow(safeRow(values))
      styleDataRow(row, currency)
      row.commit()
      written++
      // progress inside a batch too, so a slow batch still reports at least once a second
      if ((written & 127) === 0) {
        await yieldToLoop()
        if (Date.now() - progressAt >= BILLING.progressEveryMs) {
          progressAt = Date.now()
          await progress(written)
        }
      }
    }
    performed += batch.length
    errorsCount += errors.length
    progressAt = Date.now()
    const done = performed
    await later(async () => {
      await saveAccountedAmounts(db, toSave)
      await storeErrors(db, e, runId, errors)
      await db.query(`update exports set performed_count = $3, errors_count = $4, progress_at = now() where id = $1 and run_id = $2`, [e.id, runId, done, errorsCount])
    })
  }
  await pending

  if (written !== total) {
    const extra: FoundError = {
      type: 'wrong_shipments_in_report_count', shipment_id: null, internal_waybill: null, parcel_internal_numbers: [],
      additional_data: { exported_count: written, expected_count: total, clientId: e.client_id },
    }
    await storeErrors(db, e, runId, [extra])
    errorsCount++
  }
  // Totals per currency under an empty row: SUMIF over the rows of that currency (parcels, weight,
  // amounts), so the sheet's own arithmetic holds if a row is changed; the computed result is stored too.
  const first = 2
  const last = written + 1
  sheet.addRow({}).commit()
  for (const [currency, t] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    const values: Record<string, unknown> = { waybill: STATEMENT_MSG.total(currency, t.count), currency }
    for (const key of SUMMED) {
      const cur = letterOf('currency')
      const col = letterOf(key)
      values[key] = { formula: `SUMIF(${cur}${first}:${cur}${last},"${currency}",${col}${first}:${col}${last})`, result: t.sums[key]!.toNumber() }
    }
    const row = sheet.addRow(values)
    row.font = { bold: true }
    formatRow(row, currency)
    row.commit()
  }
  sheet.commit()
  const usedLists = await usedPriceLists(db, used)
  priceListsSheet(book, e.re_account, kept, usedLists)
  await book.commit()
  await finished
  const file = Buffer.concat(chunks)
  const status: ExportStatusValue = errorsCount ? 'validation_error' : 'validated'
  const client = e.client_id != null ? (clients.get(e.client_id) ?? String(e.client_id)) : BILLING.allClients
  const fileName = STATEMENT_MSG.fileName(client, e.period_start, e.period_end)
  await settle(db, e.id, runId, uuid, status, async (q) => {
    await q.query(
      `update exports set status = $3, file = $4, file_name = $5, row_count = $6, performed_count = $7, errors_count = $8, finished_at = now(), progress_at = now(),
              price_lists = $9::jsonb, kept_count = $10
        where id = $1 and run_id = $2`,
      [e.id, runId, status, file, fileName, written, performed, errorsCount, JSON.stringify(usedLists), kept],
    )
  })
}

/** The lists charged with (id → shipments), described: the newest first within each owner. */
async function usedPriceLists(q: Queryable, used: Map<number, number>): Promise<UsedPriceList[]> {
  if (!used.size) return []
  const rows = await q.query<Omit<UsedPriceList, 'shipments'>>(
    `select l.id, l.name, l.type, c.name as client_name, co.name as country, to_char(l.begin_date, 'YYYY-MM-DD') as begin_date
       from operational_price_lists l left join clients c on c.id = l.id_client left join countries co on co.id = l.id_country
      where l.id = any($1::int[]) order by l.type desc, c.name nulls last, co.name nulls first, l.begin_date desc, l.id`,
    [[...used.keys()]],
  )
  return rows.map((r) => ({ ...r, shipments: used.get(r.id) ?? 0 }))
}

/** The second sheet: whether the statement charged anew, and the price lists it used. */
function priceListsSheet(book: stream.xlsx.WorkbookWriter, reAccount: boolean, kept: number, lists: UsedPriceList[]) {
  const P = STATEMENT_MSG.priceListColumns
  const sheet = book.addWorksheet(STATEMENT_PRICE_LISTS_SHEET)
  sheet.columns = [
    { key: 'name', width: 36 }, { key: 'owner', width: 26 }, { key: 'country', width: 14 },
    { key: 'begin', width: 14, style: { numFmt: STATEMENT_XLSX.date } }, { key: 'shipments', width: 16, style: { numFmt: STATEMENT_XLSX.count } },
  ]
  sheet.addRow([reAccount ? STATEMENT_MSG.reAccountOn : STATEMENT_MSG.reAccountOff(kept)]).commit()
  sheet.addRow([]).commit()
  const header = sheet.addRow([P.name, P.owner, P.country, P.begin, P.shipments])
  header.font = { bold: true }
  header.commit()
  for (const l of lists) {
    const row = sheet.addRow({ name: l.name, owner: l.client_name ?? STATEMENT_MSG.defaultList, country: l.country ?? '', begin: dayCell(l.begin_date), shipments: l.shipments })
    row.getCell(4).numFmt = STATEMENT_XLSX.date
    row.getCell(5).numFmt = STATEMENT_XLSX.count
    row.commit()
  }
  sheet.commit()
}

/** A statement whose job failed for good (its server died on every try): internal_error, visibly. */
async function statementLost(db: Db, uuid: string) {
  await db.tx(async (q) => {
    const [r] = await q.query<{ uuid: string }>(
      `update exports set status = 'internal_error', error_message = $2, finished_at = now(), run_id = null
        where uuid = $1 and status in ('order_accepted', 'accounting') returning uuid`,
      [uuid, BILLING_MSG.jobLost],
    )
    if (r) await statementSettled(q, { uuid, status: 'internal_error' })
  })
}

const uuidOf = (data: unknown) => (data && typeof data === 'object' && 'uuid' in data && typeof data.uuid === 'string' ? data.uuid : '')

/** Registers the billing statement job on this process's queue (src/server/jobs.ts calls it). */
export function registerBillingJobs(): void {
  registerJob(BILLING_JOB, (db, data) => runStatement(db, uuidOf(data)), { onDead: (db, data) => statementLost(db, uuidOf(data)) })
}
