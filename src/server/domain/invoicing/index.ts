import { type AccountPeriod, INVOICE_JOBS, INVOICING, type InvoiceStatus } from '../../../contract/constants/invoicing.ts'
import { INVOICING_MSG } from '../../../contract/messages/invoicing.ts'
import type { Invoice, InvoiceDetail, InvoiceListRequest, InvoiceValidationError, TriggerPreviewReply, TriggerReply } from '../../../contract/schemas/invoicing.ts'
import type { Db, Queryable } from '../../db/db.ts'
import { containsPattern } from '../../db/like.ts'
import { formatMoney } from '../../../contract/format.ts'
import { formatDate } from '../../../contract/time.ts'
import type { InvoicePdfData } from '../../documents/invoicePdf.ts'
import { makeDocument } from '../../documents/pool.ts'
import Decimal from 'decimal.js'
import { type Actor, record } from '../audit.ts'
import { DomainError, notFound } from '../errors.ts'
import { queueMail } from '../../mail.ts'
import { type Day, addDays, nextWorkingDayFrom, today } from '../calendar.ts'
import { TIME_ZONE } from '../../../contract/constants/platform.ts'
import { iso } from '../dates.ts'
import {
  bufferParcelsWaiting, enqueueJob, markStatementUsed, onStatementErrorReviewed, onStatementSettled, orderBillingStatement, registerJob, reviewStatementError, statementErrors, statementLines,
} from './billingPort.ts'
import { candidatePeriods, isAccountPeriod, latestDuePeriod, type Period } from './periods.ts'
import { sellerFromEnv } from './seller.ts'

/**
 * Invoicing (docs/invoicing.md): a trigger makes one pending invoice per client with its own
 * ACCOUNT_PERIOD and shipments in its latest period due by then (unique per client and period);
 * each invoice then walks the job queue — prepare (orders the billing statement), issue (amounts,
 * gap-free number), send (PDF, e-mail) — so a restart resumes it. An issued invoice is never
 * rewritten: a correction invoice (KOR series) is made instead.
 */

const P = INVOICING.params

/**
 * Client parameters the invoicing reads: the billing period only as the client's own parameter
 * (no period: not invoiced), the others falling back to the parameter type's default.
 */
async function clientParams(q: Queryable, clientIds: number[] | null) {
  return q.query<{ id: number; name: string; nip: string; period: string | null; vat_rate: string | null; email: string | null; external_id: string | null; street: string; post_code: string; city: string; country: string }>(
    `select c.id, c.name, c.nip, c.street, c.post_code, c.city, co.name as country,
            max(case when t.code = $2 then nullif(trim(p.value), '') end) as period,
            max(case when t.code = $3 then coalesce(nullif(p.value, ''), t.default_value) end) as vat_rate,
            max(case when t.code = $4 then nullif(trim(p.value), '') end) as email,
            max(case when t.code = $5 then nullif(trim(p.value), '') end) as external_id
       from clients c
       join countries co on co.id = c.country_id
       cross join client_additional_parameter_types t
       left join client_additional_parameters p on p.client_id = c.id and p.type_id = t.id
      where c.deleted_at is null and ($1::int[] is null or c.id = any($1::int[])) and t.code in ($2, $3, $4, $5)
      group by c.id, co.name
      order by c.id`,
    [clientIds, P.period, P.vatRate, P.email, P.externalId],
  )
}

/** Shipments of client $1 created within the days $2..$3 of the operator's time zone. */
const SHIPMENTS_IN_PERIOD = `select 1 from shipments where client_id = $1 and deleted_at is null
   and created_at >= $2::date::timestamp at time zone 'Europe/Warsaw'
   and created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw' limit 1`


/** A trigger date after today is refused: a period is invoiced only once it has ended. */
function assertNotFuture(triggerDate: Day) {
  if (triggerDate > today()) throw new DomainError(422, { message: INVOICING_MSG.triggerInFuture, errors: { trigger_date: [INVOICING_MSG.triggerInFuture] } })
}

/**
 * Who a trigger for the date invoices, and for which period: every live client with its own
 * billing period whose latest period due by that date has live shipments and no invoice yet.
 * 409 while a buffer parcel of one of those periods waits for a client.
 */
