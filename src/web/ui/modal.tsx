import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react'
import { MSG } from '../../contract/messages.ts'
import { UI_TEXT } from '../../contract/messages/ui.ts'

export interface ModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** CSS width, e.g. '80%' for the exports modal. */
  width?: string
}

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/**
 * A window on the browser's own modal `<dialog>` (top layer, the page behind inert, Esc): no
 * library to load, so a floor screen's windows open at once. The content mounts once the dialog
 * is open, so a field's `autoFocus` takes; otherwise the first focusable control gets the focus.
 * Esc and a click beside the panel ask `onClose`; when the window goes, the focus returns to
 * where it was before it opened.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null
}

function OpenModal({ onClose, title, children, footer, width }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const [shown, setShown] = useState(false)
  const titleId = useId()
  const close = useRef(onClose)
  close.current = onClose
  useLayoutEffect(() => {
    const dialog = ref.current!
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.showModal()
    setShown(true)
    // Esc: the screen decides (a controlled window); when the browser closes it anyway, say so.
    const cancel = (e: Event) => {
      e.preventDefault()
      close.current()
    }
    const closed = () => close.current()
    dialog.addEventListener('cancel', cancel)
    dialog.addEventListener('close', closed)
    return () => {
      dialog.removeEventListener('cancel', cancel)
      dialog.removeEventListener('close', closed)
      if (dialog.open) dialog.close()
      if (before?.isConnected && (document.activeElement === null || document.activeElement === document.body || dialog.contains(document.activeElement))) before.focus()
    }
  }, [])
  useLayoutEffect(() => {
    const dialog = ref.current!
    if (shown && (document.activeElement === dialog || !dialog.contains(document.activeElement))) dialog.querySelector('.modal')?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
  }, [shown])
  // A press that starts and ends beside the panel (on the dialog's own box) closes it.
  const downOutside = useRef(false)
  return (
    <dialog
      ref={ref}
      className="modal-root"
      aria-labelledby={titleId}
      onMouseDown={(e) => (downOutside.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (downOutside.current && e.target === e.currentTarget) close.current()
      }}
    >
      {shown && (
        <div className="modal" style={width ? { width, maxWidth: width } : undefined}>
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <div className="modal-body">{children}</div>
          {footer && <div className="modal-footer">{footer}</div>}
        </div>
      )}
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
