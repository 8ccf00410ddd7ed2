import { fromCallback } from 'xstate'
import type { FocusLockEvent } from '../../../machines/focusLock.ts'

/**
 * The DOM of the scanning screens, in one place: what the floor machines' effects read and move
 * (open windows, the barcode field, the focused section). Views call none of it directly; the
 * wiring provides these to the machines as actions and callback actors.
 */

/** The barcode field of a scanning screen (its own handler feeds the scanner). */
export const SCAN_FIELD_ATTR = 'data-scan-field'

/** The open modal window, if any (focus and keys belong to it). */
export const dialogElement = (): HTMLElement | null => (typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[role="dialog"]'))
export const dialogOpen = () => dialogElement() !== null

/** Hands the focus to the open window's first control (the keys belong to it). */
export const focusDialog = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button:not([disabled])')?.focus()

/** Puts the focus into the screen's barcode field, unless a window is open or it has it already. */
export function focusScanField() {
  const el = document.querySelector<HTMLElement>(`[${SCAN_FIELD_ATTR}]`)
  if (el && !dialogOpen() && document.activeElement !== el) el.focus()
}

/** Puts the focus on the element with this id (a form's first field). */
export const focusById = (id: string) => document.getElementById(id)?.focus()

/** Which section of a form (`data-section`) holds the focus. */
export const focusedSection = (): string | null => (document.activeElement?.closest('[data-section]') as HTMLElement | null)?.dataset.section ?? null

/** Is the element something a person types into (a field, a select)? */
export const isTypingTarget = (target: EventTarget | null) => {
  const el = target as HTMLElement | null
  if (!el || !el.tagName) return false
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
}

/** The page's keys and clicks for the focus lock (capture phase): Esc, Tab, anything else is activity; keys in a window are only activity. */
export const focusLockKeyboard = fromCallback<FocusLockEvent>(({ sendBack }) => {
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