async function planInvoicing(q: Queryable, triggerDate: Day): Promise<Array<{ clientId: number; period: Period; exists: boolean }>> {
  assertNotFuture(triggerDate)
  const clients = await clientParams(q, null)
  // The due day of a period end: memoised, the calendar is read once per distinct day.
  const dueOf = new Map<Day, Day>()
  const periods = new Map<number, Period>()
  for (const c of clients) {
    if (!isAccountPeriod(c.period)) continue
    const kind: AccountPeriod = c.period
    for (const { to } of candidatePeriods(kind, triggerDate)) if (!dueOf.has(to)) dueOf.set(to, await nextWorkingDayFrom(q, to))
    const period = latestDuePeriod(kind, triggerDate, (end) => dueOf.get(end)!)
    if (period) periods.set(c.id, period)
  }
  // Billing's rule: a period with buffer parcels received in it that wait for a client cannot be billed.
  const distinct = new Map([...periods.values()].map((p) => [`${p.from}/${p.to}`, p]))
  for (const p of distinct.values()) {
    if ((await bufferParcelsWaiting(q, p.from, p.to)) > 0) throw new DomainError(409, { message: INVOICING_MSG.bufferParcelsWaiting })
  }
  const plan: Array<{ clientId: number; period: Period; exists: boolean }> = []
  for (const [clientId, period] of periods) {
    const [has] = await q.query(SHIPMENTS_IN_PERIOD, [clientId, period.from, period.to])
    if (!has) continue
    const [exists] = await q.query(`select 1 from invoices where client_id = $1 and period_from = $2 and period_to = $3 and corrects_id is null`, [clientId, period.from, period.to])
    plan.push({ clientId, period, exists: !!exists })
  }
  return plan
}

/** POST app/v1/invoice/trigger/preview: how many clients the trigger would invoice (nothing written). */
export async function previewInvoicing(db: Db, triggerDate: Day): Promise<TriggerPreviewReply> {
  const plan = await db.tx((q) => planInvoicing(q, triggerDate))
  const clients = plan.filter((p) => !p.exists).length
  return { clients, message: INVOICING_MSG.triggerConfirm(clients) }
}

/** POST app/v1/invoice/trigger. */
export async function triggerInvoicing(db: Db, triggerDate: Day, actor: Actor): Promise<TriggerReply> {
  return db.tx(async (q) => {
    const plan = await planInvoicing(q, triggerDate)
    const created: number[] = []
    for (const { clientId, period } of plan) {
      const [row] = await q.query<{ id: number }>(
        `insert into invoices (client_id, period_from, period_to, trigger_date, triggered_by) values ($1, $2, $3, $4, $5)
         on conflict (client_id, period_from, period_to) where corrects_id is null do nothing returning id`,
        [clientId, period.from, period.to, triggerDate, actor.id],
      )
      if (!row) {
        // An invoice of this period stopped by buffer parcels (they appeared after its trigger) is started again.
        const [stuck] = await q.query<{ id: number }>(
          `update invoices set error_message = null, updated_at = now()
            where client_id = $1 and period_from = $2 and period_to = $3 and status = 'pending' and error_message is not null returning id`,
          [clientId, period.from, period.to],
        )
        if (stuck) {
          await enqueueJob(q, INVOICE_JOBS.prepare, { invoiceId: stuck.id })
          await record(q, actor, { entity: 'invoice', entityId: stuck.id, action: 'trigger', changes: { trigger_date: [null, triggerDate] } })
        }
        continue
      }
      created.push(row.id)
      await enqueueJob(q, INVOICE_JOBS.prepare, { invoiceId: row.id })
      await record(q, actor, {
        entity: 'invoice', entityId: row.id, action: 'trigger',
        changes: { client_id: [null, clientId], period_from: [null, period.from], period_to: [null, period.to], trigger_date: [null, triggerDate] },
      })
    }
    return { message: INVOICING_MSG.triggered(created.length), created }
  })
}

// ---- reading ------------------------------------------------------------------------------

const SELECT = `
  select i.id, i.external_id, i.client_id, c.name as client_name, i.status, i.invoice_number,
         to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, to_char(i.payment_to_date, 'YYYY-MM-DD') as payment_to_date,
         to_char(i.period_from, 'YYYY-MM-DD') as period_from, to_char(i.period_to, 'YYYY-MM-DD') as period_to,
         i.net_amount::text as net_amount, i.vat_amount::text as vat_amount, i.total_amount::text as total_amount, i.currency,
         i.email_id, i.statement_uuid as exported_file, i.pdf is not null as has_pdf, i.created_at,
         i.corrects_id, o.invoice_number as corrects_number
    from invoices i join clients c on c.id = i.client_id left join invoices o on o.id = i.corrects_id`

type Raw = Omit<Invoice, 'created_at'> & { created_at: unknown }
const toInvoice = (r: Raw): Invoice => ({ ...r, created_at: iso(r.created_at) ?? '' })

/** Columns of the list: 0 number, 1 client, 2 period, 3 status, 4 total, 5 issue date, 6 created. */
const ORDER = ['i.number_year, i.number_seq', 'c.name', 'i.period_from', 'i.status', 'i.total_amount', 'i.issue_date', 'i.created_at'] as const

