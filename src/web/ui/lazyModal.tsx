import { Suspense, lazy } from 'react'
import type { ModalProps } from './modal.tsx'

const Modal = lazy(() => import('./modal.tsx').then((m) => ({ default: m.Modal })))

/**
 * The Modal for the screens in the entry chunk (login page, layout): the
 * dialog library is loaded when a modal first opens, not with the first page. (Not for modals
 * whose content keeps state across closing and opening: this one unmounts when closed.)
 */
export function LazyModal(props: ModalProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  )
}
