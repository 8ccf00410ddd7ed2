import { type ActorRefFrom, type SnapshotFrom, assign, enqueueActions, fromPromise, sendParent, sendTo, setup } from 'xstate'
import { SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import { INVOICE_STATUSES, INVOICING, type InvoiceStatus } from '../src/contract/constants/invoicing.ts'
import { INVOICING_MSG } from '../src/contract/messages/invoicing.ts'
import { failureOf } from './floorFailure.ts'
import { type ServerTableInput, serverTableMachine } from './serverTable.ts'

/**
 * /invoices: the server table (25 a page, newest issue date first, undated last) under a status
 * filter, and the trigger of invoicing for a date: TRIGGER asks the server what it would do, the
 * confirmation names how many clients will be invoiced, the answer or refusal (422 a future date,
 * 409 buffer parcels to assign first) is a toast and the table reloads. While an invoice on the
 * page is in the jobs, the `ticker` child reloads it every INVOICING.pollMs.
 *
 *   ready ─TRIGGER (valid date)─▶ previewing ─done─▶ confirming ─CONFIRM─▶ triggering ─done─▶ ready (triggered, table reloaded)
 *                                      └error─▶ ready (failed)   └CANCEL─▶ ready      └error─▶ ready (failed)
 *
 * Tags: `busy` while the preview or the trigger runs, `confirming` while the question is shown.
 */
export interface InvoiceListContext {
  status: InvoiceStatus | null
  /** Today (the operator's day): the latest date invoicing may be triggered for. */
  today: string
  triggerDate: string
  /** The last trigger's answer (toast text). */
  result: string | null
  /** The question before triggering (how many clients will be invoiced). */
  question: string | null
  failure: { message: string; durationMs: number } | null
}

export type InvoiceListEvent =
  | { type: 'SET_STATUS'; status: InvoiceStatus | null }
  | { type: 'SET_DATE'; date: string }
  | { type: 'TRIGGER' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'POLL' }

/** The list's column of the issue date (the server's column index), the default order. */
export const INVOICE_LIST_ISSUE_DATE_COLUMN = 5

export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)

/** Sends POLL to its parent every INVOICING.pollMs. */
export const pollTicker = setup({ delays: { poll: INVOICING.pollMs } }).createMachine({
  id: 'invoicePoll',
  initial: 'waiting',
  states: { waiting: { after: { poll: { target: 'waiting', reenter: true, actions: sendParent({ type: 'POLL' }) } } } },
})

const IN_PROGRESS = INVOICING.inProgress as readonly string[]
/**
 * Is an invoice of these rows on its way through the jobs? Before issuing by its status; an issued
 * one until its PDF is made (the send job; it stays issued when the client has no e-mail address).
 */
export const anyInProgress = (rows: readonly unknown[]) =>
  rows.some((r) => {
    const row = r as { status?: unknown; has_pdf?: unknown } | null
    return !!row && (IN_PROGRESS.includes(String(row.status)) || (row.status === 'issued' && row.has_pdf === false))
  })

/** A real day, not after today. */
export const triggerDateOk = (c: { triggerDate: string; today: string }) => isDay(c.triggerDate) && c.triggerDate <= c.today

/** The filter as POST app/v1/invoice/list reads it. */
export const invoiceFilters = (status: InvoiceStatus | null) => ({ criteria: { status } })

