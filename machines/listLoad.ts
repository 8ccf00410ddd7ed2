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

// ---- any plain data -----------------------------------------------------------------------------------

/** The context of `dataLoadMachine`: what is asked (`key`), the last answer, the last failure. */
export interface DataLoadContext<T> {
  key: unknown
  data: T | null
  failure: string | null
}
export type DataLoadEvent<T> =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  /** Something else is asked (another record, another warehouse): the answer to the older ask never lands. */
  | { type: 'LOAD'; key: unknown }
  /** A newer copy of the data is known (the answer of a save): shown without asking. */
  | { type: 'REPLACE'; data: T }

/**
 * The one machine for plain (unpaged) data a screen shows — a record, a reference list, a tab's
 * history: loading → ready, or failed with RETRY; RELOAD and LOAD (a new key) ask again, and the
 * data already shown stays until the new answer comes. Re-entering `loading` stops the older ask.
 * Tags: `busy` (loading), `ready` (an answer is shown), `problem` (failed).
 */
export const dataLoadMachine = <T>() =>
  setup({
    types: {
      context: {} as DataLoadContext<T>,
      events: {} as DataLoadEvent<T>,
      input: {} as { key?: unknown } | undefined,
    },
    actors: {
      /** The data for a key, from the endpoint the web provides. */
      load: fromPromise<T, { key: unknown }>(async () => {
        throw new Error('load not provided')
      }),
    },
  }).createMachine({
    id: 'dataLoad',
    context: ({ input }) => ({ key: input?.key ?? null, data: null, failure: null }),
    initial: 'loading',
    on: {
      LOAD: { target: '.loading', reenter: true, actions: assign({ key: ({ event }) => event.key }) },
      REPLACE: { target: '.ready', actions: assign({ data: ({ event }) => event.data, failure: null }) },
    },
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ key: context.key }),
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, failure: null }) },
          onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
        },
      },
      ready: { tags: ['ready'], on: { RELOAD: 'loading' } },
      failed: { tags: ['problem'], on: { RETRY: 'loading', RELOAD: 'loading' } },
    },
  })

export type DataLoadMachine<T> = ReturnType<typeof dataLoadMachine<T>>
/** The machine the inspector and the model-based tests explore (any data: the answers are samples). */
export const anyDataLoadMachine = dataLoadMachine<unknown>()

/** A load's state as screens show it: waiting for a first answer, the data (kept while asking again), or the failure. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: string }

export function connectDataLoad<T>(
  state: { context: DataLoadContext<T>; hasTag: (tag: 'busy' | 'ready' | 'problem') => boolean },
  send: (e: DataLoadEvent<T>) => void,
) {
  const c = state.context
  const loaded: Loaded<T> = state.hasTag('problem')
    ? { status: 'failed', error: c.failure ?? '' }
    : c.data !== null
      ? { status: 'ready', data: c.data }
      : { status: 'loading' }
  return {
    loaded,
    data: c.data,
    isBusy: state.hasTag('busy'),
    problem: state.hasTag('problem') ? c.failure : null,
    reload: () => send({ type: 'RELOAD' }),
    retry: () => send({ type: 'RETRY' }),
    load: (key: unknown) => send({ type: 'LOAD', key }),
    replace: (data: T) => send({ type: 'REPLACE', data }),
  }
}
