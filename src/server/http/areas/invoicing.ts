import { INVOICING_MSG } from '../../../contract/messages/invoicing.ts'
import {
  getInvoice, invoiceDetail, invoicePage, invoicePdfFile, previewInvoicing, reissue, reviewError, statementFile, triggerInvoicing, validationErrors,
} from '../../domain/invoicing/index.ts'
import { invoicingSystemFromEnv, sandboxPage } from '../../domain/invoicing/system.ts'
import { XLSX_TYPE } from '../../documents/xlsx.ts'
import { actorOf } from '../../domain/audit.ts'
import { notFound } from '../../domain/errors.ts'
import { FileReply, type Handlers } from '../handler.ts'
import { pathId } from '../params.ts'

const system = invoicingSystemFromEnv()
const id = (raw: string | undefined) => pathId(raw, INVOICING_MSG.notFound)

export const invoicingHandlers: Handlers<
  | 'invoiceList' | 'invoiceTrigger' | 'invoiceTriggerPreview' | 'invoiceGet' | 'invoiceValidationErrors' | 'invoiceReview' | 'invoiceReissue'
  | 'invoiceDownload' | 'invoiceStatementDownload' | 'invoiceExternalLink' | 'invoiceSandboxView'
> = {
  invoiceList: ({ deps, body }) => invoicePage(deps.db, body),
  invoiceTrigger: (c) => triggerInvoicing(c.deps.db, c.body.trigger_date, actorOf(c)),
  invoiceTriggerPreview: ({ deps, body }) => previewInvoicing(deps.db, body.trigger_date),
  invoiceGet: ({ deps, params }) => invoiceDetail(deps.db, id(params.id)),
  invoiceValidationErrors: ({ deps, params }) => validationErrors(deps.db, id(params.id)),
  invoiceReview: (c) => c.deps.db.tx((q) => reviewError(q, id(c.params.id), c.body.id, c.body.reviewed, actorOf(c))),
  invoiceReissue: async (c) => ({ message: await c.deps.db.tx((q) => reissue(q, c.body.id, actorOf(c))) }),
  invoiceDownload: async ({ deps, params }) => {
    const f = await invoicePdfFile(deps.db, id(params.id))
    return new FileReply(f.data, f.filename, 'application/pdf', true)
  },
  invoiceStatementDownload: async ({ deps, params }) => {
    const f = await statementFile(deps.db, id(params.id))
    return new FileReply(f.data, f.filename, XLSX_TYPE)
  },
  invoiceExternalLink: async ({ deps, params }) => {
    const inv = await getInvoice(deps.db, id(params.id))
    return { system: system.system, url: system.viewUrl(inv, deps.publicUrl) }
  },
  invoiceSandboxView: async ({ deps, params }) => {
    const inv = await getInvoice(deps.db, id(params.id))
    if (!inv.external_id) throw notFound(INVOICING_MSG.notFound)
    return new FileReply(new TextEncoder().encode(sandboxPage(inv)), `faktura-${inv.id}.html`, 'text/html; charset=utf-8', true)
  },
}
