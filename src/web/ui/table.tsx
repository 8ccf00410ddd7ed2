import { type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { type ActorRefFrom, fromPromise } from 'xstate'
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
import { SEARCH_DELAY_MS } from '../../contract/constants/ui.ts'
import type { Endpoint } from '../../contract/endpoints.ts'
import {
  type Filters,
  type OrderBy,
  type ServerTableEvent,
  type ServerTablePage,
  type ServerTableMachine,
  type ServerTableRequest,
  pageCountOf,
  pagerItems,
  serverTableMachine,
} from '../../../machines/serverTable.ts'
import { call } from '../api/client.ts'
import { inspect } from '../inspector/index.ts'

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

/** Texts of the table (Polish, DataTables wording). */
export const TABLE_TEXT = {
  loading: 'Ładowanie…',
  empty: 'Brak danych w tabeli',
  noMatches: 'Nie znaleziono pasujących pozycji',
  error: 'Nie udało się wczytać danych',
  retry: 'Spróbuj ponownie',
  search: 'Szukaj',
  show: 'Pokaż',
  rows: 'wierszy',
  first: 'Pierwsza',
  previous: 'Poprzednia',
  next: 'Następna',
  last: 'Ostatnia',
  info: (from: number, to: number, total: number) => `Pozycje od ${from} do ${to} z ${total} łącznie`,
  infoEmpty: 'Pozycji 0 z 0 dostępnych',
  infoFiltered: (max: number) => `(filtrowanie spośród ${max} dostępnych pozycji)`,
  selectAll: 'Zaznacz wszystkie na stronie',
  selectRow: 'Zaznacz wiersz',
} as const

/**
 * The paging payload of the contract's `PagingRequest` (DataTables shape) with the table's
 * filters spread beside it, as the spec's list endpoints take them ("paging plus criteria").
 */
export function pagingBody(req: ServerTableRequest): Record<string, unknown> {
  return {
    ...req.filters,
    draw: req.draw,
    start: req.start,
    length: req.length,
    search: { value: req.search },
    order: req.order.map((o) => ({ column: o.column, dir: o.dir })),
  }
}

/** A `fetchPage` for a paged endpoint of the contract table. */
export const fetchFrom =
  <Row,>(endpoint: Endpoint, params?: Record<string, string | number>) =>
  (req: ServerTableRequest) =>
    call(endpoint, pagingBody(req), params) as Promise<ServerTablePage<Row>>

/** What a parent can do with its table. */
export interface ServerTableHandle {
  reload(): void
  send(event: ServerTableEvent): void
  clearSelection(): void
  /** Ids of the selected rows (across pages). */
  selected(): string[]
}

export interface ServerTableProps<Row extends RowData> {
  /** Stable (memoised or module-level) column definitions; position = the server's column index. */
  columns: ReadonlyArray<ServerColumn<Row>>
  /** A paged endpoint of the contract table... */
  endpoint?: Endpoint
  endpointParams?: Record<string, string | number>
  /** ...or a function fetching one page (to pick an endpoint by filters, to map rows). */
  fetch?: (req: ServerTableRequest) => Promise<ServerTablePage<Row>>
  /** Rows per page (from PAGE_SIZE in the contract constants). */
  pageSize: number
  /** Choices for "Pokaż N wierszy"; without them no selector is shown. */
  pageLengths?: readonly number[]
  defaultOrder?: readonly OrderBy[]
  /** Filters sent with every request; a change reloads from the first page. */
  filters?: Filters
  /** Show a search box (server-side search, debounced). */
  searchable?: boolean
  searchPlaceholder?: string
  searchDelay?: number
  onRowClick?: (row: Row) => void
  /** Row id for selection and keys; default `String(row.id)`. */
  getRowId?: (row: Row) => string
  /** Adds a checkbox column; the selection lives in the machine and survives paging. */
  selectable?: boolean
  onSelectionChange?: (ids: string[]) => void
  /** Extra controls shown in the table's toolbar (right of the search box). */
  toolbar?: ReactNode
  /** Text when the table has no rows at all. */
  emptyText?: string
  /** Class for a row (e.g. to mark blocked users). */
  rowClassName?: (row: Row) => string | undefined
  testId?: string
  ref?: Ref<ServerTableHandle>
  /** A serverTable actor owned by a workflow machine; then `endpoint`, `fetch` and `filters` are not used. */
  actor?: ServerTableActor
}

const ROW_HEIGHT = 37

const defaultRowId = (row: unknown) => String((row as { id?: unknown }).id ?? '')

/** The serverTable actor a table renders (its own, or one a parent machine invoked). */
export type ServerTableActor = ActorRefFrom<ServerTableMachine>

/**
 * A server-paged table: the serverTable machine drives it, @tanstack/react-table renders it.
 * Without `actor` the table runs its own machine with `endpoint`/`fetch` and `filters`; with
 * `actor` it renders the serverTable child of a workflow machine (e.g. parcelListing), which then
 * owns fetching and filters.
 */
export function ServerTable<Row extends RowData>(props: ServerTableProps<Row>) {
  return props.actor ? <ServerTableView<Row> {...props} actor={props.actor} /> : <OwnServerTable<Row> {...props} />
}

function OwnServerTable<Row extends RowData>(props: ServerTableProps<Row>) {
  const { pageSize, defaultOrder, filters } = props
  // The latest way to fetch, read by the machine's actor at each request.
  const fetchRef = useRef<(req: ServerTableRequest) => Promise<ServerTablePage<Row>>>(null!)
  fetchRef.current = props.fetch ?? (props.endpoint ? fetchFrom<Row>(props.endpoint, props.endpointParams) : () => Promise.reject(new Error('ServerTable: no endpoint or fetch')))

  const [machine] = useState(() =>
    serverTableMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchRef.current(input) as Promise<ServerTablePage>) } }),
  )
  const actor = useActorRef(machine, {
    input: {
      pageLength: pageSize,
      order: defaultOrder ?? [],
      filters: filters ?? {},
      searchDelay: props.searchDelay ?? SEARCH_DELAY_MS,
    },
    inspect,
  })

  // Filters given by the parent: a change (by value) becomes one FILTER event.
  const filtersKey = JSON.stringify(filters ?? {})
  const firstFilters = useRef(filtersKey)
  useEffect(() => {
    if (filtersKey === firstFilters.current) return
    firstFilters.current = filtersKey
    const next = filters ?? {}
    const cleared = Object.fromEntries(Object.keys(actor.getSnapshot().context.filters).map((k) => [k, undefined]))
    actor.send({ type: 'FILTER', filters: { ...cleared, ...next } })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, actor])

  return <ServerTableView<Row> {...props} actor={actor} />
}

