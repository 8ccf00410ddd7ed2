/**
 * What every scanning screen machine shares (pure: no React, no fetch, no DOM), so they all report
 * to the person at the scanner the same way. The pattern of a scanning screen machine:
 * - invoke the shared scanner as the child `scanner` (src 'scannerInput', its screen's
 *   SCANNER_POLICIES) and handle `SCANNED` / `ALARM`; the view binds <ScanField> to it;
 * - what the person should hear or read goes into `context.feedback`, then the `announce` action
 *   runs (provided by the web: toasts and a tone, src/web/wiring/floor.ts);
 * - `acceptedScans` is the server's counter of the open workflow, never counted in the browser;
 * - a 403 naming no workstation (`isNoWorkstation`) ends the screen (`workstationLost`).
 */
import { SCANNER, SECTOR_PURPOSE, STATUS_SYSTEM_ID, WAREHOUSE, WORKSTATION_TYPE } from '../src/contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { Sector, WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import type { MessageType, ScanMessage } from '../src/contract/schemas/floor.ts'
import type { StatusType } from '../src/contract/schemas/statuses.ts'
import { type ScanAlarm, alarmMessage } from './floorScannerInput.ts'
import { type ScanFailure, failureOf, message } from './floorFailure.ts'

export type Tone = 'success' | 'warning' | 'error'

/** What a screen tells the person after an event: toasts, a tone, and optionally the big success indicator. */
export interface Feedback {
  /** The sound to play; null = silent. */
  tone: Tone | null
  messages: readonly ScanMessage[]
  /** "With no messages a big success indicator appears". */
  big: boolean
  /** The barcode a scan answer belongs to: the toasts, the big indicator and the status line name it. */
  barcode?: string
}


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
  /** The problem-mode warning: "Wykryto nieprawidłowość, rozważ przekazanie przesyłki do odpowiedniego sektora!". */
  problem: (): Feedback => feedback.warning(WAREHOUSE_MSG.problemDetected),
  /** Messages of a scan answer as the server sent them; none → the big success indicator. */
  ofReply: (messages: readonly ScanMessage[]): Feedback =>
    messages.length ? { tone: toneOf(messages), messages, big: false } : { tone: 'success', messages: [], big: true },
  /** The feedback as the answer to the scan of `barcode` (named wherever it is shown). */
  about: (barcode: string | null, f: Feedback): Feedback => (barcode === null ? f : { ...f, barcode }),
  /** Several feedbacks as one (messages in order, the worst tone, big when any asks for it). */
  merge: (...list: ReadonlyArray<Feedback | null>): Feedback => {
    const parts = list.filter((f): f is Feedback => f !== null)
    const messages = parts.flatMap((f) => f.messages)
    const tones = parts.map((f) => f.tone).filter((t): t is Tone => t !== null)
    const tone = tones.includes('error') ? 'error' : tones.includes('warning') ? 'warning' : tones.length ? 'success' : null
    return { tone, messages, big: parts.some((f) => f.big) && messages.length === 0 }
  },
}

/** A scanner alarm as the floor's feedback: a warning with its tone, for SCANNER.alarmToastMs (5 s). */
export const alarmFeedback = (a: ScanAlarm): Feedback => feedback.warning(alarmMessage(a), SCANNER.alarmToastMs)

/** The failure as feedback: its messages, plus per-field messages the list does not hold yet. */
export function failureFeedback(f: ScanFailure): Feedback {
  const extra = Object.values(f.errors)
    .flat()
    .filter((t) => !f.messages.some((m) => m.text === t))
    .map((t) => message('error', t, f.messages[0]?.duration ?? WAREHOUSE.toastMs.scanError))
  const messages = [...f.messages, ...extra]
  return { tone: toneOf(messages) === 'success' ? 'error' : toneOf(messages), messages, big: false }
}

/** 403 without a workstation in the body: the person holds none (any more) → /set-workstation. */
export const isNoWorkstation = (f: ScanFailure) => f.status === 403 && (f.data === null || f.data.workstation == null)

/** A suggested status and sector in a failure's or reply's data (problem mode). */
export function suggestionsOf(data: Record<string, unknown> | null | undefined): { statusTypeId: number | null; sectorId: number | null } {
  const num = (v: unknown) => (typeof v === 'number' ? v : null)
  return { statusTypeId: num(data?.suggested_status_type_id), sectorId: num(data?.suggested_problematic_sector_id) }
}

