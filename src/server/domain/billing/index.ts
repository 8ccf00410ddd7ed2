import { randomUUID } from 'node:crypto'
import type { ExportStatusValue } from '../../../contract/constants/billing.ts'
import { BILLING_MSG } from '../../../contract/messages/billing.ts'
import type { Db, Queryable } from '../../db/db.ts'
import { DomainError, notFound } from '../errors.ts'
import { DAY_PATTERN, nextDay, warsawMidnight } from '../dates.ts'
import { declareJob, enqueueJob } from './queue.ts'

/**
 * Billing statements (docs/billing.md): ordering, status, and the hook invoicing listens on.
 * The statement itself is made by the job `BILLING_JOB` (statement.ts) on the job queue (queue.ts).
 */

export { enqueueJob, registerJob } from './queue.ts'
export type ExportStatus = ExportStatusValue

/** The queue name of the billing statement job. Its data: `{ uuid }` of the export. */
export const BILLING_JOB = 'billing-statement'
declareJob(BILLING_JOB)

export interface BillingOrder {
  clientId: number | null
  /** yyyy-mm-dd, Warsaw days, both inclusive. */
  start: string
  end: string
  reAccount: boolean
  orderedBy: number | null
}

const inTx = <T>(db: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> =>
  'tx' in db && typeof db.tx === 'function' ? (db as Db).tx(fn) : fn(db)

/** A real calendar day written yyyy-mm-dd (2026-13-45 is not one). */
export function isDay(v: string): boolean {
  if (!DAY_PATTERN.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

/** The instants opening `start` and closing `end` (Warsaw days). */
export function periodBounds(start: string, end: string): { from: Date; to: Date } {
  const from = isDay(start) ? warsawMidnight(start) : null
  const to = isDay(end) ? warsawMidnight(nextDay(end)) : null
  if (!from || !to) throw new DomainError(422, { message: BILLING_MSG.badDate })
  return { from, to }
}

/**
 * Buffer parcels received in the period that still wait for a client: while there is one, no
 * statement of that period can be complete (409).
 */
export async function bufferParcelsWaiting(q: Queryable, start: string, end: string): Promise<number> {
  const { from, to } = periodBounds(start, end)
  const [r] = await q.query<{ n: number }>(
    `select count(*)::int as n from parcels
      where buffer_number is not null and client_id is null and deleted_at is null and cancelled_at is null
        and coalesce(shipping_warehouse_received_at, return_warehouse_received_at) >= $1
        and coalesce(shipping_warehouse_received_at, return_warehouse_received_at) < $2`,
    [from, to],
  )
  return r?.n ?? 0
}

/**
 * Orders a billing statement (the same as POST app/v1/export type billing) and returns its uuid.
 * Throws the domain's 409 error while buffer parcels in the period wait for a client, 404 for a
 * client that does not exist. The export row and its job are written in one transaction.
 */
export async function orderBillingStatement(db: Queryable, o: BillingOrder): Promise<string> {
  periodBounds(o.start, o.end)
  return inTx(db, async (q) => {
    if (o.clientId != null) {
      const [c] = await q.query<{ id: number }>(`select id from clients where id = $1`, [o.clientId])
      if (!c) throw notFound(BILLING_MSG.clientNotFound)
    }
    if ((await bufferParcelsWaiting(q, o.start, o.end)) > 0) throw new DomainError(409, { message: BILLING_MSG.bufferParcelsWaiting })
    const uuid = randomUUID()
    await q.query(
      `insert into exports (uuid, type, user_id, client_id, criteria, status, period_start, period_end, re_account)
       values ($1, 'billing', $2, $3, $4::jsonb, 'order_accepted', $5::date, $6::date, $7)`,
      [uuid, o.orderedBy, o.clientId, JSON.stringify({ client_id: o.clientId, start: o.start, end: o.end, re_account: o.reAccount }), o.start, o.end, o.reAccount],
    )
    await enqueueJob(q, BILLING_JOB, { uuid })
    return uuid
  })
}

export async function statementStatus(db: Queryable, uuid: string): Promise<{ status: ExportStatus; errorCount: number } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null
  const [r] = await db.query<{ status: ExportStatus; errors_count: number }>(
    `select status, errors_count from exports where uuid = $1`,
    [uuid.toLowerCase()],
  )
  return r ? { status: r.status, errorCount: r.errors_count } : null
}

export type SettledListener = (db: Queryable, s: { uuid: string; status: ExportStatus }) => Promise<void>
const settledListeners: SettledListener[] = []

/** Called (inside the job's final transaction) when a statement reaches validated / validation_error / internal_error. */
export function onStatementSettled(listener: SettledListener): void {
  settledListeners.push(listener)
}

/** Runs the listeners (the statement job calls it in its final transaction). */
export async function statementSettled(q: Queryable, s: { uuid: string; status: ExportStatus }): Promise<void> {
  for (const l of settledListeners) await l(q, s)
}
