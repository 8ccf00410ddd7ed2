/**
 * Invoicing: the numbers the invoice screens and the issuing rules use, each named once.
 */
export const INVOICE_STATUSES = [
  'pending',
  'waiting_for_report',
  'report_validated',
  'report_validation_error',
  'issued',
  'missing_client_id',
  'send',
  'no_difference',
] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const ACCOUNT_PERIODS = ['monthly', 'half_monthly', 'weekly'] as const
export type AccountPeriod = (typeof ACCOUNT_PERIODS)[number]

export const INVOICING = {
  /** Rows per page of /invoices. */
  pageSize: 25,
  /** How long the trigger's 409 toast stays (ms). */
  bufferToastMs: 10_000,
  /** How long other invoice toasts stay (ms). */
  toastMs: 5_000,
  /** Client parameters the invoicing reads. */
  params: {
    period: 'ACCOUNT_PERIOD',
    vatRate: 'INVOICING_VAT_RATE',
    email: 'INVOICING_EMAIL_ADDRESS',
    externalId: 'EXTERNAL_INVOICING_SYSTEM_ID',
  },
  /** ACCOUNT_PERIOD when a client has none set. */
  defaultPeriod: 'monthly' as AccountPeriod,
  /** A half-monthly period's first half ends on this day of the month. */
  halfMonthFirstEnd: 15,
  /** Days from the issue date to the payment due date (moved to the next working day). */
  paymentTermDays: 14,
  /** The INVOICING_VAT_RATE value meaning "not subject to VAT". */
  vatExempt: 'np',
  /** The invoice number: prefix/sequence/year, the sequence restarting every year. */
  numberPrefix: 'FV',
  /** The correction invoice number: its own series, prefix/sequence/year. */
  correctionPrefix: 'KOR',
  /** Statuses after which re-issue is offered (the invoice is not on its way through issuing). */
  reissuable: ['report_validation_error', 'missing_client_id', 'issued', 'send', 'no_difference'] as const satisfies readonly InvoiceStatus[],
  /** Statuses of an invoice that has been issued: it is never rewritten, re-issuing it makes a correction. */
  issuedStatuses: ['issued', 'send'] as const satisfies readonly InvoiceStatus[],
  /** Statuses of an invoice on its way through the jobs (the list polls while one is shown). */
  inProgress: ['pending', 'waiting_for_report', 'report_validated'] as const satisfies readonly InvoiceStatus[],
  /** How often /invoices reloads while an invoice on the page is in progress (ms). */
  pollMs: 5_000,
  /** The unit of a line (the period's service, quantity 1), as printed on the invoice. */
  lineUnit: 'usł.',
  /** Validation error types that cannot be marked as reviewed. */
  unreviewableErrors: ['no_operational_price_list_match', 'missing_amount'] as const,
  /** Longest external invoicing id kept. */
  externalIdMax: 64,
  /** Kinds of accounted amount an invoice bills (costs are the operator's own). */
  billedKinds: ['main', 'after_service'] as const,
} as const

/** Names of the invoice jobs on the billing job queue. */
export const INVOICE_JOBS = { prepare: 'invoice.prepare', issue: 'invoice.issue', send: 'invoice.send' } as const
