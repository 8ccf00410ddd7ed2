import { type ReactNode, useMemo, useRef } from 'react'
import { useSelector } from '@xstate/react'
import {
  type ColumnDef,
  type OnChangeFn,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { TABLE_VIRTUALIZE_OVER } from '../../contract/constants/tables.ts'
import { TABLE_TEXT } from '../../contract/messages/ui.ts'
import {
  type Filters,
  type OrderBy,
  type ServerTableActor,
  connectTable,
  pagerItems,
} from '../../../machines/serverTable.ts'

/** Features every server table registers (manual paging and sorting, optional selection). */
export const serverTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnMeta: {} as {
    /** Column index the server orders by, when it is not the column's position. */
    orderIndex?: number
    /** Class for the column's cells (e.g. 'num' to right-align). */
    className?: string
  },
})
export type ServerTableFeatures = typeof serverTableFeatures
export type ServerColumn<Row extends RowData> = ColumnDef<ServerTableFeatures, Row, any>
/** Column helper with value inference: `const col = serverColumns<UserRow>(); col.accessor('email', {...})`. */
export const serverColumns = <Row extends RowData>() => createColumnHelper<ServerTableFeatures, Row>()


export interface ServerTableProps<Row extends RowData> {
  /** The serverTable actor the area's wiring provides (paging, order, search, filters and rows live there). */
  actor: ServerTableActor
  /** Stable (memoised or module-level) column definitions; position = the server's column index. */
  columns: ReadonlyArray<ServerColumn<Row>>
  /** Choices for "Pokaż N wierszy"; without them no selector is shown. */
  pageLengths?: readonly number[]
  /** Show a search box (server-side search, debounced). */
  searchable?: boolean
  searchPlaceholder?: string
  onRowClick?: (row: Row) => void
  /** Row id for selection and keys; default `String(row.id)`. */
  getRowId?: (row: Row) => string
  /** Adds a checkbox column; the selection lives in the machine and survives paging. */
  selectable?: boolean
  /** Extra controls shown in the table's toolbar (right of the search box). */
  toolbar?: ReactNode
  /** Text when the table has no rows at all. */
  emptyText?: string
  /** Class for a row (e.g. to mark blocked users). */
  rowClassName?: (row: Row) => string | undefined
  testId?: string
}

const ROW_HEIGHT = 37

const defaultRowId = (row: unknown) => String((row as { id?: unknown }).id ?? '')

/** A row selection as the machine keeps it: the ids whose box is ticked. */
const selectionOf = (s: RowSelectionState) => Object.fromEntries(Object.entries(s).filter(([, on]) => on).map(([id]) => [id, true as const]))

