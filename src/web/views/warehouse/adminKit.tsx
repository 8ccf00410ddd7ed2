import { type ReactNode, useState } from 'react'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { zonedDate } from '../../../contract/time.ts'
import { pageCountOf } from '../../../../machines/serverTable.ts'
import { useDataLoad } from '../../wiring/load.ts'
import { referenceLoad } from '../../wiring/warehouse.ts'
import { PlainPager, TABLE_TEXT } from '../../ui/table.tsx'

/**
 * Small pieces shared by the warehouse admin screens (workstations, problem sectors, external
 * inbound, tags): the reference lists, a plain table. Loading and failures live in machines
 * (src/web/wiring/load.ts, failure.ts, warehouse.ts), re-exported here for the screens.
 */
export { showFailure } from '../../wiring/failure.ts'
export { useLoad } from '../../wiring/load.ts'
export type { Loaded } from '../../../../machines/listLoad.ts'
export { type Reference, loadReference, optionsOf } from '../../wiring/warehouse.ts'

/** Warehouses and workstation types, once loaded (null before). */
export function useReference() {
  return useDataLoad(referenceLoad).data
}

/** A select's string value as an id, or undefined when nothing is chosen. */
export const idOf = (v: string) => (v === '' ? undefined : Number(v))

export interface PlainColumn<Row> {
  id: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  className?: string
}

/**
 * A plain table for lists the server returns whole, paged in the browser (5 rows a page
 * for these "other tables") with the same full-numbers pager as the server tables.
 */
export function PlainTable<Row>({
  rows,
  columns,
  rowKey,
  onRowClick,
  pageSize = PAGE_SIZE.otherTables,
  emptyText = TABLE_TEXT.empty,
  loading,
  testId,
}: {
  rows: readonly Row[]
  columns: ReadonlyArray<PlainColumn<Row>>
  rowKey: (row: Row) => string | number
  onRowClick?: (row: Row) => void
  pageSize?: number
  emptyText?: string
  loading?: boolean
  testId?: string
}) {
  const [page, setPage] = useState(0)
  const pageCount = pageCountOf(rows.length, pageSize)
  const current = Math.min(page, pageCount - 1)
  const shown = rows.slice(current * pageSize, current * pageSize + pageSize)
  const from = rows.length === 0 ? 0 : current * pageSize + 1
  const to = current * pageSize + shown.length
  return (
    <div className="plain-table" data-testid={testId} data-rows={rows.length} data-page={current + 1} aria-busy={loading}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.id} data-column={c.id} className={c.className}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="empty" data-testid="table-empty">
                  {loading ? TABLE_TEXT.loading : emptyText}
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr
                  key={rowKey(row)}
                  data-row-id={rowKey(row)}
                  className={onRowClick ? 'clickable' : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (e) => e.key === 'Enter' && onRowClick(row) : undefined}
                >
                  {columns.map((c) => (
                    <td key={c.id} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <PlainPager info={rows.length === 0 ? TABLE_TEXT.infoEmpty : TABLE_TEXT.info(from, to, rows.length)} current={current} pageCount={pageCount} setPage={setPage} />
    </div>
  )
}

/** Today's date (yyyy-mm-dd) in the operator's time zone, as day filters take it. */
export const todayInOperatorZone = (now: Date = new Date()) => zonedDate(now)