export const invoiceListMachine = setup({
  types: {
    context: {} as InvoiceListContext,
    events: {} as InvoiceListEvent,
    input: {} as { today: string },
    children: {} as { table: 'table'; ticker: 'ticker' },
  },
  actors: {
    table: serverTableMachine,
    ticker: pollTicker,
    /** POST app/v1/invoice/trigger/preview; resolves with the question to ask. */
    preview: fromPromise<{ clients: number; message: string }, { date: string }>(async () => {
      throw new Error('preview not provided')
    }),
    /** POST app/v1/invoice/trigger; resolves with the server's message. */
    trigger: fromPromise<{ message: string }, { date: string }>(async () => {
      throw new Error('trigger not provided')
    }),
  },
  guards: {
    statusChanges: ({ context, event }) => event.type === 'SET_STATUS' && event.status !== context.status,
    dateValid: ({ context }) => triggerDateOk(context),
  },
  actions: {
    filterTable: sendTo('table', ({ context }) => ({ type: 'FILTER' as const, filters: invoiceFilters(context.status) })),
    reloadTable: sendTo('table', { type: 'RELOAD' as const }),
    /** Reloads the table when a row shown is an invoice on its way (its status is about to change). */
    pollTable: enqueueActions(({ self, enqueue }) => {
      // (the graph explorer's stand-in `self` has no children; a test's stand-in table no context)
      const table: ActorRefFrom<typeof serverTableMachine> | undefined = self.getSnapshot?.()?.children?.table
      const rows = table?.getSnapshot()?.context?.rows ?? []
      if (anyInProgress(rows)) enqueue.sendTo('table', { type: 'RELOAD' as const })
    }),
    fail: assign({
      failure: ({ event }) => {
        const f = failureOf('error' in event ? event.error : undefined, INVOICING.toastMs)
        return { message: f.message, durationMs: f.status === 409 ? INVOICING.bufferToastMs : INVOICING.toastMs }
      },
    }),
    /** Toast of `context.result`; provided by the web. */
    triggered: () => {},
    /** Toast of `context.failure`; provided by the web. */
    failed: () => {},
  },
}).createMachine({
  id: 'invoiceList',
  context: ({ input }) => ({ status: null, today: input.today, triggerDate: input.today, result: null, question: null, failure: null }),
  invoke: [
    {
      id: 'table',
      src: 'table',
      input: ({ context }): ServerTableInput => ({
        pageLength: INVOICING.pageSize,
        order: [{ column: INVOICE_LIST_ISSUE_DATE_COLUMN, dir: 'desc' }],
        filters: invoiceFilters(context.status),
        searchDelay: SEARCH_DELAY_MS,
      }),
    },
    { id: 'ticker', src: 'ticker' },
  ],
  initial: 'ready',
  on: {
    SET_STATUS: {
      guard: 'statusChanges',
      actions: [assign({ status: ({ event }) => (event.status && (INVOICE_STATUSES as readonly string[]).includes(event.status) ? event.status : null) }), 'filterTable'],
    },
    POLL: { actions: 'pollTable' },
  },
  states: {
    // The date is changed only here: what is confirmed is what is triggered.
    ready: {
      on: {
        SET_DATE: { actions: assign({ triggerDate: ({ event }) => event.date.slice(0, 10) }) },
        TRIGGER: { guard: 'dateValid', target: 'previewing' },
      },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ date: context.triggerDate }),
        onDone: { target: 'confirming', actions: assign({ question: ({ event }) => event.output.message, failure: null }) },
        onError: { target: 'ready', actions: ['fail', 'failed'] },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { CONFIRM: 'triggering', CANCEL: { target: 'ready', actions: assign({ question: null }) } },
    },
    triggering: {
      tags: ['busy'],
      invoke: {
        id: 'trigger',
        src: 'trigger',
        input: ({ context }) => ({ date: context.triggerDate }),
        onDone: { target: 'ready', actions: [assign({ result: ({ event }) => event.output.message, question: null, failure: null }), 'triggered', 'reloadTable'] },
        onError: { target: 'ready', actions: ['fail', 'failed'] },
      },
    },
  },
})

export type InvoiceListSnapshot = SnapshotFrom<typeof invoiceListMachine>

export function connectInvoiceList(state: InvoiceListSnapshot, send: (e: InvoiceListEvent) => void) {
  return {
    /** The `table` child the invoices are rendered from (`<ServerTable actor>`). */
    table: state.children.table,
    status: state.context.status,
    triggerDate: state.context.triggerDate,
    today: state.context.today,
    busy: state.hasTag('busy'),
    confirming: state.hasTag('confirming'),
    question: state.context.question,
    canTrigger: state.can({ type: 'TRIGGER' }),
    dateInvalid: !triggerDateOk(state.context),
    /** Why the date cannot be used: a date after today (a period is invoiced once it has ended). */
    dateError: isDay(state.context.triggerDate) && state.context.triggerDate > state.context.today ? INVOICING_MSG.triggerInFuture : null,
    setStatus: (status: InvoiceStatus | null) => send({ type: 'SET_STATUS', status }),
    setDate: (date: string) => send({ type: 'SET_DATE', date }),
    trigger: () => send({ type: 'TRIGGER' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
  }
}
