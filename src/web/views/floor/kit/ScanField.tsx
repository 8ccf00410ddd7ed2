import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useMachine, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { FLOOR_LABEL } from '../../../../contract/messages/floor.ts'
import { connectFocusLock } from '../../../../../machines/floorFocusLock.ts'
import { connectScannerInput, type scannerInputMachine } from '../../../../../machines/floorScannerInput.ts'
import { SCAN_FIELD_ATTR, floorCaptureMachine, floorFocusLock } from '../../../wiring/floorCapture.ts'
import { dialogElement, focusDialog } from '../../../wiring/floorDom.ts'
import { listeningClock } from '../../../wiring/floorClock.ts'
import { scanScreenListens } from '../../../wiring/floorHandover.ts'

export type ScannerRef = ActorRefFrom<typeof scannerInputMachine>

/**
 * The focus lock of a scanning screen (machines/floorFocusLock.ts, with its keyboard and the focus
 * put back into `target`): the machine owns the lock, the 2 s timer and the page's keys and clicks.
 * `paused` holds the return (a window or form is open); when it ends, the field is ready at once.
 */
export function useFocusLock(target: () => HTMLElement | null, paused = false) {
  const machine = useMemo(() => floorFocusLock(target), [target])
  const [state, send] = useMachine(machine)
  const lock = connectFocusLock(state, send)

  useEffect(() => send({ type: 'PAUSE', paused }), [paused, send])

  return { locked: lock.locked }
}

/** The screen's scan capture (machines/floorScanCapture.ts): scanner bursts reach the scan wherever the focus is. */
export function ScanCapture({ scanner }: { scanner: ScannerRef }) {
  useMachine(floorCaptureMachine, { input: { scanner }, clock: listeningClock })
  // From the moment the screen is on the page: the keys a scanner sent while it was on its way
  // (wiring/floorHandover.ts) go to its scanner, in order; from now on the screen takes its own.
  useLayoutEffect(() => {
    const handover = scanScreenListens()
    for (const key of handover.keys) scanner.send(key === 'Enter' ? { type: 'SUBMIT' } : { type: 'KEY', key })
    return handover.stop
  }, [scanner])
  return null
}

export interface ScanFieldProps {
  /** The screen machine's scannerInput child (`state.children.scanner`). */
  scanner: ScannerRef | undefined
  /** A scan is in flight: shown, so nobody scans twice. */
  processing: boolean
  label?: string
  name?: string
  /** The screen's form allows a scan (the manual submit button). Default true. */
  canSubmit?: boolean
  /** Focus does not return while true (e.g. editing dimensions). */
  paused?: boolean
  /** Delete / PageDown and other keys the screen handles itself, called before the scanner sees the key. */
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void
}

/**
 * The barcode input of every scanning screen, bound to the scannerInput child: keys → KEY, Enter →
 * SUBMIT, typing by hand or pasting → SET; the field shows the scanner's buffer. A manual-mode switch
 * turns the automatic submit after the idle window off (then Enter or "Skanuj" submits). Escape toggles
 * the focus lock, Tab locks it; focus returns to the field every 2 s otherwise.
 */
export function ScanField({ scanner, processing, label = FLOOR_LABEL.barcode, name = 'barcode', canSubmit = true, paused = false, onKeyDown }: ScanFieldProps) {
  const input = useRef<HTMLInputElement>(null)
  const target = useCallback(() => input.current, [])
  const { locked } = useFocusLock(target, paused)
  const scan = useSelector(scanner, (s) => s)
  const v = scanner && scan ? connectScannerInput(scan, scanner.send) : null
  const buffer = v?.buffer ?? ''
  const manual = v?.manual ?? false
  const submittable = v?.submittable ?? false

  // The focus from the moment the field is on the page, not a frame later: a scanner's keys go to it.
  useLayoutEffect(() => {
    input.current?.focus()
  }, [])

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // A window is open but the field kept the focus (closing one window hands it back): the keys belong to the window.
    const dialog = dialogElement()
    if (dialog) {
      e.preventDefault()
      focusDialog(dialog)
      return
    }
    onKeyDown?.(e)
    if (e.defaultPrevented || !v) return
    if (e.key === 'Enter') {
      e.preventDefault()
      v.submit()
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault()
      v.key(e.key)
    }
  }

  return (
    <div className={`scan-field${processing ? ' is-processing' : ''}${locked ? ' is-locked' : ''}`} data-section="barcode">
      {scanner && <ScanCapture key={scanner.id} scanner={scanner} />}
      <label htmlFor={`scan-${name}`}>{label}</label>
      <div className="scan-field-row">
        <input
          ref={input}
          id={`scan-${name}`}
          name={name}
          className="scan-input"
          autoComplete="off"
          spellCheck={false}
          value={buffer}
          aria-busy={processing}
          data-testid="scan-input"
          {...{ [SCAN_FIELD_ATTR]: '' }}
          onKeyDown={keyDown}
          onChange={(e) => v?.set(e.target.value)}
        />
        {manual && (
          <button type="button" className="btn btn-primary" data-testid="scan-submit" disabled={!submittable || !canSubmit || processing} onClick={() => v?.submit()}>
            {FLOOR_LABEL.scan}
          </button>
        )}
      </div>
      <div className="scan-field-meta">
        <label className="scan-manual">
          <input type="checkbox" checked={manual} data-testid="scan-manual" onChange={() => v?.toggleManual()} /> {FLOOR_LABEL.manualMode}
        </label>
        <span className={`scan-lock${locked ? ' on' : ''}`} data-testid="scan-lock" data-locked={locked}>
          {locked ? FLOOR_LABEL.focusLocked : FLOOR_LABEL.focusFree}
        </span>
        {processing && (
          <span className="scan-processing" data-testid="scan-field-processing">
            {FLOOR_LABEL.processing}
          </span>
        )}
      </div>
    </div>
  )
}
