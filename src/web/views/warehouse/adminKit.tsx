import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { zonedDate } from '../../../contract/time.ts'
import { pagerItems, pageCountOf } from '../../../../machines/serverTable.ts'
import { ApiError, call, messagesOf } from '../../api/client.ts'
import { TABLE_TEXT } from '../../ui/table.tsx'
import { notify } from '../../ui/toast.tsx'

/**
 * Small pieces shared by the warehouse admin screens (workstations, problem sectors, external
 * inbound, tags): failure toasts, loading of plain lists, the reference lists, a plain table.
 */

/** Shows a failed call: 422 field errors go to the form when it takes them, the rest as an error toast (401/419: the client did). */
export function showFailure(e: unknown, setServerErrors?: (errors: Record<string, string[]>) => void, fallback?: string) {
  if (e instanceof ApiError && (e.status === 401 || e.status === 419)) return
  if (e instanceof ApiError && e.status === 422 && setServerErrors && e.data.errors) setServerErrors(e.data.errors)
  const text = (fallback ?? messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>')) || (e as Error).message
  notify.error(text)
}

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: string }

/**
 * Loads plain (unpaged) data when `key` changes; the answer to an older key never lands.
 * `reload()` asks again. Plain loading is not a workflow, so no machine here.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown): [Loaded<T>, () => void, (data: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  const keyText = JSON.stringify(key)
  useEffect(() => {
    let live = true
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }))
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) => live && setState({ status: 'failed', error: messagesOf(e instanceof ApiError ? e.data : undefined).join(' ') || (e as Error).message }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyText, round])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), [])
  return [state, reload, replace]
}

export interface Reference {
  warehouses: ReadonlyArray<{ id: number; name: string }>
  workstationTypes: ReadonlyArray<{ id: number; name: string; code: string }>
}

/** Warehouses and workstation types (GET app/v1/warehouse, GET app/v1/warehouse/workstation-types). */
export const loadReference = async (): Promise<Reference> => {
  const [warehouses, workstationTypes] = await Promise.all([call(endpoints.warehouses), call(endpoints.workstationTypes)])
  return { warehouses, workstationTypes }
}

export function useReference() {
  const [state] = useLoad(loadReference, 'reference')
  return state.status === 'ready' ? state.data : null
}

/** Select options: a "choose" row (empty value) and the items. */
export const optionsOf = <T extends { id: number }>(items: readonly T[] | undefined, label: (t: T) => string, empty = '— wybierz —') => [
  { value: '', label: empty },
  ...(items ?? []).map((t) => ({ value: t.id, label: label(t) })),
]

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
      <nav className="pager" aria-label="Stronicowanie">
        <span className="info" data-testid="table-info">
          {rows.length === 0 ? TABLE_TEXT.infoEmpty : TABLE_TEXT.info(from, to, rows.length)}
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
    </div>
  )
}

/** Today's date (yyyy-mm-dd) in the operator's time zone, as day filters take it. */
export const todayInOperatorZone = (now: Date = new Date()) => zonedDate(now)
