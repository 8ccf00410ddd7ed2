import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { MSG } from '../../contract/messages.ts'
import { UI_TEXT } from '../../contract/messages/ui.ts'
import { raiseToasts } from './toast.tsx'

export interface ModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** CSS width, e.g. '80%' for the exports modal. */
  width?: string
}

/**
 * A modal window: the browser's own modal dialog (`<dialog>` opened with showModal). The browser
 * puts it above the page and makes everything else inert, so neither a pointer nor the Tab key
 * reaches the page behind it. Escape, a click beside the window and the browser's own closing all
 * ask `onClose`; the owner (a machine's state) decides whether it closes. Closed, it is not
 * rendered: its content starts afresh each time it opens. The focus goes to the control marked
 * autoFocus, else the first control, and back to where it was when the window closes. Toasts
 * stay above it (ui/toast.tsx).
 */
export function Modal(props: ModalProps) {
  return props.open ? createPortal(<OpenModal {...props} />, document.body) : null
}

/** The control that last took the focus (a click that disables its button takes the focus away before the window shows). */
let lastFocused: Element | null = null
if (typeof document !== 'undefined') document.addEventListener('focusin', (e) => void (lastFocused = e.target as Element), true)

/** Frames the focus is offered back to a control still disabled when its window closed. */
const FOCUS_BACK_FRAMES = 10

function OpenModal({ onClose, title, children, footer, width }: Omit<ModalProps, 'open'>) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Where the focus was before the window opened (read while rendering, before anything in it took
  // it); the last focused control when nothing has it now (a button disabled by its own click).
  const [returnTo] = useState(() => (document.activeElement && document.activeElement !== document.body ? document.activeElement : lastFocused))
  // A press that started on the window's own area (beside its panel); the click closes it only then.
  const pressedBeside = useRef(false)
  const closedByUs = useRef(false)

  useLayoutEffect(() => {
    const d = dialog.current!
    // React focuses an autoFocus control as it mounts, before this runs (the stylesheet keeps the
    // element displayed until it opens); showModal would move the focus to the first control.
    const focused = d.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null
    // Open again after our own close (development's StrictMode runs the effect, its cleanup and it again).
    closedByUs.current = false
    d.showModal()
    raiseToasts()
    focused?.focus()
    return () => {
      closedByUs.current = true
      d.close()
      // The focus goes back (from inside the closed window, or from nowhere), unless something else
      // has taken it meanwhile. The control that opened the window may still be disabled (a button
      // off while its window is open, on again once its owner's state says so): it is tried again
      // on the next frames, a few at most.
      const giveBack = (framesLeft: number) => {
        if (!(returnTo instanceof HTMLElement) || !returnTo.isConnected) return
        const at = document.activeElement
        if (at !== null && at !== document.body && !d.contains(at)) return
        returnTo.focus()
        if (document.activeElement !== returnTo && framesLeft > 0) requestAnimationFrame(() => giveBack(framesLeft - 1))
      }
      giveBack(FOCUS_BACK_FRAMES)
    }
  }, [returnTo])

  return (
    <dialog
      ref={dialog}
      className="modal-root"
      aria-labelledby={titleId}
      // Escape: the owner decides (the browser would otherwise close it behind React's back).
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      // The browser closed it anyway (a second Escape it no longer lets the page refuse).
      // (A close event arrives after its cause: one from our own cleanup may come when the window is open again.)
      onClose={() => {
        if (!closedByUs.current && !dialog.current?.open) onClose()
      }}
      onPointerDown={(e) => (pressedBeside.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (pressedBeside.current && e.target === e.currentTarget) onClose()
        pressedBeside.current = false
      }}
    >
      <div className="modal" style={width ? { width, maxWidth: width } : undefined}>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </dialog>
  )
}

export interface ConfirmProps {
  open: boolean
  onConfirm: () => void
  onCancel: () => void
  /** Defaults to the generic confirmation of the spec. */
  message?: ReactNode
  busy?: boolean
}

/** The generic confirmation 'Czy na pewno chcesz wykonać akcję?' with Tak/Nie. */
export function Confirm({ open, onConfirm, onCancel, message = MSG.confirmAction, busy }: ConfirmProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={UI_TEXT.confirmTitle}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {UI_TEXT.no}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} autoFocus>
            {UI_TEXT.yes}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  )
}
