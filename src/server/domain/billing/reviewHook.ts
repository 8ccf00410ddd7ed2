import type { Queryable } from '../../db/db.ts'

/**
 * The hook invoicing listens on when a person reviews a statement's error in the export list:
 * the invoice waiting on that statement takes the same review (and may go on). Called inside the
 * review's transaction.
 */
export interface ReviewedError {
  uuid: string
  type: string
  parcelInternalNumbers: readonly string[]
  reviewed: boolean
}
export type ReviewListener = (q: Queryable, e: ReviewedError) => Promise<void>
const listeners: ReviewListener[] = []

export function onStatementErrorReviewed(listener: ReviewListener): void {
  listeners.push(listener)
}

export async function statementErrorReviewed(q: Queryable, e: ReviewedError): Promise<void> {
  for (const l of listeners) await l(q, e)
}
