import { type AnyActorRef, type EventObject, fromCallback } from 'xstate'
import { type FocusLockEvent, focusLockMachine } from '../../../machines/floorFocusLock.ts'
import { type KeyPlace, type KeyboardCommand, type ScanCaptureEvent, connectScanCapture, scanCaptureMachine } from '../../../machines/floorScanCapture.ts'
import { mapKey } from '../../../machines/floorScannerInput.ts'
import { SCAN_FIELD_ATTR, dialogOpen, focusUnlessWindow } from './floorDom.ts'
import { isScannerKey, keepKey } from './floorHandover.ts'

export { SCAN_FIELD_ATTR }

/**
 * The scan capture of the scanning screens (machines/floorScanCapture.ts) with its keyboard: one
 * document listener (capture phase, so it sees a key before any field or window does), added when
 * the screen's barcode field mounts and removed when it goes. The machine decides; this listener
 * only tells it where each key went, keeps a captured key away from the page, and puts a person's
 * held keys back into the field they were typed in.
 */


/** Fields a person types text into. */
const TEXT_TYPES = new Set(['text', 'search', 'number', 'tel', 'email', 'password', 'url', ''])
const isTextField = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type))) && !el.readOnly && !el.disabled

/** Fields of digits only: a letter typed there is a scanner's. */
const isNumberField = (el: Element) => (el instanceof HTMLInputElement && (el.type === 'number' || el.type === 'tel')) || ['numeric', 'decimal', 'tel'].includes(el.getAttribute('inputmode') ?? '')

/** Where a key typed at `el` went. */
function placeOf(el: Element | null): KeyPlace {
  if (!isTextField(el) || el.hasAttribute(SCAN_FIELD_ATTR)) return 'elsewhere'
  return isNumberField(el) ? 'numberField' : 'field'
}

/** Types `text` into the field at its caret, as the person's keys would have (React sees an input event). */
function typeInto(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  if (!el.isConnected) return
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set
  let start = el.value.length
  let end = start
  try {
    start = el.selectionStart ?? start
    end = el.selectionEnd ?? end
  } catch {
    // number fields have no caret: append
  }
  const value = el.value.slice(0, start) + text + el.value.slice(end)
  setValue?.call(el, value)
  try {
    el.setSelectionRange(start + text.length, start + text.length)
  } catch {
    // number fields have no caret
  }
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The document's keyboard, feeding the capture machine (`capture` is that machine's own actor). */
export const documentKeyboard = fromCallback<KeyboardCommand, { capture: AnyActorRef }, ScanCaptureEvent>(({ input, sendBack, receive }) => {
  let target: HTMLInputElement | HTMLTextAreaElement | null = null
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return
    const snapshot = input.capture.getSnapshot()
    // The screen has finished (it is leaving for the next one): a scanner's keys are the next screen's.
    // This listener sees every key first (document, capture phase), the barcode field's included.
    if (snapshot.context.scanner?.getSnapshot().status === 'stopped' && isScannerKey(e)) {
      e.preventDefault()
      e.stopPropagation()
      keepKey(e.key)
      return
    }
    const { capturing, holding } = connectScanCapture(snapshot)
    const el = e.target instanceof Element ? e.target : null
    // The barcode field's own keys, with no window open and no burst going on, are the field's.
    if (!capturing && !holding && !dialogOpen() && el?.hasAttribute(SCAN_FIELD_ATTR)) return
    if (e.key === 'Enter') {
      // A deliberate Enter (no burst) is the page's: it confirms, presses, submits — after the held keys.
      if (!capturing) {
        if (holding) sendBack({ type: 'OTHER_KEY' })
        return
      }
      e.preventDefault()
      e.stopPropagation()
      sendBack({ type: 'ENTER' })
      return
    }
    if (e.key.length === 1 && mapKey(e.key) !== null) {
      e.preventDefault()
      e.stopPropagation()
      if (!capturing) target = isTextField(el) ? el : null
      sendBack({ type: 'KEY', key: e.key, place: placeOf(el) })
      return
    }
    // Any other key while keys are held is a person's: theirs go in first, in the typed order.
    if (holding) sendBack({ type: 'OTHER_KEY' })
  }
  receive((command) => {
    if (command.type === 'RELEASE' && target) typeInto(target, command.keys)
  })
  document.addEventListener('keydown', onKey, true)
  return () => document.removeEventListener('keydown', onKey, true)
})

export const floorCaptureMachine = scanCaptureMachine.provide({ actors: { keyboard: documentKeyboard } })

/**
 * The focus lock's keyboard (machines/floorFocusLock.ts): the page's keys and clicks, capture phase.
 * Escape and Tab are the lock's; any other key or click is activity; keys in an open window are only activity.
 */
export const focusLockKeyboard = fromCallback<EventObject, undefined, FocusLockEvent>(({ sendBack }) => {
  const onKey = (e: KeyboardEvent) => {
    if (dialogOpen()) return sendBack({ type: 'ACTIVITY' })
    if (e.key === 'Escape') sendBack({ type: 'ESCAPE' })
    else if (e.key === 'Tab') sendBack({ type: 'TAB' })
    else sendBack({ type: 'ACTIVITY' })
  }
  const onPointer = () => sendBack({ type: 'ACTIVITY' })
  document.addEventListener('keydown', onKey, true)
  document.addEventListener('pointerdown', onPointer, true)
  return () => {
    document.removeEventListener('keydown', onKey, true)
    document.removeEventListener('pointerdown', onPointer, true)
  }
})

/** The focus lock of the barcode field `field` gives: the page's keyboard, and the focus put back into that field. */
export const floorFocusLock = (field: () => HTMLElement | null) =>
  focusLockMachine.provide({ actors: { keyboard: focusLockKeyboard }, actions: { focusField: () => focusUnlessWindow(field()) } })
