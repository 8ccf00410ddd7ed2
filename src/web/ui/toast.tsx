import toast, { Toaster } from 'react-hot-toast'
import { TOAST_DEFAULT_MS, TOAST_POSITION } from '../../contract/constants/ui.ts'
import { t } from '../i18n/index.ts'
import { toastHtml } from './sanitize.ts'

/**
 * Toasts: bottom-left, 10 s by default, no duplicates (the text is the toast id), HTML
 * allowed in messages but only text and links (sanitize.ts).
 */
export function AppToaster() {
  return <Toaster position={TOAST_POSITION} toastOptions={{ duration: TOAST_DEFAULT_MS }} containerStyle={{ zIndex: 10000 }} />
}

const Html = ({ text }: { text: string }) => <span dangerouslySetInnerHTML={{ __html: toastHtml(text) }} />

type Kind = 'success' | 'error' | 'warning' | 'info'
const icons: Record<Kind, string> = { success: '✅', error: '⛔', warning: '⚠️', info: 'ℹ️' }

function show(kind: Kind, keyOrText: string, ms?: number) {
  const text = t(keyOrText)
  const opts = { id: `${kind}:${text}`, duration: ms ?? TOAST_DEFAULT_MS, className: `toast-${kind}`, ariaProps: { role: 'status' as const, 'aria-live': 'polite' as const } }
  if (kind === 'success') return toast.success(<Html text={text} />, opts)
  if (kind === 'error') return toast.error(<Html text={text} />, opts)
  return toast(<Html text={text} />, { ...opts, icon: icons[kind] })
}

/** Removes every toast at once (the next parcel's scan starts, the user signs out): nothing outlives what it was about. */
export const dismissAll = () => toast.remove()

export const notify = {
  success: (m: string, ms?: number) => show('success', m, ms),
  error: (m: string, ms?: number) => show('error', m, ms),
  warning: (m: string, ms?: number) => show('warning', m, ms),
  info: (m: string, ms?: number) => show('info', m, ms),
}