export async function invoicePage(q: Queryable, req: InvoiceListRequest) {
  const status = req.criteria?.status ?? null
  const text = req.search?.value?.trim() ?? ''
  const params: unknown[] = [status, text ? containsPattern(text) : null]
  const where = `where ($1::text is null or i.status = $1) and ($2::text is null or lower(c.name) like $2 or lower(coalesce(i.invoice_number, '')) like $2)`
  const order = (req.order ?? [])
    .filter((o) => o.column >= 0 && o.column < ORDER.length)
    .map((o) => ORDER[o.column]!.split(', ').map((col) => `${col} ${o.dir === 'desc' ? 'desc' : 'asc'} nulls last`).join(', '))
  const [counts] = await q.query<{ total: number; filtered: number }>(
    `select (select count(*)::int from invoices) as total,
            (select count(*)::int from invoices i join clients c on c.id = i.client_id ${where}) as filtered`,
    params,
  )
  const rows = await q.query<Raw>(`${SELECT} ${where} order by ${[...order, 'i.created_at desc', 'i.id desc'].join(', ')} limit ${req.length} offset ${req.start}`, params)
  return { draw: req.draw, data: rows.map(toInvoice), recordsTotal: counts!.total, recordsFiltered: counts!.filtered }
}

export async function getInvoice(q: Queryable, id: number): Promise<Invoice> {
  const [r] = await q.query<Raw>(`${SELECT} where i.id = $1`, [id])
  if (!r) throw notFound(INVOICING_MSG.notFound)
  return toInvoice(r)
}

export const isReissuable = (s: InvoiceStatus) => (INVOICING.reissuable as readonly string[]).includes(s)
/** Issued (or sent): never rewritten; re-issuing it makes a correction invoice. */
export const isIssued = (s: InvoiceStatus) => (INVOICING.issuedStatuses as readonly string[]).includes(s)
const IN_PROGRESS = INVOICING.inProgress as readonly string[]

export async function invoiceDetail(q: Queryable, id: number): Promise<InvoiceDetail> {
  const invoice = await getInvoice(q, id)
  let exportedFile: InvoiceDetail['exportedFile'] = null
  if (invoice.exported_file) {
    const [e] = await q.query<{ status: string; file_name: string | null }>(`select status, file_name from exports where uuid = $1`, [invoice.exported_file])
    exportedFile = { identifier: invoice.exported_file, status: e?.status ?? 'order_accepted', file_name: e?.file_name ?? null }
  }
  let email: InvoiceDetail['email'] = null
  if (invoice.email_id != null) {
    const [m] = await q.query<{ id: number; subject: string; to_address: string; sent_at: unknown }>(`select id, subject, to_address, sent_at from outbox where id = $1`, [invoice.email_id])
    if (m) email = { id: m.id, subject: m.subject, recipients: [{ name: invoice.client_name, address: m.to_address, sent_at: iso(m.sent_at) }] }
  }
  const reissuable = isReissuable(invoice.status)
  const corrections = await q.query<{ id: number; invoice_number: string | null; status: InvoiceStatus }>(
    `select id, invoice_number, status from invoices where corrects_id = $1 order by id`,
    [invoice.corrects_id ?? invoice.id],
  )
  return { invoice, exportedFile, email, reissuable, reissueEffect: reissuable ? (isIssued(invoice.status) ? 'correction' : 'recompute') : null, corrections }
}

/** GET app/v2/shipment/{n}/invoices: the issued invoices and corrections whose period and client hold the shipment, oldest first. */
export async function invoicesOfShipment(q: Queryable, shipmentId: number): Promise<Array<{ id: number; number: string; issue_date: string }>> {
  return q.query(
    `select i.id, i.invoice_number as number, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date
       from shipments s join invoices i on i.client_id = s.client_id
        and s.created_at >= i.period_from::timestamp at time zone '${TIME_ZONE}'
        and s.created_at < (i.period_to + 1)::timestamp at time zone '${TIME_ZONE}'
      where s.id = $1 and s.deleted_at is null and i.invoice_number is not null
      order by i.issue_date, i.id`,
    [shipmentId],
  )
}

const unreviewable = (type: string) => (INVOICING.unreviewableErrors as readonly string[]).includes(type) || type === 'internal_error' || type === 'mixed_currencies'

type RawError = { id: number; type: string; reviewed: boolean; parcel_internal_numbers: string[]; additional_data: InvoiceValidationError['additionalData'] }
const toError = (e: RawError): InvoiceValidationError => ({
  id: e.id,
  validationErrorId: e.id,
  type: e.type,
  reviewed: e.reviewed,
  reviewable: !unreviewable(e.type),
  parcelInternalNumbers: e.parcel_internal_numbers,
  additionalData: e.additional_data ?? {},
})

