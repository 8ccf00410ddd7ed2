import { type FormEvent, useState } from 'react'
import { useActorRef } from '@xstate/react'
import { useSearchParams } from 'wouter'
import { FLOOR } from '../../../contract/constants/floor.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { SCAN_LOG_MSG } from '../../../contract/messages/floorScanLog.ts'
import type { ScanLogRow } from '../../../contract/schemas/floor.ts'
import { inspect } from '../../inspector/index.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { scanLogTable } from '../../wiring/floorScanLog.ts'
import { tableInput } from '../../wiring/serverTable.ts'

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
  const [search, setSearch] = useSearchParams()
  const initial = { barcode: search.get('barcode') ?? '', workstation: search.get('workstation') ?? '', parcel: search.get('parcel') ?? '' }
  const [form, setForm] = useState(initial)
  const table = useActorRef(scanLogTable, {
    input: tableInput({ pageLength: FLOOR.scanLogPageDefault, order: [{ column: 0, dir: 'desc' }], filters: initial }),
    inspect,
  })
  const apply = (next: typeof form) => {
    setForm(next)
    setSearch(Object.fromEntries(Object.entries(next).filter(([, v]) => v.trim() !== '')), { replace: true })
    table.send({ type: 'FILTER', filters: next })
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    apply(form)
  }
  return (
    <section className="page" data-testid="scan-log-page">
      <div className="page-header">
        <h1>{SCAN_LOG_MSG.title}</h1>
      </div>
      <p className="muted">{SCAN_LOG_MSG.intro}</p>
      <form className="filters" onSubmit={submit} data-testid="scan-log-filters">
        <label>
          {SCAN_LOG_MSG.barcode}
          <input value={form.barcode} data-testid="scan-log-barcode" onChange={(e) => setForm({ ...form, barcode: e.target.value })} />
        </label>
        <label>
          {SCAN_LOG_MSG.workstation}
          <input value={form.workstation} data-testid="scan-log-workstation" onChange={(e) => setForm({ ...form, workstation: e.target.value })} />
        </label>
        {form.parcel && (
          <label>
            {SCAN_LOG_MSG.parcel}
            <input value={form.parcel} data-testid="scan-log-parcel" onChange={(e) => setForm({ ...form, parcel: e.target.value })} />
          </label>
        )}
        <button type="submit" className="btn btn-primary" data-testid="scan-log-search">
          {SCAN_LOG_MSG.search}
        </button>
        <button type="button" className="btn" data-testid="scan-log-clear" onClick={() => apply({ barcode: '', workstation: '', parcel: '' })}>
          {SCAN_LOG_MSG.clear}
        </button>
      </form>
      <ServerTable<ScanLogRow> testId="scan-log-table" columns={COLUMNS} actor={table} emptyText={SCAN_LOG_MSG.empty} />
    </section>
  )
}
