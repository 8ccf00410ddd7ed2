import { useMachine } from '@xstate/react'
import { Suspense, lazy, useState } from 'react'
import { STATS } from '../../../contract/constants/stats.ts'
import { SCAN_SCREEN_MSG, STATS_ALL_LABEL, STATS_COLUMNS, STATS_TEXT } from '../../../contract/messages/stats.ts'
import type { StatsRow } from '../../../contract/schemas/stats.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { pageCountOf } from '../../../../machines/serverTable.ts'
import { type StatsProps, connectStats } from '../../../../machines/stats.ts'
import { inspect } from '../../inspector/index.ts'
import { statsScreen } from '../../wiring/stats.ts'
import { formatNumber } from '../../../contract/format.ts'
import { TABLE_TEXT } from '../../../contract/messages/ui.ts'
import { PlainPager } from '../../ui/table.tsx'

/** The chart is drawn only once the table is there, from its own chunk. */
const StatsChart = lazy(() => import('./StatsChart.tsx'))

/** /stats (admin): received parcels or returns per client, 25 a page by "ever" descending, the 'all' row, a 30-day chart, XLSX. */
export default function StatsView() {
  const [state, send] = useMachine(statsScreen, { inspect })
  const p = connectStats(state, send)
  return (
    <section className="page" data-testid="stats-page" data-machine="stats" data-state={stateString(state.value)} aria-busy={p.loading}>
      <div className="page-header">
        <h1>{SCAN_SCREEN_MSG.title}</h1>
        <span className="spacer" />
        <button type="button" className="btn btn-primary" data-testid="stats-download" disabled={!p.canDownload} onClick={p.download}>
          {p.downloading ? SCAN_SCREEN_MSG.downloading : SCAN_SCREEN_MSG.download}
        </button>
      </div>
      <div className="segmented" role="group" aria-label={STATS_TEXT.statsKind} data-testid="stats-choice">
        {p.choices.map((c) => (
          <button key={c.value} type="button" data-status={c.value} aria-pressed={p.status === c.value} disabled={!p.canChoose} onClick={() => p.choose(c.value)}>
            {c.label}
          </button>
        ))}
      </div>
      {p.problem && (
        <div className="alert alert-warning" data-testid="stats-problem">
          {SCAN_SCREEN_MSG.loadFailed}{' '}
          <button type="button" className="btn btn-sm" onClick={p.retry}>
            {SCAN_SCREEN_MSG.retry}
          </button>
        </div>
      )}
      <StatsTable {...p} />
      {p.chart.length > 0 && (
        <div className="card stats-chart-card">
          <h2>{SCAN_SCREEN_MSG.chartTitle(STATS.chartDays)}</h2>
          <Suspense fallback={<p className="hint">{SCAN_SCREEN_MSG.chartLoading}</p>}>
            <StatsChart days={p.chart} emphasis={p.status} />
          </Suspense>
        </div>
      )}
    </section>
  )
}

const cellOf = (row: StatsRow, key: (typeof STATS_COLUMNS)[number]['key']) => (key === 'name' ? row.name : formatNumber(row[key]))

/** The clients (paged in the browser, the server's order kept) with the sum row under every page. */
function StatsTable(p: StatsProps) {
  // UI-only: which page of the rows is shown.
  const [page, setPage] = useState(0)
  const size = STATS.pageSize
  const pageCount = pageCountOf(p.rows.length, size)
  const current = Math.min(page, pageCount - 1)
  const shown = p.rows.slice(current * size, current * size + size)
  const from = p.rows.length === 0 ? 0 : current * size + 1
  return (
    <div className="plain-table" data-testid="stats-table" data-rows={p.rows.length} data-page={current + 1} aria-busy={p.loading}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {STATS_COLUMNS.map((c) => (
                <th key={c.key} data-column={c.key} className={c.key === 'name' ? undefined : 'num'} aria-sort={c.key === 'ever' ? 'descending' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={STATS_COLUMNS.length} className="empty" data-testid="table-empty">
                  {p.loading ? TABLE_TEXT.loading : SCAN_SCREEN_MSG.empty}
                </td>
              </tr>
            ) : (
              shown.map((r) => (
                <tr key={r.client_id ?? 'all'} data-row-id={r.client_id ?? 'all'}>
                  {STATS_COLUMNS.map((c) => (
                    <td key={c.key} className={c.key === 'name' ? undefined : 'num'}>
                      {cellOf(r, c.key)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {p.all && (
            <tfoot>
              <tr data-row-id="all" data-testid="stats-all">
                {STATS_COLUMNS.map((c) => (
                  <th key={c.key} scope={c.key === 'name' ? 'row' : undefined} className={c.key === 'name' ? undefined : 'num'}>
                    {c.key === 'name' ? STATS_ALL_LABEL : cellOf(p.all!, c.key)}
                  </th>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <PlainPager info={p.rows.length === 0 ? TABLE_TEXT.infoEmpty : TABLE_TEXT.info(from, current * size + shown.length, p.rows.length)} current={current} pageCount={pageCount} setPage={setPage} />
    </div>
  )
}