export async function validationErrors(q: Queryable, invoiceId: number): Promise<InvoiceValidationError[]> {
  await getInvoice(q, invoiceId)
  const rows = await q.query<RawError>(
    `select id, type, reviewed, parcel_internal_numbers, additional_data from invoice_validation_errors where invoice_id = $1 order by id`,
    [invoiceId],
  )
  return rows.map(toError)
}

export async function reviewError(q: Queryable, invoiceId: number, errorId: number, reviewed: boolean, actor: Actor): Promise<InvoiceValidationError> {
  await getInvoice(q, invoiceId)
  const [e] = await q.query<RawError>(
    `select id, type, reviewed, parcel_internal_numbers, additional_data from invoice_validation_errors where id = $1 and invoice_id = $2 for update`,
    [errorId, invoiceId],
  )
  if (!e) throw notFound(INVOICING_MSG.errorNotFound)
  if (unreviewable(e.type)) throw new DomainError(409, { message: INVOICING_MSG.notReviewable })
  const [inv] = await q.query<{ status: string; statement_uuid: string | null }>(`select status, statement_uuid from invoices where id = $1 for update`, [invoiceId])
  if (inv!.status !== 'report_validation_error') throw new DomainError(409, { message: INVOICING_MSG.reviewClosed })
  await q.query(`update invoice_validation_errors set reviewed = $2 where id = $1`, [errorId, reviewed])
  // The same error of the statement is reviewed with it, so the statement validates too.
  if (inv!.statement_uuid) await reviewStatementError(q, inv!.statement_uuid, e.type, e.parcel_internal_numbers, reviewed)
  await proceedIfReviewed(q, invoiceId)
  if (e.reviewed !== reviewed) {
    await record(q, actor, { entity: 'invoice', entityId: invoiceId, action: 'review', changes: { [`validation_error.${errorId}.reviewed`]: [e.reviewed, reviewed] } })
  }
  return toError({ ...e, reviewed })
}

/**
 * An invoice stopped on validation errors goes on to issuing once every error is reviewable and
 * reviewed: the statement stored the charges (a giant amount is charged and flagged), so the
 * invoice bills them.
 */
async function proceedIfReviewed(q: Queryable, invoiceId: number) {
  const errors = await q.query<{ type: string; reviewed: boolean }>(`select type, reviewed from invoice_validation_errors where invoice_id = $1`, [invoiceId])
  if (!errors.length || !errors.every((e) => e.reviewed && !unreviewable(e.type))) return
  const [moved] = await q.query(
    `update invoices set status = 'report_validated', error_message = null, updated_at = now() where id = $1 and status = 'report_validation_error' returning id`,
    [invoiceId],
  )
  if (moved) await enqueueJob(q, INVOICE_JOBS.issue, { invoiceId })
}

/**
 * DELETE app/v1/invoice/. An invoice never issued goes back to pending (statement, amounts, PDF
 * and e-mail link cleared; its reviewed errors remembered) and walks again. An issued one is
 * never rewritten: a correction invoice of the original is made (or an open correction, never
 * issued, is started again); 409 while a correction is on its way. Answers the toast's text.
 */
