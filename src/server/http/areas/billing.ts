import { latestExports, reviewError, setUsedForInvoice, validationErrors } from '../../domain/billing/exportList.ts'
import { orderExport } from '../../domain/billing/reports.ts'
import { type Handlers, reply } from '../handler.ts'

/** Handlers of the export lists and statement flags (contract endpoints/billing.ts). */
export const billingHandlers: Handlers<
  'exportLatest' | 'exportLatestOfType' | 'exportValidationErrors' | 'exportReview' | 'exportUsedForInvoice' | 'exportCustom'
> = {
  exportLatest: ({ deps, user, body }) => latestExports(deps.db, user, body),
  exportLatestOfType: ({ deps, user, body, params }) => latestExports(deps.db, user, body, params.type),
  exportValidationErrors: ({ deps, user, params }) => validationErrors(deps.db, user, params.uuid ?? ''),
  exportReview: ({ deps, body }) => reviewError(deps.db, body.id, body.reviewed),
  exportUsedForInvoice: ({ deps, body }) => setUsedForInvoice(deps.db, body.id, body.used_for_invoice),
  exportCustom: async ({ deps, user, body }) =>
    reply(201, await orderExport(deps.db, user, { type: 'custom', criteria: { type: 'parcels', start: body.start, end: body.end }, start: body.start, end: body.end })),
}
