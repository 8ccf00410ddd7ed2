import { CLIENT_LIST_KINDS, VOLUME_CLASSES } from '../src/contract/constants/clients.ts'
import { PAGE_SIZE } from '../src/contract/constants/tables.ts'
import {
  type FilteredTableContext, type FilteredTableEvent, type FilteredTableSnapshotLike, type FilteredTableTag, connectFilteredTable,
  filteredTableMachine,
} from './filteredTable.ts'

/**
 * The /clients list: the generic filtered table (25 per page) under the list's criteria.
 * The list selector applies at once; the name/alias text and the two volume classes are a draft
 * applied by "Filtruj"; "Wyczyść" goes back to the defaults. Applied criteria are saved (`persist`,
 * a cookie for one day, provided by the web) and restored from `saved` on the next visit.
 */
export type ClientListKind = (typeof CLIENT_LIST_KINDS)[number]
export type VolumeChoice = '' | (typeof VOLUME_CLASSES)[number]

export type ClientCriteria = {
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

export type ClientListContext = FilteredTableContext<ClientCriteria, ClientListInput>
export type ClientListEvent = FilteredTableEvent<ClientCriteria>

export interface ClientListInput {
  /** The criteria saved on the last visit (a cookie may hold anything). */
  saved: unknown
}

export const clientListMachine = filteredTableMachine<ClientCriteria, ClientListInput>({
  id: 'clientList',
  defaults: DEFAULT_CRITERIA,
  clean: restoreCriteria,
  restore: (input) => input.saved,
  filters: listFilters,
  instant: ['list'],
  table: () => ({ pageLength: PAGE_SIZE.clients, order: [{ column: 0, dir: 'asc' }] }),
})

/** Tags: `editable` (the criteria take input; the list is its `table` child, which has its own tags). */
export type ClientListTag = FilteredTableTag

export function connectClientList(state: FilteredTableSnapshotLike<ClientCriteria, ClientListInput>, send: (e: ClientListEvent) => void) {
  const p = connectFilteredTable(state, send)
  return {
    ...p,
    list: p.criteria.list,
    setList: (list: ClientListKind) => p.set('list', list),
    setText: (text: string) => p.set('text', text),
    setVolume: (volume: VolumeChoice) => p.set('volume', volume),
    setLastMonthClass: (volume: VolumeChoice) => p.set('lastMonthClass', volume),
  }
}
