import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
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

export function Modal({ open, onClose, title, children, footer, width }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="modal-root">
      <div className="modal-backdrop" aria-hidden="true" />
      <div className="modal-wrap">
        <DialogPanel className="modal" style={width ? { width, maxWidth: width } : undefined}>
          <DialogTitle className="modal-title">{title}</DialogTitle>
          <div className="modal-body">{children}</div>
          {footer && <div className="modal-footer">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
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
