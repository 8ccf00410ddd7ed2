import { TOAST_DEFAULT_MS, TOAST_POSITION } from '../../contract/constants/ui.ts'
import { Suspense, lazy, useEffect, useState } from 'react'

/**
 * Toasts: bottom-left, 10 s by default, no duplicates (the text is the toast id), HTML
 * allowed in messages but only text and links (sanitize.ts).
 *
 * The toast library and the message keys' texts (i18n) load with the first message, not with the
 * first page: calls made meanwhile run in order once they are in, and the toaster mounts then (it
 * shows the toasts already added).
 */
let library: Promise<typeof import('react-hot-toast')> | undefined
let texts: Promise<typeof import('../i18n/index.ts')> | undefined
const asked = new Set<() => void>()
type Toast = (typeof import('react-hot-toast'))['default']
const withToast = (use: (toast: Toast, t: (keyOrText: string) => string) => void) => {
  if (!library) {
    library = import('react-hot-toast')
    texts = import('../i18n/index.ts')
    for (const mount of asked) mount()
  }
  void Promise.all([library, texts!]).then(([m, i18n]) => use(m.default, i18n.t))
}

/** The toasts' layer: a popover in the browser's top layer, so toasts show above an open window (a modal `<dialog>`). */
export const TOAST_LAYER = 'toast-layer'
const showLayer = (el: HTMLElement | null) => {
  if (el && !el.matches(':popover-open')) el.showPopover()
}

/** Puts the toasts above a window opened after them (the top layer stacks in the order things were shown). */
export function raiseToasts() {
  const layer = document.querySelector<HTMLElement>(`.${TOAST_LAYER}:popover-open`)
  if (!layer) return
  layer.hidePopover()
  layer.showPopover()
}

const Toaster = lazy(() =>
  library!.then((m) => ({
    default: () => (
      <div popover="manual" className={TOAST_LAYER} ref={showLayer}>
        <m.Toaster position={TOAST_POSITION} toastOptions={{ duration: TOAST_DEFAULT_MS }} />
      </div>
    ),
  })),
)

export function AppToaster() {
  const [on, setOn] = useState(() => library !== undefined)
  useEffect(() => {
    const mount = () => setOn(true)
    asked.add(mount)
    if (library) mount()
    return () => void asked.delete(mount)
  }, [])
  return on ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

/** The sanitizer (DOMPurify) is loaded with the first message that carries markup, not with the first page. */
const Sanitized = lazy(() =>
  import('./sanitize.ts').then((m) => ({ default: ({ text }: { text: string }) => <span dangerouslySetInnerHTML={{ __html: m.toastHtml(text) }} /> })),
)
/** Plain text as React text; text with markup or entities sanitized (meanwhile its text without tags, escaped by React). */
const Html = ({ text }: { text: string }) =>
  /[<&]/.test(text) ? (
    <Suspense fallback={<span>{text.replace(/<[^>]*>/g, '')}</span>}>
      <Sanitized text={text} />
    </Suspense>
  ) : (
    <span>{text}</span>
  )

type Kind = 'success' | 'error' | 'warning' | 'info'
const icons: Record<Kind, string> = { success: '✅', error: '⛔', warning: '⚠️', info: 'ℹ️' }

/** A toast's id: its kind and text, so the same message is never shown twice and can be withdrawn by what it says. */
const idOf = (kind: Kind, text: string) => `${kind}:${text}`

function show(kind: Kind, keyOrText: string, ms?: number) {
  withToast((toast, t) => {
    const text = t(keyOrText)
    const opts = { id: idOf(kind, text), duration: ms ?? TOAST_DEFAULT_MS, className: `toast-${kind}`, ariaProps: { role: 'status' as const, 'aria-live': 'polite' as const } }
    if (kind === 'success') toast.success(<Html text={text} />, opts)
    else if (kind === 'error') toast.error(<Html text={text} />, opts)
    else toast(<Html text={text} />, { ...opts, icon: icons[kind] })
  })
}

/** Removes every toast at once (the next parcel's scan starts, the user signs out): nothing outlives what it was about. */
export const dismissAll = () => {
  if (library) withToast((toast) => toast.remove())
}

export const notify = {
  success: (m: string, ms?: number) => show('success', m, ms),
  error: (m: string, ms?: number) => show('error', m, ms),
  warning: (m: string, ms?: number) => show('warning', m, ms),
  info: (m: string, ms?: number) => show('info', m, ms),
  /** Withdraws the one toast of this kind and text (the others stay). */
  dismiss: (kind: Kind, m: string) => {
    if (library) withToast((toast, t) => toast.dismiss(idOf(kind, t(m))))
  },
}
