import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { endpoints } from '../../../contract/endpoints.ts'
import { SCAN_SCREEN_MSG } from '../../../contract/messages/floorScreens.ts'
import { WAREHOUSE_LABEL } from '../../../contract/messages/warehouse.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { type Found, scanSearchMachine } from '../../../../machines/scanSearch.ts'
import { call } from '../../api/client.ts'
import { inspect } from '../../inspector/index.ts'
import { floorActions, floorActors } from '../../machines/floor.ts'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'

/** machines/scanSearch.ts with its real actors. */
const screen = scanSearchMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    lookup: fromPromise(({ input }) => call(endpoints.parcelSearchScan, undefined, { barcode: input.barcode })),
  },
  actions: { announce: floorActions.announce },
})

function FoundCard({ title, found, pending }: { title: string; found: Found | null; pending: boolean }) {
  return (
    <div className="card search-found" data-testid={title === 'Pierwszy kod' ? 'search-first' : 'search-second'}>
      <h2>{title}</h2>
      {!found && <p className="hint">{pending ? 'Szukanie…' : '—'}</p>}
      {found && (
        <dl className="wh-facts">
          <div>
            <dt>Kod</dt>
            <dd data-testid="found-code">{found.code}</dd>
          </div>
          {found.parcel ? (
            <>
              <div>
                <dt>Przesyłka</dt>
                <dd data-testid="found-internal">{found.parcel.internal_number}</dd>
              </div>
              <div>
                <dt>Numer wyjściowy</dt>
                <dd>{found.parcel.out_number}</dd>
              </div>
              <div>
                <dt>Klient</dt>
                <dd>{found.parcel.client?.name ?? '—'}</dd>
              </div>
              <div>
                <dt>Ostatni status</dt>
                <dd>{found.parcel.last_status ?? '—'}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>Przesyłka</dt>
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
  const [state, send] = useMachine(screen, { inspect })
  const c = state.context
  const processing = state.matches('lookingUpFirst') || state.matches('lookingUpSecond')
  const verdict = state.matches('same') ? 'same' : state.matches('different') ? 'different' : null
  const prompt = state.matches('first') || state.matches('lookingUpFirst') || verdict ? SCAN_SCREEN_MSG.scanFirst : SCAN_SCREEN_MSG.scanSecond
  return (
    <section className="page floor" data-machine="scanSearch" data-state={stateString(state.value)}>
      <ScanHeader title="Wyszukiwanie skanem" workstation={null} processing={processing} last={c.feedback}>
        <button type="button" className="btn btn-sm" name="reset" onClick={() => send({ type: 'RESET' })} disabled={!state.can({ type: 'RESET' })}>
          {WAREHOUSE_LABEL.reset}
        </button>
      </ScanHeader>
      <div className="card floor-card">
        <ScanField scanner={state.children.scanner} processing={processing} />
        <p className="hint" data-testid="search-prompt">
          {verdict ? `${prompt} (nowe porównanie)` : prompt}
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
        <FoundCard title="Pierwszy kod" found={c.first} pending={state.matches('lookingUpFirst')} />
        <FoundCard title="Drugi kod" found={c.second} pending={state.matches('lookingUpSecond')} />
      </div>
    </section>
  )
}
