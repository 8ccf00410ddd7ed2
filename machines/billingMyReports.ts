import { type SnapshotFrom, assign, fromPromise, sendTo, setup } from 'xstate'
import { BILLING, DOWNLOADABLE_STATUSES } from '../src/contract/constants/billing.ts'
import type { ExportInfo, ValidationError } from '../src/contract/schemas/billing.ts'
import { failureOf } from './floorFailure.ts'
import { type ServerTableActor, type ServerTableInput, serverTableMachine } from './serverTable.ts'
import { progressText } from './billingExport.ts'

/**
 * The "My reports" modal: the server table of exports (10 a page, newest first) and what a row
 * does: a client's click downloads the report (or warns: no file yet); staff open it below the
 * table with its validation errors, a download button and, for admins, the confirmed
 * used-for-invoice toggle and the reviewed checkboxes.
 *
 *   closed ─ROW─▶ loading ─▶ shown ─TOGGLE_USED─▶ confirming ─CONFIRM─▶ saving ─▶ shown (table reloads)
 *                                 ─REVIEW─▶ reviewing ─▶ shown               └CANCEL─▶ shown
 *   any open state ─CLOSE_ROW─▶ closed;  DOWNLOAD: `download` when the open row has a file, else `downloadBlocked`.
 *
 * Tags: `busy` (loading, saving, reviewing), `rowOpen`, `confirming`, `problem`.
 */

export interface MyReportsInput {
  role: number
}

export interface MyReportsContext {
  staff: boolean
  admin: boolean
  row: ExportInfo | null
  errors: readonly ValidationError[]
  pendingUsed: boolean | null
  failure: string | null
}

export type MyReportsEvent =
  | { type: 'ROW'; row: ExportInfo }
  | { type: 'CLOSE_ROW' }
  | { type: 'DOWNLOAD' }
  | { type: 'TOGGLE_USED'; value: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'REVIEW'; id: number; reviewed: boolean }
  | { type: 'REFRESH' }

const outputOf = <T,>(event: unknown): T => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error: unknown }).error
export const canDownload = (row: ExportInfo | null) => !!row && DOWNLOADABLE_STATUSES.includes(row.status)

