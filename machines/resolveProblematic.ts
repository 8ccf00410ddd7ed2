import { assign, fromPromise, setup } from 'xstate'
import { STATUS_SYSTEM_ID } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { WorkstationRef } from '../src/contract/schemas.ts'
import type { ResolveReply, SectorRef, StatusType } from '../src/contract/schemas/warehouse.ts'
import { type Feedback, type FloorWorkflow, alarmFeedback, failureFeedback, failureOf, feedback, isNoWorkstation } from './floorKit.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './scannerInput.ts'

/**
 * Resolve problematic (/resolve-problematic) at a PRBL
 * workstation. Scanning a parcel that sits in a problem sector answers 202: the sector is shown and
 * a status dropdown appears ("Pomyślnie ustawiono sektor!"); "Ustaw" sends the status (a problem
 * status also needs the sector to move the parcel to) and 200 means the status was given
 * ("Pomyślnie nadano status!"); "Resetuj" starts over. Scanning a workstation code answers 205: the
 * workstation is set and reloaded. A 403 without a workstation ends the screen (its gate sends the
 * person to /set-workstation).
 *
 *   loading ─▶ ready ─SCANNED─▶ resolving ─202─▶ choosing ─SET─▶ resolving ─200─▶ ready
 *                 ▲                 │ 205 ─▶ loading        └RESET─▶ ready
 *                 └──── 200/204/error ┘      403 (no workstation) ─▶ lost
 */
export interface ResolveInput {
  workstation: WorkstationRef | null
}

export interface ResolveContext {
  workstation: WorkstationRef | null
  /** The server's count of accepted scans in the open workflow (null until known). */
  acceptedScans: number | null
  /** The parcel being resolved (the last barcode scanned). */
  barcode: string | null
  /** The sector the parcel sits in (202). */
  sector: SectorRef | null
  /** Statuses this workstation offers (202). */
  statusTypes: readonly StatusType[]
  statusTypeId: number | null
  /** Sector to move the parcel to when the status chosen is a known problem. */
  sectorId: number | null
  feedback: Feedback | null
}

export type ResolveEvent =
  | ScannerOutput
  | { type: 'CHOOSE_STATUS'; id: number | null }
  | { type: 'CHOOSE_SECTOR'; id: number | null }
  /** "Ustaw". */
  | { type: 'SET' }
  /** "Resetuj". */
  | { type: 'RESET' }

/** The body of PUT app/v1/problematic-sector/resolve. */
export interface ResolveRequestBody {
  barcode: string
  status_type_id?: number | null
  problematic_sector_id?: number | null
}

export interface ResolveAnswer {
  status: number
  data: ResolveReply | null
}

/** The status chosen needs a sector to move the parcel to (known problem; an unknown problem goes to the default sector). */
export const needsSector = (c: Pick<ResolveContext, 'statusTypes' | 'statusTypeId'>) =>
  c.statusTypes.find((s) => s.id === c.statusTypeId)?.system_id === STATUS_SYSTEM_ID.knownProblem

const answerOf = (event: unknown) => (event as { output: ResolveAnswer }).output
const errorOf = (event: unknown) => failureOf((event as { error: unknown }).error)

const cleared = { barcode: null, sector: null, statusTypes: [], statusTypeId: null, sectorId: null } as const

