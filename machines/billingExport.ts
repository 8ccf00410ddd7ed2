import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { formatFixed } from '../src/contract/format.ts'
import { BILLING, DOWNLOADABLE_STATUSES, type ExportStatusValue } from '../src/contract/constants/billing.ts'
import { failureOf } from './floorFailure.ts'

/**
 * Ordering a billing statement and following it until its file can be downloaded:
 *
 *   idle ─ORDER─▶ ordering ─done─▶ waiting ─after BILLING.pollMs─▶ checking ─┬ order_accepted / accounting ─▶ waiting
 *                    └error─▶ idle (orderFailed)                            ├ validated (and later) ─▶ ready (readyToast)
 *                                                                           ├ validation_error ─▶ readyWithErrors (warningToast)
 *                                                                           └ internal_error / error ─▶ failed (errorToast)
 *   ready, readyWithErrors, failed ─ORDER─▶ ordering; ─CLOSE─▶ idle
 *   DOWNLOAD: `download` in ready / readyWithErrors, else `downloadBlocked`.
 *
 * Tags: `busy` (ordering), `accounting` (waiting/checking), `downloadable`, `warning`, `error`.
 */

export interface BillingOrder {
  client_id: number | null
  start: string
  end: string
  re_account: boolean
}

/** What find/{uuid} tells the machine. */
export interface StatementState {
  uuid: string
  status: ExportStatusValue
  performed_count: number
  total_count: number
  errors_count: number
  error_message: string | null
  file_name?: string | null
}

export interface BillingExportContext {
  order: BillingOrder | null
  uuid: string | null
  statement: StatementState | null
  failure: string | null
}

export type BillingExportEvent = { type: 'ORDER'; order: BillingOrder } | { type: 'DOWNLOAD' } | { type: 'CLOSE' }

const RUNNING: readonly ExportStatusValue[] = ['order_accepted', 'accounting']
const outputOf = (event: unknown) => (event as { output: StatementState }).output
const errorOf = (event: unknown) => (event as { error: unknown }).error
const statusOf = (event: unknown) => outputOf(event).status

export const billingExportMachine = setup({
  types: {
    context: {} as BillingExportContext,
    events: {} as BillingExportEvent,
  },
  actors: {
    /** POST app/v1/export {type: billing, …}: the new statement's uuid. */
    order: fromPromise<string, BillingOrder>(async () => {
      throw new Error('order not provided')
    }),
    /** GET app/v1/export/find/{uuid}. */
    find: fromPromise<StatementState, { uuid: string }>(async () => {
      throw new Error('find not provided')
    }),
  },
  delays: {
    /** The status is asked for every 5 seconds. */
    poll: BILLING.pollMs,
  },
  guards: {
    running: ({ event }) => RUNNING.includes(statusOf(event)),
    withErrors: ({ event }) => statusOf(event) === 'validation_error',
    failedOnServer: ({ event }) => statusOf(event) === 'internal_error',
    downloadable: ({ event }) => DOWNLOADABLE_STATUSES.includes(statusOf(event)),
  },
  actions: {
    storeStatement: assign({ statement: ({ event }) => outputOf(event) }),
    storeFailure: assign({ failure: ({ event }) => failureOf(errorOf(event)).message }),
    /** Side effects, provided by the web: toasts and the file download. */
    ordered: () => {},
    orderFailed: () => {},
    readyToast: () => {},
    warningToast: () => {},
    errorToast: () => {},
    download: () => {},
    downloadBlocked: () => {},
  },
}).createMachine({
  id: 'billingExport',
  context: { order: null, uuid: null, statement: null, failure: null },
  initial: 'idle',
  on: { DOWNLOAD: { actions: 'downloadBlocked' } },
  states: {
    idle: {
      on: { ORDER: 'ordering' },
    },
    ordering: {
      tags: ['busy'],
      entry: assign({ order: ({ event }) => (event.type === 'ORDER' ? event.order : null), uuid: null, statement: null, failure: null }),
      invoke: {
        id: 'order',
        src: 'order',
        input: ({ context }) => context.order!,
        onDone: { target: 'waiting', actions: [assign({ uuid: ({ event }) => event.output }), 'ordered'] },
        onError: { target: 'idle', actions: ['storeFailure', 'orderFailed'] },
      },
    },
    waiting: {
      tags: ['accounting'],
      after: { poll: 'checking' },
      on: { CLOSE: 'idle' },
    },
    checking: {
      tags: ['accounting'],
      invoke: {
        id: 'find',
        src: 'find',
        input: ({ context }) => ({ uuid: context.uuid! }),
        onDone: [
          { guard: 'running', target: 'waiting', actions: 'storeStatement' },
          { guard: 'withErrors', target: 'readyWithErrors', actions: ['storeStatement', 'warningToast'] },
          { guard: 'failedOnServer', target: 'failed', actions: ['storeStatement', 'errorToast'] },
          { guard: 'downloadable', target: 'ready', actions: ['storeStatement', 'readyToast'] },
          { target: 'failed', actions: ['storeStatement', 'errorToast'] },
        ],
        onError: { target: 'failed', actions: ['storeFailure', 'errorToast'] },
      },
      on: { CLOSE: 'idle' },
    },
    ready: {
      tags: ['downloadable'],
      on: { DOWNLOAD: { actions: 'download' }, ORDER: 'ordering', CLOSE: 'idle' },
    },
    readyWithErrors: {
      tags: ['downloadable', 'warning'],
      on: { DOWNLOAD: { actions: 'download' }, ORDER: 'ordering', CLOSE: 'idle' },
    },
    failed: {
      tags: ['error'],
      on: { ORDER: 'ordering', CLOSE: 'idle' },
    },
  },
})

export type BillingExportSnapshot = SnapshotFrom<typeof billingExportMachine>

/** Progress as a percentage with two decimals, pl-PL ("24,68"); only while accounting with a known total. */
export function progressText(s: Pick<StatementState, 'performed_count' | 'total_count'> | null): string | null {
  if (!s || s.total_count <= 0) return null
  return formatFixed((s.performed_count / s.total_count) * 100, BILLING.progressDecimals)
}

export function connectBillingExport(
  state: { context: BillingExportContext; hasTag: (t: 'busy' | 'accounting' | 'downloadable' | 'warning' | 'error') => boolean },
  send: (e: BillingExportEvent) => void,
) {
  const c = state.context
  const accounting = state.hasTag('accounting')
  return {
    ordering: state.hasTag('busy'),
    accounting,
    /** "12.34" while accounting with a known total, else null. */
    progress: accounting ? progressText(c.statement) : null,
    status: c.statement?.status ?? null,
    downloadable: state.hasTag('downloadable'),
    warning: state.hasTag('warning'),
    failed: state.hasTag('error'),
    errorMessage: state.hasTag('error') ? (c.statement?.error_message ?? c.failure) : null,
    errorsCount: c.statement?.errors_count ?? 0,
    uuid: c.uuid,
    order: (order: BillingOrder) => send({ type: 'ORDER', order }),
    download: () => send({ type: 'DOWNLOAD' }),
    close: () => send({ type: 'CLOSE' }),
  }
}
