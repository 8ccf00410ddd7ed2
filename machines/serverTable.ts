import { type ActorRefFrom, assign, cancel, fromPromise, raise, setup } from 'xstate'

/**
 * One generic machine for every server-paged table ("plain loading of data is not
 * a workflow; use one generic list machine for every paged table"). It owns the paging
 * parameters (page, page length, order, search, filters), the rows of the current page and the
 * counts; the web provides `fetchPage` with the endpoint of each table.
 *
 * Every change of parameters re-enters `loading`, which stops the running `fetchPage` and starts
 * a new one: an older, slower answer can never overwrite a newer page.
 */

/** One ordering entry in the DataTables shape the server reads: column index and direction. */
export interface OrderBy {
  column: number
  dir: 'asc' | 'desc'
}

export type Filters = Readonly<Record<string, unknown>>

/** What `fetchPage` is given: the DataTables-like paging payload plus the table's filters. */
export interface ServerTableRequest {
  draw: number
  start: number
  length: number
  search: string
  order: readonly OrderBy[]
  filters: Filters
}

/** What `fetchPage` answers (the `paged(...)` reply of the contract). */
export interface ServerTablePage<Row = unknown> {
  data: readonly Row[]
  recordsTotal: number
  recordsFiltered: number
  /** The filtered count is the database planner's estimate (very big sets), not an exact count. */
  estimated?: boolean
}

export interface ServerTableInput {
  pageLength: number
  pageIndex?: number
  order?: readonly OrderBy[]
  search?: string
  filters?: Filters
  /** Milliseconds the named delay `searchDebounce` waits after the last keystroke. */
  searchDelay: number
  /** Start loading at once (default). With `false` the table waits in `idle` for the first event. */
  autoLoad?: boolean
}

export type Selection = Readonly<Record<string, true>>

export interface ServerTableContext {
  pageIndex: number
  pageLength: number
  order: readonly OrderBy[]
  /** The search applied to the rows shown. */
  search: string
  /** What is typed in the search box, applied after `searchDebounce`. */
  searchInput: string
  filters: Filters
  /** Filters and search come back to these on RESET_FILTERS. */
  initialFilters: Filters
  rows: readonly unknown[]
  recordsTotal: number
  recordsFiltered: number
  /** The filtered count of the page shown is an estimate. */
  estimated: boolean
  error: string | null
  /** Sequence number of the request in flight (the DataTables `draw`). */
  draw: number
  searchDelay: number
  autoLoad: boolean
  /** Selected row ids; kept across pages and sorting, cleared when search or filters change. */
  selection: Selection
}

export type ServerTableEvent =
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_LENGTH'; length: number }
  | { type: 'SORT'; order: readonly OrderBy[] }
  /** Typing in the search box; `immediate` skips the debounce (Enter). */
  | { type: 'SEARCH'; text: string; immediate?: boolean }
  /** Sent by the machine itself when `searchDebounce` has passed. */
  | { type: 'SEARCH_APPLY' }
  /** Sets the given filter keys (others stay). */
  | { type: 'FILTER'; filters: Filters }
  | { type: 'RESET_FILTERS' }
  | { type: 'RELOAD' }
  | { type: 'SELECT'; selection: Selection }
  | { type: 'CLEAR_SELECTION' }

const SEARCH_TIMER = 'searchDebounce'

const sameFilters = (a: Filters, b: Filters) => {
  const ka = Object.keys(a).filter((k) => a[k] !== undefined)
  const kb = Object.keys(b).filter((k) => b[k] !== undefined)
  return ka.length === kb.length && ka.every((k) => Object.is(a[k], b[k]) || JSON.stringify(a[k]) === JSON.stringify(b[k]))
}
const sameOrder = (a: readonly OrderBy[], b: readonly OrderBy[]) =>
  a.length === b.length && a.every((o, i) => o.column === b[i]!.column && o.dir === b[i]!.dir)

export const pageCountOf = (recordsFiltered: number, pageLength: number) => Math.max(1, Math.ceil(recordsFiltered / pageLength))

/** The request for the current parameters. */
export const requestOf = (c: ServerTableContext): ServerTableRequest => ({
  draw: c.draw,
  start: c.pageIndex * c.pageLength,
  length: c.pageLength,
  search: c.search,
  order: c.order,
  filters: c.filters,
})

