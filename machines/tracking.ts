import { assign, fromPromise, setup } from 'xstate'
import type { PublicHistoryReply } from '../src/contract/schemas/tracking.ts'

/**
 * Public tracking: a parcel number (required) is looked up without signing in;
 * the answer is the per-parcel status history (internal statuses already left out by the server).
 *
 *   idle ── SEARCH (number given) ──▶ searching ──▶ found | notFound | empty
 *
 * - notFound: the number is not known ('parcel_search_error'), or the search failed;
 * - empty: the parcel exists but has no status to show yet ('parcel_tracking_empty').
 * A SEARCH without a number stays where it is and marks the field required. Searching again from
 * any state drops the answer in flight (the invoked `fetchHistory` is stopped on exit).
 */
export type TrackingHistory = PublicHistoryReply['history']

export interface TrackingContext {
  /** The number in the field. */
  number: string
  /** The number searched (the one the answer belongs to). */
  searched: string
  history: TrackingHistory | null
  /** Message key of the last failure: 'parcel_search_error' for an unknown number, else the error text. */
  error: string | null
  /** A SEARCH came with an empty number: the field shows it is required. */
  required: boolean
}

export type TrackingEvent = { type: 'TYPE'; number: string } | { type: 'SEARCH'; number?: string }

export interface TrackingInput {
  /** From /tracking/{id}: the search starts at once. */
  number?: string
}

export const TRACKING_MSG = { notFound: 'parcel_search_error', empty: 'parcel_tracking_empty' } as const

/** The number as it is searched: trimmed, upper case (internal numbers are `RE` + digits). */
export const normalizeNumber = (n: string) => n.trim().toUpperCase()

/** Statuses a person can see in an answer (the shipment-wide ones and every parcel's). */
export const statusCount = (h: TrackingHistory | null | undefined) =>
  !h ? 0 : h.parcels.reduce((n, p) => n + p.history.length, 0) || h.shipment.length

const errorOf = (e: unknown): string => {
  const err = e as { status?: number; message?: string } | null
  if (err?.status === 404) return TRACKING_MSG.notFound
  return err?.message || TRACKING_MSG.notFound
}

export const trackingMachine = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
    input: {} as TrackingInput,
  },
  actors: {
    /** GET app/v2/public/shipment/{internalNumber}/history; provided by the web (or a test). */
    fetchHistory: fromPromise<PublicHistoryReply, { internalNumber: string }>(async () => {
      throw new Error('fetchHistory not provided')
    }),
  },
  guards: {
    startsWithNumber: ({ context }) => context.number !== '',
    numberGiven: ({ event, context }) => event.type === 'SEARCH' && normalizeNumber(event.number ?? context.number) !== '',
    hasStatuses: (_, answer: { history: TrackingHistory | undefined }) => statusCount(answer.history) > 0,
  },
  actions: {
    type: assign(({ event, context }) => (event.type === 'TYPE' ? { number: event.number, required: false } : context)),
    takeNumber: assign(({ event, context }) => {
      if (event.type !== 'SEARCH') return {}
      const number = normalizeNumber(event.number ?? context.number)
      return { number, searched: number, required: false, error: null, history: null }
    }),
    markRequired: assign({ required: true }),
    storeHistory: assign((_, answer: { history: TrackingHistory }) => ({ history: answer.history })),
    storeError: assign((_, failure: { error: unknown }) => ({ error: errorOf(failure.error), history: null })),
    markEmpty: assign((_, answer: { history: TrackingHistory }) => ({ error: TRACKING_MSG.empty, history: answer.history })),
  },
}).createMachine({
  id: 'tracking',
  context: ({ input }) => {
    const number = normalizeNumber(input?.number ?? '')
    return { number, searched: number, history: null, error: null, required: false }
  },
  initial: 'starting',
  on: {
    TYPE: { actions: 'type' },
    SEARCH: [{ guard: 'numberGiven', target: '.searching', actions: 'takeNumber' }, { actions: 'markRequired' }],
  },
  states: {
    starting: { tags: ['busy'], always: [{ guard: 'startsWithNumber', target: 'searching' }, { target: 'idle' }] },
    idle: {},
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'fetchHistory',
        src: 'fetchHistory',
        input: ({ context }) => ({ internalNumber: context.searched }),
        onDone: [
          {
            guard: { type: 'hasStatuses', params: ({ event }) => ({ history: event.output?.history }) },
            target: 'found',
            actions: { type: 'storeHistory', params: ({ event }) => ({ history: event.output.history }) },
          },
          { target: 'empty', actions: { type: 'markEmpty', params: ({ event }) => ({ history: event.output.history }) } },
        ],
        onError: { target: 'notFound', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    found: { tags: ['found'] },
    notFound: { tags: ['problem'] },
    empty: { tags: ['problem', 'empty'] },
  },
})

export type TrackingMachine = typeof trackingMachine

/** Tags: `busy` (searching), `found` (statuses to show), `problem` (nothing to show: unknown number, failure, or `empty`: no status yet). */
export type TrackingTag = 'busy' | 'found' | 'problem' | 'empty'

/** The tracking page's props: the field, the answer and what to show, by tags. */
export function connectTracking(state: { context: TrackingContext; hasTag: (tag: TrackingTag) => boolean }, send: (e: TrackingEvent) => void) {
  const c = state.context
  return {
    number: c.number,
    searched: c.searched,
    /** The field shows it is required (a search without a number). */
    required: c.required,
    isSearching: state.hasTag('busy'),
    history: state.hasTag('found') ? c.history : null,
    /** The message key to show (unknown number, no status yet, or a failure's text); null when none. */
    message: state.hasTag('problem') ? c.error : null,
    /** The message is a warning (the parcel exists, no status yet), not an error. */
    isEmpty: state.hasTag('empty'),
    type: (number: string) => send({ type: 'TYPE', number }),
    search: (number?: string) => send(number === undefined ? { type: 'SEARCH' } : { type: 'SEARCH', number }),
  }
}
export type TrackingProps = ReturnType<typeof connectTracking>
