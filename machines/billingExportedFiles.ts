import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { BILLING } from '../src/contract/constants/billing.ts'
import type { ExportInfo } from '../src/contract/schemas/billing.ts'
import { progressText } from './billingExport.ts'
import { failureOf } from './floorFailure.ts'

/**
 * The exported-files list (the latest exports, every role but the warehouse worker): loaded at
 * once, and loaded again every BILLING.reloadMs while one of them is still being made, so its
 * progress moves; quiet once every file is settled.
 *
 *   loading ─done─▶ shown ─(a file in progress) after reloadMs─▶ loading
 *           └error─▶ failed ─RELOAD─▶ loading;  shown ─RELOAD─▶ loading
 *
 * Tags: `busy`, `problem`, `inProgress`.
 */
export interface ExportedFilesContext {
  files: readonly ExportInfo[]
  failure: string | null
}
export type ExportedFilesEvent = { type: 'RELOAD' }

const RUNNING = ['order_accepted', 'accounting']
export const anyRunning = (files: readonly ExportInfo[]) => files.some((f) => RUNNING.includes(f.status))

export const exportedFilesMachine = setup({
  types: { context: {} as ExportedFilesContext, events: {} as ExportedFilesEvent },
  actors: {
    /** POST app/v1/export/latest/ with an empty array. */
    load: fromPromise<readonly ExportInfo[]>(async () => {
      throw new Error('load not provided')
    }),
  },
  delays: { reload: BILLING.reloadMs },
  guards: { inProgress: ({ context }) => anyRunning(context.files) },
}).createMachine({
  id: 'exportedFiles',
  context: { files: [], failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'shown', actions: assign({ files: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
      },
    },
    shown: {
      initial: 'check',
      on: { RELOAD: 'loading' },
      states: {
        check: { always: [{ guard: 'inProgress', target: 'following' }, { target: 'settled' }] },
        following: { tags: ['inProgress'], after: { reload: '#exportedFiles.loading' } },
        settled: {},
      },
    },
    failed: { tags: ['problem'], on: { RELOAD: 'loading' } },
  },
})

export type ExportedFilesSnapshot = SnapshotFrom<typeof exportedFilesMachine>

export function connectExportedFiles(
  state: { context: ExportedFilesContext; hasTag: (t: 'busy' | 'problem' | 'inProgress') => boolean },
  send: (e: ExportedFilesEvent) => void,
  role: number,
) {
  return {
    files: state.context.files,
    /** Client name column: admins only. */
    showClient: role === 0,
    failure: state.hasTag('problem') ? state.context.failure : null,
    inProgress: state.hasTag('inProgress'),
    progressOf: (f: ExportInfo) => (f.status === 'accounting' ? progressText(f) : null),
    reload: () => send({ type: 'RELOAD' }),
  }
}
