import { randomUUID } from 'node:crypto'
import { ROLE } from '../../../contract/constants/access.ts'
import { LISTING } from '../../../contract/constants/shipments.ts'
import { DELIVERY_SERVICE_NAME, SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import type { ExportOrderRequest, ListingCriteria, ParcelRow, ShipmentRow } from '../../../contract/schemas/listing.ts'
import type { ExportInfo } from '../../../contract/schemas/billing.ts'
import { BILLING_MSG, REPORT_FILE_NAME } from '../../../contract/messages/billing.ts'
import { XLSX_FORMAT } from '../../../contract/constants/billing.ts'
import { MSG } from '../../../contract/messages.ts'
import { orderBillingStatement } from './index.ts'
import { findExport } from './exportList.ts'
import type { Db, Queryable } from '../../db/db.ts'
import { makeDocument } from '../../documents/pool.ts'
import type { XlsxColumn } from '../../documents/xlsx.ts'
import { DomainError, forbidden, invalid } from '../errors.ts'
import type { SessionUser } from '../context.ts'
import { warsawDateTime, warsawDay } from '../dates.ts'
import { isDay } from './index.ts'
import { listRows, scopeOf } from '../parcelsListing.ts'

/**
 * Reports ordered from the parcel listing (POST app/v1/export, GET export/find/{uuid}, GET
 * export/download/{identifier}): the order builds the XLSX in the request and stores it in
 * `exports` (every API node serves it), so the browser's first poll finds it ready. A billing
 * statement is ordered here too and made by its job (statement.ts).
 *
 * The 406 rule (chosen; docs/shipments.md): a report is refused when its criteria use
 * `processable` = 0, or `processable` with list type 'shipments' (a parcel's property, not a
 * waybill's), whatever the role.
 */
export function exportRefused(c: ListingCriteria): boolean {
  if (c.processable == null) return false
  return c.processable === 0 || c.type === 'shipments'
}

const yesNo = (b: boolean) => (b ? 'Tak' : 'Nie')

const PARCEL_COLUMNS: XlsxColumn[] = [
  { header: 'Numer wewnętrzny', key: 'internal_number', width: 16 },
  { header: 'Przesyłka', key: 'shipment_number', width: 16 },
  { header: 'Status', key: 'status_name', width: 30 },
  { header: 'Odbiorca', key: 'recipient_name', width: 24 },
  { header: 'Klient', key: 'client_name', width: 24 },
  { header: 'Miasto docelowe', key: 'destination_city', width: 18 },
  { header: 'Miasto nadania', key: 'source_city', width: 18 },
  { header: 'Zwrot', key: 'return_parcel' },
  { header: 'Numer wejściowy', key: 'in_number', width: 18 },
  { header: 'Numer wyjściowy', key: 'out_number', width: 18 },
  { header: 'Numer buforowy', key: 'buffer_number', width: 16 },
  { header: 'Numer zwrotu', key: 'return_number', width: 16 },
  { header: 'Zawartość', key: 'declared_content', width: 18 },
  { header: 'Pobranie', key: 'cash_on_delivery_value' },
  { header: 'Waluta', key: 'currency' },
  { header: 'Data utworzenia', key: 'created_at', width: 18, format: XLSX_FORMAT.dateTime },
  { header: 'Błąd', key: 'error_message', width: 24 },
]
const SHIPMENT_COLUMNS: XlsxColumn[] = [
  { header: 'Przesyłka', key: 'internal_waybill', width: 16 },
  { header: 'Odbiorca', key: 'recipient_name', width: 24 },
  { header: 'Klient', key: 'client_name', width: 24 },
  { header: 'Miejscowość odbiorcy', key: 'recipient_locality_name', width: 20 },
  { header: 'Miejscowość nadawcy', key: 'sender_locality_name', width: 20 },
  { header: 'Numer wejściowy', key: 'in_waybill', width: 18 },
  { header: 'Numer wyjściowy', key: 'out_waybill', width: 18 },
  { header: 'Zawartość', key: 'declared_content', width: 18 },
  { header: 'Pobranie', key: 'cash_on_delivery_value' },
  { header: 'Waluta', key: 'currency' },
  { header: 'Data utworzenia', key: 'created_at', width: 18, format: XLSX_FORMAT.dateTime },
  { header: 'Typ', key: 'type', width: 12 },
]
const CUSTOM_COLUMNS: XlsxColumn[] = [
  ...PARCEL_COLUMNS.slice(0, 3),
  { header: 'Usługa', key: 'service', width: 26 },
  { header: 'Kraj', key: 'country', width: 10 },
  { header: 'Wartość deklarowana', key: 'declared_value' },
  { header: 'Waga deklarowana (kg)', key: 'weight_declared' },
  { header: 'Waga zmierzona (kg)', key: 'weight_measured' },
  { header: 'Wymiary deklarowane (cm)', key: 'dims_declared', width: 18 },
  { header: 'Wymiary zmierzone (cm)', key: 'dims_measured', width: 18 },
  { header: 'Przyjęcie na magazyn', key: 'received_at', width: 18, format: XLSX_FORMAT.dateTime },
  { header: 'Przyjęcie zwrotu', key: 'return_received_at', width: 18, format: XLSX_FORMAT.dateTime },
  { header: 'Doręczenie', key: 'delivered_at', width: 18, format: XLSX_FORMAT.dateTime },
  ...PARCEL_COLUMNS.slice(3),
]

async function customRows(q: Queryable, rows: ParcelRow[]) {
  const details = await q.query<Record<string, any>>(
    `select p.id, s.delivery_service, co.iso_code, s.declared_value::float8 as declared_value, p.weight_declared::float8 as weight_declared,
            p.weight_measured::float8 as weight_measured,
            concat_ws('×', p.height_declared::float8, p.width_declared::float8, p.length_declared::float8) as dims_declared,
            case when p.height_measured is null then null else concat_ws('×', p.height_measured::float8, p.width_measured::float8, p.length_measured::float8) end as dims_measured,
            p.shipping_warehouse_received_at, p.return_warehouse_received_at, p.delivered_at
       from parcels p left join shipments s on s.id = p.shipment_id left join countries co on co.id = s.country_id
      where p.id = any($1::int[])`,
    [rows.map((r) => r.id)],
  )
  const byId = new Map(details.map((d) => [d.id as number, d]))
  return rows.map((r) => {
    const d = byId.get(r.id) ?? {}
    return {
      ...r,
      service: d.delivery_service ? DELIVERY_SERVICE_NAME[d.delivery_service] : '',
      country: d.iso_code ?? '',
      declared_value: d.declared_value ?? null,
      weight_declared: d.weight_declared ?? null,
      weight_measured: d.weight_measured ?? null,
      dims_declared: d.dims_declared ?? '',
      dims_measured: d.dims_measured ?? '',
      received_at: wallClock(d.shipping_warehouse_received_at),
      return_received_at: wallClock(d.return_warehouse_received_at),
      delivered_at: wallClock(d.delivered_at),
    }
  })
}

/**
 * An instant as a date cell showing Warsaw's wall-clock time (a spreadsheet has no time zones: the
 * cell holds the Warsaw date and time as they read). Empty → no cell.
 */
const wallClock = (v: unknown): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(warsawDateTime(v))
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)) : null
}

