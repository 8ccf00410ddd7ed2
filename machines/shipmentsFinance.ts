import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import type { AccountedAmountsReply } from '../src/contract/schemas/prices.ts'
import { failureOf } from './floorFailure.ts'

/**
 * The shipment's finance tab ('Rozliczenie'): its invoices and its accounted amounts (the main
 * charge and the after-service ones, each with the breakdown it came from), loaded together:
 * loading → ready, or failed with RETRY; RELOAD asks again.
 * Tags: `busy` (loading), `problem` (failed), `empty` (ready with no charge: 'Brak naliczeń!').
 */
export interface FinanceInvoice {
  id: number
  number: string
  issue_date: string
}
export interface FinanceData {
  invoices: readonly FinanceInvoice[]
  amounts: AccountedAmountsReply['accounted_amounts']
}

export const shipmentFinanceMachine = setup({
  types: {
    context: {} as { number: string; data: FinanceData | null; failure: string | null },
    events: {} as { type: 'RELOAD' } | { type: 'RETRY' },
    input: {} as { number: string },
  },
  actors: {
    loadFinance: fromPromise<FinanceData, { number: string }>(async () => {
      throw new Error('loadFinance not provided')
    }),
  },
  guards: {
    noCharges: ({ event }) => {
      const out = 'output' in event ? (event.output as FinanceData | undefined) : undefined
      return !!out && out.amounts.main === null && out.amounts.after_service.length === 0
    },
  },
  actions: {
    store: assign({ data: ({ event }) => ('output' in event ? (event.output as FinanceData) : null), failure: null }),
  },
}).createMachine({
  id: 'shipmentFinance',
  context: ({ input }) => ({ number: input.number, data: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadFinance',
        src: 'loadFinance',
        input: ({ context }) => ({ number: context.number }),
        onDone: [
          { guard: 'noCharges', target: 'empty', actions: 'store' },
          { target: 'ready', actions: 'store' },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
      },
    },
    ready: { on: { RELOAD: 'loading' } },
    empty: { tags: ['empty'], on: { RELOAD: 'loading' } },
    failed: { tags: ['problem'], on: { RETRY: 'loading' } },
  },
})

export type ShipmentFinanceMachine = typeof shipmentFinanceMachine

export function connectShipmentFinance(state: SnapshotFrom<ShipmentFinanceMachine>, send: (e: { type: 'RELOAD' } | { type: 'RETRY' }) => void) {
  const d = state.context.data
  return {
    loading: state.hasTag('busy'),
    problem: state.hasTag('problem') ? state.context.failure : null,
    empty: state.hasTag('empty'),
    invoices: d?.invoices ?? [],
    main: d?.amounts.main ?? null,
    afterService: d?.amounts.after_service ?? [],
    retry: () => send({ type: 'RETRY' }),
    reload: () => send({ type: 'RELOAD' }),
  }
}