const errorText = (e: unknown): string => {
  if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') return (e as Error).message
  return String(e)
}

export const serverTableMachine = setup({
  types: {
    context: {} as ServerTableContext,
    events: {} as ServerTableEvent,
    input: {} as ServerTableInput,
  },
  actors: {
    /** Provided by the web with the table's endpoint. */
    fetchPage: fromPromise<ServerTablePage, ServerTableRequest>(async () => {
      throw new Error('fetchPage not provided')
    }),
  },
  delays: {
    searchDebounce: ({ context }) => context.searchDelay,
  },
  guards: {
    autoLoad: ({ context }) => context.autoLoad,
    pageChanges: ({ context, event }) => {
      if (event.type !== 'PAGE') return false
      const last = pageCountOf(context.recordsFiltered, context.pageLength) - 1
      return Number.isInteger(event.page) && event.page >= 0 && event.page <= last && event.page !== context.pageIndex
    },
    lengthChanges: ({ context, event }) =>
      event.type === 'PAGE_LENGTH' && Number.isInteger(event.length) && event.length > 0 && event.length !== context.pageLength,
    orderChanges: ({ context, event }) => event.type === 'SORT' && !sameOrder(event.order, context.order),
    searchIsImmediate: ({ event }) => event.type === 'SEARCH' && event.immediate === true,
    searchChanges: ({ context }) => context.searchInput.trim() !== context.search,
    filtersChange: ({ context, event }) =>
      event.type === 'FILTER' && !sameFilters({ ...context.filters, ...event.filters }, context.filters),
    notAtInitialFilters: ({ context }) =>
      !sameFilters(context.filters, context.initialFilters) || context.search !== '' || context.searchInput !== '',
    /** A page past the end (rows removed since): show the last page instead. */
    pageOutOfRange: ({ context }, page: ServerTablePage) => page.data.length === 0 && context.pageIndex > 0 && page.recordsFiltered > 0,
  },
  actions: {
    nextDraw: assign({ draw: ({ context }) => context.draw + 1 }),
    setPage: assign({ pageIndex: ({ event }) => (event.type === 'PAGE' ? event.page : 0) }),
    setLength: assign(({ event, context }) => (event.type === 'PAGE_LENGTH' ? { pageLength: event.length, pageIndex: 0 } : context)),
    setOrder: assign(({ event, context }) => (event.type === 'SORT' ? { order: [...event.order], pageIndex: 0 } : context)),
    typeSearch: assign({ searchInput: ({ event, context }) => (event.type === 'SEARCH' ? event.text : context.searchInput) }),
    cancelSearchTimer: cancel(SEARCH_TIMER),
    startSearchTimer: raise({ type: 'SEARCH_APPLY' }, { id: SEARCH_TIMER, delay: 'searchDebounce' }),
    applySearch: assign(({ context }) => ({ search: context.searchInput.trim(), pageIndex: 0, selection: {} })),
    setFilters: assign(({ event, context }) =>
      event.type === 'FILTER' ? { filters: { ...context.filters, ...event.filters }, pageIndex: 0, selection: {} } : context,
    ),
    resetFilters: assign(({ context }) => ({ filters: context.initialFilters, search: '', searchInput: '', pageIndex: 0, selection: {} })),
    storePage: assign((_, page: ServerTablePage) => ({ rows: page.data, recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered, estimated: page.estimated === true, error: null })),
    goToLastPage: assign(({ context }, page: ServerTablePage) => ({
      pageIndex: pageCountOf(page.recordsFiltered, context.pageLength) - 1,
      recordsFiltered: page.recordsFiltered,
      recordsTotal: page.recordsTotal,
    })),
    storeError: assign((_, failure: { error: unknown }) => ({ error: errorText(failure.error) })),
    clearError: assign({ error: null }),
    /** Keeps the table's criteria (page, order, search, filters) where the web restores them from; provided by the web. */
    persist: () => {},
    select: assign({ selection: ({ event, context }) => (event.type === 'SELECT' ? { ...event.selection } : context.selection) }),
    clearSelection: assign({ selection: {} }),
  },
}).createMachine({
  id: 'serverTable',
  context: ({ input }) => ({
    pageIndex: input.pageIndex ?? 0,
    pageLength: input.pageLength,
    order: input.order ?? [],
    search: input.search ?? '',
    searchInput: input.search ?? '',
    filters: input.filters ?? {},
    initialFilters: input.filters ?? {},
    rows: [],
    recordsTotal: 0,
    // Until the first answer the page count is unknown: allow any page asked for by input.
    recordsFiltered: 0,
    estimated: false,
    error: null,
    draw: 0,
    searchDelay: input.searchDelay,
    autoLoad: input.autoLoad ?? true,
    selection: {},
  }),
  initial: 'idle',
  on: {
    PAGE: { guard: 'pageChanges', target: '.loading', actions: 'setPage' },
    PAGE_LENGTH: { guard: 'lengthChanges', target: '.loading', actions: 'setLength' },
    SORT: { guard: 'orderChanges', target: '.loading', actions: 'setOrder' },
    SEARCH: [
      { guard: 'searchIsImmediate', target: '.loading', actions: ['cancelSearchTimer', 'typeSearch', 'applySearch'] },
      { actions: ['cancelSearchTimer', 'typeSearch', 'startSearchTimer'] },
    ],
    SEARCH_APPLY: { guard: 'searchChanges', target: '.loading', actions: 'applySearch' },
    FILTER: { guard: 'filtersChange', target: '.loading', actions: 'setFilters' },
    RESET_FILTERS: { guard: 'notAtInitialFilters', target: '.loading', actions: ['cancelSearchTimer', 'resetFilters'] },
    RELOAD: { target: '.loading' },
    SELECT: { actions: 'select' },
    CLEAR_SELECTION: { actions: 'clearSelection' },
  },
  states: {
    idle: {
      tags: ['idle'],
      always: { guard: 'autoLoad', target: 'loading' },
    },
    loading: {
      tags: ['busy'],
      entry: ['nextDraw', 'persist'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => requestOf(context),
        onDone: [
          {
            guard: { type: 'pageOutOfRange', params: ({ event }) => event.output },
            target: 'loading',
            reenter: true,
            actions: { type: 'goToLastPage', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'storePage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { tags: ['ready'] },
    error: {
      tags: ['error'],
      exit: 'clearError',
    },
  },
})

export type ServerTableMachine = typeof serverTableMachine
/** A running server table: the `table` child a screen's workflow invokes, which `<ServerTable actor>` renders. */
export type ServerTableActor = ActorRefFrom<ServerTableMachine>
/** Tags of the table's states: `idle` (waiting for a first event), `busy` (a page is asked), `ready` (a page is shown), `error` (the last ask failed). */
export type ServerTableTag = 'idle' | 'busy' | 'ready' | 'error'

/** What `connectTable` reads: the snapshot's context and tags (a real snapshot or a test's). */
export interface ServerTableSnapshotLike {
  context: ServerTableContext
  hasTag: (tag: ServerTableTag) => boolean
}

/**
 * The table's view props from the machine's state: rows, flags from tags, the pager, sorting of a
 * column, search, filters and selection. Views (ui/table.tsx and the workflow screens) ask these,
 * never state names.
 */
export function connectTable<Row = unknown>(state: ServerTableSnapshotLike, send: (e: ServerTableEvent) => void) {
  const c = state.context
  const pageCount = pageCountOf(c.recordsFiltered, c.pageLength)
  const isBusy = state.hasTag('busy') || state.hasTag('idle')
  const from = c.recordsFiltered === 0 ? 0 : c.pageIndex * c.pageLength + 1
  const to = Math.min(c.recordsFiltered, c.pageIndex * c.pageLength + c.rows.length)
  const orderOf = (column: number) => c.order.find((o) => o.column === column)
  const selectedIds = Object.keys(c.selection)
  return {
    /** The rows of the page shown (the web gives their type; the machine keeps them untyped). */
    rows: c.rows as readonly Row[],
    isBusy,
    isError: state.hasTag('error'),
    error: state.hasTag('error') ? c.error : null,
    /** No row at all (with the current search and filters), once a page came. */
    isEmpty: !isBusy && !state.hasTag('error') && c.rows.length === 0,
    /** Rows exist but none matches the search or filters. */
    noMatches: c.recordsTotal > 0 && c.recordsFiltered === 0,
    /** Zero-based page shown, the page count, and the full-numbers pager (null = an ellipsis). */
    page: c.pageIndex,
    pageCount,
    pageLength: c.pageLength,
    pager: pagerItems(c.pageIndex, pageCount),
    canPrevious: c.pageIndex > 0,
    canNext: c.pageIndex < pageCount - 1,
    info: { from, to, filtered: c.recordsFiltered, total: c.recordsTotal },
    /** The filtered count shown is an estimate ("około"). */
    isEstimate: c.estimated,
    setPage: (page: number) => send({ type: 'PAGE', page }),
    setPageLength: (length: number) => send({ type: 'PAGE_LENGTH', length }),
    order: c.order,
    sort: (order: readonly OrderBy[]) => send({ type: 'SORT', order }),
    /** A sortable column's state and toggle (ascending first, then flipping). */
    sortProps: (column: number) => {
      const current = orderOf(column)
      return {
        sorted: current?.dir ?? (false as const),
        ariaSort: current ? (current.dir === 'asc' ? ('ascending' as const) : ('descending' as const)) : ('none' as const),
        toggle: () => send({ type: 'SORT', order: [{ column, dir: current?.dir === 'asc' ? 'desc' : 'asc' }] }),
      }
    },
    searchText: c.searchInput,
    search: (text: string) => send({ type: 'SEARCH', text }),
    searchNow: (text: string) => send({ type: 'SEARCH', text, immediate: true }),
    filters: c.filters,
    setFilters: (filters: Filters) => send({ type: 'FILTER', filters }),
    resetFilters: () => send({ type: 'RESET_FILTERS' }),
    reload: () => send({ type: 'RELOAD' }),
    selection: c.selection,
    selectedIds,
    select: (selection: Selection) => send({ type: 'SELECT', selection }),
    clearSelection: () => send({ type: 'CLEAR_SELECTION' }),
  }
}
export type TableProps<Row = unknown> = ReturnType<typeof connectTable<Row>>

/** The machine's state as the `data-state` attribute shows it. */
export type ServerTableState = 'idle' | 'loading' | 'loaded' | 'error'

/**
 * Page buttons in the "full numbers" style: always seven slots — the first page, a window around
 * the current page, the last page — with `null` for an ellipsis. Zero-based page indexes.
 */
export function pagerItems(pageIndex: number, pageCount: number): Array<number | null> {
  const slots = 7
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  if (pageCount <= slots) return range(0, pageCount - 1)
  const last = pageCount - 1
  if (pageIndex <= 3) return [...range(0, 4), null, last]
  if (pageIndex >= last - 3) return [0, null, ...range(last - 4, last)]
  return [0, null, pageIndex - 1, pageIndex, pageIndex + 1, null, last]
}

/** Sample input, events and a page for the inspector and generated tests. */
export const serverTableSamples = {
  input: { pageLength: 25, searchDelay: 250, order: [{ column: 0, dir: 'asc' }] } satisfies ServerTableInput,
  events: [
    { type: 'PAGE', page: 1 },
    { type: 'PAGE', page: 0 },
    { type: 'PAGE_LENGTH', length: 500 },
    { type: 'SORT', order: [{ column: 1, dir: 'desc' }] },
    { type: 'SEARCH', text: 'admin' },
    { type: 'SEARCH', text: 'worker', immediate: true },
    { type: 'SEARCH_APPLY' },
    { type: 'FILTER', filters: { deleted: true } },
    { type: 'RESET_FILTERS' },
    { type: 'RELOAD' },
    { type: 'SELECT', selection: { '1': true } },
    { type: 'CLEAR_SELECTION' },
  ] satisfies ServerTableEvent[],
  /** A page of 25 rows out of 60, what a fake `fetchPage` may answer. */
  page: {
    data: Array.from({ length: 25 }, (_, i) => ({ id: i + 1 })),
    recordsTotal: 60,
    recordsFiltered: 60,
  } satisfies ServerTablePage,
}
