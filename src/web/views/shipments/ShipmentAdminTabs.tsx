import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useState } from 'react'
import { PROBLEM_RULE, SHIPMENT } from '../../../contract/constants/shipments.ts'
import { SHIPMENTS_TEXT } from '../../../contract/messages/shipments.ts'
import type { Problem } from '../../../contract/schemas/shipments.ts'
import type { HistoryReply } from '../../../contract/schemas/tracking.ts'
import { useDataLoad } from '../../ui/load.ts'
import { historyLoad, internalInfoFor } from '../../wiring/shipments.ts'
import { yesNo } from '../../ui/format.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { Confirm, Modal } from '../../ui/modal.tsx'
import { Tabs } from './ParcelDetails.tsx'
import { Link } from 'wouter'
import { href } from '../../../contract/routes.ts'
import { SCAN_LOG_MSG } from '../../../contract/messages/floorScanLog.ts'
import { WAREHOUSE_TEXT } from '../../../contract/messages/warehouseAdmin.ts'

function Loading({ error }: { error: string | null }) {
  return error ? (
    <div className="alert alert-danger" role="alert">
      {error}
    </div>
  ) : (
    <p className="loading">{UI_TEXT.loading}</p>
  )
}

// ---- Historia ----------------------------------------------------------------------------------

/**
 * History tab: a common tab when the shipment has more than one parcel (date, status),
 * then one tab per parcel (date, status, user, workstation, problem sector in red); the admin
 * deletes a status where allowed, after confirmation.
 */
export function HistoryTab({ number }: { number: string }) {
  // The history, and the delete of a status after its confirmation, are the dataLoad machine's; the open tab is UI state.
  const history = useDataLoad(historyLoad, number)
  const [active, setActive] = useState(0)
  const data = history.data
  if (!data) return <Loading error={history.problem} />
  const { shipment, parcels } = data.history
  const common = parcels.length > 1
  const labels = [...(common ? [SHIPMENTS_TEXT.shared] : []), ...parcels.map((p) => p.waybill)]
  const index = Math.min(active, labels.length - 1)
  const parcel = common ? (index === 0 ? null : parcels[index - 1]) : parcels[index]

  return (
    <section data-testid="history-tab">
      <Tabs labels={labels} active={index} onChange={setActive} name="history" />
      {parcel === null || parcel === undefined ? (
        <HistoryTable rows={shipment.map((r) => ({ ...r, id: null }))} common />
      ) : (
        <HistoryTable rows={parcel.history} onDelete={history.ask} />
      )}
      <Confirm open={history.isConfirming} busy={history.isBusy} onCancel={history.cancel} onConfirm={history.confirm} />
    </section>
  )
}

type Row = HistoryReply['history']['parcels'][number]['history'][number]

