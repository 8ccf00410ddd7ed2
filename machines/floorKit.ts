/**
 * What every scanning screen of the warehouse floor shares (S2 §2, §4, §8; issue "Warehouse floor":
 * sounds, processing state, server-side scan counter). Pure: no React, no fetch, no DOM. Not a
 * machine itself: the screen machines (workstation, intakeScan, classification, resolveProblematic,
 * ...) use these types and helpers so that they all report to the person at the scanner the same way.
 *
 * The pattern of a scanning screen machine:
 * - invoke the shared scanner as a child with an explicit id (`invoke: { id: 'scanner', src:
 *   'scannerInput', input: { policy: SCANNER_POLICIES.<screen> } }`) and handle `SCANNED` / `ALARM`;
 *   the view binds <ScanField> to `state.children.scanner`;
 * - everything the person should hear or read is put in `context.feedback` (assign) and then the
 *   `announce` action runs (provided by the web: toasts + Web Audio tone, src/web/machines/floor.ts);
 * - `acceptedScans` is the server's counter of the open workflow (GET warehouse/workflow/current at
 *   start, then `data.accepted_scans` of every scan answer), never counted in the browser;
 * - a 403 whose body names no workstation (`isNoWorkstation`) ends the screen: the `workstationLost`
 *   action tells the session, and the screen's gate sends the person to /set-workstation.
 */
import { SECTOR_PURPOSE, STATUS_SYSTEM_ID, WAREHOUSE, WORKSTATION_TYPE } from '../src/contract/constants.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { WorkstationRef } from '../src/contract/schemas.ts'
import type { MessageType, ScanMessage, Sector, StatusType } from '../src/contract/schemas/warehouse.ts'

export type Tone = 'success' | 'warning' | 'error'

/** What a screen tells the person after an event: toasts, a tone, and optionally the big success indicator. */
export interface Feedback {
  /** The sound to play; null = silent. */
  tone: Tone | null
  messages: readonly ScanMessage[]
  /** "With no messages a big success indicator appears" (S2 §4). */
  big: boolean
}

export const message = (type: MessageType, text: string, duration: number): ScanMessage => ({ text, type, duration })

/** The tone for a list of messages: the worst kind present (info and success sound as success). */
export function toneOf(messages: readonly ScanMessage[]): Tone {
  if (messages.some((m) => m.type === 'error')) return 'error'
  if (messages.some((m) => m.type === 'warning')) return 'warning'
  return 'success'
}

export const feedback = {
  success: (text: string, ms: number = WAREHOUSE.toastMs.confirmation): Feedback => ({ tone: 'success', messages: [message('success', text, ms)], big: false }),
  info: (text: string, ms: number = WAREHOUSE.toastMs.confirmation): Feedback => ({ tone: 'success', messages: [message('info', text, ms)], big: false }),
  warning: (text: string, ms: number = WAREHOUSE.toastMs.scanError): Feedback => ({ tone: 'warning', messages: [message('warning', text, ms)], big: false }),
  error: (text: string, ms: number = WAREHOUSE.toastMs.scanError): Feedback => ({ tone: 'error', messages: [message('error', text, ms)], big: false }),
  /** Messages of a scan answer as the server sent them; none → the big success indicator. */
  ofReply: (messages: readonly ScanMessage[]): Feedback =>
    messages.length ? { tone: toneOf(messages), messages, big: false } : { tone: 'success', messages: [], big: true },
  /** Several feedbacks as one (messages in order, the worst tone, big when any asks for it). */
  merge: (...list: ReadonlyArray<Feedback | null>): Feedback => {
    const parts = list.filter((f): f is Feedback => f !== null)
    const messages = parts.flatMap((f) => f.messages)
    const tones = parts.map((f) => f.tone).filter((t): t is Tone => t !== null)
    const tone = tones.includes('error') ? 'error' : tones.includes('warning') ? 'warning' : tones.length ? 'success' : null
    return { tone, messages, big: parts.some((f) => f.big) && messages.length === 0 }
  },
}

// ---- failed calls --------------------------------------------------------------------------------

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
 * scan errors 5 s (S2 §8), whatever the server suggests.
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