function ServerTableView<Row extends RowData>(props: ServerTableProps<Row> & { actor: ServerTableActor }) {
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
    ref,
    actor,
  } = props
  const getRowId = props.getRowId ?? (defaultRowId as (row: Row) => string)
  const state = useSelector(actor, (s) => s)
  const send = actor.send
  const ctx = state.context
  const rows = ctx.rows as Row[]

  useImperativeHandle(
    ref,
    () => ({
      reload: () => actor.send({ type: 'RELOAD' }),
      send: (e) => actor.send(e),
      clearSelection: () => actor.send({ type: 'CLEAR_SELECTION' }),
      selected: () => Object.keys(actor.getSnapshot().context.selection),
    }),
    [actor],
  )

  const onSelectionChange = props.onSelectionChange
  useEffect(() => {
    onSelectionChange?.(Object.keys(ctx.selection))
  }, [ctx.selection, onSelectionChange])

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
    return ctx.order.flatMap((o) => (byIndex.has(o.column) ? [{ id: byIndex.get(o.column)!, desc: o.dir === 'desc' }] : []))
  }, [ctx.order, orderIndexOf])
  const pagination: PaginationState = { pageIndex: ctx.pageIndex, pageSize: ctx.pageLength }

  const onSortingChange: OnChangeFn<SortingState> = (u) => {
    const next = functionalUpdate(u, sorting)
    send({
      type: 'SORT',
      order: next.flatMap((s) => (orderIndexOf.has(s.id) ? [{ column: orderIndexOf.get(s.id)!, dir: s.desc ? ('desc' as const) : ('asc' as const) }] : [])),
    })
  }
  const onPaginationChange: OnChangeFn<PaginationState> = (u) => {
    const next = functionalUpdate(u, pagination)
    if (next.pageSize !== pagination.pageSize) send({ type: 'PAGE_LENGTH', length: next.pageSize })
    else if (next.pageIndex !== pagination.pageIndex) send({ type: 'PAGE', page: next.pageIndex })
  }
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (u) =>
    send({ type: 'SELECT', selection: functionalUpdate(u, ctx.selection as RowSelectionState) })

  const table = useTable({
    features: serverTableFeatures,
    columns: allColumns,
    data: rows,
    getRowId: (row) => getRowId(row),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: !!selectable,
    rowCount: ctx.recordsFiltered,
    state: { sorting, pagination, rowSelection: ctx.selection as RowSelectionState },
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
  const loading = state.matches('loading') || state.matches('idle')
  const pageCount = pageCountOf(ctx.recordsFiltered, ctx.pageLength)
  const tableRows = table.getRowModel().rows
  const colCount = table.getAllLeafColumns().length
  const from = ctx.recordsFiltered === 0 ? 0 : ctx.pageIndex * ctx.pageLength + 1
  const to = Math.min(ctx.recordsFiltered, ctx.pageIndex * ctx.pageLength + rows.length)

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
  if (state.matches('error')) {
    body = (
      <tr>
        <td colSpan={colCount} className="empty error" role="alert" data-testid="table-error">
          {TABLE_TEXT.error}: {ctx.error}{' '}
          <button type="button" className="btn btn-sm" onClick={() => send({ type: 'RELOAD' })}>
            {TABLE_TEXT.retry}
          </button>
        </td>
      </tr>
    )
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className="empty" data-testid="table-empty">
          {loading ? TABLE_TEXT.loading : ctx.recordsTotal > 0 ? TABLE_TEXT.noMatches : (emptyText ?? TABLE_TEXT.empty)}
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
      data-page={ctx.pageIndex + 1}
      data-records-total={ctx.recordsTotal}
      data-records-filtered={ctx.recordsFiltered}
      aria-busy={loading}
    >
      {(searchable || (pageLengths && pageLengths.length > 1) || toolbar) && (
        <div className="table-toolbar">
          {pageLengths && pageLengths.length > 1 && (
            <label className="page-length">
              {TABLE_TEXT.show}{' '}
              <select name="pageLength" value={ctx.pageLength} onChange={(e) => send({ type: 'PAGE_LENGTH', length: Number(e.target.value) })}>
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
                value={ctx.searchInput}
                placeholder={searchPlaceholder}
                onChange={(e) => send({ type: 'SEARCH', text: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') send({ type: 'SEARCH', text: e.currentTarget.value, immediate: true })
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
      <div ref={scrollRef} className={`table-wrap${virtual ? ' virtual' : ''}`}>
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
      <nav className="pager" aria-label="Stronicowanie">
        <span className="info" data-testid="table-info">
          {ctx.recordsFiltered === 0 ? TABLE_TEXT.infoEmpty : TABLE_TEXT.info(from, to, ctx.recordsFiltered)}
          {ctx.recordsFiltered !== ctx.recordsTotal && ` ${TABLE_TEXT.infoFiltered(ctx.recordsTotal)}`}
        </span>
        <button type="button" className="btn btn-sm" data-page="first" disabled={ctx.pageIndex === 0} onClick={() => table.firstPage()}>
          {TABLE_TEXT.first}
        </button>
        <button type="button" className="btn btn-sm" data-page="previous" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          {TABLE_TEXT.previous}
        </button>
        {pagerItems(ctx.pageIndex, pageCount).map((p, i) =>
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
              aria-current={p === ctx.pageIndex ? 'page' : undefined}
              onClick={() => table.setPageIndex(p)}
            >
              {p + 1}
            </button>
          ),
        )}
        <button type="button" className="btn btn-sm" data-page="next" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          {TABLE_TEXT.next}
        </button>
        <button type="button" className="btn btn-sm" data-page="last" disabled={ctx.pageIndex >= pageCount - 1} onClick={() => table.lastPage()}>
          {TABLE_TEXT.last}
        </button>
      </nav>
    </div>
  )
}