function HistoryTable({ rows, common, onDelete }: { rows: ReadonlyArray<Partial<Omit<Row, 'id'>> & { when: string; name: string; id: number | null }>; common?: boolean; onDelete?: (id: number) => void }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={common ? 'history-common' : 'history-parcel'}>
        <thead>
          <tr>
            <th>{UI_TEXT.date}</th>
            <th>{UI_TEXT.status}</th>
            {!common && (
              <>
                <th>{UI_TEXT.user}</th>
                <th>{WAREHOUSE_TEXT.workstation}</th>
                <th>{SHIPMENTS_TEXT.problemSector}</th>
                <th>
                  <span className="sr-only">{UI_TEXT.actions}</span>
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={common ? 2 : 6} className="empty">
                {SHIPMENTS_TEXT.noStatuses}
              </td>
            </tr>
          )}
          {rows.map((r, i) => (
            <tr key={r.id ?? `${r.when}-${i}`} data-history-id={r.id ?? undefined}>
              <td>{formatDateTime(r.when)}</td>
              <td>{r.name}</td>
              {!common && (
                <>
                  <td>{r.user ?? '—'}</td>
                  <td>{r.workstation ?? '—'}</td>
                  <td className={r.problematic_sector ? 'text-danger' : undefined}>{r.problematic_sector ?? '—'}</td>
                  <td>
                    {r.deletion_allowed && r.id !== null && onDelete && (
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => onDelete(r.id!)}>
                        {UI_TEXT.delete}
                      </button>
                    )}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

// ---- Informacje wewnętrzne --------------------------------------------------------------------------

/** base64 of the rule's JSON, shown pretty-printed (falls back to the decoded text). */
export function decodePayload(b64: string): string {
  try {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const text = new TextDecoder().decode(bytes)
    try {
      return JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      return text
    }
  } catch {
    return b64
  }
}

/**
 * Internal info tab: creation method, return, eMAG, registration date, services; per
 * parcel delay counter, last status sync, read client alias, processable, error; the problems
 * with their payload, and the registration retry for SHIPMENT_REGISTRATION_FAILED in status reported.
 */
export function InternalInfoTab({ number, shipmentId, onRegistered }: { number: string; shipmentId: number; onRegistered: () => void }) {
  const [logic] = useState(() => internalInfoFor(onRegistered))
  // The info and the registration retry are the dataLoad machine's; the payload shown is UI state.
  const info = useDataLoad(logic, number)
  const [payload, setPayload] = useState<Problem | null>(null)
  if (!info.data) return <Loading error={info.problem} />
  const { shipment, parcels, problems } = info.data.data
  const registering = info.isBusy
  // The retry needs no confirmation: asked and confirmed at once.
  const register = () => {
    info.ask(shipmentId)
    info.confirm()
  }

  return (
    <section data-testid="internal-info-tab">
      <dl className="details-grid">
        <dt>{SHIPMENTS_TEXT.createdBy}</dt>
        <dd>{shipment.creator}</dd>
        <dt>{SHIPMENTS_TEXT.return}</dt>
        <dd>{yesNo(shipment.is_return)}</dd>
        <dt>{UI_TEXT.emag}</dt>
        <dd>{yesNo(shipment.is_emag)}</dd>
        <dt>{SHIPMENTS_TEXT.registeredAt}</dt>
        <dd>{formatDateTime(shipment.correctly_requested_at)}</dd>
        <dt>{SHIPMENTS_TEXT.firstMileService}</dt>
        <dd>{shipment.in_service ?? '—'}</dd>
        <dt>{SHIPMENTS_TEXT.lastMileService}</dt>
        <dd>{shipment.out_service ?? '—'}</dd>
      </dl>

      <h3>{SHIPMENTS_TEXT.parcels}</h3>
      <div className="table-wrap">
        <table className="table" data-testid="internal-parcels">
          <thead>
            <tr>
              <th>{UI_TEXT.number}</th>
              <th>{SHIPMENTS_TEXT.delayCount}</th>
              <th>{SHIPMENTS_TEXT.lastStatusSync}</th>
              <th>{SHIPMENTS_TEXT.readAlias}</th>
              <th>{SHIPMENTS_TEXT.processable}</th>
              <th>{SHIPMENTS_TEXT.error}</th>
              <th>{SCAN_LOG_MSG.title}</th>
            </tr>
          </thead>
          <tbody>
            {parcels.map((p) => (
              <tr key={p.internal_number}>
                <td>{p.internal_number}</td>
                <td>{p.delay_counter}</td>
                <td>{formatDateTime(p.status_checked_at)}</td>
                <td>{p.read_client_alias ?? '—'}</td>
                <td>{yesNo(p.processable)}</td>
                <td className={p.error_message ? 'text-danger' : undefined}>{p.error_message ?? '—'}</td>
                <td>
                  <Link href={`${href('scanLog')}?${new URLSearchParams({ parcel: p.internal_number })}`} data-testid="parcel-scan-log">
                    {SCAN_LOG_MSG.parcelLink}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>{SHIPMENTS_TEXT.problems}</h3>
      <div className="table-wrap">
        <table className="table" data-testid="problems">
          <thead>
            <tr>
              <th>{UI_TEXT.type}</th>
              <th>{UI_TEXT.status}</th>
              <th>{SHIPMENTS_TEXT.resolvedAt}</th>
              <th>{SHIPMENTS_TEXT.resolvedBy}</th>
              <th>
                <span className="sr-only">{UI_TEXT.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  {SHIPMENTS_TEXT.noProblems}
                </td>
              </tr>
            )}
            {problems.map((p) => (
              <tr key={p.id} data-problem={p.rule.code}>
                <td title={p.rule.code}>{p.rule.name}</td>
                <td>{p.status}</td>
                <td>{formatDateTime(p.resolved_at)}</td>
                <td>{p.resolved_by?.email ?? '—'}</td>
                <td className="actions">
                  <button type="button" className="btn btn-sm" onClick={() => setPayload(p)}>
                    {SHIPMENTS_TEXT.showPayload}
                  </button>
                  {p.rule.code === PROBLEM_RULE.registrationFailed && p.status === SHIPMENT.problemReported && (
                    <button type="button" className="btn btn-sm btn-primary" disabled={registering} onClick={register}>
                      {SHIPMENTS_TEXT.register}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal open={payload !== null} onClose={() => setPayload(null)} title={payload ? `Payload: ${payload.rule.name}` : ''} width="720px" footer={<button type="button" className="btn" onClick={() => setPayload(null)}>{UI_TEXT.close}</button>}>
        <pre className="payload" data-testid="payload">
          {payload ? decodePayload(payload.payload) : ''}
        </pre>
      </Modal>
    </section>
  )
}

// The finance tab ('Rozliczenie') is its own view and machine: ./ShipmentFinanceTab.tsx.