export async function reissue(q: Queryable, id: number, actor: Actor): Promise<string> {
  const [inv] = await q.query<{ status: InvoiceStatus; corrects_id: number | null; client_id: number; period_from: string; period_to: string }>(
    `select status, corrects_id, client_id, to_char(period_from, 'YYYY-MM-DD') as period_from, to_char(period_to, 'YYYY-MM-DD') as period_to
       from invoices where id = $1 for update`,
    [id],
  )
  if (!inv) throw notFound(INVOICING_MSG.notFound)
  if (!isReissuable(inv.status)) throw new DomainError(409, { message: INVOICING_MSG.notReissuable })
  if (!isIssued(inv.status)) {
    await restart(q, id)
    await record(q, actor, { entity: 'invoice', entityId: id, action: 'reissue', changes: { status: [inv.status, 'pending'] } })
    return INVOICING_MSG.reissued
  }
  const originalId = inv.corrects_id ?? id
  const [original] = await q.query<{ invoice_number: string }>(`select invoice_number from invoices where id = $1 for update`, [originalId])
  const [open] = await q.query<{ id: number; status: string }>(
    `select id, status from invoices where corrects_id = $1 and status not in ('issued', 'send') order by id desc limit 1 for update`,
    [originalId],
  )
  if (open && IN_PROGRESS.includes(open.status)) throw new DomainError(409, { message: INVOICING_MSG.correctionInProgress })
  if (open && open.status !== 'no_difference') {
    await restart(q, open.id)
    await record(q, actor, { entity: 'invoice', entityId: originalId, action: 'correct', changes: { correction_id: [null, open.id] } })
  } else {
    const [row] = await q.query<{ id: number }>(
      `insert into invoices (client_id, period_from, period_to, corrects_id, number_series, trigger_date, triggered_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [inv.client_id, inv.period_from, inv.period_to, originalId, INVOICING.correctionPrefix, today(), actor.id],
    )
    await enqueueJob(q, INVOICE_JOBS.prepare, { invoiceId: row!.id })
    await record(q, actor, { entity: 'invoice', entityId: originalId, action: 'correct', changes: { correction_id: [null, row!.id] } })
  }
  return INVOICING_MSG.correctionOrdered(original!.invoice_number)
}

/** A never-issued invoice back to pending, through its walk again (its reviewed errors are remembered). */
async function restart(q: Queryable, id: number) {
  await q.query(
    `update invoices set status = 'pending', statement_uuid = null, pdf = null, pdf_name = null, email_id = null, error_message = null,
            net_amount = null, vat_amount = null, total_amount = null, currency = null, lines = '[]', issue_date = null, payment_to_date = null,
            updated_at = now()
      where id = $1`,
    [id],
  )
  await enqueueJob(q, INVOICE_JOBS.prepare, { invoiceId: id })
}

export async function invoicePdfFile(q: Queryable, id: number) {
  const [r] = await q.query<{ pdf: Uint8Array | null; pdf_name: string | null }>(`select pdf, pdf_name from invoices where id = $1`, [id])
  if (!r) throw notFound(INVOICING_MSG.notFound)
  if (!r.pdf) throw notFound(INVOICING_MSG.noPdf)
  return { data: new Uint8Array(r.pdf), filename: r.pdf_name ?? `faktura-${id}.pdf` }
}

/** The billing statement's file (the export's XLSX). */
export async function statementFile(q: Queryable, id: number) {
  const inv = await getInvoice(q, id)
  if (!inv.exported_file) throw notFound(INVOICING_MSG.noStatement)
  const [e] = await q.query<{ file: Uint8Array | null; file_name: string | null }>(`select file, file_name from exports where uuid = $1`, [inv.exported_file])
  if (!e?.file) throw notFound(INVOICING_MSG.statementNotReady)
  return { data: new Uint8Array(e.file), filename: e.file_name ?? `${inv.exported_file}.xlsx` }
}

// ---- the walk: jobs on the billing job queue ---------------------------------------------------

const jobData = (data: unknown): number => {
  const id = typeof data === 'object' && data !== null && 'invoiceId' in data ? Number((data as { invoiceId: unknown }).invoiceId) : NaN
  if (!Number.isInteger(id)) throw new Error(`invoice job without an invoiceId: ${JSON.stringify(data)}`)
  return id
}

/** pending → missing_client_id, or → waiting_for_report with a billing statement ordered. */
export async function prepareInvoice(db: Db, invoiceId: number): Promise<void> {
  await db.tx(async (q) => {
    const [inv] = await q.query<{ client_id: number; period_from: string; period_to: string; triggered_by: number | null }>(
      `select client_id, to_char(period_from, 'YYYY-MM-DD') as period_from, to_char(period_to, 'YYYY-MM-DD') as period_to, triggered_by
         from invoices where id = $1 and status = 'pending' for update`,
      [invoiceId],
    )
    if (!inv) return
    const [c] = await clientParams(q, [inv.client_id])
    const externalId = c?.external_id?.slice(0, INVOICING.externalIdMax) ?? null
    if (!externalId) {
      await q.query(`update invoices set status = 'missing_client_id', external_id = null, updated_at = now() where id = $1`, [invoiceId])
      return
    }
    if ((await bufferParcelsWaiting(q, inv.period_from, inv.period_to)) > 0) {
      // Buffer parcels appeared after the trigger: the invoice waits (a new trigger starts it again).
      await q.query(`update invoices set error_message = $2, updated_at = now() where id = $1`, [invoiceId, INVOICING_MSG.bufferParcelsWaiting])
      return
    }
    const uuid = await orderBillingStatement(q, { clientId: inv.client_id, start: inv.period_from, end: inv.period_to, reAccount: true, orderedBy: inv.triggered_by })
    await q.query(
      `update invoices set status = 'waiting_for_report', external_id = $2, statement_uuid = $3, error_message = null, updated_at = now() where id = $1`,
      [invoiceId, externalId, uuid],
    )
  })
}

/** The statement of invoices waiting for it settled: validated → issue; otherwise the errors. */
export async function statementSettled(q: Queryable, uuid: string, status: string): Promise<void> {
  const invs = await q.query<{ id: number }>(`select id from invoices where statement_uuid = $1 and status = 'waiting_for_report' for update`, [uuid])
  for (const { id } of invs) {
    if (status === 'validated') {
      await q.query(`update invoices set status = 'report_validated', updated_at = now() where id = $1`, [id])
      await enqueueJob(q, INVOICE_JOBS.issue, { invoiceId: id })
      continue
    }
    const errors = status === 'validation_error' ? await statementErrors(q, uuid) : []
    if (!errors.length) errors.push({ type: 'internal_error', parcelInternalNumbers: [], additionalData: {} })
    await insertErrors(q, id, errors)
    await q.query(`update invoices set status = 'report_validation_error', updated_at = now() where id = $1`, [id])
    // Errors reviewed before (on this invoice, or on the invoice a correction corrects) stay reviewed,
    // on the new statement too; when every error is, the invoice goes on.
    const reviewed = await q.query<{ type: string; parcel_internal_numbers: string[] }>(
      `select type, parcel_internal_numbers from invoice_validation_errors where invoice_id = $1 and reviewed`,
      [id],
    )
    for (const e of reviewed) await reviewStatementError(q, uuid, e.type, e.parcel_internal_numbers, true)
    await proceedIfReviewed(q, id)
  }
}

/**
 * Stores the statement's errors on the invoice; an error the same as one reviewed earlier (type
 * and parcels) on this invoice or on the invoice it corrects keeps its reviewed flag.
 */
async function insertErrors(q: Queryable, invoiceId: number, errors: { type: string; parcelInternalNumbers: string[]; additionalData: Record<string, unknown> }[]) {
  const before = await q.query<{ type: string; parcels: string[] }>(
    `select type, parcel_internal_numbers as parcels from invoice_validation_errors
      where reviewed and invoice_id in (select id from invoices where id = $1 union select corrects_id from invoices where id = $1 and corrects_id is not null)`,
    [invoiceId],
  )
  const key = (type: string, parcels: readonly string[]) => `${type}|${parcels.join(',')}`
  const done = new Set(before.filter((e) => !unreviewable(e.type)).map((e) => key(e.type, e.parcels)))
  await q.query(`delete from invoice_validation_errors where invoice_id = $1`, [invoiceId])
  await q.query(
    `insert into invoice_validation_errors (invoice_id, type, parcel_internal_numbers, additional_data, reviewed)
     select $1, e->>'type', array(select jsonb_array_elements_text(e->'parcelInternalNumbers')), coalesce(e->'additionalData', '{}'), coalesce((e->>'reviewed')::boolean, false)
       from jsonb_array_elements($2::jsonb) e`,
    [invoiceId, JSON.stringify(errors.map((e) => ({ ...e, reviewed: done.has(key(e.type, e.parcelInternalNumbers)) })))],
  )
}

type Line = { kind: string; count: number; net: string; vat: string; gross: string }
/** A correction's line: the difference (count, net, vat, gross of `after` minus `before`) with both sides. */
type CorrectionLine = Line & { before: Line; after: Line }

/**
 * The lines a correction of `originalId` starts from: what the client has been invoiced for the
 * period so far, i.e. the latest issued correction's `after` lines, else the original's lines.
 */
async function invoicedSoFar(q: Queryable, originalId: number): Promise<Line[]> {
  const [latest] = await q.query<{ lines: CorrectionLine[] }>(
    `select lines from invoices where corrects_id = $1 and status in ('issued', 'send') order by issue_date desc, id desc limit 1`,
    [originalId],
  )
  if (latest) return latest.lines.map((l) => l.after)
  const [o] = await q.query<{ lines: Line[] }>(`select lines from invoices where id = $1`, [originalId])
  return o?.lines ?? []
}

/** Per kind: after − before (exact decimals); a kind on one side only counts as zero on the other. */
function differences(before: Line[], after: Line[]): CorrectionLine[] {
  const zero = (kind: string): Line => ({ kind, count: 0, net: '0.00', vat: '0.00', gross: '0.00' })
  const kinds = [...new Set([...before.map((l) => l.kind), ...after.map((l) => l.kind)])]
  const order = INVOICING.billedKinds as readonly string[]
  kinds.sort((a, b) => order.indexOf(a) - order.indexOf(b))
  return kinds.map((kind) => {
    const b = before.find((l) => l.kind === kind) ?? zero(kind)
    const a = after.find((l) => l.kind === kind) ?? zero(kind)
    const d = (k: 'net' | 'vat' | 'gross') => new Decimal(a[k]).minus(b[k]).toFixed(2)
    return { kind, count: a.count - b.count, net: d('net'), vat: d('vat'), gross: d('gross'), before: b, after: a }
  })
}

/**
 * report_validated → issued: amounts, VAT, the gap-free number of the invoice's series, dates; the
 * statement used is flagged as used for an invoice. A correction bills the difference per line
 * against what was invoiced so far; with no difference at all it ends no_difference (no number).
 */
export async function issueInvoice(db: Db, invoiceId: number): Promise<void> {
  await db.tx(async (q) => {
    const [inv] = await q.query<{ client_id: number; statement_uuid: string; invoice_number: string | null; corrects_id: number | null; number_series: string }>(
      `select client_id, statement_uuid, invoice_number, corrects_id, number_series from invoices where id = $1 and status = 'report_validated' for update`,
      [invoiceId],
    )
    if (!inv) return
    const [c] = await clientParams(q, [inv.client_id])
    const rate = c?.vat_rate ?? INVOICING.vatExempt
    const raw = await statementLines(q, inv.statement_uuid, [...INVOICING.billedKinds])
    const currencies = new Set(raw.map((l) => l.currency))
    if (currencies.size > 1) {
      await insertErrors(q, invoiceId, [{ type: 'mixed_currencies', parcelInternalNumbers: [], additionalData: { currencies: [...currencies] } }])
      await q.query(`update invoices set status = 'report_validation_error', error_message = $2, updated_at = now() where id = $1`, [invoiceId, INVOICING_MSG.mixedCurrencies])
      return
    }
    // Exact decimal arithmetic in the database: VAT per line rounded to grosze, totals summed.
    const percent = rate === INVOICING.vatExempt || !/^\d+(\.\d+)?$/.test(rate) ? '0' : rate
    const computed = await q.query<Line>(
      `select l->>'kind' as kind, (l->>'count')::int as count,
              ((l->>'net')::numeric(14, 2))::text as net,
              round((l->>'net')::numeric * $2::numeric / 100, 2)::text as vat,
              ((l->>'net')::numeric + round((l->>'net')::numeric * $2::numeric / 100, 2))::numeric(14, 2)::text as gross
         from jsonb_array_elements($1::jsonb) l`,
      [JSON.stringify(raw), percent],
    )
    let lines: Line[] | CorrectionLine[] = computed
    if (inv.corrects_id != null) {
      lines = differences(await invoicedSoFar(q, inv.corrects_id), computed)
      if (lines.every((l) => new Decimal(l.net).isZero() && new Decimal(l.vat).isZero() && l.count === 0)) {
        await q.query(`update invoices set status = 'no_difference', vat_rate = $2, lines = $3, updated_at = now() where id = $1`, [invoiceId, rate, JSON.stringify(lines)])
        return
      }
    }
    const [sum] = await q.query<{ net: string; vat: string; total: string }>(
      `select coalesce(sum((l->>'net')::numeric), 0)::numeric(14, 2)::text as net, coalesce(sum((l->>'vat')::numeric), 0)::numeric(14, 2)::text as vat,
              coalesce(sum((l->>'gross')::numeric), 0)::numeric(14, 2)::text as total
         from jsonb_array_elements($1::jsonb) l`,
      [JSON.stringify(lines)],
    )
    const issue = today()
    const due = await nextWorkingDayFrom(q, addDays(issue, INVOICING.paymentTermDays - 1))
    let number = inv.invoice_number
    if (!number) {
      const year = Number(issue.slice(0, 4))
      const series = inv.number_series
      const [n] = await q.query<{ last_number: number }>(
        `insert into invoice_number_counters (series, year, last_number) values ($1, $2, 1)
         on conflict (series, year) do update set last_number = invoice_number_counters.last_number + 1 returning last_number`,
        [series, year],
      )
      number = `${series}/${n!.last_number}/${year}`
      await q.query(`update invoices set invoice_number = $2, number_year = $3, number_seq = $4 where id = $1`, [invoiceId, number, year, n!.last_number])
    }
    await q.query(
      `update invoices set status = 'issued', issue_date = $2, payment_to_date = $3, vat_rate = $4, net_amount = $5, vat_amount = $6,
              total_amount = $7, currency = $8, lines = $9, updated_at = now()
        where id = $1`,
      [invoiceId, issue, due, rate, sum!.net, sum!.vat, sum!.total, raw[0]?.currency ?? 'PLN', JSON.stringify(lines)],
    )
    await markStatementUsed(q, inv.statement_uuid)
    await enqueueJob(q, INVOICE_JOBS.send, { invoiceId })
  })
}

/** The seller printed on invoices (INVOICE_SELLER_* variables, demo defaults). */
const seller = sellerFromEnv()

/** issued → send: the PDF (worker pool), stored, and mailed with it to INVOICING_EMAIL_ADDRESS. */
export async function sendInvoice(db: Db, invoiceId: number): Promise<void> {
  const [inv] = await db.query<{
    client_id: number; invoice_number: string; issue_date: string; payment_to_date: string; period_from: string; period_to: string
    external_id: string | null; currency: string; vat_rate: string; net_amount: string; vat_amount: string; total_amount: string
    lines: InvoicePdfData['lines']; corrects_number: string | null; corrects_issue_date: string | null
  }>(
    `select i.client_id, i.invoice_number, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, to_char(i.payment_to_date, 'YYYY-MM-DD') as payment_to_date,
            to_char(i.period_from, 'YYYY-MM-DD') as period_from, to_char(i.period_to, 'YYYY-MM-DD') as period_to, i.external_id, i.currency, i.vat_rate,
            i.net_amount::text as net_amount, i.vat_amount::text as vat_amount, i.total_amount::text as total_amount, i.lines,
            o.invoice_number as corrects_number, to_char(o.issue_date, 'YYYY-MM-DD') as corrects_issue_date
       from invoices i left join invoices o on o.id = i.corrects_id
      where i.id = $1 and i.status = 'issued'`,
    [invoiceId],
  )
  if (!inv) return
  const [c] = await clientParams(db, [inv.client_id])
  const pdf = await makeDocument('invoicePdf', {
    number: inv.invoice_number,
    issueDate: inv.issue_date,
    dueDate: inv.payment_to_date,
    periodFrom: inv.period_from,
    periodTo: inv.period_to,
    seller,
    client: {
      name: c?.name ?? '', nip: c?.nip ?? '', externalId: inv.external_id ?? '',
      address: [c?.street ?? '', `${c?.post_code ?? ''} ${c?.city ?? ''}`.trim(), c?.country ?? ''].filter(Boolean),
    },
    currency: inv.currency,
    vatRate: inv.vat_rate,
    unit: INVOICING.lineUnit,
    lines: inv.lines,
    net: inv.net_amount,
    vat: inv.vat_amount,
    total: inv.total_amount,
    corrects: inv.corrects_number ? { number: inv.corrects_number, issueDate: inv.corrects_issue_date ?? '' } : null,
  })
  const filename = `${inv.corrects_number ? 'faktura-korygujaca' : 'faktura'}-${inv.invoice_number.replace(/[^\w-]+/g, '-')}.pdf`
  await db.tx(async (q) => {
    const [still] = await q.query(`select 1 from invoices where id = $1 and status = 'issued' for update`, [invoiceId])
    if (!still) return
    await q.query(`update invoices set pdf = $2, pdf_name = $3, updated_at = now() where id = $1`, [invoiceId, pdf, filename])
    if (!c?.email) return
    const total = formatMoney(inv.total_amount, inv.currency)
    const [subject, body] = inv.corrects_number
      ? [INVOICING_MSG.correctionMailSubject(inv.invoice_number, inv.corrects_number), INVOICING_MSG.correctionMailBody(c.name, inv.invoice_number, inv.corrects_number, total)]
      : [INVOICING_MSG.mailSubject(inv.invoice_number), INVOICING_MSG.mailBody(c.name, inv.invoice_number, formatDate(inv.period_from), formatDate(inv.period_to), total, formatDate(inv.payment_to_date))]
    const emailId = await queueMail(q, c.email, subject, body, [{ filename, contentType: 'application/pdf', data: pdf }])
    await q.query(`update invoices set status = 'send', email_id = $2, updated_at = now() where id = $1`, [invoiceId, emailId])
    // Sent by the job queue, not a person: no actor (the trigger's entry names who started the run).
    await record(q, null, { entity: 'invoice', entityId: invoiceId, action: 'send', changes: { status: ['issued', 'send'], email_id: [null, emailId] } })
  })
}

let registered = false
/** Registers the invoice jobs and the statement listener with billing (once per process). */
export function registerInvoicing(): void {
  if (registered) return
  registered = true
  registerJob(INVOICE_JOBS.prepare, (db, data) => prepareInvoice(db, jobData(data)))
  registerJob(INVOICE_JOBS.issue, (db, data) => issueInvoice(db, jobData(data)))
  registerJob(INVOICE_JOBS.send, (db, data) => sendInvoice(db, jobData(data)))
  onStatementSettled((q, s) => statementSettled(q, s.uuid, s.status))
  onStatementErrorReviewed((q, e) => statementReviewed(q, e.uuid, e.type, e.parcelInternalNumbers, e.reviewed))
}

/**
 * A statement's error reviewed in the export list: the invoice stopped on that statement takes the
 * same review (same type and parcels) and goes on once every error of it is reviewed.
 */
export async function statementReviewed(q: Queryable, uuid: string, type: string, parcels: readonly string[], reviewed: boolean): Promise<void> {
  if (unreviewable(type)) return
  const invs = await q.query<{ id: number }>(`select id from invoices where statement_uuid = $1 and status = 'report_validation_error' for update`, [uuid])
  for (const { id } of invs) {
    await q.query(`update invoice_validation_errors set reviewed = $4 where invoice_id = $1 and type = $2 and parcel_internal_numbers = $3::text[]`, [id, type, [...parcels], reviewed])
    await proceedIfReviewed(q, id)
  }
}
