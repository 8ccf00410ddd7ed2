import { assign, sendTo, setup } from 'xstate'
import { SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import type { FieldErrors } from '../src/contract/validation.ts'
import { type Filters, type OrderBy, type ServerTableActor, type ServerTableInput, serverTableMachine } from './serverTable.ts'

/**
 * One generic machine for every filter bar above a server-paged table. It owns the filters typed
 * in the bar (`draft`), the filters the table shows (`criteria`), "Filtruj" (APPLY: the draft
 * becomes the criteria once `validate` accepts it) and "Wyczyść" (RESET: back to the defaults),
 * and invokes the generic server table as its `table` child with the applied criteria; every
 * applied change is sent to that child, which asks the page again.
 *
 * A screen makes its own machine with `filteredTableMachine(spec)`: its fields and defaults, how
 * any value becomes a filter (`clean`, for keystrokes and for what is restored alike), what the
 * screen starts with (`restore`: a cookie, the URL query), the table's filters for the criteria,
 * the field that travels as the table's search, fields applied at once (a list selector) and the
 * table's page length and order. `persist` (provided by the web) keeps every applied change where
 * the screen restores it from; `exportFile` downloads the applied criteria's file.
 */

/** The values of a filter bar: every field is text (a select's value, a typed text, a day). */
export type FilterValues = Readonly<Record<string, string>>

export interface FilteredTableSpec<F extends FilterValues, I> {
  /** The machine's id (its name in machines/index.ts). */
  id: string
  /** The criteria "Wyczyść" goes back to. */
  defaults: F
  /** Filters from anything (a draft after a keystroke, a saved cookie, the URL query): only what they can be. */
  clean: (raw: unknown) => F
  /** What the screen starts with, from its input, before `clean` (default: the defaults). */
  restore?: (input: I) => unknown
  /** The table's filters for applied criteria (the search field's value, if any, is not one of them). */
  filters: (criteria: F, input: I) => Filters
  /** The field sent as the table's search (applied at once, without the search delay). */
  search?: keyof F & string
  /** Fields applied as soon as they are set (no "Filtruj"). */
  instant?: readonly (keyof F & string)[]
  /** The draft's refusals by field; APPLY is refused while there are any (default: none). */
  validate?: (draft: F) => FieldErrors
  /** The screen downloads the applied criteria's file (EXPORT). */
  exports?: boolean
  /** The table's page length and order, from the input. */
  table: (input: I) => { pageLength: number; order: readonly OrderBy[] }
}

export interface FilteredTableContext<F extends FilterValues = FilterValues, I = unknown> {
  /** What the screen was started with (a record whose history is shown, a saved cookie). */
  input: I
  /** The applied criteria: what the table shows. */
  criteria: F
  /** What the bar shows, applied by APPLY. */
  draft: F
  /** The draft's refusals by field, shown under the fields. */
  errors: FieldErrors
}

export type FilteredTableEvent<F extends FilterValues = FilterValues> =
  | { type: 'SET'; field: keyof F & string; value: string }
  | { type: 'APPLY' }
  | { type: 'RESET' }
  | { type: 'EXPORT' }

const same = (a: FilterValues, b: FilterValues) => Object.keys({ ...a, ...b }).every((k) => a[k] === b[k])

export function filteredTableMachine<F extends FilterValues, I>(spec: FilteredTableSpec<F, I>) {
  type Context = FilteredTableContext<F, I>
  const validate = spec.validate ?? (() => ({}))
  const instant: readonly string[] = spec.instant ?? []
  const isInstant = (event: FilteredTableEvent<F>) => event.type === 'SET' && instant.includes(event.field)
  /** The draft (or criteria) with the event's field set, cleaned. */
  const withField = (values: F, event: FilteredTableEvent<F>): F => (event.type === 'SET' ? spec.clean({ ...values, [event.field]: event.value }) : values)
  const tableFilters = (c: Context) => {
    const filters = spec.filters(c.criteria, c.input)
    return spec.search ? Object.fromEntries(Object.entries(filters).filter(([k]) => k !== spec.search)) : filters
  }
  const toTable = spec.search ? (['filterTable', 'searchTable'] as const) : (['filterTable'] as const)

  return setup({
    types: {
      context: {} as Context,
      events: {} as FilteredTableEvent<F>,
      input: {} as I,
      children: {} as { table: 'table' },
    },
    actors: { table: serverTableMachine },
    guards: {
      instantChanges: ({ context, event }) => isInstant(event) && !same(withField(context.criteria, event), context.criteria),
      notInstant: ({ event }) => !isInstant(event),
      draftInvalid: ({ context }) => Object.keys(validate(context.draft)).length > 0,
      draftDiffers: ({ context }) => !same(context.draft, context.criteria),
      notDefault: ({ context }) => !same(context.criteria, spec.defaults) || !same(context.draft, spec.defaults),
    },
    actions: {
      setInstant: assign(({ context, event }) => {
        if (event.type !== 'SET') return {}
        const value = withField(context.criteria, event)[event.field]
        return { criteria: { ...context.criteria, [event.field]: value }, draft: { ...context.draft, [event.field]: value } }
      }),
      setDraft: assign(({ context, event }) => {
        if (event.type !== 'SET') return {}
        const { [event.field]: _dropped, ...errors } = context.errors
        return { draft: withField(context.draft, event), errors }
      }),
      storeErrors: assign({ errors: ({ context }) => validate(context.draft) }),
      apply: assign({ criteria: ({ context }) => context.draft, errors: {} }),
      reset: assign({ criteria: spec.defaults, draft: spec.defaults, errors: {} }),
      filterTable: sendTo('table', ({ context }) => ({ type: 'FILTER' as const, filters: tableFilters(context) })),
      searchTable: sendTo('table', ({ context }) => ({ type: 'SEARCH' as const, text: spec.search ? context.criteria[spec.search]! : '', immediate: true })),
      /** Keeps the applied criteria where the screen restores them from (a cookie, the URL query); provided by the web. */
      persist: () => {},
      /** Downloads the applied criteria's file; provided by the web. */
      exportFile: () => {},
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => {
      const criteria = spec.restore ? spec.clean(spec.restore(input)) : spec.defaults
      return { input, criteria, draft: criteria, errors: {} }
    },
    invoke: {
      id: 'table',
      src: 'table',
      input: ({ context }): ServerTableInput => ({
        ...spec.table(context.input),
        filters: tableFilters(context),
        search: spec.search ? context.criteria[spec.search] : undefined,
        searchDelay: SEARCH_DELAY_MS,
      }),
    },
    initial: 'ready',
    states: {
      ready: {
        tags: ['editable'],
        // Only the branches the screen has: every transition of a screen's machine is one it can take.
        on: {
          SET: instant.length
            ? [
                { guard: 'instantChanges', actions: ['setInstant', 'persist', ...toTable] },
                { guard: 'notInstant', actions: 'setDraft' },
              ]
            : { actions: 'setDraft' },
          APPLY: [
            ...(spec.validate ? [{ guard: 'draftInvalid', actions: 'storeErrors' } as const] : []),
            { guard: 'draftDiffers', actions: ['apply', 'persist', ...toTable] },
          ],
          RESET: { guard: 'notDefault', actions: ['reset', 'persist', ...toTable] },
          ...(spec.exports ? { EXPORT: { actions: 'exportFile' } as const } : {}),
        },
      },
    },
  })
}

/** Tags: `editable` (the bar takes input; the rows are the `table` child's, with its own tags). */
export type FilteredTableTag = 'editable'

/** What `connectFilteredTable` reads: the snapshot's context, `can`, tags and `table` child (a real snapshot or a test's). */
export interface FilteredTableSnapshotLike<F extends FilterValues, I> {
  context: FilteredTableContext<F, I>
  children: { table?: ServerTableActor }
  can: (e: FilteredTableEvent<F>) => boolean
  hasTag: (tag: FilteredTableTag) => boolean
}

/** The filter bar's view props: the draft and applied criteria, a field's refusal, what the buttons send, and the table under the bar. */
export function connectFilteredTable<F extends FilterValues, I>(state: FilteredTableSnapshotLike<F, I>, send: (e: FilteredTableEvent<F>) => void) {
  const { criteria, draft, errors } = state.context
  return {
    /** The `table` child the rows are rendered from (`<ServerTable actor>`). */
    table: state.children.table,
    isEditable: state.hasTag('editable'),
    /** The applied criteria (what the table shows). */
    criteria,
    draft,
    /** The first refusal of a field, or null. */
    errorOf: (field: keyof F & string) => errors[field]?.[0] ?? null,
    canApply: state.can({ type: 'APPLY' }),
    canReset: state.can({ type: 'RESET' }),
    set: (field: keyof F & string, value: string) => send({ type: 'SET', field, value }),
    apply: () => send({ type: 'APPLY' }),
    reset: () => send({ type: 'RESET' }),
    exportFile: () => send({ type: 'EXPORT' }),
  }
}
export type FilteredTableProps<F extends FilterValues> = ReturnType<typeof connectFilteredTable<F, unknown>>

// ---- the generic machine as the model-based tests and the inspector explore it --------------------

/** Criteria of the sample machine: a list applied at once, a name, a day range checked on "Filtruj", a search text. */
export type SampleCriteria = {
  list: '' | 'active' | 'deleted'
  name: string
  from: string
  to: string
  text: string
}
const SAMPLE_DEFAULTS: SampleCriteria = { list: '', name: '', from: '', to: '', text: '' }
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** Every feature of the machine on one made-up screen: an instant field, validation, a search field, a restored start. */
export const anyFilteredTableMachine = filteredTableMachine<SampleCriteria, { saved?: unknown }>({
  id: 'filteredTable',
  defaults: SAMPLE_DEFAULTS,
  clean: (raw) => {
    const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
    const list = r.list === 'active' || r.list === 'deleted' ? r.list : ''
    return { list, name: str(r.name), from: str(r.from), to: str(r.to), text: str(r.text) }
  },
  restore: (input) => input.saved,
  filters: (c) => ({ list: c.list || undefined, name: c.name.trim() || undefined, from: c.from || undefined, to: c.to || undefined }),
  search: 'text',
  instant: ['list'],
  validate: (d): FieldErrors => (d.from && d.to && d.from > d.to ? { to: ['"Od" po "do"'] } : {}),
  exports: true,
  table: () => ({ pageLength: 25, order: [{ column: 0, dir: 'asc' }] }),
})