/** The failure as feedback: its messages, plus per-field messages the list does not hold yet. */
export function failureFeedback(f: ScanFailure): Feedback {
  const extra = Object.values(f.errors)
    .flat()
    .filter((t) => !f.messages.some((m) => m.text === t))
    .map((t) => message('error', t, f.messages[0]?.duration ?? WAREHOUSE.toastMs.scanError))
  const messages = [...f.messages, ...extra]
  return { tone: toneOf(messages) === 'success' ? 'error' : toneOf(messages), messages, big: false }
}

/** 403 without a workstation in the body: the person holds none (any more) → /set-workstation (S2 §2, §6). */
export const isNoWorkstation = (f: ScanFailure) => f.status === 403 && (f.data === null || f.data.workstation == null)

/** A suggested status and sector in a failure's or reply's data (S2 §4 problem mode). */
export function suggestionsOf(data: Record<string, unknown> | null | undefined): { statusTypeId: number | null; sectorId: number | null } {
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  return { statusTypeId: num(data?.suggested_status_type_id), sectorId: num(data?.suggested_problematic_sector_id) }
}

// ---- workstations and screens ------------------------------------------------------------------------

/** The screen a workstation type works on (S2 §2 "Set workstation"). */
export const SCREEN_OF_TYPE: Readonly<Record<string, RouteName>> = {
  [WORKSTATION_TYPE.intake]: 'parcelFromNumber',
  [WORKSTATION_TYPE.returns]: 'parcelFromNumber',
  [WORKSTATION_TYPE.problems]: 'resolveProblematic',
  [WORKSTATION_TYPE.sorting]: 'parcelClassification',
}

/** Where to go after occupying a workstation; an unknown type goes to the dashboard. */
export const routeForWorkstation = (w: WorkstationRef | null): RouteName => (w ? (SCREEN_OF_TYPE[w.type.code] ?? 'dashboard') : 'setWorkstation')

/** Workstation types each scanning screen works for (the server answers 403 for the others). */
export const SCREEN_WORKSTATION_TYPES = {
  intake: [WORKSTATION_TYPE.intake, WORKSTATION_TYPE.returns],
  sorting: [WORKSTATION_TYPE.sorting],
  problems: [WORKSTATION_TYPE.problems],
} as const satisfies Record<string, readonly string[]>

export const fitsScreen = (w: WorkstationRef | null, types: readonly string[]) => !!w && types.includes(w.type.code)

/** The open workflow as GET app/v1/warehouse/workflow/current answers it. */
export interface FloorWorkflow {
  id: number
  start_at: string
  accepted_scans: number
  workstation: WorkstationRef
}

/** What a scanning screen loads at start (and after a 205): the open workflow, the statuses its type offers, the sectors. */
export interface FloorData {
  workflow: FloorWorkflow | null
  statuses: readonly StatusType[]
  sectors: readonly Sector[]
}

/** A scan call's answer: the exact 2xx code and the body (null for 204 and 205). */
export interface ScanAnswer<R> {
  status: number
  data: R | null
}

// ---- statuses and sectors ----------------------------------------------------------------------------

export const statusById = (statuses: readonly StatusType[], id: number | null) => (id === null ? undefined : statuses.find((s) => s.id === id))
export const isKnownProblem = (s: StatusType | undefined) => s?.system_id === STATUS_SYSTEM_ID.knownProblem
export const isUnknownProblem = (s: StatusType | undefined) => s?.system_id === STATUS_SYSTEM_ID.unknownProblem
export const isProblemStatus = (s: StatusType | undefined) => isKnownProblem(s) || isUnknownProblem(s)

/** The default status of a scan form: 55 when the workstation type offers it, else its first (S2 §9). */
export const defaultStatusId = (statuses: readonly StatusType[]): number | null =>
  statuses.some((s) => s.id === WAREHOUSE.defaultStatusTypeId) ? WAREHOUSE.defaultStatusTypeId : (statuses[0]?.id ?? null)

/** The sector unknown_problem_detected sends a parcel to: the warehouse's receiving sector (S2 §4). */
export const defaultUnknownSector = (sectors: readonly Sector[], statuses: readonly StatusType[]): Sector | undefined => {
  const unknown = statuses.find((s) => s.system_id === STATUS_SYSTEM_ID.unknownProblem)
  return sectors.find((s) => s.purpose === SECTOR_PURPOSE.receiving) ?? sectors.find((s) => unknown && s.status_type_id === unknown.id)
}
export const sectorById = (sectors: readonly Sector[], id: number | null) => (id === null ? undefined : sectors.find((s) => s.id === id))
