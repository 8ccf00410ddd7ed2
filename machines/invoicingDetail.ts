import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { INVOICING } from '../src/contract/constants/invoicing.ts'
import { INVOICING_MSG, INVOICE_ERROR_LABEL, INVOICE_STATUS_LABEL } from '../src/contract/messages/invoicing.ts'
import type { InvoiceDetail, InvoiceValidationError } from '../src/contract/schemas/invoicing.ts'
import { formatDate, formatMoney, formatNumber } from '../src/contract/format.ts'
import { failureOf } from './floorFailure.ts'

/**
 * /invoices/{id}: the invoice with its statement, e-mail and validation errors. Errors can be
 * marked reviewed; the PDF, statement or external view open with a short-lived file token; a
 * confirmed re-issue goes back to /invoices (an issued invoice gets a correction invoice, one
 * never issued is recomputed in place).
 *
 *   loading ─done─▶ ready.idle ─REISSUE─▶ ready.confirming ─CONFIRM─▶ reissuing ─done─▶ left
 *      └error─▶ failed ─RETRY─▶ loading        │            └CANCEL─▶ ready.idle   └error─▶ ready.idle
 *   ready.idle ─REVIEW─▶ ready.reviewing ─done─▶ loading | ─error─▶ ready.idle;  ─OPEN─▶ ready.opening ─▶ ready.idle
 *
 * Tags: `busy`, `confirming`, `problem` (stopped on validation errors or a missing client id), `error`.
 */
export type FileKind = 'pdf' | 'statement' | 'external'
export interface InvoiceDetailContext {
  id: number
  detail: InvoiceDetail | null
  errors: readonly InvoiceValidationError[]
  /** The error whose reviewed flag is being saved. */
  reviewing: { id: number; reviewed: boolean } | null
  opening: FileKind | null
  /** What OPEN fetched: the address to open (with its file token), for the web's `open`. */
  openUrl: string | null
  failure: string | null
  /** The server's answer to the re-issue (the toast on leaving). */
  result: string | null
}

export type InvoiceDetailEvent =
  | { type: 'RETRY' }
  | { type: 'REVIEW'; errorId: number; reviewed: boolean }
  | { type: 'OPEN'; file: FileKind }
  | { type: 'REISSUE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

export interface Loaded {
  detail: InvoiceDetail
  errors: readonly InvoiceValidationError[]
}

/** The failure text of an actor's error event. */
const errorText = (event: object) => failureOf('error' in event ? event.error : undefined, INVOICING.toastMs).message

export const invoiceDetailMachine = setup({
  types: {
    context: {} as InvoiceDetailContext,
    events: {} as InvoiceDetailEvent,
    input: {} as { id: number },
  },
  actors: {
    /** GET app/v1/invoice/{id} and its validation errors. */
    load: fromPromise<Loaded, { id: number }>(async () => {
      throw new Error('load not provided')
    }),
    /** PATCH app/v1/invoice/{id}/validation_errors. */
    review: fromPromise<InvoiceValidationError, { id: number; errorId: number; reviewed: boolean }>(async () => {
      throw new Error('review not provided')
    }),
    /** A file token and the address to open (the PDF, the statement, the invoicing system). */
    locate: fromPromise<string, { id: number; file: FileKind }>(async () => {
      throw new Error('locate not provided')
    }),
    /** DELETE app/v1/invoice/. */
    reissue: fromPromise<{ message: string }, { id: number }>(async () => {
      throw new Error('reissue not provided')
    }),
  },
  guards: {
    reviewable: ({ context, event }) =>
      event.type === 'REVIEW' && context.errors.some((e) => e.id === event.errorId && e.reviewable && e.reviewed !== event.reviewed),
    canOpen: ({ context, event }) => {
      if (event.type !== 'OPEN' || !context.detail) return false
      if (event.file === 'pdf') return context.detail.invoice.has_pdf
      if (event.file === 'statement') return context.detail.exportedFile?.file_name != null
      // An invoice is in the invoicing system once issued (it has its PDF) and the client has an id there.
      return context.detail.invoice.external_id != null && context.detail.invoice.has_pdf
    },
    reissuable: ({ context }) => context.detail?.reissuable === true,
  },
  actions: {
    fail: assign({ failure: ({ event }) => errorText(event) }),
    /** Opens `context.openUrl`; provided by the web. */
    open: () => {},
    /** Back to /invoices with the re-issue toast (`context.result`); provided by the web. */
    left: () => {},
    /** Shows `context.failure`; provided by the web. */
    failed: () => {},
  },
}).createMachine({
  id: 'invoiceDetail',
  context: ({ input }) => ({ id: input.id, detail: null, errors: [], reviewing: null, opening: null, openUrl: null, failure: null, result: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output.detail, errors: ({ event }) => event.output.errors, failure: null }) },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: { tags: ['error'], on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            REVIEW: { guard: 'reviewable', target: 'reviewing', actions: assign({ reviewing: ({ event }) => ({ id: event.errorId, reviewed: event.reviewed }) }) },
            OPEN: { guard: 'canOpen', target: 'opening', actions: assign({ opening: ({ event }) => event.file, openUrl: null }) },
            REISSUE: { guard: 'reissuable', target: 'confirming' },
          },
        },
        reviewing: {
          tags: ['busy'],
          invoke: {
            id: 'review',
        src: 'review',
            input: ({ context }) => ({ id: context.id, errorId: context.reviewing!.id, reviewed: context.reviewing!.reviewed }),
            // Reloaded after each review: the last one lets the invoice go on (its status changes).
            onDone: {
              target: '#invoiceDetail.loading',
              actions: assign({ errors: ({ context, event }) => context.errors.map((e) => (e.id === event.output.id ? event.output : e)), reviewing: null }),
            },
            onError: { target: 'idle', actions: ['fail', assign({ reviewing: null }), 'failed'] },
          },
        },
        opening: {
          tags: ['busy'],
          invoke: {
            id: 'locate',
        src: 'locate',
            input: ({ context }) => ({ id: context.id, file: context.opening! }),
            onDone: { target: 'idle', actions: [assign({ openUrl: ({ event }) => event.output }), 'open', assign({ opening: null })] },
            onError: { target: 'idle', actions: ['fail', assign({ opening: null }), 'failed'] },
          },
        },
        confirming: {
          tags: ['confirming'],
          on: { CONFIRM: '#invoiceDetail.reissuing', CANCEL: 'idle' },
        },
      },
    },
    reissuing: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'reissue',
        src: 'reissue',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'left', actions: assign({ result: ({ event }) => event.output.message }) },
        onError: { target: 'ready', actions: ['fail', 'failed'] },
      },
    },
    left: { type: 'final', entry: 'left' },
  },
})

