import { Suspense, lazy } from 'react'
import type { ModalProps } from './modal.tsx'

const Modal = lazy(() => import('./modal.tsx').then((m) => ({ default: m.Modal })))

/**
 * The Modal for screens in the entry chunk (login page, layout): the dialog library is loaded
 * when a modal first opens, not with the first page.
 */
export function LazyModal(props: ModalProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  )
}
