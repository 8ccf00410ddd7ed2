import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { failureOf } from './floorKit.ts'
import type { UnknownAlias } from '../src/contract/schemas/admin.ts'

/**
 * Loading of a plain (unpaged) list a screen shows, e.g. the unknown client aliases: loading →
 * ready, or failed with RETRY; RELOAD asks again. Plain loading is not a workflow, but a screen
 * still must not hold it in React state: this is the smallest machine that owns it.
 * Tags: `busy` (loading), `problem` (failed).
 */
export const listLoadMachine = <Row>() =>
  setup({
    types: {
      context: {} as { rows: readonly Row[]; failure: string | null },
      events: {} as { type: 'RELOAD' } | { type: 'RETRY' },
    },
    actors: {
      /** The list, from the endpoint the web provides. */
      loadRows: fromPromise<readonly Row[]>(async () => {
        throw new Error('loadRows not provided')
      }),
    },
  }).createMachine({
    id: 'listLoad',
    context: { rows: [], failure: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadRows',
          src: 'loadRows',
          onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output, failure: null }) },
          onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
        },
      },
      ready: { on: { RELOAD: 'loading' } },
      failed: { tags: ['problem'], on: { RETRY: 'loading' } },
    },
  })

export type ListLoadMachine<Row> = ReturnType<typeof listLoadMachine<Row>>

/** The list machine of the unknown client aliases (and the one the inspector and tests explore). */
export const aliasListMachine = listLoadMachine<UnknownAlias>()

export function connectListLoad<Row>(state: SnapshotFrom<ListLoadMachine<Row>>, send: (e: { type: 'RELOAD' } | { type: 'RETRY' }) => void) {
  return {
    rows: state.context.rows,
    loading: state.hasTag('busy'),
    problem: state.hasTag('problem') ? state.context.failure : null,
    retry: () => send({ type: 'RETRY' }),
    reload: () => send({ type: 'RELOAD' }),
  }
}