export type InvoiceDetailSnapshot = SnapshotFrom<typeof invoiceDetailMachine>

const dash = (v: string | number | null | undefined) => (v == null || v === '' ? INVOICING_MSG.empty : String(v))
/** A number in the pl-PL format, "-" where missing. */
const num = (v: string | number | null | undefined) => (v == null || v === '' ? INVOICING_MSG.empty : formatNumber(v))
/** A day as dd.mm.yyyy, "-" where missing. */
const day = (v: string | null | undefined) => (v == null || v === '' ? INVOICING_MSG.empty : formatDate(v))

function dimensionsText(e: InvoiceValidationError): string {
  const first = e.parcelInternalNumbers[0]
  const d = first ? e.additionalData.dimensions?.[first] : undefined
  if (!d) return INVOICING_MSG.empty
  return `${num(d.weight)} kg, ${num(d.length)} × ${num(d.width)} × ${num(d.height)} cm`
}

export function connectInvoiceDetail(state: InvoiceDetailSnapshot, send: (e: InvoiceDetailEvent) => void) {
  const d = state.context.detail
  const inv = d?.invoice ?? null
  return {
    loaded: inv !== null,
    busy: state.hasTag('busy'),
    loadFailed: state.hasTag('error'),
    failure: state.context.failure,
    title: inv ? INVOICING_MSG.title(inv.client_name, formatDate(inv.period_from), formatDate(inv.period_to)) : '',
    status: inv?.status ?? null,
    fields: inv
      ? [
          { id: 'status', label: 'Status', value: INVOICE_STATUS_LABEL[inv.status] },
          { id: 'number', label: 'Numer', value: dash(inv.invoice_number) },
          { id: 'total', label: inv.corrects_id != null ? 'Kwota korekty brutto' : 'Kwota brutto', value: inv.total_amount ? formatMoney(inv.total_amount, inv.currency) : INVOICING_MSG.empty },
          { id: 'issue_date', label: 'Data wystawienia', value: inv.issue_date ? formatDate(inv.issue_date) : INVOICING_MSG.empty },
          { id: 'payment_to_date', label: 'Termin płatności', value: inv.payment_to_date ? formatDate(inv.payment_to_date) : INVOICING_MSG.empty },
        ]
      : [],
    /** A correction: the invoice it corrects. */
    corrects: inv?.corrects_id != null ? { id: inv.corrects_id, label: INVOICING_MSG.correctionTitle(inv.corrects_number ?? INVOICING_MSG.empty) } : null,
    /** The corrections of the invoice (of its original, for a correction). */
    corrections: (d?.corrections ?? []).map((c) => ({ id: c.id, number: dash(c.invoice_number), status: INVOICE_STATUS_LABEL[c.status], current: c.id === inv?.id })),
    /** The question before re-issuing, naming what will happen. */
    confirmMessage: d?.reissueEffect === 'correction' ? INVOICING_MSG.reissueCorrection(inv?.corrects_number ?? inv?.invoice_number ?? INVOICING_MSG.empty) : INVOICING_MSG.reissueRecompute,
    recipients: d?.email?.recipients ?? [],
    showErrors: state.context.errors.length > 0 && inv?.status === 'report_validation_error',
    errors: state.context.errors.map((e) => ({
      ...e,
      label: INVOICE_ERROR_LABEL[e.type] ?? e.type,
      firstParcel: e.parcelInternalNumbers[0] ?? null,
      /** The first parcel's weight and dimensions as the statement saw them ("-" where missing). */
      dimensions: dimensionsText(e),
      saving: state.context.reviewing?.id === e.id,
    })),
    problem: inv?.status === 'report_validation_error' || inv?.status === 'missing_client_id',
    canPdf: state.can({ type: 'OPEN', file: 'pdf' }),
    canStatement: state.can({ type: 'OPEN', file: 'statement' }),
    canExternal: state.can({ type: 'OPEN', file: 'external' }),
    showReissue: d?.reissuable === true,
    canReissue: state.can({ type: 'REISSUE' }),
    confirming: state.hasTag('confirming'),
    opening: state.context.opening,
    retry: () => send({ type: 'RETRY' }),
    review: (errorId: number, reviewed: boolean) => send({ type: 'REVIEW', errorId, reviewed }),
    open: (file: FileKind) => send({ type: 'OPEN', file }),
    reissue: () => send({ type: 'REISSUE' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
  }
}
