import { useMachine } from '@xstate/react'
import { SCAN_SCREEN_MSG } from '../../../contract/messages/floorScreens.ts'
import { FLOOR_SCREEN_LABEL } from '../../../contract/messages/floor.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { WAREHOUSE_LABEL } from '../../../contract/messages/warehouse.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type Found, connectScanSearch } from '../../../../machines/floorScanSearch.ts'
import { scanScreenOptions } from '../../wiring/floorClock.ts'
import { scanSearchScreen as screen } from '../../wiring/floorScanSearch.ts'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'

function FoundCard({ title, found, pending }: { title: string; found: Found | null; pending: boolean }) {
  return (
    <div className="card search-found" data-testid={title === FLOOR_SCREEN_LABEL.firstCode ? 'search-first' : 'search-second'}>
      <h2>{title}</h2>
      {!found && <p className="hint">{pending ? UI_TEXT.searching : '—'}</p>}
      {found && (
        <dl className="wh-facts">
          <div>
            <dt>{UI_TEXT.code}</dt>
            <dd data-testid="found-code">{found.code}</dd>
          </div>
          {found.parcel ? (
            <>
              <div>
                <dt>{FLOOR_SCREEN_LABEL.parcel}</dt>
                <dd data-testid="found-internal">{found.parcel.internal_number}</dd>
              </div>
              <div>
                <dt>{FLOOR_SCREEN_LABEL.outNumber}</dt>
                <dd>{found.parcel.out_number}</dd>
              </div>
              <div>
                <dt>{UI_TEXT.client}</dt>
                <dd>{found.parcel.client?.name ?? '—'}</dd>
              </div>
              <div>
                <dt>{FLOOR_SCREEN_LABEL.lastStatus}</dt>
                <dd>{found.parcel.last_status ?? '—'}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{FLOOR_SCREEN_LABEL.parcel}</dt>
              <dd className="text-danger">{SCAN_SCREEN_MSG.notFound(found.code)}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  )
}

/** /parcel-search: scan two barcodes; the screen says loud and clear whether they are the same parcel. */
export default function ParcelSearchView() {
  const [state, send] = useMachine(screen, scanScreenOptions)
  const p = connectScanSearch(state, send)
  const { processing, verdict } = p
  const prompt = p.asksFirst ? SCAN_SCREEN_MSG.scanFirst : SCAN_SCREEN_MSG.scanSecond
  return (
    <section className="page floor" data-machine="scanSearch" data-state={stateString(state.value)}>
      <ScanHeader title={FLOOR_SCREEN_LABEL.scanSearchTitle} workstation={null} processing={processing} last={p.feedback}>
        <button type="button" className="btn btn-sm" name="reset" onClick={p.reset} disabled={!p.canReset}>
          {WAREHOUSE_LABEL.reset}
        </button>
      </ScanHeader>
      <div className="card floor-card">
        <ScanField scanner={p.scanner} processing={processing} />
        <p className="hint" data-testid="search-prompt">
          {verdict ? `${prompt} (${SCAN_SCREEN_MSG.newComparison})` : prompt}
        </p>
      </div>
      {verdict && (
        <div className={`search-verdict verdict-${verdict}`} data-testid="verdict" data-verdict={verdict} role="status">
          <span className="verdict-mark" aria-hidden="true">
            {verdict === 'same' ? '✓' : '✗'}
          </span>
          <span className="verdict-text">{verdict === 'same' ? SCAN_SCREEN_MSG.same : SCAN_SCREEN_MSG.different}</span>
        </div>
      )}
      <div className="floor-grid">
        <FoundCard title={FLOOR_SCREEN_LABEL.firstCode} found={p.first} pending={p.firstPending} />
        <FoundCard title={FLOOR_SCREEN_LABEL.secondCode} found={p.second} pending={p.secondPending} />
      </div>
    </section>
  )
}