export const resolveProblematicMachine = setup({
  types: {
    context: {} as ResolveContext,
    events: {} as ResolveEvent,
    input: {} as ResolveInput,
    children: {} as { scanner: 'scannerInput'; resolve: 'resolve'; loadWorkflow: 'loadWorkflow' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    /** GET app/v1/warehouse/workflow/current: the open workflow and its counter (null: no workstation). */
    loadWorkflow: fromPromise<FloorWorkflow | null>(async () => {
      throw new Error('loadWorkflow not provided')
    }),
    /** PUT app/v1/problematic-sector/resolve with the exact 2xx code; non-2xx rejects. */
    resolve: fromPromise<ResolveAnswer, ResolveRequestBody>(async () => {
      throw new Error('resolve not provided')
    }),
  },
  guards: {
    hasWorkflow: ({ event }) => (event as unknown as { output: FloorWorkflow | null }).output !== null,
    is202: ({ event }) => answerOf(event).status === 202,
    is204: ({ event }) => answerOf(event).status === 204,
    is205: ({ event }) => answerOf(event).status === 205,
    noWorkstation: ({ event }) => isNoWorkstation(errorOf(event)),
    /** A failed "Ustaw": the parcel is still in its sector, the choice stays to be corrected. */
    wasChoosing: ({ context }) => context.sector !== null,
    offeredStatus: ({ context, event }) => event.type === 'CHOOSE_STATUS' && (event.id === null || context.statusTypes.some((s) => s.id === event.id)),
    /** "Ustaw" needs a status, and a sector when the status is a known problem. */
    canSet: ({ context }) => context.statusTypeId !== null && (!needsSector(context) || context.sectorId !== null),
  },
  actions: {
    /** Toasts and the tone of `context.feedback` (provided by the web). */
    announce: () => {},
    /** Tells the session the workstation held now (provided by the web). */
    workstationChanged: () => {},
    /** The server says no workstation is held: the session forgets it, the gate redirects (provided by the web). */
    workstationLost: () => {},
    storeWorkflow: assign(({ event }) => {
      const w = (event as unknown as { output: FloorWorkflow }).output
      return { workstation: w.workstation, acceptedScans: w.accepted_scans }
    }),
    /** A new scan: the form starts over and the previous answer is withdrawn (its toasts go). */
    scanned: assign(({ event }) => (event.type === 'SCANNED' ? { ...cleared, barcode: event.code, feedback: null } : {})),
    /** Withdraws the toasts of the previous answer (provided by the web). */
    withdraw: () => {},
    alarm: assign({ feedback: ({ event }) => (event.type === 'ALARM' ? alarmFeedback(event) : null) }),
    busy: assign({ feedback: () => feedback.error(FLOOR_MSG.busy) }),
    /** 202: the sector, the statuses offered here, the counter. */
    storeSector: assign(({ context, event }) => {
      const d = answerOf(event).data!.data
      return {
        sector: d.problematic_sector,
        statusTypes: d.status_types,
        statusTypeId: null,
        sectorId: null,
        acceptedScans: d.accepted_scans,
        feedback: feedback.about(context.barcode, feedback.success(WAREHOUSE_MSG.sectorSet)),
      }
    }),
    /** 200: the status is given; the server's messages ("Pomyślnie nadano status!"). */
    statusGiven: assign(({ context, event }) => {
      const r = answerOf(event).data!
      return { ...cleared, acceptedScans: r.data.accepted_scans, feedback: feedback.about(context.barcode, feedback.ofReply(r.messages)) }
    }),
    /** 204: the same scan within the idempotency window, nothing written. */
    repeated: assign({ ...cleared, feedback: ({ context }) => feedback.about(context.barcode, feedback.info(WAREHOUSE_MSG.statusSet)) }),
    workstationSet: assign({ ...cleared, feedback: () => feedback.success(WAREHOUSE_MSG.workstationSet) }),
    failed: assign(({ event, context }) => {
      const f = errorOf(event)
      const counter = typeof f.data?.accepted_scans === 'number' ? f.data.accepted_scans : context.acceptedScans
      return { feedback: feedback.about(context.barcode, failureFeedback(f)), acceptedScans: counter }
    }),
    resetForm: assign({ ...cleared }),
    loadFailed: assign({ feedback: () => feedback.error(FLOOR_MSG.loadFailed) }),
    chooseStatus: assign(({ event }) => (event.type === 'CHOOSE_STATUS' ? { statusTypeId: event.id, sectorId: null } : {})),
    chooseSector: assign(({ event }) => (event.type === 'CHOOSE_SECTOR' ? { sectorId: event.id } : {})),
  },
}).createMachine({
  id: 'resolveProblematic',
  context: ({ input }) => ({ workstation: input.workstation, acceptedScans: null, ...cleared, feedback: null }),
  invoke: { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.intake } },
  on: {
    ALARM: { actions: ['alarm', 'announce'] },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWorkflow',
        src: 'loadWorkflow',
        onDone: [
          { guard: 'hasWorkflow', target: 'ready', actions: ['storeWorkflow', 'workstationChanged'] },
          { target: 'lost', actions: 'workstationLost' },
        ],
        onError: { target: 'ready', actions: ['loadFailed', 'announce'] },
      },
      on: { SCANNED: { actions: ['busy', 'announce'] } },
    },
    ready: {
      on: { SCANNED: { target: 'resolving', actions: ['scanned', 'withdraw'] } },
    },
    resolving: {
      invoke: {
        id: 'resolve',
        src: 'resolve',
        input: ({ context }): ResolveRequestBody =>
          context.statusTypeId === null
            ? { barcode: context.barcode! }
            : { barcode: context.barcode!, status_type_id: context.statusTypeId, problematic_sector_id: context.sectorId },
        onDone: [
          { guard: 'is202', target: 'choosing', actions: ['storeSector', 'announce'] },
          { guard: 'is205', target: 'loading', actions: ['workstationSet', 'announce'] },
          { guard: 'is204', target: 'ready', actions: ['repeated', 'announce'] },
          { target: 'ready', actions: ['statusGiven', 'announce'] },
        ],
        onError: [
          { guard: 'noWorkstation', target: 'lost', actions: ['failed', 'announce', 'workstationLost'] },
          { guard: 'wasChoosing', target: 'choosing', actions: ['failed', 'announce'] },
          { target: 'ready', actions: ['failed', 'announce'] },
        ],
      },
      on: { SCANNED: { actions: ['busy', 'announce'] } },
    },
    /** The sector is shown with the status dropdown. */
    choosing: {
      on: {
        CHOOSE_STATUS: { guard: 'offeredStatus', actions: 'chooseStatus' },
        CHOOSE_SECTOR: { actions: 'chooseSector' },
        SET: { guard: 'canSet', target: 'resolving' },
        RESET: { target: 'ready', actions: 'resetForm' },
        SCANNED: { target: 'resolving', actions: ['scanned', 'withdraw'] },
      },
    },
    /** No workstation held: the screen's gate sends the person to /set-workstation. */
    lost: { type: 'final' },
  },
})

export type ResolveProblematicMachine = typeof resolveProblematicMachine
