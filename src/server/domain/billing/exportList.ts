import { BILLING, DOWNLOADABLE_STATUSES, type ExportStatusValue, UNREVIEWABLE_ERROR_TYPES, type ValidationErrorType } from '../../../contract/constants/billing.ts'
import { isStaff } from '../../../contract/constants/access.ts'
import { BILLING_MSG } from '../../../contract/messages/billing.ts'
import { SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import type { ExportInfo, ExportLatestPaging, ExportLatestRequest, ValidationError } from '../../../contract/schemas/billing.ts'
import type { Db, Queryable } from '../../db/db.ts'
import { XLSX_TYPE } from '../../documents/xlsx.ts'
import { type Actor, record } from '../audit.ts'
import { DomainError, notFound } from '../errors.ts'
import type { SessionUser } from '../context.ts'
import { iso, isoOr } from '../dates.ts'
import { statementErrorReviewed } from './reviewHook.ts'

/**
 * The export lists ("My reports", the exported-files list), find/{uuid}, validation errors and the
 * two flags (reviewed, used for invoice). Who sees what: staff every export, a client only the
 * exports of its own client (its reports and the statements made for it).
 */

const day = (v: unknown) => (v == null ? null : v instanceof Date ? isoOr(v, '').slice(0, 10) : String(v).slice(0, 10))

export interface ExportRow {
  id: number
  uuid: string
  type: string
  status: ExportStatusValue
  file_name: string | null
  row_count: number
  created_at: unknown
  error_message: string | null
  user_id: number | null
  client_id: number | null
  client_name: string | null
  period_start: unknown
  period_end: unknown
  total_count: number
  performed_count: number
  errors_count: number
  used_for_invoice: boolean
  downloaded_at: unknown
  re_account: boolean | null
  kept_count: number
  price_lists: unknown
}

export const EXPORT_COLUMNS = `e.id, e.uuid, e.type, e.status, e.file_name, e.row_count, e.created_at, e.error_message, e.user_id, e.client_id,
  c.name as client_name, to_char(e.period_start, 'YYYY-MM-DD') as period_start, to_char(e.period_end, 'YYYY-MM-DD') as period_end,
  e.total_count, e.performed_count, e.errors_count, e.used_for_invoice, e.downloaded_at, e.re_account, e.kept_count, e.price_lists`
export const EXPORT_FROM = `exports e left join clients c on c.id = e.client_id`

export function exportName(r: Pick<ExportRow, 'type' | 'client_name' | 'period_start' | 'period_end' | 'file_name' | 'uuid'>): string {
  if (r.type === 'billing') return BILLING_MSG.statementName(r.client_name ?? BILLING.allClients, day(r.period_start) ?? '', day(r.period_end) ?? '')
  return r.file_name ?? r.uuid
}

export const exportInfo = (r: ExportRow): ExportInfo => ({
  id: r.id,
  uuid: r.uuid,
  identifier: r.uuid,
  type: r.type,
  name: exportName(r),
  status: r.status,
  file_name: r.file_name,
  rows: r.row_count,
  created_at: isoOr(r.created_at, ''),
  error_message: r.error_message,
  client_id: r.client_id,
  client_name: r.client_name,
  period_start: day(r.period_start),
  period_end: day(r.period_end),
  total_count: r.total_count,
  performed_count: r.performed_count,
  errors_count: r.errors_count,
  used_for_invoice: r.used_for_invoice,
  re_account: !!r.re_account,
  kept_count: r.kept_count ?? 0,
  price_lists: (typeof r.price_lists === 'string' ? JSON.parse(r.price_lists) : (r.price_lists ?? [])) as ExportInfo['price_lists'],
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * What a client sees of its client's exports: its reports, and of the billing statements only
 * those used for an invoice (drafts ordered on the way are the operator's).
 */
const CLIENT_SEES = `(e.type <> 'billing' or e.used_for_invoice)`
const clientMaySee = (r: { type: string; used_for_invoice: boolean }) => r.type !== 'billing' || r.used_for_invoice

/** An export the caller may see: staff any, a client only its client's reports and invoiced statements (404 otherwise). */
export async function exportFor(q: Queryable, user: SessionUser, uuid: string): Promise<ExportRow> {
  const [r] = UUID.test(uuid) ? await q.query<ExportRow>(`select ${EXPORT_COLUMNS} from ${EXPORT_FROM} where e.uuid = $1`, [uuid.toLowerCase()]) : []
  if (!r || (!isStaff(user.role) && (r.client_id == null || r.client_id !== user.client_id || !clientMaySee(r)))) throw notFound(SHIPMENT_MSG.exportNotFound)
  return r
}

export const findExport = async (q: Queryable, user: SessionUser, uuid: string) => exportInfo(await exportFor(q, user, uuid))

/** Columns of the "My reports" table, by index of the paging payload's order: date, client, name, status. */
const ORDER_COLUMNS = ['e.created_at', 'c.name', 'e.type', 'e.status'] as const

/** POST app/v1/export/latest[/{type}]: newest first by default; the quick list (empty body) is the latest few. */
export async function latestExports(q: Queryable, user: SessionUser, body: ExportLatestRequest, type?: string) {
  const paging: ExportLatestPaging = Array.isArray(body) ? { start: 0, length: BILLING.quickListSize } : (body as ExportLatestPaging)
  const where: string[] = []
  const params: unknown[] = []
  if (!isStaff(user.role)) {
    params.push(user.client_id ?? -1)
    where.push(`e.client_id = $${params.length} and ${CLIENT_SEES}`)
  } else if (paging.client_id != null) {
    params.push(paging.client_id)
    where.push(`e.client_id = $${params.length}`)
  }
  if (type) {
    params.push(type)
    where.push(`e.type = $${params.length}`)
  }
  const filtered = [...where]
  const search = paging.search?.value?.trim()
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
    filtered.push(`(c.name ilike $${params.length} or e.file_name ilike $${params.length} or e.status ilike $${params.length})`)
  }
  const w = (list: string[]) => (list.length ? `where ${list.join(' and ')}` : '')
  const o = paging.order?.[0]
  const col = ORDER_COLUMNS[o?.column ?? 0] ?? ORDER_COLUMNS[0]
  const dir = o?.dir === 'asc' ? 'asc' : 'desc'
  const [total] = await q.query<{ n: number }>(`select count(*)::int as n from ${EXPORT_FROM} ${w(where)}`, params.slice(0, where.length))
  const [filteredCount] = search ? await q.query<{ n: number }>(`select count(*)::int as n from ${EXPORT_FROM} ${w(filtered)}`, params) : [total]
  const rows = await q.query<ExportRow>(
    `select ${EXPORT_COLUMNS} from ${EXPORT_FROM} ${w(filtered)} order by ${col} ${dir} nulls last, e.id ${dir} limit ${paging.length} offset ${paging.start}`,
    params,
  )
  return {
    ...(Array.isArray(body) || (body as ExportLatestPaging).draw == null ? {} : { draw: (body as ExportLatestPaging).draw }),
    data: rows.map(exportInfo),
    recordsTotal: total?.n ?? 0,
    recordsFiltered: filteredCount?.n ?? 0,
  }
}

interface ErrorRow {
  id: number
  type: string
  internal_waybill: string | null
  parcel_internal_numbers: string[]
  reviewed: boolean
  additional_data: Record<string, unknown>
}
const reviewable = (type: string) => !UNREVIEWABLE_ERROR_TYPES.includes(type as ValidationErrorType)

const validationError = (r: ErrorRow): ValidationError => ({
  validationErrorId: r.id,
  type: r.type,
  internalWaybill: r.internal_waybill,
  parcelInternalNumbers: r.parcel_internal_numbers ?? [],
  reviewed: r.reviewed,
  reviewable: reviewable(r.type),
  additionalData: typeof r.additional_data === 'string' ? JSON.parse(r.additional_data) : (r.additional_data ?? {}),
})

/** GET app/v1/export/find/{uuid}/validation_errors (staff). */
export async function validationErrors(q: Queryable, user: SessionUser, uuid: string): Promise<ValidationError[]> {
  const e = await exportFor(q, user, uuid)
  const rows = await q.query<ErrorRow>(
    `select id, type, internal_waybill, parcel_internal_numbers, reviewed, additional_data from export_validation_errors where export_id = $1 order by id`,
    [e.id],
  )
  return rows.map(validationError)
}

/**
 * The status a statement with errors has after a review or a download: verified once every
 * reviewable error is reviewed (and there is one), else downloaded or validation_error.
 */
async function settleReviews(q: Queryable, exportId: number) {
  await q.query(
    `update exports e set status = case
        when exists (select 1 from export_validation_errors v where v.export_id = e.id and v.type <> all($2::text[]))
         and not exists (select 1 from export_validation_errors v where v.export_id = e.id and v.type <> all($2::text[]) and not v.reviewed)
          then 'verified'
        when e.downloaded_at is not null then 'downloaded'
        else 'validation_error' end
      where e.id = $1 and e.status in ('validation_error', 'downloaded', 'verified') and e.errors_count > 0`,
    [exportId, UNREVIEWABLE_ERROR_TYPES],
  )
}

/**
 * Invoicing's review of a statement error (the same type and parcels as the invoice's error):
 * the statement's error gets the same flag and the statement its status (verified once every
 * reviewable error is reviewed).
 */
export async function reviewStatementError(q: Queryable, uuid: string, type: string, parcels: readonly string[], reviewed: boolean): Promise<void> {
  const rows = await q.query<{ export_id: number }>(
    `update export_validation_errors v set reviewed = $4 from exports e
      where e.uuid = $1 and v.export_id = e.id and v.type = $2 and v.parcel_internal_numbers = $3::text[] and v.type <> all($5::text[])
      returning v.export_id`,
    [uuid, type, [...parcels], reviewed, UNREVIEWABLE_ERROR_TYPES],
  )
  if (rows[0]) await settleReviews(q, rows[0].export_id)
}

/** The statement an invoice was issued from is flagged as used for an invoice (what its client may see). */
export async function markStatementUsed(q: Queryable, uuid: string): Promise<void> {
  await q.query(`update exports set used_for_invoice = true where uuid = $1`, [uuid])
}

/** PATCH app/v1/export/validation_error/ {id, reviewed} (admin). */
export async function reviewError(db: Db, id: number, reviewed: boolean, actor: Actor): Promise<ValidationError> {
  return db.tx(async (q) => {
    const [r] = await q.query<ErrorRow & { export_id: number }>(
      `select id, export_id, type, internal_waybill, parcel_internal_numbers, reviewed, additional_data from export_validation_errors where id = $1 for update`,
      [id],
    )
    if (!r) throw notFound(BILLING_MSG.errorNotFound)
    if (!reviewable(r.type)) throw new DomainError(409, { message: BILLING_MSG.errorNotReviewable })
    await q.query(`update export_validation_errors set reviewed = $2 where id = $1`, [id, reviewed])
    await settleReviews(q, r.export_id)
    const [e] = await q.query<{ uuid: string }>(`select uuid from exports where id = $1`, [r.export_id])
    await statementErrorReviewed(q, { uuid: e!.uuid, type: r.type, parcelInternalNumbers: r.parcel_internal_numbers ?? [], reviewed })
    if (r.reviewed !== reviewed) {
      await record(q, actor, { entity: 'export', entityId: r.export_id, action: 'review', changes: { [`validation_error.${id}.reviewed`]: [r.reviewed, reviewed] } })
    }
    return validationError({ ...r, reviewed })
  })
}

/** PATCH app/v1/export/ {id, used_for_invoice} (admin; the browser asks for confirmation). */
export async function setUsedForInvoice(db: Db, id: number, used: boolean, actor: Actor): Promise<ExportInfo> {
  return db.tx(async (q) => {
    const [r] = await q.query<{ uuid: string; type: string; used_for_invoice: boolean }>(`select uuid, type, used_for_invoice from exports where id = $1 for update`, [id])
    if (!r) throw notFound(SHIPMENT_MSG.exportNotFound)
    if (r.type !== 'billing') throw new DomainError(409, { message: BILLING_MSG.notAStatement })
    // Invoicing sets the flag of the statement an invoice was issued from; that one stays flagged.
    if (!used) {
      const [inv] = await q.query(`select 1 from invoices where statement_uuid = $1 and invoice_number is not null limit 1`, [r.uuid])
      if (inv) throw new DomainError(409, { message: BILLING_MSG.usedByInvoice })
    }
    await q.query(`update exports set used_for_invoice = $2 where id = $1`, [id, used])
    if (r.used_for_invoice !== used) await record(q, actor, { entity: 'export', entityId: id, action: 'update', changes: { used_for_invoice: [r.used_for_invoice, used] } })
    const [row] = await q.query<ExportRow>(`select ${EXPORT_COLUMNS} from ${EXPORT_FROM} where e.id = $1`, [id])
    return exportInfo(row!)
  })
}

/**
 * The file. Only in a status with a file (else 409 'Pobranie pliku nie jest możliwe!'); the first
 * download is stamped, and a statement's status becomes downloaded.
 */
export async function downloadExport(db: Db, user: SessionUser, identifier: string) {
  const r = await exportFor(db, user, identifier)
  if (!DOWNLOADABLE_STATUSES.includes(r.status)) throw new DomainError(409, { message: BILLING_MSG.downloadNotPossible })
  const [f] = await db.query<{ file: Uint8Array | null }>(
    `update exports set downloaded_at = coalesce(downloaded_at, now()),
            status = case when type = 'billing' and status in ('validated', 'validation_error') then 'downloaded' else status end
      where uuid = $1 returning file`,
    [r.uuid],
  )
  if (!f?.file) throw notFound(SHIPMENT_MSG.exportNotFound)
  return { data: new Uint8Array(f.file), filename: r.file_name ?? `${r.uuid}.xlsx`, contentType: XLSX_TYPE, created: iso(r.created_at) }
}
