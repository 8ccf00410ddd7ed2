import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { WAREHOUSE } from '../../../../contract/constants/warehouse.ts'
import { FLOOR_LABEL } from '../../../../contract/messages/floor.ts'
import type { scannerInputMachine } from '../../../../../machines/scannerInput.ts'

export type ScannerRef = ActorRefFrom<typeof scannerInputMachine>

/** Is a modal window open (focus belongs to it)? */
const dialogOpen = () => typeof document !== 'undefined' && document.querySelector('[role="dialog"]') !== null

/**
 * Focus lock of a scanning screen: Escape toggles it, Tab locks it; while it is
 * off, focus returns to the barcode input WAREHOUSE.focusReturnMs (2 s) after the person last did
 * something elsewhere. `paused` holds the return (a modal or the dimension form is being edited).
 */
export function useFocusLock(target: () => HTMLElement | null, paused = false) {
  const [locked, setLocked] = useState(false)
  const lockedRef = useRef(locked)
  lockedRef.current = locked
  const pausedRef = useRef(paused)
  pausedRef.current = paused

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      clearTimeout(timer)
      timer = setTimeout(function back() {
        const el = target()
        if (el && !lockedRef.current && !pausedRef.current && !dialogOpen() && document.activeElement !== el) el.focus()
        timer = setTimeout(back, WAREHOUSE.focusReturnMs)
      }, WAREHOUSE.focusReturnMs)
    }
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (dialogOpen()) return schedule()
      if (e.key === 'Escape') {
        const next = !lockedRef.current
        setLocked(next)
        if (!next) target()?.focus()
      } else if (e.key === 'Tab') setLocked(true)
      schedule()
    }
    const onPointer = () => schedule()
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    schedule()
    return () => {
      clearTimeout(timer)
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [target])

  return { locked, setLocked }
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
  const buffer = useSelector(scanner, (s) => s?.context.buffer ?? '')
  const manual = useSelector(scanner, (s) => s?.context.manual ?? false)
  const submittable = useSelector(scanner, (s) => s?.can({ type: 'SUBMIT' }) ?? false)

  useEffect(() => {
    input.current?.focus()
  }, [])

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // A window is open but the field kept the focus (closing one window hands it back): the keys belong to the window.
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')
    if (dialog) {
      e.preventDefault()
      dialog.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button:not([disabled])')?.focus()
      return
    }
    onKeyDown?.(e)
    if (e.defaultPrevented || !scanner) return
    if (e.key === 'Enter') {
      e.preventDefault()
      scanner.send({ type: 'SUBMIT' })
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault()
      scanner.send({ type: 'KEY', key: e.key })
    }
  }

  return (
    <div className={`scan-field${processing ? ' is-processing' : ''}${locked ? ' is-locked' : ''}`} data-section="barcode">
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
          onKeyDown={keyDown}
          onChange={(e) => scanner?.send({ type: 'SET', value: e.target.value })}
        />
        {manual && (
          <button type="button" className="btn btn-primary" data-testid="scan-submit" disabled={!submittable || !canSubmit || processing} onClick={() => scanner?.send({ type: 'SUBMIT' })}>
            {FLOOR_LABEL.scan}
          </button>
        )}
      </div>
      <div className="scan-field-meta">
        <label className="scan-manual">
          <input type="checkbox" checked={manual} data-testid="scan-manual" onChange={() => scanner?.send({ type: 'TOGGLE_MANUAL' })} /> {FLOOR_LABEL.manualMode}
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
