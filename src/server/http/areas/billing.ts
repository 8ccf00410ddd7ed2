import { downloadExport, findExport, latestExports, reviewError, setUsedForInvoice, validationErrors } from '../../domain/billing/exportList.ts'
import { orderExport } from '../../domain/billing/reports.ts'
import { actorOf } from '../../domain/audit.ts'
import { FileReply, type Handlers, reply } from '../handler.ts'

/** Handlers of the exports: ordering, finding, downloading, the lists and the statement flags (contract endpoints/billing.ts). */
export const billingHandlers: Handlers<
  | 'exportLatest' | 'exportLatestOfType' | 'exportValidationErrors' | 'exportReview' | 'exportUsedForInvoice' | 'exportCustom'
  | 'exportOrder' | 'exportFind' | 'exportDownload'
> = {
  exportLatest: ({ deps, user, body }) => latestExports(deps.db, user, body),
  exportLatestOfType: ({ deps, user, body, params }) => latestExports(deps.db, user, body, params.type),
  exportValidationErrors: ({ deps, user, params }) => validationErrors(deps.db, user, params.uuid ?? ''),
  exportReview: (c) => reviewError(c.deps.db, c.body.id, c.body.reviewed, actorOf(c)),
  exportUsedForInvoice: (c) => setUsedForInvoice(c.deps.db, c.body.id, c.body.used_for_invoice, actorOf(c)),
  exportCustom: async ({ deps, user, body }) =>
    reply(201, await orderExport(deps.db, user, { type: 'custom', criteria: { type: 'parcels', start: body.start, end: body.end }, start: body.start, end: body.end })),
  exportOrder: async ({ deps, user, body }) => reply(201, await orderExport(deps.db, user, body)),
  exportFind: ({ deps, user, params }) => findExport(deps.db, user, params.uuid ?? ''),
  exportDownload: async ({ deps, user, params }) => {
    const f = await downloadExport(deps.db, user, params.identifier ?? '')
    return new FileReply(f.data, f.filename, f.contentType)
  },
}
