import { TIME_ZONE } from '../../../contract/constants/platform.ts'
import type { Queryable } from '../../db/db.ts'

/**
 * What invoicing uses of billing: the statement order, its settlement listener and the job
 * queue (billing's module), and two reads of a settled statement — its accounted amounts summed
 * per kind and currency, and its validation errors.
 */
export { bufferParcelsWaiting, enqueueJob, onStatementSettled, orderBillingStatement, registerJob, statementStatus } from '../billing/index.ts'
export { markStatementUsed, reviewStatementError } from '../billing/exportList.ts'
export { onStatementErrorReviewed } from '../billing/reviewHook.ts'

export interface StatementLine {
  kind: string
  currency: string
  count: number
  /** Net sum, decimal string. */
  net: string
}
export interface StatementError {
  type: string
  parcelInternalNumbers: string[]
  additionalData: Record<string, unknown>
}

/**
 * The statement's accounted amounts of the given kinds, summed per kind and currency: the charges
 * the statement stored for the shipments it covers (the client's live shipments created in its
 * period, in the operator's time zone — the selection billing charges).
 */
export async function statementLines(q: Queryable, uuid: string, kinds: string[]): Promise<StatementLine[]> {
  return q.query<StatementLine>(
    `select a.kind, a.currency, count(distinct a.shipment_id)::int as count, sum(a.amount)::numeric(14, 2)::text as net
       from exports e
       join shipments s on s.client_id = e.client_id and s.deleted_at is null
        and s.created_at >= e.period_start::timestamp at time zone '${TIME_ZONE}'
        and s.created_at < (e.period_end + 1)::timestamp at time zone '${TIME_ZONE}'
       join accounted_amounts a on a.shipment_id = s.id and a.kind = any($2::text[])
      where e.uuid = $1
      group by a.kind, a.currency
      order by a.kind, a.currency`,
    [uuid, kinds],
  )
}

/** The statement's validation errors. */
export async function statementErrors(q: Queryable, uuid: string): Promise<StatementError[]> {
  return q.query<StatementError>(
    `select v.type, v.parcel_internal_numbers as "parcelInternalNumbers", v.additional_data as "additionalData"
       from export_validation_errors v join exports e on e.id = v.export_id
      where e.uuid = $1 order by v.id`,
    [uuid],
  )
}