/** A server-paged table: a serverTable actor drives it, @tanstack/react-table renders it. */
export function ServerTable<Row extends RowData>(props: ServerTableProps<Row>) {
  const {
    columns,
    pageLengths,
    searchable,
    searchPlaceholder,
    onRowClick,
    selectable,
    toolbar,
    emptyText,
    rowClassName,
    testId,
    actor,
  } = props
  const getRowId = props.getRowId ?? (defaultRowId as (row: Row) => string)
  const state = useSelector(actor, (s) => s)
  const api = connectTable<Row>(state, actor.send)
  const rows = [...api.rows]

  // Column id ↔ server column index: the position among the columns unless meta.orderIndex says otherwise.
  const allColumns = useMemo<ServerColumn<Row>[]>(() => {
    if (!selectable) return [...columns]
    const select: ServerColumn<Row> = {
      id: '_select',
      enableSorting: false,
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label={TABLE_TEXT.selectAll}
          checked={table.getIsAllPageRowsSelected()}
          ref={(el) => {
            // v9 counts "all" as "some": indeterminate only for a part of the page.
            if (el) el.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()
          }}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={TABLE_TEXT.selectRow}
          checked={row.getIsSelected()}
          onClick={(e) => e.stopPropagation()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    }
    return [select, ...columns]
  }, [columns, selectable])
  const orderIndexOf = useMemo(() => {
    const map = new Map<string, number>()
    columns.forEach((c, i) => {
      const id = c.id ?? ('accessorKey' in c ? String(c.accessorKey) : undefined)
      if (id) map.set(id, c.meta?.orderIndex ?? i)
    })
    return map
  }, [columns])

  const sorting: SortingState = useMemo(() => {
    const byIndex = new Map([...orderIndexOf].map(([id, i]) => [i, id]))
    return api.order.flatMap((o) => (byIndex.has(o.column) ? [{ id: byIndex.get(o.column)!, desc: o.dir === 'desc' }] : []))
  }, [api.order, orderIndexOf])
  const pagination: PaginationState = { pageIndex: api.page, pageSize: api.pageLength }

  const onSortingChange: OnChangeFn<SortingState> = (u) => {
    const next = functionalUpdate(u, sorting)
    api.sort(
      next.flatMap((s) => (orderIndexOf.has(s.id) ? [{ column: orderIndexOf.get(s.id)!, dir: s.desc ? ('desc' as const) : ('asc' as const) }] : [])),
    )
  }
  const onPaginationChange: OnChangeFn<PaginationState> = (u) => {
    const next = functionalUpdate(u, pagination)
    if (next.pageSize !== pagination.pageSize) api.setPageLength(next.pageSize)
    else if (next.pageIndex !== pagination.pageIndex) api.setPage(next.pageIndex)
  }
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (u) => api.select(selectionOf(functionalUpdate(u, { ...api.selection })))

  const table = useTable({
    features: serverTableFeatures,
    columns: allColumns,
    data: rows,
    getRowId: (row) => getRowId(row),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: !!selectable,
    rowCount: api.info.filtered,
    state: { sorting, pagination, rowSelection: { ...api.selection } },
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange,
  })

  // Big pages (up to 5000 rows) are rendered through a virtualizer.
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtual = rows.length > TABLE_VIRTUALIZE_OVER
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
    enabled: virtual,
  })

  const stateName = typeof state.value === 'string' ? state.value : JSON.stringify(state.value)
  const loading = api.isBusy
  const tableRows = table.getRowModel().rows
  const colCount = table.getAllLeafColumns().length
  const { from, to, filtered, total } = api.info

  const renderRow = (index: number, style?: React.CSSProperties) => {
    const row = tableRows[index]
    if (!row) return null
    const original = row.original
    const extra = rowClassName?.(original)
    return (
      <tr
        key={row.id}
        data-row-id={row.id}
        data-index={index}
        style={style}
        className={[onRowClick ? 'clickable' : '', row.getIsSelected() ? 'selected' : '', extra ?? ''].filter(Boolean).join(' ') || undefined}
        tabIndex={onRowClick ? 0 : undefined}
        onClick={onRowClick ? () => onRowClick(original) : undefined}
        onKeyDown={
          onRowClick
            ? (e) => {
                if (e.key === 'Enter') onRowClick(original)
              }
            : undefined
        }
      >
        {row.getAllCells().map((cell) => (
          <td key={cell.id} className={cell.column.columnDef.meta?.className}>
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    )
  }

  let body: ReactNode
  if (api.isError) {
    body = (
      <tr>
        <td colSpan={colCount} className="empty error" role="alert" data-testid="table-error">
          {TABLE_TEXT.error}: {api.error}{' '}
          <button type="button" className="btn btn-sm" onClick={api.reload}>
            {TABLE_TEXT.retry}
          </button>
        </td>
      </tr>
    )
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className="empty" data-testid="table-empty">
          {loading ? TABLE_TEXT.loading : total > 0 ? TABLE_TEXT.noMatches : (emptyText ?? TABLE_TEXT.empty)}
        </td>
      </tr>
    )
  } else if (virtual) {
    const items = virtualizer.getVirtualItems()
    const top = items[0]?.start ?? 0
    const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)
    body = (
      <>
        {top > 0 && <tr aria-hidden="true" style={{ height: top }} className="spacer" />}
        {items.map((item) => renderRow(item.index, { height: ROW_HEIGHT }))}
        {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} className="spacer" />}
      </>
    )
  } else {
    body = tableRows.map((_, i) => renderRow(i))
  }

  return (
    <div
      className={`server-table${loading ? ' is-loading' : ''}`}
      data-machine="serverTable"
      data-state={stateName}
      data-testid={testId}
      data-page={api.page + 1}
      data-records-total={total}
      data-records-filtered={filtered}
      aria-busy={loading}
    >
      {(searchable || (pageLengths && pageLengths.length > 1) || toolbar) && (
        <div className="table-toolbar">
          {pageLengths && pageLengths.length > 1 && (
            <label className="page-length">
              {TABLE_TEXT.show}{' '}
              <select name="pageLength" value={api.pageLength} onChange={(e) => api.setPageLength(Number(e.target.value))}>
                {pageLengths.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>{' '}
              {TABLE_TEXT.rows}
            </label>
          )}
          {searchable && (
            <label className="table-search">
              {TABLE_TEXT.search}{' '}
              <input
                type="search"
                name="search"
                value={api.searchText}
                placeholder={searchPlaceholder}
                onChange={(e) => api.search(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') api.searchNow(e.currentTarget.value)
                }}
              />
            </label>
          )}
          {toolbar && <div className="table-toolbar-extra">{toolbar}</div>}
          {loading && (
            <span className="table-loading" role="status">
              {TABLE_TEXT.loading}
            </span>
          )}
        </div>
      )}
      <div ref={scrollRef} className={`table-wrap${virtual ? ' virtual' : ''}`} tabIndex={0}>
        <table className="table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort()
                  const sorted = header.column.getIsSorted()
                  return (
                    <th
                      key={header.id}
                      colSpan={header.colSpan}
                      className={[canSort ? 'sortable' : '', header.column.columnDef.meta?.className ?? ''].filter(Boolean).join(' ') || undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                      data-column={header.column.id}
                      onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                    >
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      {canSort && <span className="sort-mark" aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ⇅'}</span>}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <nav className="pager" aria-label={TABLE_TEXT.paging}>
        <span className="info" data-testid="table-info">
          {filtered === 0 ? TABLE_TEXT.infoEmpty : TABLE_TEXT.info(from, to, filtered)}
          {filtered !== total && ` ${TABLE_TEXT.infoFiltered(total)}`}
        </span>
        <button type="button" className="btn btn-sm" data-page="first" disabled={!api.canPrevious} onClick={() => api.setPage(0)}>
          {TABLE_TEXT.first}
        </button>
        <button type="button" className="btn btn-sm" data-page="previous" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          {TABLE_TEXT.previous}
        </button>
        {api.pager.map((p, i) =>
          p === null ? (
            <span key={`gap-${i}`} className="gap">
              …
            </span>
          ) : (
            <button
              type="button"
              key={p}
              className="btn btn-sm"
              data-page={p + 1}
              aria-current={p === api.page ? 'page' : undefined}
              onClick={() => table.setPageIndex(p)}
            >
              {p + 1}
            </button>
          ),
        )}
        <button type="button" className="btn btn-sm" data-page="next" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          {TABLE_TEXT.next}
        </button>
        <button type="button" className="btn btn-sm" data-page="last" disabled={!api.canNext} onClick={() => api.setPage(api.pageCount - 1)}>
          {TABLE_TEXT.last}
        </button>
      </nav>
    </div>
  )
}

/** The pager of a table paged in the browser: "from–to of n", previous, the page numbers, next. */
export function PlainPager({ info, current, pageCount, setPage }: { info: string; current: number; pageCount: number; setPage: (page: number) => void }) {
  return (
    <nav className="pager" aria-label={TABLE_TEXT.paging}>
      <span className="info" data-testid="table-info">
        {info}
      </span>
      <button type="button" className="btn btn-sm" data-page="previous" disabled={current === 0} onClick={() => setPage(current - 1)}>
        {TABLE_TEXT.previous}
      </button>
      {pagerItems(current, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="gap">
            …
          </span>
        ) : (
          <button type="button" key={p} className="btn btn-sm" data-page={p + 1} aria-current={p === current ? 'page' : undefined} onClick={() => setPage(p)}>
            {p + 1}
          </button>
        ),
      )}
      <button type="button" className="btn btn-sm" data-page="next" disabled={current >= pageCount - 1} onClick={() => setPage(current + 1)}>
        {TABLE_TEXT.next}
      </button>
    </nav>
  )
}
