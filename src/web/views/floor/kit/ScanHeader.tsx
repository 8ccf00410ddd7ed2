import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { FLOOR_LABEL, aboutBarcode } from '../../../../contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../../../contract/messages/warehouse.ts'
import { href } from '../../../../contract/routes.ts'
import type { WorkstationRef } from '../../../../contract/schemas/warehouse.ts'
import { type Feedback, fitsScreen, routeForWorkstation } from '../../../../../machines/floorKit.ts'
import { useSoundMuted } from '../../../ui/sound.ts'
import { BigIndicator, type BigIndicatorRef } from './BigIndicator.tsx'
import { endWorkstation } from '../../../wiring/floor.ts'

/** The mute switch of the scanning screens, remembered per user. */
export function SoundToggle() {
  const [muted, setMuted] = useSoundMuted()
  return (
    <button type="button" className="btn btn-sm sound-toggle" aria-pressed={!muted} data-testid="sound-toggle" data-muted={muted} onClick={() => setMuted(!muted)}>
      <span className={`sound-icon${muted ? ' muted' : ''}`} aria-hidden="true" /> {muted ? FLOOR_LABEL.soundOff : FLOOR_LABEL.soundOn}
    </button>
  )
}

export interface ScanHeaderProps {
  title: string
  workstation: WorkstationRef | null
  /** The server's count of accepted scans in the open workflow (null until known; omit on screens without one). */
  acceptedScans?: number | null
  processing: boolean
  /** The last thing the screen said (status line). */
  last: Feedback | null
  /** Workstation types the screen works for: another type gets a pointer to its own screen. */
  screenTypes?: readonly string[]
  /** The screen machine's big-indicator child (`indicator`), on screens whose answers can be silent. */
  indicator?: BigIndicatorRef
  children?: ReactNode
}

/**
 * Header of every scanning screen: title, workstation, the session's accepted-scan counter (from the
 * server), the processing state, the last answer, the sound switch and "end work at this workstation".
 */
export function ScanHeader({ title, workstation, acceptedScans, processing, last, screenTypes, indicator, children }: ScanHeaderProps) {
  const wrongType = workstation && screenTypes && !fitsScreen(workstation, screenTypes)
  const lastMessage = last?.messages[0]
  return (
    <header className="scan-header">
      <div className="scan-header-row">
        <h1>{title}</h1>
        {workstation && (
          <span className="badge scan-ws" data-testid="scan-workstation">
            {FLOOR_LABEL.workstation}: {workstation.code}
          </span>
        )}
        {acceptedScans !== undefined && (
          <span className="scan-count" data-testid="scan-count" title={FLOOR_LABEL.scansCount}>
            {FLOOR_LABEL.scansCount}: <strong>{acceptedScans ?? '–'}</strong>
          </span>
        )}
        <span className={`scan-busy${processing ? ' on' : ''}`} data-testid="scan-processing" aria-live="polite" data-processing={processing}>
          {processing ? FLOOR_LABEL.processing : ''}
        </span>
        <span className="spacer" />
        {children}
        <SoundToggle />
        {workstation && (
          <button type="button" className="btn btn-sm" data-testid="end-workstation" onClick={() => void endWorkstation()}>
            {FLOOR_LABEL.endWorkstation}
          </button>
        )}
      </div>
      {wrongType && (
        <div className="alert alert-warning" role="status" data-testid="scan-wrong-workstation">
          {WAREHOUSE_MSG.otherWorkstation} <Link href={href(routeForWorkstation(workstation))}>{workstation.code}</Link>
        </div>
      )}
      <div className={`scan-last tone-${last?.tone ?? 'none'}`} data-testid="scan-status" role="status">
        {lastMessage ? aboutBarcode(last?.barcode, lastMessage.text) : last?.big ? aboutBarcode(last.barcode, '✓') : '\u00a0'}
      </div>
      <BigIndicator indicator={indicator} />
    </header>
  )
}
