import * as Schema from 'effect/Schema'
import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody, IdBody, MessageReply, paged, PublicTokenQuery } from '../schemas/common.ts'
import {
  ExternalLinkReply, Invoice, InvoiceDetail, InvoiceListRequest, InvoiceValidationError, ReviewRequest, TriggerPreviewReply, TriggerReply, TriggerRequest,
} from '../schemas/invoicing.ts'

/**
 * Invoices (admin only): the list, the trigger that creates the invoices of the billing periods
 * ended by a date, the detail, validation errors with their reviewed flag, re-issue, and the
 * downloads of the invoice PDF and of its billing statement (opened with `?_public_token=`).
 */
export const invoicingEndpoints = {
  invoiceList: ep({ method: 'POST', path: 'app/v1/invoice/list', roles: ADMIN_ONLY, body: InvoiceListRequest, replies: { 200: paged(Invoice) } }),
  invoiceTrigger: ep({
    method: 'POST', path: 'app/v1/invoice/trigger', roles: ADMIN_ONLY, body: TriggerRequest, replies: { 200: TriggerReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 409: 'Before starting invoicing, buffer shipments must be assigned', 422: 'trigger_date missing, not a date, or after today' },
  }),
  /** What a trigger for the date would do (nothing is written): the count of clients it would invoice, for the confirmation. */
  invoiceTriggerPreview: ep({
    method: 'POST', path: 'app/v1/invoice/trigger/preview', roles: ADMIN_ONLY, body: TriggerRequest, replies: { 200: TriggerPreviewReply, 422: ErrorReply },
    statuses: { 422: 'trigger_date missing, not a date, or after today' },
  }),
  invoiceGet: ep({ method: 'GET', path: 'app/v1/invoice/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: InvoiceDetail, 404: ErrorReply }, statuses: { 404: 'no such invoice' } }),
  invoiceValidationErrors: ep({
    method: 'GET', path: 'app/v1/invoice/{id}/validation_errors', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(InvoiceValidationError), 404: ErrorReply },
    statuses: { 404: 'no such invoice' },
  }),
  invoiceReview: ep({
    method: 'PATCH', path: 'app/v1/invoice/{id}/validation_errors', roles: ADMIN_ONLY, body: ReviewRequest, replies: { 200: InvoiceValidationError, 404: ErrorReply, 409: ErrorReply },
    statuses: { 404: 'no such invoice or error', 409: 'error type that cannot be reviewed' },
  }),
  /**
   * Re-issue: an invoice never issued goes back to pending and through issuing again; an issued
   * one stays as it is and a correction invoice of it is made (or an open correction restarted).
   */
  invoiceReissue: ep({
    method: 'DELETE', path: 'app/v1/invoice/', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Faktura zostanie wystawiona ponownie! / the correction ordered', 404: 'no such invoice', 409: 'invoice or its correction on its way through issuing' },
  }),
  invoiceDownload: ep({
    method: 'GET', path: 'app/v1/invoice/{id}/download', roles: ADMIN_ONLY, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply },
    file: true, publicToken: true, statuses: { 404: 'no such invoice or no PDF yet' },
  }),
  invoiceStatementDownload: ep({
    method: 'GET', path: 'app/v1/invoice/{id}/exported_file_download', roles: ADMIN_ONLY, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply },
    file: true, publicToken: true, statuses: { 404: 'no such invoice, no statement or no file yet' },
  }),
  invoiceExternalLink: ep({ method: 'GET', path: 'app/v1/invoice/{id}/external_link', roles: ADMIN_ONLY, body: Empty, replies: { 200: ExternalLinkReply, 404: ErrorReply }, statuses: { 404: 'no such invoice' } }),
  /** The sandbox invoicing system's page of an invoice (HTML), as an external system would show it. */
  invoiceSandboxView: ep({
    method: 'GET', path: 'app/v1/invoicing-sandbox/{id}', roles: ADMIN_ONLY, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply },
    file: true, publicToken: true, statuses: { 404: 'no such invoice in the sandbox' },
  }),
} as const