// ---- workstations and screens ------------------------------------------------------------------------

/** The screen a workstation type works on. */
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

/** The default status of a scan form: 55 when the workstation type offers it, else its first. */
export const defaultStatusId = (statuses: readonly StatusType[]): number | null =>
  statuses.some((s) => s.id === WAREHOUSE.defaultStatusTypeId) ? WAREHOUSE.defaultStatusTypeId : (statuses[0]?.id ?? null)

/** The sector unknown_problem_detected sends a parcel to: the warehouse's receiving sector. */
export const defaultUnknownSector = (sectors: readonly Sector[], statuses: readonly StatusType[]): Sector | undefined => {
  const unknown = statuses.find((s) => s.system_id === STATUS_SYSTEM_ID.unknownProblem)
  return sectors.find((s) => s.purpose === SECTOR_PURPOSE.receiving) ?? sectors.find((s) => unknown && s.status_type_id === unknown.id)
}
export const sectorById = (sectors: readonly Sector[], id: number | null) => (id === null ? undefined : sectors.find((s) => s.id === id))

// ---- call events (outputOf, failureOfEvent: floorFailure.ts) ----------------------------------------

/** Leaving for the screen of the workstation loadFloor found (it is not this screen's type). */
export const leavingFor = (data: FloorData) => {
  const w = data.workflow!.workstation
  return { workstation: w, target: routeForWorkstation(w), switching: false as const }
}

// ---- the status/sector form of intake and sorting (problem mode) ----------------------------------
//
// Whose is the status and sector a scan goes with? A status or sector an answer *suggested* belongs to
// the barcode it was suggested for: scanning that same parcel again applies it (that is how a problem
// parcel is recorded into its sector), while a different barcode starts from the worker's own choice.
// A status or sector the worker picked by hand is their own choice: it stays until they change it
// (the screen shows it loudly while it is not the default). Problem mode is the form holding the
// answer of one barcode (`problemFor`); `own` is the worker's choice underneath it.

/** The status and sector the worker chose by hand (the defaults until they choose). */
export interface OwnChoice {
  statusTypeId: number | null
  sectorId: number | null
}

/** What the intake and sorting machines keep of the workstation and the status/sector form. */
export interface FloorForm {
  workstation: WorkstationRef
  acceptedScans: number | null
  statuses: readonly StatusType[]
  sectors: readonly Sector[]
  statusTypeId: number | null
  sectorId: number | null
  switching: boolean
  /** The form holds the answer (suggestions, warning) of the parcel `problemFor`. */
  problem: boolean
  /** The barcode whose answer put the form into problem mode; null outside problem mode. */
  problemFor: string | null
  suggestedSectorId: number | null
  /** The worker's own choice, which the form returns to for any other barcode. */
  own: OwnChoice
}

/** A screen's own fields for a chosen sector (null: none), e.g. intake's duplicated-parcel row. */
export type SectorFields<C> = (sector: Sector | null) => Partial<C>

/** The sector a status brings: unknown takes the default (receiving) one, known keeps a fitting one (undefined), others none. */
export function sectorForStatus(c: Pick<FloorForm, 'statuses' | 'sectors' | 'sectorId'>, statusTypeId: number): Sector | null | undefined {
  const status = statusById(c.statuses, statusTypeId)
  if (isUnknownProblem(status)) return defaultUnknownSector(c.sectors, c.statuses) ?? null
  if (isKnownProblem(status)) return sectorById(c.sectors, c.sectorId)?.status_type_id === statusTypeId ? undefined : null
  return null
}

/** The form after choosing a status: the status and the sector it brings. */
export function withStatus<C extends FloorForm>(c: C, statusTypeId: number, fields: SectorFields<C>): Partial<C> {
  const sector = sectorForStatus(c, statusTypeId)
  return { statusTypeId, ...(sector === undefined ? {} : fields(sector)) } as Partial<C>
}

/** The worker's own choice as the form, problem mode off. */
export const ownForm = <C extends FloorForm>(c: C, fields: SectorFields<C>): Partial<C> =>
  ({ statusTypeId: c.own.statusTypeId, ...fields(sectorById(c.sectors, c.own.sectorId) ?? null), problem: false, problemFor: null, suggestedSectorId: null }) as Partial<C>

