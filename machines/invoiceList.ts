import { type SnapshotFrom, assign, fromPromise, sendTo, setup } from 'xstate'
import { SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import { INVOICE_STATUSES, INVOICING, type InvoiceStatus } from '../src/contract/constants/invoicing.ts'
import { failureOf } from './floorKit.ts'
import { type ServerTableInput, serverTableMachine } from './serverTable.ts'

/**
 * /invoices: the generic server table (25 a page) under a status filter, and the trigger of
 * invoicing for a date. The status applies at once; the trigger date is typed, then "Uruchom
 * fakturowanie" asks the server; its answer (how many invoices were made) or its refusal (409:
 * buffer parcels must be assigned first, shown longer) is a toast, and the table reloads.
 *
 *   ready ─TRIGGER (valid date)─▶ triggering ─done─▶ ready (triggered, table reloaded)
 *                                              └error─▶ ready (failed)
 *
 * Tags: `busy` while the trigger runs.
 */
export interface InvoiceListContext {
  status: InvoiceStatus | null
  triggerDate: string
  /** The last trigger's answer (toast text). */
  result: string | null
  failure: { message: string; durationMs: number } | null
}

export type InvoiceListEvent =
  | { type: 'SET_STATUS'; status: InvoiceStatus | null }
  | { type: 'SET_DATE'; date: string }
  | { type: 'TRIGGER' }

export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)

/** The filter as POST app/v1/invoice/list reads it. */
export const invoiceFilters = (status: InvoiceStatus | null) => ({ criteria: { status } })

export const invoiceListMachine = setup({
  types: {
    context: {} as InvoiceListContext,
    events: {} as InvoiceListEvent,
    input: {} as { today: string },
  },
  actors: {
    table: serverTableMachine,
    /** POST app/v1/invoice/trigger; resolves with the server's message. */
    trigger: fromPromise<{ message: string }, { date: string }>(async () => {
      throw new Error('trigger not provided')
    }),
  },
  guards: {
    statusChanges: ({ context, event }) => event.type === 'SET_STATUS' && event.status !== context.status,
    dateValid: ({ context }) => isDay(context.triggerDate),
  },
  actions: {
    filterTable: sendTo('table', ({ context }) => ({ type: 'FILTER' as const, filters: invoiceFilters(context.status) })),
    reloadTable: sendTo('table', { type: 'RELOAD' as const }),
    /** Toast of `context.result`; provided by the web. */
    triggered: () => {},
    /** Toast of `context.failure`; provided by the web. */
    failed: () => {},
  },
}).createMachine({
  id: 'invoiceList',
  context: ({ input }) => ({ status: null, triggerDate: input.today, result: null, failure: null }),
  invoke: {
    id: 'table',
    src: 'table',
    input: ({ context }): ServerTableInput => ({
      pageLength: INVOICING.pageSize,
      order: [{ column: 6, dir: 'desc' }],
      filters: invoiceFilters(context.status),
      searchDelay: SEARCH_DELAY_MS,
    }),
  },
  initial: 'ready',
  on: {
    SET_STATUS: {
      guard: 'statusChanges',
      actions: [assign({ status: ({ event }) => (event.status && (INVOICE_STATUSES as readonly string[]).includes(event.status) ? event.status : null) }), 'filterTable'],
    },
    SET_DATE: { actions: assign({ triggerDate: ({ event }) => event.date.slice(0, 10) }) },
  },
  states: {
    ready: {
      on: { TRIGGER: { guard: 'dateValid', target: 'triggering' } },
    },
    triggering: {
      tags: ['busy'],
      invoke: {
        id: 'trigger',
        src: 'trigger',
        input: ({ context }) => ({ date: context.triggerDate }),
        onDone: { target: 'ready', actions: [assign({ result: ({ event }) => event.output.message, failure: null }), 'triggered', 'reloadTable'] },
        onError: {
          target: 'ready',
          actions: [
            assign({
              failure: ({ event }) => {
                const f = failureOf(event.error, INVOICING.toastMs)
                return { message: f.message, durationMs: f.status === 409 ? INVOICING.bufferToastMs : INVOICING.toastMs }
              },
            }),
            'failed',
          ],
        },
      },
    },
  },
})

export type InvoiceListSnapshot = SnapshotFrom<typeof invoiceListMachine>

export function connectInvoiceList(state: InvoiceListSnapshot, send: (e: InvoiceListEvent) => void) {
  return {
    status: state.context.status,
    triggerDate: state.context.triggerDate,
    busy: state.hasTag('busy'),
    canTrigger: state.can({ type: 'TRIGGER' }),
    dateInvalid: !isDay(state.context.triggerDate),
    setStatus: (status: InvoiceStatus | null) => send({ type: 'SET_STATUS', status }),
    setDate: (date: string) => send({ type: 'SET_DATE', date }),
    trigger: () => send({ type: 'TRIGGER' }),
  }
}
