import * as Schema from 'effect/Schema'
import { INVOICE_STATUSES } from '../constants/invoicing.ts'
import { IsoDate, PagingRequest } from './common.ts'
import { Id } from '../validation.ts'

/**
 * Invoices: the list, the detail with its statement and e-mail, validation errors, and the
 * trigger. Amounts are decimal strings ('123.45'); dates yyyy-mm-dd; timestamps ISO 8601.
 */
export const InvoiceStatus = Schema.Literals(INVOICE_STATUSES)

/** POST app/v1/invoice/list: the paging of every table plus the status filter. */
export const InvoiceListRequest = Schema.Struct({
  ...PagingRequest.fields,
  criteria: Schema.optional(Schema.Struct({ status: Schema.optional(Schema.NullOr(InvoiceStatus)) })),
})
export type InvoiceListRequest = typeof InvoiceListRequest.Type

export const Invoice = Schema.Struct({
  id: Schema.Number,
  external_id: Schema.NullOr(Schema.String),
  client_id: Schema.Number,
  client_name: Schema.String,
  status: InvoiceStatus,
  invoice_number: Schema.NullOr(Schema.String),
  issue_date: Schema.NullOr(Schema.String),
  payment_to_date: Schema.NullOr(Schema.String),
  period_from: Schema.String,
  period_to: Schema.String,
  net_amount: Schema.NullOr(Schema.String),
  vat_amount: Schema.NullOr(Schema.String),
  total_amount: Schema.NullOr(Schema.String),
  currency: Schema.NullOr(Schema.String),
  email_id: Schema.NullOr(Schema.Number),
  exported_file: Schema.NullOr(Schema.String),
  has_pdf: Schema.Boolean,
  created_at: Schema.String,
  /** A correction invoice: the invoice it corrects (null for an original invoice). */
  corrects_id: Schema.NullOr(Schema.Number),
  corrects_number: Schema.NullOr(Schema.String),
})
export type Invoice = typeof Invoice.Type

export const ExportedFile = Schema.Struct({ identifier: Schema.String, status: Schema.String, file_name: Schema.NullOr(Schema.String) })
export const EmailRecipient = Schema.Struct({ name: Schema.String, address: Schema.String, sent_at: Schema.NullOr(Schema.String) })
export const InvoiceEmail = Schema.Struct({ id: Schema.Number, subject: Schema.String, recipients: Schema.Array(EmailRecipient) })
/** GET app/v1/invoice/{id}. */
export const InvoiceDetail = Schema.Struct({
  invoice: Invoice,
  exportedFile: Schema.NullOr(ExportedFile),
  email: Schema.NullOr(InvoiceEmail),
  /** Whether re-issue is offered for the invoice's status. */
  reissuable: Schema.Boolean,
  /**
   * What re-issuing does: `correction` (the invoice was issued: it stays as it is and a correction
   * invoice is made), `recompute` (never issued: recomputed in place); null when not offered.
   */
  reissueEffect: Schema.NullOr(Schema.Literals(['correction', 'recompute'])),
  /** The correction invoices of this invoice (or, for a correction, of its original), oldest first. */
  corrections: Schema.Array(Schema.Struct({ id: Schema.Number, invoice_number: Schema.NullOr(Schema.String), status: InvoiceStatus })),
})
export type InvoiceDetail = typeof InvoiceDetail.Type

export const ParcelDimensions = Schema.Struct({
  weight: Schema.NullOr(Schema.String),
  width: Schema.NullOr(Schema.String),
  height: Schema.NullOr(Schema.String),
  length: Schema.NullOr(Schema.String),
})
export const InvoiceValidationError = Schema.Struct({
  id: Schema.Number,
  validationErrorId: Schema.Number,
  type: Schema.String,
  reviewed: Schema.Boolean,
  reviewable: Schema.Boolean,
  parcelInternalNumbers: Schema.Array(Schema.String),
  additionalData: Schema.Struct({ dimensions: Schema.optional(Schema.Record(Schema.String, ParcelDimensions)) }),
})
export type InvoiceValidationError = typeof InvoiceValidationError.Type

/** PATCH app/v1/invoice/{id}/validation_errors. */
export const ReviewRequest = Schema.Struct({ id: Id, reviewed: Schema.Boolean })
export type ReviewRequest = typeof ReviewRequest.Type

/** POST app/v1/invoice/trigger. */
export const TriggerRequest = Schema.Struct({ trigger_date: IsoDate })
export const TriggerReply = Schema.Struct({ message: Schema.String, created: Schema.Array(Schema.Number) })
export type TriggerReply = typeof TriggerReply.Type
/** POST app/v1/invoice/trigger/preview: how many clients a trigger for the date would invoice, and the question to ask. */
export const TriggerPreviewReply = Schema.Struct({ clients: Schema.Number, message: Schema.String })
export type TriggerPreviewReply = typeof TriggerPreviewReply.Type

/** GET app/v1/invoice/{id}/external_link: where the invoice is seen in the invoicing system. */
export const ExternalLinkReply = Schema.Struct({ system: Schema.String, url: Schema.NullOr(Schema.String) })
