import type { InvoiceDetail, InvoiceValidationError } from '../src/contract/schemas/invoicing.ts'

import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { invoiceDetailMachine } from './invoicingDetail.ts'

const invoice = {
  id: 7, external_id: 'DS-0001', client_id: 1, client_name: 'Demo Shop SRL', status: 'send' as const, invoice_number: 'FV/1/2026',
  issue_date: '2026-11-25', payment_to_date: '2026-12-09', period_from: '2026-10-01', period_to: '2026-10-31', net_amount: '100.00',
  vat_amount: '23.00', total_amount: '123.00', currency: 'PLN', email_id: 3, exported_file: 'u-1', has_pdf: true, created_at: '2026-11-25T10:00:00Z',
  corrects_id: null, corrects_number: null,
}
export const sentInvoice: InvoiceDetail = {
  invoice,
  exportedFile: { identifier: 'u-1', status: 'validated', file_name: 'zestawienie.xlsx' },
  email: { id: 3, subject: 'Faktura FV/1/2026', recipients: [{ name: 'Demo Shop SRL', address: 'faktury@demoshop.example.com', sent_at: null }] },
  reissuable: true,
  reissueEffect: 'correction',
  corrections: [],
}
export const stoppedInvoice: InvoiceDetail = {
  invoice: { ...invoice, id: 9, status: 'report_validation_error', invoice_number: null, has_pdf: false, email_id: null, total_amount: null },
  exportedFile: { identifier: 'u-2', status: 'validation_error', file_name: null },
  email: null,
  reissuable: true,
  reissueEffect: 'recompute',
  corrections: [],
}
export const giant: InvoiceValidationError = {
  id: 5, validationErrorId: 5, type: 'giant_amount', reviewed: false, reviewable: true, parcelInternalNumbers: ['RE100000001'],
  additionalData: { dimensions: { RE100000001: { weight: '2.500', length: '30', width: '20', height: null } } },
}
const noList: InvoiceValidationError = { ...giant, id: 6, validationErrorId: 6, type: 'no_operational_price_list_match', reviewable: false }

export const invoiceDetailSamples = defineSamples(invoiceDetailMachine, {
  inputs: { '/invoices/7': { id: 7 } },
  events: [
    doneActor('load', { detail: sentInvoice, errors: [] }, 'sent invoice'),
    doneActor('load', { detail: stoppedInvoice, errors: [giant, noList] }, 'validation errors'),
    errorActor('load', httpError(404, { message: 'Nie znaleziono faktury' }), '404'),
    { type: 'RETRY' },
    named('review giant', { type: 'REVIEW', errorId: 5, reviewed: true }),
    named('review no list', { type: 'REVIEW', errorId: 6, reviewed: true }),
    doneActor('review', { ...giant, reviewed: true }, 'reviewed'),
    errorActor('review', httpError(409, { message: 'Tego błędu nie można oznaczyć jako przejrzanego' }), '409'),
    named('open pdf', { type: 'OPEN', file: 'pdf' }),
    named('open statement', { type: 'OPEN', file: 'statement' }),
    named('open external', { type: 'OPEN', file: 'external' }),
    doneActor('locate', '/api/app/v1/invoice/7/download?_public_token=t', 'url'),
    errorActor('locate', httpError(404, { message: 'Faktura nie ma jeszcze pliku PDF' }), '404'),
    { type: 'REISSUE' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    doneActor('reissue', { message: 'Faktura zostanie wystawiona ponownie!' }, 'ok'),
    errorActor('reissue', httpError(409, { message: 'Faktura jest w trakcie wystawiania' }), '409'),
  ],
  key: ({ failure: _f, openUrl: _u, ...rest }) => rest,
})