export const myReportsMachine = setup({
  types: {
    context: {} as MyReportsContext,
    events: {} as MyReportsEvent,
    input: {} as MyReportsInput,
    children: {} as { table: 'table' },
  },
  actors: {
    /** The generic server table; the web provides POST app/v1/export/latest/ as `fetchPage`. */
    table: serverTableMachine,
    /** GET app/v1/export/find/{uuid}/validation_errors. */
    loadErrors: fromPromise<readonly ValidationError[], { uuid: string }>(async () => {
      throw new Error('loadErrors not provided')
    }),
    /** PATCH app/v1/export/ {id, used_for_invoice}. */
    setUsed: fromPromise<ExportInfo, { id: number; value: boolean }>(async () => {
      throw new Error('setUsed not provided')
    }),
    /** PATCH app/v1/export/validation_error/ {id, reviewed}. */
    review: fromPromise<ValidationError, { id: number; reviewed: boolean }>(async () => {
      throw new Error('review not provided')
    }),
  },
  guards: {
    staff: ({ context }) => context.staff,
    admin: ({ context }) => context.admin,
    /** Admins review reviewable errors of the open row. */
    canReview: ({ context, event }) =>
      context.admin && event.type === 'REVIEW' && context.errors.some((e) => e.validationErrorId === event.id && e.reviewable),
    rowDownloadable: ({ context }) => canDownload(context.row),
    clickedDownloadable: ({ event }) => event.type === 'ROW' && canDownload(event.row),
    /** A staff click on a row with validation errors (they are loaded). */
    staffWithErrors: ({ context, event }) => context.staff && event.type === 'ROW' && event.row.errors_count > 0,
  },
  actions: {
    openRow: assign({ row: ({ event }) => (event.type === 'ROW' ? event.row : null), errors: [], failure: null }),
    closeRow: assign({ row: null, errors: [], pendingUsed: null, failure: null }),
    storeErrors: assign({ errors: ({ event }) => outputOf<readonly ValidationError[]>(event) }),
    storeRow: assign({ row: ({ event }) => outputOf<ExportInfo>(event), pendingUsed: null }),
    storeReview: assign({
      errors: ({ context, event }) => {
        const e = outputOf<ValidationError>(event)
        return context.errors.map((x) => (x.validationErrorId === e.validationErrorId ? e : x))
      },
    }),
    storeFailure: assign({ failure: ({ event }) => failureOf(errorOf(event)).message }),
    reloadTable: sendTo('table', { type: 'RELOAD' }),
    /** Side effects provided by the web. */
    download: () => {},
    downloadBlocked: () => {},
    failed: () => {},
    usedSaved: () => {},
  },
}).createMachine({
  id: 'myReports',
  context: ({ input }) => ({ staff: input.role < 2, admin: input.role === 0, row: null, errors: [], pendingUsed: null, failure: null }),
  invoke: {
    id: 'table',
    src: 'table',
    input: (): ServerTableInput => ({ pageLength: BILLING.reportsPageSize, order: [{ column: 0, dir: 'desc' }], searchDelay: 0 }),
  },
  on: { REFRESH: { actions: 'reloadTable' } },
  initial: 'closed',
  states: {
    closed: {
      on: {
        ROW: [
          { guard: 'staffWithErrors', target: 'open.loading', actions: 'openRow' },
          { guard: 'staff', target: 'open.shown', actions: 'openRow' },
          { guard: 'clickedDownloadable', actions: [assign({ row: ({ event }) => event.row }), 'download'] },
          { actions: 'downloadBlocked' },
        ],
      },
    },
    open: {
      tags: ['rowOpen'],
      initial: 'loading',
      on: {
        ROW: [
          { guard: 'staffWithErrors', target: '.loading', actions: 'openRow' },
          { target: '.shown', actions: 'openRow' },
        ],
        CLOSE_ROW: { target: 'closed', actions: 'closeRow' },
        DOWNLOAD: [{ guard: 'rowDownloadable', actions: 'download' }, { actions: 'downloadBlocked' }],
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadErrors',
            src: 'loadErrors',
            input: ({ context }) => ({ uuid: context.row!.uuid }),
            onDone: { target: 'shown', actions: 'storeErrors' },
            onError: { target: 'shown', actions: ['storeFailure', 'failed'] },
          },
        },
        shown: {
          on: {
            TOGGLE_USED: { guard: 'admin', target: 'confirming', actions: assign({ pendingUsed: ({ event }) => event.value }) },
            REVIEW: { guard: 'canReview', target: 'reviewing' },
          },
        },
        confirming: {
          tags: ['confirming'],
          on: { CONFIRM: 'saving', CANCEL: { target: 'shown', actions: assign({ pendingUsed: null }) } },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'setUsed',
            src: 'setUsed',
            input: ({ context }) => ({ id: context.row!.id, value: context.pendingUsed! }),
            onDone: { target: 'shown', actions: ['storeRow', 'usedSaved', 'reloadTable'] },
            onError: { target: 'shown', actions: ['storeFailure', 'failed', assign({ pendingUsed: null })] },
          },
        },
        reviewing: {
          tags: ['busy'],
          invoke: {
            id: 'review',
            src: 'review',
            input: ({ event }) => (event.type === 'REVIEW' ? { id: event.id, reviewed: event.reviewed } : { id: 0, reviewed: false }),
            onDone: { target: 'shown', actions: ['storeReview', 'reloadTable'] },
            onError: { target: 'shown', actions: ['storeFailure', 'failed'] },
          },
        },
      },
    },
  },
})

export type MyReportsSnapshot = SnapshotFrom<typeof myReportsMachine>

export function connectMyReports(
  state: { context: MyReportsContext; children: { table?: ServerTableActor }; hasTag: (t: 'busy' | 'rowOpen' | 'confirming' | 'problem') => boolean },
  send: (e: MyReportsEvent) => void,
) {
  const c = state.context
  return {
    /** The `table` child the exports are rendered from (`<ServerTable actor>`). */
    table: state.children.table,
    /** Client column and validation-error details: staff only. */
    showClient: c.staff,
    admin: c.admin,
    busy: state.hasTag('busy'),
    row: state.hasTag('rowOpen') ? c.row : null,
    errors: c.errors,
    confirming: state.hasTag('confirming'),
    pendingUsed: c.pendingUsed,
    failure: c.failure,
    progressOf: (r: ExportInfo) => (r.status === 'accounting' ? progressText(r) : null),
    click: (row: ExportInfo) => send({ type: 'ROW', row }),
    closeRow: () => send({ type: 'CLOSE_ROW' }),
    download: () => send({ type: 'DOWNLOAD' }),
    toggleUsed: (value: boolean) => send({ type: 'TOGGLE_USED', value }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    review: (id: number, reviewed: boolean) => send({ type: 'REVIEW', id, reviewed }),
    refresh: () => send({ type: 'REFRESH' }),
  }
}