const readable = (r: Record<string, unknown>) => ({
  ...r,
  created_at: wallClock(r.created_at),
  ...('return_parcel' in r ? { return_parcel: yesNo(!!r.return_parcel) } : {}),
})

/**
 * POST app/v1/export. billing: a billing statement, ordered as a job (admins only; 201 with the
 * uuid, status order_accepted). list/custom: 406 by `exportRefused`, else the XLSX is made and
 * stored at once (201, status generated).
 */
export async function orderExport(db: Db, user: SessionUser, body: ExportOrderRequest): Promise<ExportInfo> {
  if (body.type === 'billing') return orderStatementFor(db, user, body)
  if (!body.criteria) throw invalid({ criteria: [MSG.required] })
  if (exportRefused(body.criteria)) throw new DomainError(406, { message: SHIPMENT_MSG.exportProcessable })
  const scope = scopeOf(user)
  const criteria: ListingCriteria =
    body.type === 'custom'
      ? { ...body.criteria, type: 'parcels', start: body.start ?? body.criteria.start, end: body.end ?? body.criteria.end }
      : body.criteria
  const rows = await listRows(db, criteria, scope, 0, LISTING.exportMaxRows)
  let file: Uint8Array
  if (body.type === 'custom') file = await makeDocument('xlsx', 'Raport', CUSTOM_COLUMNS, (await customRows(db, rows as ParcelRow[])).map(readable))
  else if (criteria.type === 'shipments') file = await makeDocument('xlsx', 'Przesyłki', SHIPMENT_COLUMNS, (rows as ShipmentRow[]).map(readable))
  else file = await makeDocument('xlsx', 'Paczki', PARCEL_COLUMNS, (rows as ParcelRow[]).map(readable))
  const fileName = body.type === 'custom' ? REPORT_FILE_NAME.custom(warsawDay()) : REPORT_FILE_NAME[criteria.type === 'shipments' ? 'shipments' : 'parcels'](warsawDay())
  const uuid = randomUUID()
  await db.query(
    `insert into exports (uuid, type, user_id, client_id, criteria, status, row_count, file, file_name, finished_at)
     values ($1, $2, $3, $4, $5::jsonb, 'generated', $6, $7, $8, now())`,
    [uuid, body.type, user.id, scope.clientId, JSON.stringify({ ...criteria, re_account: body.re_account ?? false }), rows.length, file, fileName],
  )
  return findExport(db, user, uuid)
}

/** The billing order of POST app/v1/export: admins only, both days required, end not before start. */
async function orderStatementFor(db: Db, user: SessionUser, body: ExportOrderRequest): Promise<ExportInfo> {
  if (user.role !== ROLE.admin) throw forbidden()
  const errors: Record<string, string[]> = {}
  const dayOf = (v: string | null | undefined, field: 'start' | 'end') => {
    if (v == null || v === '') errors[field] = [field === 'start' ? BILLING_MSG.startRequired : BILLING_MSG.endRequired]
    else if (!isDay(v)) errors[field] = [BILLING_MSG.badDate]
    return v ?? ''
  }
  const start = dayOf(body.start, 'start')
  const end = dayOf(body.end, 'end')
  if (!errors.start && !errors.end && end < start) errors.end = [BILLING_MSG.endBeforeStart]
  if (Object.keys(errors).length) throw invalid(errors)
  const uuid = await orderBillingStatement(db, { clientId: body.client_id ?? null, start, end, reAccount: body.re_account ?? false, orderedBy: user.id })
  return findExport(db, user, uuid)
}
