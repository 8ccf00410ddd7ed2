import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { failureOf } from './floorFailure.ts'
import type { UnknownAlias } from '../src/contract/schemas/aliases.ts'

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
  /** Milliseconds a LOAD waits for the next one before asking (suggestions while typing); 0: at once. */
  delay: number
  data: T | null
  failure: string | null
  /** The item a confirmed action (a row's delete) waits for or runs on. */
  pending: unknown
  /** How many answers came: a form started from the data starts afresh from each one. */
  answers: number
}
export type DataLoadEvent<T> =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  /** Something else is asked (another record, another warehouse): the answer to the older ask never lands. */
  | { type: 'LOAD'; key: unknown }
  /** A newer copy of the data is known (the answer of a save): shown without asking. */
  | { type: 'REPLACE'; data: T }
  /** The confirmed action is asked for an item (a row's "Usuń"); CONFIRM runs it, CANCEL drops it. */
  | { type: 'ASK'; item: unknown }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

/**
 * The one machine for plain (unpaged) data a screen shows — a record, a reference list, a tab's
 * history, a short list with a confirmed row action:
 *
 *   loading ─done─▶ ready ─ASK─▶ confirming ─CONFIRM─▶ acting ─done─▶ loading (the list again)
 *      └error─▶ failed ─RETRY─▶ loading        └CANCEL─▶ ready   └error─▶ ready (`failed`)
 *
 * RELOAD and LOAD (a new key) ask again (with `delay`, LOAD first waits in `waiting` for the
 * typing to pause); the data already shown stays until the new answer comes,
 * and re-entering `loading` stops the older ask. `acted` and `failed` are the web's side effects
 * (toasts). Tags: `busy` (loading, acting), `ready` (an answer is shown), `problem` (failed),
 * `confirming` (confirming, acting).
 */
export const dataLoadMachine = <T>() =>
  setup({
    types: {
      context: {} as DataLoadContext<T>,
      events: {} as DataLoadEvent<T>,
      input: {} as { key?: unknown; delay?: number } | undefined,
    },
    actors: {
      /** The data for a key, from the endpoint the web provides. */
      load: fromPromise<T, { key: unknown }>(async () => {
        throw new Error('load not provided')
      }),
      /** The confirmed action on an item (e.g. a delete); provided by the web where a screen has one. */
      act: fromPromise<unknown, { key: unknown; item: unknown }>(async () => {
        throw new Error('act not provided')
      }),
    },
    delays: {
      debounce: ({ context }) => context.delay,
    },
    guards: {
      debounced: ({ context }) => context.delay > 0,
    },
    actions: {
      acted: (_, _params: { output: unknown }) => {},
      failed: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id: 'dataLoad',
    context: ({ input }) => ({ key: input?.key ?? null, delay: input?.delay ?? 0, data: null, failure: null, pending: null, answers: 0 }),
    initial: 'loading',
    on: {
      LOAD: [
        { guard: 'debounced', target: '.waiting', reenter: true, actions: assign({ key: ({ event }) => event.key }) },
        { target: '.loading', reenter: true, actions: assign({ key: ({ event }) => event.key }) },
      ],
      REPLACE: { target: '.ready', actions: assign({ data: ({ event }) => event.data, failure: null }) },
    },
    states: {
      /** A LOAD of a debounced load waits here; another LOAD starts the wait again. */
      waiting: {
        tags: ['busy'],
        after: { debounce: 'loading' },
      },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ key: context.key }),
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, failure: null, answers: ({ context }) => context.answers + 1 }) },
          onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
        },
      },
      ready: {
        tags: ['ready'],
        on: {
          RELOAD: 'loading',
          ASK: { target: 'confirming', actions: assign({ pending: ({ event }) => event.item }) },
        },
      },
      confirming: {
        tags: ['ready', 'confirming'],
        on: { CONFIRM: 'acting', CANCEL: { target: 'ready', actions: assign({ pending: null }) } },
      },
      acting: {
        tags: ['ready', 'busy', 'confirming'],
        invoke: {
          id: 'act',
          src: 'act',
          input: ({ context }) => ({ key: context.key, item: context.pending }),
          onDone: { target: 'loading', actions: [assign({ pending: null }), { type: 'acted', params: ({ event }) => ({ output: event.output }) }] },
          onError: { target: 'ready', actions: [assign({ pending: null }), { type: 'failed', params: ({ event }) => ({ error: event.error }) }] },
        },
      },
      failed: { tags: ['problem'], on: { RETRY: 'loading', RELOAD: 'loading' } },
    },
  })

export type DataLoadMachine<T> = ReturnType<typeof dataLoadMachine<T>>
/** The machine the inspector and the model-based tests explore (any data: the answers are samples). */
export const anyDataLoadMachine = dataLoadMachine<unknown>()

/** A load's state as screens show it: waiting for a first answer, the data (kept while asking again), or the failure. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: string }

export type DataLoadTag = 'busy' | 'ready' | 'problem' | 'confirming'

export function connectDataLoad<T>(state: { context: DataLoadContext<T>; hasTag: (tag: DataLoadTag) => boolean }, send: (e: DataLoadEvent<T>) => void) {
  const c = state.context
  const loaded: Loaded<T> = state.hasTag('problem')
    ? { status: 'failed', error: c.failure ?? '' }
    : c.data !== null
      ? { status: 'ready', data: c.data }
      : { status: 'loading' }
  return {
    loaded,
    data: c.data,
    /** What is asked (the warehouse, the record's id). */
    key: c.key,
    answers: c.answers,
    isBusy: state.hasTag('busy'),
    problem: state.hasTag('problem') ? c.failure : null,
    /** The confirmation of the row action is open (and stays, busy, while it runs). */
    isConfirming: state.hasTag('confirming'),
    pending: c.pending,
    reload: () => send({ type: 'RELOAD' }),
    retry: () => send({ type: 'RETRY' }),
    load: (key: unknown) => send({ type: 'LOAD', key }),
    replace: (data: T) => send({ type: 'REPLACE', data }),
    ask: (item: unknown) => send({ type: 'ASK', item }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
  }
}
