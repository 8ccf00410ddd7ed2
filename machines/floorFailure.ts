/**
 * A call's outcome read the way every screen reports it (pure): the failure of a rejected call, the
 * output of a finished one. Apart from the floor kit (which re-exports it) so that list loaders,
 * record forms and the session's pages read failures without loading the scanning screens' machines
 * and the warehouse texts.
 */
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import type { MessageType, ScanMessage } from '../src/contract/schemas/floor.ts'

export const message = (type: MessageType, text: string, duration: number): ScanMessage => ({ text, type, duration })

/** A failed call as a screen needs it: HTTP status (0 = no answer), messages, body `data` and per-field errors. */
export interface ScanFailure {
  status: number
  message: string
  /** The body's messages (`{text, type}` or plain strings), else its `message`, else the error's. */
  messages: readonly ScanMessage[]
  /** The body's `data` (suggestions, workstation...), null when absent. */
  data: Record<string, unknown> | null
  errors: Readonly<Record<string, readonly string[]>>
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Reads a rejected call (src/web/api/client.ts ApiError: `{status, data: body}`, or anything else).
 * Every message gets `type` error (unless it names its own) and the given duration: the spec gives
 * scan errors 5 s, whatever the server suggests.
 */
export function failureOf(error: unknown, durationMs: number = WAREHOUSE.toastMs.scanError): ScanFailure {
  const e = isRecord(error) ? error : {}
  const status = typeof e.status === 'number' ? e.status : 0
  const body = isRecord(e.data) ? e.data : {}
  const raw = Array.isArray(body.messages) && body.messages.length ? body.messages : typeof body.message === 'string' && body.message ? [body.message] : []
  let messages: ScanMessage[] = raw
    .map((m): ScanMessage | null => {
      if (typeof m === 'string') return message('error', m, durationMs)
      if (isRecord(m) && typeof m.text === 'string') {
        const type = m.type === 'success' || m.type === 'info' || m.type === 'warning' ? m.type : 'error'
        return message(type, m.text, durationMs)
      }
      return null
    })
    .filter((m): m is ScanMessage => m !== null)
  const errors: Record<string, string[]> = {}
  if (isRecord(body.errors)) {
    for (const [k, v] of Object.entries(body.errors)) if (Array.isArray(v)) errors[k] = v.filter((x): x is string => typeof x === 'string')
  }
  if (!messages.length) {
    const fallback = Object.values(errors).flat()[0] ?? (typeof e.message === 'string' && e.message ? e.message : `HTTP ${status}`)
    messages = [message('error', fallback, durationMs)]
  }
  return { status, message: messages[0]!.text, messages, data: isRecord(body.data) ? body.data : null, errors }
}

/** The output of a finished call (`xstate.done.actor.*`), as the caller types it. */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output
/** The failure of a rejected call (`xstate.error.actor.*`). */
export const failureOfEvent = (event: unknown): ScanFailure => failureOf((event as { error: unknown }).error)
