import { ApiError, messagesOf } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'

/** Whether a failure is a call answered with `status`. */
export const isStatus = (e: unknown, status: number) => e instanceof ApiError && e.status === status

/**
 * Shows a failed call as an error toast: the server's messages, or `fallback` (401 and 419: the
 * API client already did). 422 field errors given `setServerErrors` go to the form too.
 */
export function showFailure(e: unknown, setServerErrors?: (errors: Record<string, string[]>) => void, fallback?: string) {
  if (e instanceof ApiError && (e.status === 401 || e.status === 419)) return
  if (e instanceof ApiError && e.status === 422 && setServerErrors && e.data.errors) setServerErrors(e.data.errors)
  const text = (fallback ?? messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>')) || (e instanceof Error ? e.message : String(e))
  notify.error(text)
}

/** The error of a machine's failed-actor event, as the side-effect actions receive it. */
export const errorOf = (event: unknown): unknown => (typeof event === 'object' && event !== null && 'error' in event ? event.error : event)
