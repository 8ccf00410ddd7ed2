import { useMachine, useSelector } from '@xstate/react'
import { Link } from 'wouter'
import { FLOOR_LABEL } from '../../../contract/messages/floor.ts'
import { SCAN_SCREEN_MSG } from '../../../contract/messages/floorScreens.ts'
import { WAREHOUSE_LABEL, WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { href } from '../../../contract/routes.ts'
import { connectExternalInbound } from '../../../../machines/floorExternalInbound.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { scanScreenOptions } from '../../wiring/floorClock.ts'
import { externalInboundScreen as screen } from '../../wiring/floorExternalInbound.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { ScanCapture } from './kit/ScanField.tsx'

/** /external_inbound/scan: scan couriers' parcels from anywhere on the page, or type one and "Przyjmij". */
export default function ExternalInboundScanView() {
  const user = useSessionUser()
  const [state, send] = useMachine(screen, scanScreenOptions)
  const p = connectExternalInbound(state, send)
  const c = p
  const { scanner, processing } = p
  const buffer = useSelector(scanner, (s) => s?.context.buffer ?? '')
  return (
    <section className="page floor" data-machine="externalInbound" data-state={stateString(state.value)}>
      {scanner && <ScanCapture key={scanner.id} scanner={scanner} />}
      {/* The counter of this screen is the person's hand-overs of the day (shown below), not a workflow's scans. */}
      <ScanHeader title={SCAN_SCREEN_MSG.inboundTitle} workstation={user?.workstation ?? null} processing={processing} last={c.feedback} />
      <div className={`card floor-card capture${processing ? ' is-processing' : ''}`} data-testid="capture" aria-live="polite">
        <div className="capture-label">{SCAN_SCREEN_MSG.inboundHint}</div>
        <div className="capture-buffer" data-testid="capture-buffer">
          {p.inFlight ?? (buffer || '\u00a0')}
        </div>
        <div className="scan-count">
          {SCAN_SCREEN_MSG.acceptedToday}: <strong data-testid="accepted-today">{c.acceptedScans ?? '–'}</strong>
        </div>
      </div>
      <form
        className="card floor-card manual-accept"
        onSubmit={(e) => {
          e.preventDefault()
          p.accept()
        }}
      >
        <div className="field">
          <label htmlFor="manual-barcode">{SCAN_SCREEN_MSG.inboundManual}</label>
          <div className="scan-field-row">
            <input
              id="manual-barcode"
              name="manual_barcode"
              autoComplete="off"
              spellCheck={false}
              value={c.manual}
              onChange={(e) => p.setManual(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" name="accept" disabled={!p.canAccept}>
              {processing ? FLOOR_LABEL.processing : WAREHOUSE_LABEL.accept}
            </button>
          </div>
        </div>
      </form>
      {c.last && (
        <div className={`card floor-card inbound-last ${c.lastNew ? 'is-new' : 'is-known'}`} data-testid="inbound-last" data-new={c.lastNew}>
          <div className="inbound-last-head">
            <span className={`badge ${c.lastNew ? 'badge-success' : 'badge-danger'}`}>{c.lastNew ? WAREHOUSE_MSG.inboundAccepted : WAREHOUSE_MSG.alreadyInSystem}</span>
            <Link href={href('externalInboundDetail', { id: c.last.id })}>{p.lastLink}</Link>
          </div>
          <dl className="wh-facts">
            <div>
              <dt>{SCAN_SCREEN_MSG.inboundWaybill}</dt>
              <dd data-testid="inbound-last-waybill">{c.last.waybill}</dd>
            </div>
            <div>
              <dt>{SCAN_SCREEN_MSG.inboundCourier}</dt>
              <dd>{c.last.inbound_courier?.name ?? '—'}</dd>
            </div>
            <div>
              <dt>{SCAN_SCREEN_MSG.inboundAcceptedBy}</dt>
              <dd>
                {c.last.scanned_by_user?.email ?? '—'}, {formatDateTime(c.last.scanned_at)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  )
}
