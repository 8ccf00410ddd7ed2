import { assign, sendTo, setup } from 'xstate'
import { CLIENT_LIST_KINDS, VOLUME_CLASSES } from '../src/contract/constants/clients.ts'
import { PAGE_SIZE } from '../src/contract/constants/tables.ts'
import { SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import { type ServerTableInput, serverTableMachine } from './serverTable.ts'

/**
 * The /clients list: the generic server table (25 per page) under the list's criteria.
 * The list selector applies at once; the name/alias text and the two volume classes are a draft
 * applied by "Filtruj"; "Wyczyść" goes back to the defaults. Applied criteria are saved (`persist`,
 * a cookie for one day, provided by the web) and restored from `saved` on the next visit.
 */
export type ClientListKind = (typeof CLIENT_LIST_KINDS)[number]
export type VolumeChoice = '' | (typeof VOLUME_CLASSES)[number]

export interface ClientCriteria {
  list: ClientListKind
  text: string
  volume: VolumeChoice
  lastMonthClass: VolumeChoice
}

export const DEFAULT_CRITERIA: ClientCriteria = { list: 'all', text: '', volume: '', lastMonthClass: '' }

/** Saved criteria, if they are criteria (a cookie may hold anything). */
export function restoreCriteria(saved: unknown): ClientCriteria {
  if (!saved || typeof saved !== 'object') return DEFAULT_CRITERIA
  const s = saved as Record<string, unknown>
  const cls = (v: unknown): VolumeChoice => (typeof v === 'string' && (VOLUME_CLASSES as readonly string[]).includes(v) ? (v as VolumeChoice) : '')
  return {
    list: typeof s.list === 'string' && (CLIENT_LIST_KINDS as readonly string[]).includes(s.list) ? (s.list as ClientListKind) : 'all',
    text: typeof s.text === 'string' ? s.text.slice(0, 100) : '',
    volume: cls(s.volume),
    lastMonthClass: cls(s.lastMonthClass),
  }
}

/** The criteria as POST app/v1/client/list reads them (every key present, unset ones undefined). */
export const listFilters = (c: ClientCriteria) => ({
  deleted: c.list === 'deleted' ? true : undefined,
  last_month: c.list === 'last_month' ? true : undefined,
  volume_growing: c.list === 'volume_growing' ? true : c.list === 'volume_shrinking' ? false : undefined,
  missing_price_list: c.list === 'missing_price_list' ? true : undefined,
  client_alias_or_emag_name: c.text.trim() || undefined,
  shipment_count_volume: c.volume || undefined,
  last_mont_shipment_count_by_volume: c.lastMonthClass || undefined,
})

export interface ClientListContext {
  criteria: ClientCriteria
  draft: ClientCriteria
}

export type ClientListEvent =
  | { type: 'SET_LIST'; list: ClientListKind }
  | { type: 'SET_TEXT'; text: string }
  | { type: 'SET_VOLUME'; volume: VolumeChoice }
  | { type: 'SET_LAST_MONTH_CLASS'; volume: VolumeChoice }
  | { type: 'APPLY' }
  | { type: 'RESET' }

const same = (a: ClientCriteria, b: ClientCriteria) =>
  a.list === b.list && a.text === b.text && a.volume === b.volume && a.lastMonthClass === b.lastMonthClass

export const clientListMachine = setup({
  types: {
    context: {} as ClientListContext,
    events: {} as ClientListEvent,
    input: {} as { saved: unknown },
  },
  actors: { table: serverTableMachine },
  guards: {
    listChanges: ({ context, event }) => event.type === 'SET_LIST' && event.list !== context.criteria.list,
    draftDiffers: ({ context }) => !same(context.draft, context.criteria),
    notDefault: ({ context }) => !same(context.criteria, DEFAULT_CRITERIA) || !same(context.draft, DEFAULT_CRITERIA),
  },
  actions: {
    setList: assign(({ context, event }) =>
      event.type === 'SET_LIST' ? { criteria: { ...context.criteria, list: event.list }, draft: { ...context.draft, list: event.list } } : {},
    ),
    setDraft: assign({
      draft: ({ context, event }) => {
        if (event.type === 'SET_TEXT') return { ...context.draft, text: event.text }
        if (event.type === 'SET_VOLUME') return { ...context.draft, volume: event.volume }
        if (event.type === 'SET_LAST_MONTH_CLASS') return { ...context.draft, lastMonthClass: event.volume }
        return context.draft
      },
    }),
    apply: assign({ criteria: ({ context }) => context.draft }),
    reset: assign({ criteria: DEFAULT_CRITERIA, draft: DEFAULT_CRITERIA }),
    filterTable: sendTo('table', ({ context }) => ({ type: 'FILTER' as const, filters: listFilters(context.criteria) })),
    /** Saves the applied criteria (cookie, one day); provided by the web. */
    persist: () => {},
  },
}).createMachine({
  id: 'clientList',
  context: ({ input }) => {
    const criteria = restoreCriteria(input.saved)
    return { criteria, draft: criteria }
  },
  invoke: {
    id: 'table',
    src: 'table',
    input: ({ context }): ServerTableInput => ({
      pageLength: PAGE_SIZE.clients,
      order: [{ column: 0, dir: 'asc' }],
      filters: listFilters(context.criteria),
      searchDelay: SEARCH_DELAY_MS,
    }),
  },
  initial: 'ready',
  states: {
    ready: {
      tags: ['editable'],
      on: {
        SET_LIST: { guard: 'listChanges', actions: ['setList', 'persist', 'filterTable'] },
        SET_TEXT: { actions: 'setDraft' },
        SET_VOLUME: { actions: 'setDraft' },
        SET_LAST_MONTH_CLASS: { actions: 'setDraft' },
        APPLY: { guard: 'draftDiffers', actions: ['apply', 'persist', 'filterTable'] },
        RESET: { guard: 'notDefault', actions: ['reset', 'persist', 'filterTable'] },
      },
    },
  },
})

/** Tags: `editable` (the criteria take input; the list is its `table` child, which has its own tags). */
export type ClientListTag = 'editable'

export function connectClientList(
  state: { context: ClientListContext; can: (e: ClientListEvent) => boolean; hasTag: (tag: ClientListTag) => boolean },
  send: (e: ClientListEvent) => void,
) {
  const { criteria, draft } = state.context
  return {
    isEditable: state.hasTag('editable'),
    list: criteria.list,
    draft,
    canApply: state.can({ type: 'APPLY' }),
    canReset: state.can({ type: 'RESET' }),
    setList: (list: ClientListKind) => send({ type: 'SET_LIST', list }),
    setText: (text: string) => send({ type: 'SET_TEXT', text }),
    setVolume: (volume: VolumeChoice) => send({ type: 'SET_VOLUME', volume }),
    setLastMonthClass: (volume: VolumeChoice) => send({ type: 'SET_LAST_MONTH_CLASS', volume }),
    apply: () => send({ type: 'APPLY' }),
    reset: () => send({ type: 'RESET' }),
  }
}
