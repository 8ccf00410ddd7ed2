import { assign, fromPromise, setup } from 'xstate'
import { BillingStatementRequest } from '../src/contract/schemas/clients.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'

/** The output of a done actor event (the event arrives as the machine's event union). */
const outputOf = <T,>(event: unknown): T => (event as { output: T }).output
const errorOf = (event: unknown): { message?: string; data?: { message?: string } } | undefined =>
  (event as { error?: { message?: string; data?: { message?: string } } }).error

/**
 * The client card's header: previous and next client, the shipment count of the current
 * billing period (none: "Brak okresu rozliczeniowego"), and the billing statement modal, which
 * opens and validates its dates (start and end required, end not before start). Ordering the
 * statement belongs to the billing flow: ORDER hands the valid request to `ordered`.
 *
 *   header:  loading ─▶ ready | failed ─RETRY─▶ loading
 *   billing: closed ─OPEN─▶ open ─ORDER (valid)─▶ closed
 *                               └CLOSE─▶ closed
 */
export interface Header {
  name: string
  navigation: { previous: number | null; next: number | null }
  /** null: the client has no billing period. */
  count: { count: number; start: string; end: string } | null
}

export interface BillingDraft {
  start: string
  end: string
  re_account: boolean
}

export interface ClientCardContext {
  clientId: number
  header: Header | null
  error: string | null
  billing: BillingDraft
  billingSubmitted: boolean
}

export type ClientCardEvent =
  | { type: 'RETRY' }
  | { type: 'OPEN_BILLING' }
  | { type: 'CLOSE_BILLING' }
  | { type: 'SET_BILLING'; name: 'start' | 'end'; value: string }
  | { type: 'SET_RE_ACCOUNT'; value: boolean }
  /** Fills the dates with the calendar month before the one of `today` (yyyy-mm-dd). */
  | { type: 'PRESET_LAST_MONTH'; today: string }
  | { type: 'ORDER_BILLING' }

export const billingErrors = (c: Pick<ClientCardContext, 'clientId' | 'billing'>): FieldErrors => {
  const d = decode(BillingStatementRequest, { client_id: c.clientId, ...c.billing })
  return d.ok ? {} : d.errors
}

/** The first and the last day of the calendar month before the one of `today` (yyyy-mm-dd). */
export function lastMonthOf(today: string): { start: string; end: string } {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(y, m - 2, 1))
  const last = new Date(Date.UTC(y, m - 1, 0))
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) }
}

/**
 * A new order charges every shipment anew (re_account on): that is what invoicing does, charging
 * again with unchanged lists gives the same amounts, and only charging anew picks up a list added
 * or changed since an earlier statement. Unticking keeps earlier charges on purpose.
 */
const emptyBilling: BillingDraft = { start: '', end: '', re_account: true }

export const clientCardMachine = setup({
  types: {
    context: {} as ClientCardContext,
    events: {} as ClientCardEvent,
    input: {} as { clientId: number },
  },
  actors: {
    loadHeader: fromPromise<Header, { clientId: number }>(async () => {
      throw new Error('loadHeader not provided')
    }),
  },
  guards: {
    billingValid: ({ context }) => Object.keys(billingErrors(context)).length === 0,
  },
  actions: {
    storeHeader: assign({ header: ({ event }) => outputOf<Header>(event), error: null }),
    storeError: assign({
      error: ({ event }) => {
        const e = errorOf(event)
        return e?.data?.message || e?.message || 'Wystąpił nieznany błąd'
      },
    }),
    openBilling: assign({ billing: emptyBilling, billingSubmitted: false }),
    setBilling: assign({
      billing: ({ context, event }) => {
        if (event.type === 'SET_BILLING') return { ...context.billing, [event.name]: event.value }
        if (event.type === 'SET_RE_ACCOUNT') return { ...context.billing, re_account: event.value }
        if (event.type === 'PRESET_LAST_MONTH') return { ...context.billing, ...lastMonthOf(event.today) }
        return context.billing
      },
    }),
    markSubmitted: assign({ billingSubmitted: true }),
    /** The valid order; provided by the web (the billing flow). */
    ordered: () => {},
  },
}).createMachine({
  id: 'clientCard',
  type: 'parallel',
  context: ({ input }) => ({ clientId: input.clientId, header: null, error: null, billing: emptyBilling, billingSubmitted: false }),
  states: {
    header: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadHeader',
            src: 'loadHeader',
            input: ({ context }) => ({ clientId: context.clientId }),
            onDone: { target: 'ready', actions: 'storeHeader' },
            onError: { target: 'failed', actions: 'storeError' },
          },
        },
        ready: {},
        failed: { tags: ['problem'], on: { RETRY: 'loading' } },
      },
    },
    billing: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN_BILLING: { target: 'open', actions: 'openBilling' } } },
        open: {
          tags: ['billingOpen'],
          on: {
            SET_BILLING: { actions: 'setBilling' },
            SET_RE_ACCOUNT: { actions: 'setBilling' },
            PRESET_LAST_MONTH: { actions: 'setBilling' },
            CLOSE_BILLING: 'closed',
            ORDER_BILLING: [{ guard: 'billingValid', target: 'closed', actions: 'ordered' }, { actions: 'markSubmitted' }],
          },
        },
      },
    },
  },
})

export function connectClientCard(
  state: { context: ClientCardContext; hasTag: (t: 'busy' | 'problem' | 'billingOpen') => boolean },
  send: (e: ClientCardEvent) => void,
) {
  const c = state.context
  const errors = billingErrors(c)
  return {
    name: c.header?.name ?? '',
    navigation: c.header?.navigation ?? null,
    count: c.header?.count ?? null,
    headerLoaded: c.header !== null,
    headerError: state.hasTag('problem') ? c.error : null,
    billingOpen: state.hasTag('billingOpen'),
    billing: c.billing,
    billingErrorsOf: (name: 'start' | 'end') => (c.billingSubmitted || c.billing[name] !== '' ? (errors[name] ?? []) : []),
    billingValid: Object.keys(errors).length === 0,
    retry: () => send({ type: 'RETRY' }),
    openBilling: () => send({ type: 'OPEN_BILLING' }),
    closeBilling: () => send({ type: 'CLOSE_BILLING' }),
    setBilling: (name: 'start' | 'end', value: string) => send({ type: 'SET_BILLING', name, value }),
    setReAccount: (value: boolean) => send({ type: 'SET_RE_ACCOUNT', value }),
    presetLastMonth: (today: string) => send({ type: 'PRESET_LAST_MONTH', today }),
    orderBilling: () => send({ type: 'ORDER_BILLING' }),
  }
}