/**
 * The form a scan of `barcode` is sent with: the answer of that same barcode stays applied (re-scanning
 * a problem parcel records it into its sector); any other barcode starts from the worker's own choice.
 */
export const formForScan = <C extends FloorForm>(c: C, barcode: string, fields: SectorFields<C>): Partial<C> =>
  c.problem && c.problemFor !== barcode ? ownForm(c, fields) : {}

/** The form as `patch` makes it; outside problem mode what the form holds is the worker's own choice. */
function keepOwn<C extends FloorForm>(c: C, patch: Partial<C>): Partial<C> {
  const next = { ...c, ...patch }
  return next.problem ? patch : ({ ...patch, own: { statusTypeId: next.statusTypeId, sectorId: next.sectorId } } as Partial<C>)
}

/** A status picked by hand: the worker's own choice from now on (problem mode ends; the sector starts from their own). */
export function pickStatus<C extends FloorForm>(c: C, statusTypeId: number, fields: SectorFields<C>): Partial<C> {
  const base = { ...c, ...ownForm(c, fields) }
  const patch = { ...ownForm(c, fields), ...withStatus(base, statusTypeId, fields) } as Partial<C>
  return keepOwn(c, patch)
}

/**
 * A sector picked by hand: the worker's own choice — except in the sector window a problem answer
 * opened, where it answers that parcel (it goes with the re-scan of `problemFor` only).
 */
export const pickSector = <C extends FloorForm>(c: C, sectorId: number | null, fields: SectorFields<C>): Partial<C> =>
  keepOwn(c, fields(sectorById(c.sectors, sectorId) ?? null))

/** A status that goes with one parcel only (e.g. "classify the last scanned parcel as an unknown problem"): held for `barcode`. */
export function statusFor<C extends FloorForm>(c: C, barcode: string, statusTypeId: number, fields: SectorFields<C>): Partial<C> {
  return { ...withStatus(c, statusTypeId, fields), problem: true, problemFor: barcode } as Partial<C>
}

/** The worker's own choice is the screen's default: nothing to point out. */
export const ownIsDefault = (c: Pick<FloorForm, 'own' | 'statuses'>) => c.own.statusTypeId === defaultStatusId(c.statuses) && c.own.sectorId === null

/** Problem mode on for `barcode`, with the suggestions of `data` (only those the workstation offers). */
export function enterProblem<C extends FloorForm>(c: C, barcode: string | null, data: Record<string, unknown> | null, fields: SectorFields<C>): Partial<C> {
  const s = suggestionsOf(data)
  const status = statusById(c.statuses, s.statusTypeId)
  const sector = sectorById(c.sectors, s.sectorId)
  return {
    problem: true,
    problemFor: barcode,
    suggestedSectorId: sector?.id ?? null,
    ...(status ? withStatus(c, status.id, fields) : {}),
    ...(sector ? fields(sector) : {}),
  } as Partial<C>
}

/** Problem mode off: the form back to the worker's own choice (a success ends problem mode). */
export const leaveProblem = <C extends FloorForm>(c: C, fields: SectorFields<C>): Partial<C> => (c.problem ? ownForm(c, fields) : {})

/** Status and sector back to the defaults, the worker's own choice too, problem mode off (reset, 205, 206). */
export const resetProblemForm = <C extends FloorForm>(c: C, fields: SectorFields<C>): Partial<C> => {
  const statusTypeId = defaultStatusId(c.statuses)
  return { statusTypeId, ...fields(null), problem: false, problemFor: null, suggestedSectorId: null, own: { statusTypeId, sectorId: null } } as Partial<C>
}

/** The workstation's data as loadFloor answered it; a status the workstation no longer offers goes back to the default. */
export function takeFloor<C extends FloorForm>(c: C, data: FloorData, fields: SectorFields<C>): Partial<C> {
  const { workflow, statuses, sectors } = data
  const keep = statusById(statuses, c.statusTypeId)
  const keepOwnChoice = statusById(statuses, c.own.statusTypeId)
  return {
    workstation: workflow!.workstation,
    acceptedScans: workflow!.accepted_scans,
    statuses,
    sectors,
    switching: false,
    ...(keep ? {} : { statusTypeId: defaultStatusId(statuses), ...fields(null) }),
    ...(keepOwnChoice ? {} : { own: { statusTypeId: defaultStatusId(statuses), sectorId: null } }),
  } as Partial<C>
}
