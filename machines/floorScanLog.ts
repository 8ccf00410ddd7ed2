import { FLOOR } from '../src/contract/constants/floor.ts'
import {
  type FilteredTableContext, type FilteredTableEvent, type FilteredTableSnapshotLike, type FilteredTableTag, connectFilteredTable,
  filteredTableMachine,
} from './filteredTable.ts'

/**
 * /scan-log (staff): every floor request, newest first, under a barcode, a workstation and a
 * parcel (the parcel comes from a parcel's page, `?parcel=`). The fields are a draft applied by
 * "Szukaj"; "Wyczyść" empties them. The applied filters are the page's URL query (`persist`,
 * provided by the web), which the screen starts from (`query`).
 */
export type ScanLogCriteria = {
  barcode: string
  workstation: string
  parcel: string
}

export const EMPTY_SCAN_LOG_CRITERIA: ScanLogCriteria = { barcode: '', workstation: '', parcel: '' }

export interface ScanLogInput {
  /** The page's URL query (`barcode`, `workstation`, `parcel`; anything else is ignored). */
  query: Readonly<Record<string, string>>
}

export type ScanLogContext = FilteredTableContext<ScanLogCriteria, ScanLogInput>
export type ScanLogEvent = FilteredTableEvent<ScanLogCriteria>

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** Criteria from any values (a URL query may hold anything). */
export function cleanScanLogCriteria(raw: unknown): ScanLogCriteria {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  return { barcode: text(r.barcode), workstation: text(r.workstation), parcel: text(r.parcel) }
}

/** The URL query of applied criteria: the fields that are not blank. */
export const scanLogQuery = (c: ScanLogCriteria): Record<string, string> => Object.fromEntries(Object.entries(c).filter(([, v]) => v.trim() !== ''))

export const scanLogMachine = filteredTableMachine<ScanLogCriteria, ScanLogInput>({
  id: 'scanLog',
  defaults: EMPTY_SCAN_LOG_CRITERIA,
  clean: cleanScanLogCriteria,
  restore: (input) => input.query,
  filters: (c) => c,
  table: () => ({ pageLength: FLOOR.scanLogPageDefault, order: [{ column: 0, dir: 'desc' }] }),
})

/** Tags: `editable` (the fields take input; the rows are the `table` child's, with its own tags). */
export type ScanLogTag = FilteredTableTag

export function connectScanLog(state: FilteredTableSnapshotLike<ScanLogCriteria, ScanLogInput>, send: (e: ScanLogEvent) => void) {
  const p = connectFilteredTable(state, send)
  return {
    ...p,
    /** The parcel's field is shown while it holds a parcel (one came from a parcel's page). */
    showsParcel: p.draft.parcel !== '',
  }
}
