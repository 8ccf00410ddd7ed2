/**
 * The DOM of the scanning screens, in one place: what the floor's effects read and move (the open
 * window, the barcode field, the focused section), for the wiring and the floor views alike.
 */

/** The barcode field of a scanning screen (its own handler feeds the scanner). */
export const SCAN_FIELD_ATTR = 'data-scan-field'

/** An open modal window (ui/modal.tsx opens every window as a <dialog>). */
export const OPEN_WINDOW = 'dialog[open]'

/** The open modal window, if any (focus and keys belong to it). */
export const dialogElement = (): HTMLElement | null => (typeof document === 'undefined' ? null : document.querySelector<HTMLElement>(OPEN_WINDOW))
export const dialogOpen = () => dialogElement() !== null

/** Hands the focus to the open window's first control (the keys belong to it). */
export const focusDialog = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button:not([disabled])')?.focus()

/** The dimension form's first field (the intake screen's parcel panel). */
export const DIMENSIONS_FIRST_FIELD = 'dim-weight'

/** Puts the focus into `el` (the barcode field), unless a window is open or it has it already. */
export function focusUnlessWindow(el: HTMLElement | null) {
  if (el && !dialogOpen() && document.activeElement !== el) el.focus()
}

/** Puts the focus on the element with this id (a form's first field). */
export const focusById = (id: string) => document.getElementById(id)?.focus()

/** How many frames an element not drawn yet is waited for, at most. */
const FOCUS_AFTER_RENDER_FRAMES = 10

/**
 * Runs `act` on the element `find` answers once the page has drawn it: a machine's action runs
 * before the render it causes. React draws a change made in a key's handler before the next task;
 * should it not have, the next frames are tried, a few at most.
 */
function whenDrawn<E extends Element>(find: () => E | null, act: (el: E) => void, framesLeft = FOCUS_AFTER_RENDER_FRAMES) {
  const el = find()
  if (el) act(el)
  else if (framesLeft > 0) requestAnimationFrame(() => whenDrawn(find, act, framesLeft - 1))
}

/** Puts the focus on the element with this id once the page has drawn the state that shows it. */
export function focusByIdAfterRender(id: string) {
  setTimeout(() => whenDrawn(() => document.getElementById(id), (el) => el.focus()), 0)
}

/**
 * Puts the focus on the first field inside the element `selector` finds, once drawn, unless the
 * focus is inside it already (a person or a scanner typing there keeps their field).
 */
export function focusFirstFieldUnlessInside(selector: string) {
  whenDrawn(
    () => document.querySelector<HTMLElement>(selector),
    (el) => {
      if (!el.contains(document.activeElement)) el.querySelector<HTMLInputElement>('input')?.focus()
    },
  )
}

/** Which section of a form (`data-section`) holds the focus. */
export const focusedSection = (): string | null => (document.activeElement?.closest('[data-section]') as HTMLElement | null)?.dataset.section ?? null

/** Is the element something a person types into (a field, a select)? */
export const isTypingTarget = (target: EventTarget | null) => {
  const el = target as HTMLElement | null
  if (!el || !el.tagName) return false
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
}

/**
 * A key typed on the page itself: no modifier, outside any field, select or open window (keys typed
 * there are the person's, not a scanner's).
 */
export const pageKey = (e: KeyboardEvent) => !(e.ctrlKey || e.metaKey || e.altKey) && !dialogOpen() && !isTypingTarget(e.target)

/** A key the global scan listener takes: one character typed on the page itself. */
export const listenerKey = (e: KeyboardEvent) => e.key.length === 1 && pageKey(e)
