import { useMachine } from '@xstate/react'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectPublicFile } from '../../../../machines/publicFile.ts'
import { inspect } from '../../inspector/index.ts'
import { lockerFiles } from '../../wiring/lockers.ts'
import { LOCKERS } from '../../../contract/constants/lockers.ts'
import { LOCKERS_TEXT, LOCKER_LABEL } from '../../../contract/messages/lockers.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

/** /downloads (admin): a card for an e-commerce integration with the pickup-point (locker) files of RO, HU and BG. */
export default function DownloadsView() {
  const [state, send] = useMachine(lockerFiles, { inspect })
  const p = connectPublicFile(state, send)
  return (
    <section className="page" data-testid="downloads-page" data-machine="publicFile" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{LOCKERS_TEXT.downloads}</h1>
      </div>
      <div className="card">
        <h2>{LOCKERS_TEXT.integration}</h2>
        <p className="hint">{LOCKERS_TEXT.filesHint}</p>
        <ul className="downloads">
          {LOCKERS.lockerCountries.map((country) => (
            <li key={country}>
              <button type="button" className="btn" data-testid={`download-lockers-${country}`} disabled={!p.canDownload} onClick={() => p.download(country)}>
                {p.pending === country ? UI_TEXT.downloading : LOCKERS_TEXT.lockersOf(LOCKER_LABEL.lockerCountry[country], country)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
