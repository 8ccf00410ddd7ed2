import { useMachine } from '@xstate/react'
import { formatDateTime } from '../../../contract/format.ts'
import { SCAN_LOG_MSG } from '../../../contract/messages/floorScanLog.ts'
import type { ScanLogRow } from '../../../contract/schemas/floorRecords.ts'
import { connectScanLog } from '../../../../machines/floorScanLog.ts'
import { inspect } from '../../inspector/index.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { scanLogInput, scanLogLogic } from '../../wiring/floorScanLog.ts'

const T = SCAN_LOG_MSG.columns
const col = serverColumns<ScanLogRow>()
const dash = (v: string | null) => v ?? '—'
/** Server column indexes: 0 time, 1 barcode, 2 workstation (the others are not sortable). */
const COLUMNS: ServerColumn<ScanLogRow>[] = [
  col.accessor('at', { header: T.at, cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('barcode', { header: T.barcode, cell: (c) => dash(c.getValue()) }),
  col.accessor('workstation', { header: T.workstation, cell: (c) => dash(c.getValue()) }),
  col.display({ id: 'kind', header: T.kind, cell: ({ row: { original: r } }) => SCAN_LOG_MSG.kinds[r.kind] }),
  col.accessor('worker', { header: T.worker, enableSorting: false, cell: (c) => dash(c.getValue()) }),
  col.display({
    id: 'sent',
    header: T.sent,
    cell: ({ row: { original: r } }) => [r.sent_status, r.sent_sector, r.sent_client, r.sent_where].map(dash).join(' / '),
  }),
  col.display({
    id: 'answer',
    header: T.answer,
    cell: ({ row: { original: r } }) => (
      <span data-testid="scan-log-answer">
        <strong>{r.answer_code}</strong> {r.answer_message ?? ''}
      </span>
    ),
  }),
  col.accessor('status', { header: T.status, enableSorting: false, cell: (c) => <span data-testid="scan-log-status">{dash(c.getValue())}</span> }),
  col.accessor('sector', {
    header: T.sector,
    enableSorting: false,
    cell: ({ row: { original: r } }) => <span data-testid="scan-log-sector">{r.sector ?? r.bucket ?? '—'}</span>,
  }),
]

/**
 * /scan-log (staff): every floor request, newest first, searched by barcode and by workstation;
 * `?parcel=` (from a parcel's page) shows every scan that found that parcel.
 */
export default function ScanLogView() {
  const [state, send] = useMachine(scanLogLogic, { input: scanLogInput(), inspect })
  const p = connectScanLog(state, send)
  return (
    <section className="page" data-testid="scan-log-page">
      <div className="page-header">
        <h1>{SCAN_LOG_MSG.title}</h1>
      </div>
      <p className="muted">{SCAN_LOG_MSG.intro}</p>
      <form
        className="filters"
        data-testid="scan-log-filters"
        onSubmit={(e) => {
          e.preventDefault()
          p.apply()
        }}
      >
        <label>
          {SCAN_LOG_MSG.barcode}
          <input value={p.draft.barcode} data-testid="scan-log-barcode" onChange={(e) => p.set('barcode', e.target.value)} />
        </label>
        <label>
          {SCAN_LOG_MSG.workstation}
          <input value={p.draft.workstation} data-testid="scan-log-workstation" onChange={(e) => p.set('workstation', e.target.value)} />
        </label>
        {p.showsParcel && (
          <label>
            {SCAN_LOG_MSG.parcel}
            <input value={p.draft.parcel} data-testid="scan-log-parcel" onChange={(e) => p.set('parcel', e.target.value)} />
          </label>
        )}
        <button type="submit" className="btn btn-primary" data-testid="scan-log-search">
          {SCAN_LOG_MSG.search}
        </button>
        <button type="button" className="btn" data-testid="scan-log-clear" onClick={p.reset}>
          {SCAN_LOG_MSG.clear}
        </button>
      </form>
      {p.table && <ServerTable<ScanLogRow> testId="scan-log-table" columns={COLUMNS} actor={p.table} emptyText={SCAN_LOG_MSG.empty} />}
    </section>
  )
}
