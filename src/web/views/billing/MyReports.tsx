import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { BILLING } from '../../../contract/constants/billing.ts'
import { ROLE } from '../../../contract/constants/access.ts'
import { BILLING_TEXT, EXPORT_STATUS_NAME, STATEMENT_MSG, STATEMENT_VIEW, VALIDATION_ERROR_MSG, noListMatchText } from '../../../contract/messages/billing.ts'
import type { ExportInfo, ValidationError } from '../../../contract/schemas/billing.ts'
import { formatDate, formatDateTime, formatFixed, formatKg, formatNumber } from '../../../contract/format.ts'
import { href } from '../../../contract/routes.ts'
import { connectMyReports } from '../../../../machines/billingMyReports.ts'
import { connectExportedFiles } from '../../../../machines/billingExportedFiles.ts'
import { inspect } from '../../inspector/index.ts'
import { reportsLogicFor } from '../../wiring/billing.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { Confirm } from '../../ui/modal.tsx'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'

const col = serverColumns<ExportInfo>()
const statusCell = (r: ExportInfo) => {
  const name = EXPORT_STATUS_NAME[r.status] ?? r.status
  const progress = r.status === 'accounting' && r.total_count > 0 ? ` ${formatFixed((r.performed_count / r.total_count) * 100, BILLING.progressDecimals)}%` : ''
  const warn = r.status === 'downloaded' && r.errors_count > 0
  return (
    <span className={warn || r.status === 'validation_error' ? 'text-warning' : r.status === 'internal_error' ? 'text-danger' : undefined} title={r.error_message ?? undefined}>
      {name}
      {progress}
    </span>
  )
}
const STAFF_COLUMNS: ReadonlyArray<ServerColumn<ExportInfo>> = [
  col.accessor('created_at', { header: BILLING_TEXT.orderDate, cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('client_name', { header: UI_TEXT.client, cell: (c) => c.getValue() ?? BILLING.allClients }),
  col.accessor('name', { header: UI_TEXT.name }),
  col.accessor('status', { header: UI_TEXT.status, cell: (c) => statusCell(c.row.original) }),
]
const CLIENT_COLUMNS = [STAFF_COLUMNS[0]!, STAFF_COLUMNS[2]!, STAFF_COLUMNS[3]!]

const errorText = (e: ValidationError) => {
  const base = (VALIDATION_ERROR_MSG as Record<string, string>)[e.type] ?? e.type
  const d = e.additionalData
  const extra =
    e.type === 'giant_amount'
      ? ` ${BILLING_TEXT.giantAmount(String(d.amount ?? ''), String(d.accountingWeight ?? ''), String(d.parcelsCount ?? ''))}`
      : e.type === 'no_operational_price_list_match'
        ? ` ${noListMatchText({ type: d.operationalPriceListType, association: d.operationalPriceListSpecialAssociation, client: d.clientName, country: d.countryName })}`
        : e.type === 'wrong_shipments_in_report_count'
          ? ` ${BILLING_TEXT.reportCount(String(d.exported_count ?? ''), String(d.expected_count ?? ''))}`
          : ''
  return base + extra
}
type Dimensions = Record<string, { weight?: string | null; width?: string | null; height?: string | null; length?: string | null }>

/**
 * "My reports": the exports the user may see (opened from a client card: that client's only); a row
 * opens (staff) or downloads (client).
 */
export function MyReports({ clientId = null }: { clientId?: number | null }) {
  const user = useSessionUser()!
  const logic = reportsLogicFor(clientId)
  const [state, send] = useMachine(logic.reports, { input: { role: user.role }, inspect })
  const r = connectMyReports(state, send)
  const row = r.row
  return (
    <div data-testid="my-reports">
      <div className="toolbar">
        <button type="button" className="btn btn-sm" data-testid="reports-refresh" onClick={r.refresh}>
          {UI_TEXT.refresh}
        </button>
      </div>
      {r.table && (
        <ServerTable<ExportInfo>
          actor={r.table}
          columns={r.showClient ? STAFF_COLUMNS : CLIENT_COLUMNS}
          getRowId={(x) => x.uuid}
          onRowClick={r.click}
          rowClassName={(x) => (x.uuid === row?.uuid ? 'selected' : undefined)}
          testId="reports-table"
        />
      )}
      {row && (
        <section className="card" data-testid="report-details" aria-label={row.name}>
          <h3>{row.name}</h3>
          <p>
            {EXPORT_STATUS_NAME[row.status]}
            {row.error_message ? ` — ${row.error_message}` : ''}
          </p>
          <div className="toolbar">
            <button type="button" className="btn btn-primary btn-sm" data-testid="report-download" onClick={r.download}>
              {BILLING_TEXT.downloadReport}
            </button>
            {r.admin && row.type === 'billing' && (
              <label className="checkbox">
                <input type="checkbox" data-testid="report-used" checked={row.used_for_invoice} disabled={r.busy} onChange={(e) => r.toggleUsed(e.target.checked)} />
                {BILLING_TEXT.usedForInvoice}
              </label>
            )}
            <button type="button" className="btn btn-sm" onClick={r.closeRow}>
              {BILLING_TEXT.collapse}
            </button>
          </div>
          {row.type === 'billing' && row.status !== 'order_accepted' && row.status !== 'accounting' && row.status !== 'internal_error' && (
            <PriceLists row={row} />
          )}
          {r.busy && <p className="loading">{UI_TEXT.loading}</p>}
          {r.errors.length > 0 && (
            <table className="table wrap-cells" data-testid="report-errors">
              <thead>
                <tr>
                  <th>{UI_TEXT.ordinal}</th>
                  <th>{EXPORT_STATUS_NAME.validation_error}</th>
                  <th>{EXPORT_STATUS_NAME.verified}</th>
                </tr>
              </thead>
              <tbody>
                {r.errors.map((e, i) => (
                  <tr key={e.validationErrorId} data-error-type={e.type}>
                    <td>{i + 1}</td>
                    <td>
                      {errorText(e)}{' '}
                      {e.parcelInternalNumbers.map((n) => {
                        const d = (e.additionalData.dimensions as Dimensions | undefined)?.[n]
                        return (
                          <div key={n}>
                            <a href={href('shipment', { internalNumber: n })} target="_blank" rel="noreferrer" data-testid="report-error-parcel">
                              {n}
                            </a>
                            {d && ` — ${formatKg(d.weight ?? '?')}, ${formatNumber(d.width ?? '?')}×${formatNumber(d.height ?? '?')}×${formatNumber(d.length ?? '?')} cm`}
                          </div>
                        )
                      })}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={BILLING_TEXT.errorChecked(i + 1)}
                        checked={e.reviewed}
                        disabled={!r.admin || !e.reviewable || r.busy}
                        onChange={(ev) => r.review(e.validationErrorId, ev.target.checked)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {user.role !== ROLE.warehouse_worker && <ExportedFiles role={user.role} logic={logic.files} />}
      <Confirm open={r.confirming} onConfirm={r.confirm} onCancel={r.cancel} busy={r.busy} />
    </div>
  )
}

/** The exported files: the latest exports with their progress (reloaded while one is being made). */
function ExportedFiles({ role, logic }: { role: number; logic: ReturnType<typeof reportsLogicFor>['files'] }) {
  const [state, send] = useMachine(logic, { inspect })
  const f = connectExportedFiles(state, send, role)
  return (
    <section className="card" data-testid="exported-files" aria-label={BILLING_TEXT.exportFiles}>
      <h3>{BILLING_TEXT.exportFiles}</h3>
      {f.failure && <p className="alert alert-danger" role="alert">{f.failure}</p>}
      <div className="table-wrap">
      <table className="table wrap-cells">
        <thead>
          <tr>
            <th>{BILLING_TEXT.createdAt}</th>
            {f.showClient && <th>{UI_TEXT.client}</th>}
            <th>{BILLING_TEXT.file}</th>
            <th>{UI_TEXT.status}</th>
            <th>{BILLING_TEXT.progress}</th>
          </tr>
        </thead>
        <tbody>
          {f.files.map((x) => (
            <tr key={x.uuid}>
              <td>{formatDateTime(x.created_at)}</td>
              {f.showClient && <td>{x.client_name ?? BILLING.allClients}</td>}
              <td>{x.file_name ?? x.name}</td>
              <td>{EXPORT_STATUS_NAME[x.status] ?? x.status}</td>
              <td>{f.progressOf(x) ? `${f.progressOf(x)}%` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  )
}

/** The price lists a statement charged with, and whether it charged anew. */
function PriceLists({ row }: { row: ExportInfo }) {
  const c = STATEMENT_VIEW.priceListColumns
  return (
    <div data-testid="report-price-lists">
      <h4>{STATEMENT_VIEW.priceListsTitle}</h4>
      <p>{row.re_account ? STATEMENT_MSG.reAccountOn : STATEMENT_MSG.reAccountOff(row.kept_count)}</p>
      {row.price_lists.length === 0 ? (
        <p>{STATEMENT_VIEW.noPriceLists}</p>
      ) : (
        <div className="table-wrap">
          <table className="table wrap-cells">
            <thead>
              <tr>
                <th>{c.name}</th>
                <th>{c.owner}</th>
                <th>{c.country}</th>
                <th>{c.begin}</th>
                <th>{c.shipments}</th>
              </tr>
            </thead>
            <tbody>
              {row.price_lists.map((l) => (
                <tr key={l.id}>
                  <td>{l.name}</td>
                  <td>{l.client_name ?? STATEMENT_MSG.defaultList}</td>
                  <td>{l.country ?? '—'}</td>
                  <td>{formatDate(l.begin_date)}</td>
                  <td>{l.shipments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
