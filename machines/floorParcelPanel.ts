import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import type { HistoryRow, ParcelFields } from '../src/contract/schemas/floor.ts'
import { failureOf } from './floorFailure.ts'

/**
 * The parcel panel of the intake screen: weights, dimensions and out number of the last
 * scanned parcel and its status history (date, status, where, e-mail). After a scan answer the data
 * is loaded WAREHOUSE.historyRefreshMs (2.5 s) later — a new scan within that time restarts the wait;
 * RELOAD loads at once (after the dimensions were saved).
 */
export interface ParcelPanelContext {
  parcelId: number | null
  /** The barcode scanned for the parcel shown (the panel names it). */
  barcode: string | null
  parcel: ParcelFields | null
  history: readonly HistoryRow[]
  error: string | null
}

export type ParcelPanelEvent = { type: 'SHOW'; parcelId: number; barcode: string | null } | { type: 'RELOAD' } | { type: 'CLEAR' }

export interface ParcelData {
  parcel: ParcelFields
  history: readonly HistoryRow[]
}

export const parcelPanelMachine = setup({
  types: {
    context: {} as ParcelPanelContext,
    events: {} as ParcelPanelEvent,
    children: {} as { loadParcel: 'loadParcel' },
  },
  actors: {
    loadParcel: fromPromise<ParcelData, { parcelId: number }>(async () => {
      throw new Error('loadParcel not provided')
    }),
  },
  delays: { historyRefresh: WAREHOUSE.historyRefreshMs },
  guards: {
    hasParcel: ({ context }) => context.parcelId !== null,
  },
  actions: {
    show: assign(({ context, event }) => {
      const { parcelId: id, barcode } = event as Extract<ParcelPanelEvent, { type: 'SHOW' }>
      // Another parcel: the old one's data would mislead while the new one loads.
      return id === context.parcelId ? { barcode, error: null } : { parcelId: id, barcode, parcel: null, history: [], error: null }
    }),
  },
}).createMachine({
  id: 'parcelPanel',
  context: { parcelId: null, barcode: null, parcel: null, history: [], error: null },
  initial: 'empty',
  on: {
    SHOW: { target: '.waiting', reenter: true, actions: 'show' },
    CLEAR: { target: '.empty', actions: assign({ parcelId: null, barcode: null, parcel: null, history: [], error: null }) },
  },
  states: {
    empty: { tags: ['empty'] },
    waiting: {
      tags: ['waiting'],
      after: { historyRefresh: 'loading' },
      on: { RELOAD: 'loading' },
    },
    loading: {
      tags: ['waiting', 'busy'],
      invoke: {
        id: 'loadParcel',
        src: 'loadParcel',
        input: ({ context }) => ({ parcelId: context.parcelId! }),
        onDone: { target: 'shown', actions: assign({ parcel: ({ event }) => event.output.parcel, history: ({ event }) => event.output.history }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (failureOf(event.error).status === 0 ? FLOOR_MSG.parcelLoadFailed : failureOf(event.error).message) }) },
      },
    },
    shown: {
      tags: ['shown'],
      on: { RELOAD: { guard: 'hasParcel', target: 'loading' } },
    },
    failed: {
      tags: ['problem'],
      on: { RELOAD: { guard: 'hasParcel', target: 'loading' } },
    },
  },
})

/** What the parcel panel shows and may send (tags, never state names). */
export function connectParcelPanel(state: SnapshotFrom<typeof parcelPanelMachine>, send: (e: ParcelPanelEvent) => void) {
  const c = state.context
  return {
    empty: state.hasTag('empty'),
    waiting: state.hasTag('waiting'),
    /** The load failed: the message to show. */
    error: state.hasTag('problem') ? c.error : null,
    barcode: c.barcode,
    parcel: c.parcel,
    history: c.history,
    reload: () => send({ type: 'RELOAD' }),
  }
}
