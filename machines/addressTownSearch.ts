import { assign, fromPromise, setup } from 'xstate'
import { SEARCH_DELAY_MS, SEARCH_MIN_CHARS } from '../src/contract/constants/ui.ts'
import type { Town } from '../src/contract/schemas/address.ts'

/**
 * Town search of the public postal-code finder: the search starts at 3 characters,
 * SEARCH_DELAY_MS after the last keystroke. An empty answer is the town-not-found state.
 *
 *   idle ── TYPE (3+ chars) ──▶ debouncing ── after delay ──▶ searching ──▶ results | empty | error
 *
 * Typing again in any state restarts the delay; typing below 3 characters goes back to idle and
 * clears the list. Leaving `searching` stops the invoked search, so an answer to an older text
 * never reaches the screen. The search itself is the actor
 * `searchTowns`, provided by the view (the API call) or by a test (a fake).
 */
export interface TownSearchContext {
  /** What the field holds. */
  text: string
  /** The text of the search in flight or answered. */
  searched: string
  towns: readonly Town[]
  error: string | null
}

export type TownSearchEvent = { type: 'TYPE'; text: string } | { type: 'RETRY' } | { type: 'CLEAR' }

export interface TownSearchInput {
  searchText: string
}

/** The text a search is made with (the server trims the same way). */
export const searchTextOf = (text: string) => text.trim()
export const isSearchable = (text: string) => searchTextOf(text).length >= SEARCH_MIN_CHARS

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : '')

export const townSearchMachine = setup({
  types: {
    context: {} as TownSearchContext,
    events: {} as TownSearchEvent,
  },
  actors: {
    /** Replaced with `provide`: POST app/v1/public/address/database/RO/town/autocomplete. */
    searchTowns: fromPromise<readonly Town[], TownSearchInput>(async () => {
      throw new Error('searchTowns is not provided')
    }),
  },
  delays: {
    debounce: SEARCH_DELAY_MS,
  },
  guards: {
    typedSearchable: ({ event }) => event.type === 'TYPE' && isSearchable(event.text),
    /** The same search text as the one answered: nothing to search again. */
    typedSameAsAnswered: ({ context, event }) => event.type === 'TYPE' && searchTextOf(event.text) === context.searched,
    hasTowns: (_, answer: { towns: readonly Town[] | undefined }) => (answer.towns ?? []).length > 0,
  },
  actions: {
    setText: assign({ text: ({ event, context }) => (event.type === 'TYPE' ? event.text : context.text) }),
    clearResults: assign({ towns: [], error: null, searched: '' }),
    clearAll: assign({ text: '', towns: [], error: null, searched: '' }),
    markSearched: assign({ searched: ({ context }) => searchTextOf(context.text), error: null }),
    setTowns: assign((_, answer: { towns: readonly Town[] }) => ({ towns: answer.towns })),
    setNoTowns: assign({ towns: [] }),
    setError: assign((_, failure: { error: unknown }) => ({ error: errorMessage(failure.error), towns: [] })),
  },
}).createMachine({
  id: 'townSearch',
  initial: 'idle',
  context: { text: '', searched: '', towns: [], error: null },
  on: {
    CLEAR: { target: '.idle', actions: 'clearAll' },
  },
  states: {
    idle: {
      on: {
        TYPE: [
          { guard: 'typedSearchable', target: 'debouncing', actions: 'setText' },
          { actions: 'setText' },
        ],
      },
    },
    debouncing: {
      tags: ['busy'],
      after: { debounce: { target: 'searching' } },
      on: {
        TYPE: [
          // Each keystroke restarts the delay.
          { guard: 'typedSearchable', target: 'debouncing', reenter: true, actions: 'setText' },
          { target: 'idle', actions: ['setText', 'clearResults'] },
        ],
      },
    },
    searching: {
      tags: ['busy'],
      entry: 'markSearched',
      invoke: {
        id: 'searchTowns',
        src: 'searchTowns',
        input: ({ context }) => ({ searchText: searchTextOf(context.text) }),
        onDone: [
          {
            guard: { type: 'hasTowns', params: ({ event }) => ({ towns: event.output }) },
            target: 'results',
            actions: { type: 'setTowns', params: ({ event }) => ({ towns: event.output }) },
          },
          { target: 'empty', actions: 'setNoTowns' },
        ],
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        TYPE: [
          // A different text: the answer in flight is stale and dropped with the invoked actor.
          { guard: 'typedSameAsAnswered', actions: 'setText' },
          { guard: 'typedSearchable', target: 'debouncing', actions: 'setText' },
          { target: 'idle', actions: ['setText', 'clearResults'] },
        ],
      },
    },
    results: {
      tags: ['results'],
      on: {
        TYPE: [
          { guard: 'typedSameAsAnswered', actions: 'setText' },
          { guard: 'typedSearchable', target: 'debouncing', actions: 'setText' },
          { target: 'idle', actions: ['setText', 'clearResults'] },
        ],
      },
    },
    empty: {
      tags: ['empty'],
      on: {
        TYPE: [
          { guard: 'typedSameAsAnswered', actions: 'setText' },
          { guard: 'typedSearchable', target: 'debouncing', actions: 'setText' },
          { target: 'idle', actions: ['setText', 'clearResults'] },
        ],
      },
    },
    error: {
      tags: ['error'],
      on: {
        RETRY: { target: 'searching' },
        TYPE: [
          { guard: 'typedSearchable', target: 'debouncing', actions: 'setText' },
          { target: 'idle', actions: ['setText', 'clearResults'] },
        ],
      },
    },
  },
})

export type TownSearchMachine = typeof townSearchMachine

/** Tags: `busy` (waiting for the delay or the answer), `results`, `empty` (town not found), `error`. */
export type TownSearchTag = 'busy' | 'results' | 'empty' | 'error'

/** The finder's props from the machine, by tags. */
export function connectTownSearch(state: { context: TownSearchContext; hasTag: (tag: TownSearchTag) => boolean }, send: (e: TownSearchEvent) => void) {
  const c = state.context
  return {
    text: c.text,
    /** Typed, but fewer characters than a search needs. */
    tooShort: c.text.trim() !== '' && !isSearchable(c.text),
    isSearching: state.hasTag('busy'),
    /** The towns of the last answer (kept while a new text waits for its delay). */
    towns: c.towns,
    notFound: state.hasTag('empty'),
    error: state.hasTag('error') ? c.error : null,
    type: (text: string) => send({ type: 'TYPE', text }),
    retry: () => send({ type: 'RETRY' }),
    clear: () => send({ type: 'CLEAR' }),
  }
}
export type TownSearchProps = ReturnType<typeof connectTownSearch>
