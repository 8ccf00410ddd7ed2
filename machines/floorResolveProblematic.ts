import { type SnapshotFrom, assign, fromPromise, raise, sendTo, setup } from 'xstate'
import { SCANNER, STATUS_SYSTEM_ID } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { Sector, WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import type { ResolveReply, SectorRef } from '../src/contract/schemas/floor.ts'
import type { StatusType } from '../src/contract/schemas/statuses.ts'
import { type Feedback, type FloorWorkflow, alarmFeedback, failureFeedback, feedback, isNoWorkstation } from './floorKit.ts'
import { failureOf } from './floorFailure.ts'
import { bigIndicatorMachine } from './floorBigIndicator.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './floorScannerInput.ts'
import { type ScanQueueContext, connectScanQueue, emptyScanQueue, processed, queueScan, refuseScan, unreachable } from './floorScanQueue.ts'

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

export interface ResolveContext extends ScanQueueContext {
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
  /** The problem sectors of this warehouse the workstation's type may move a parcel to (loaded with the sector window). */
  sectors: readonly Sector[]
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
  /** The worker has put the listed parcels aside: the list of unprocessed barcodes is emptied. */
  | { type: 'CLEAR_UNPROCESSED' }

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

type Done<T> = { event: { output: T } }
const answered = (status: number) => ({ event }: Done<ResolveAnswer>) => event.output.status === status

const cleared = { barcode: null, sector: null, statusTypes: [], statusTypeId: null, sectorId: null } as const

export const resolveProblematicMachine = setup({
  types: {
    context: {} as ResolveContext,
    events: {} as ResolveEvent,
    input: {} as ResolveInput,
    children: {} as { scanner: 'scannerInput'; resolve: 'resolve'; loadWorkflow: 'loadWorkflow'; loadSectors: 'loadSectors'; indicator: 'bigIndicator' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    bigIndicator: bigIndicatorMachine,
    /** GET app/v1/warehouse/workflow/current: the open workflow and its counter (null: no workstation). */
    loadWorkflow: fromPromise<FloorWorkflow | null>(async () => {
      throw new Error('loadWorkflow not provided')
    }),
    /** The problem sectors a parcel may be moved to from `workstation` (its warehouse, statuses its type offers). */
    loadSectors: fromPromise<readonly Sector[], { workstation: WorkstationRef | null }>(async () => {
      throw new Error('loadSectors not provided')
    }),
    /** PUT app/v1/problematic-sector/resolve with the exact 2xx code; non-2xx rejects. */
    resolve: fromPromise<ResolveAnswer, ResolveRequestBody>(async () => {
      throw new Error('resolve not provided')
    }),
  },
  guards: {
    noWorkstation: (_, { error }: { error: unknown }) => isNoWorkstation(failureOf(error)),
    /** A failed "Ustaw": the parcel is still in its sector, the choice stays to be corrected. */
    wasChoosing: ({ context }) => context.sector !== null,
    offeredStatus: ({ context, event }) => event.type === 'CHOOSE_STATUS' && (event.id === null || context.statusTypes.some((s) => s.id === event.id)),
    /** "Ustaw" needs a status, and a sector when the status is a known problem. */
    canSet: ({ context }) => context.statusTypeId !== null && (!needsSector(context) || context.sectorId !== null),
    hasQueued: ({ context }) => context.queue.length > 0,
    queueFull: ({ context }) => context.queue.length >= SCANNER.queueMax,
    unreachable: (_, { error }: { error: unknown }) => unreachable(failureOf(error).status),
  },
  delays: { queueNext: 0 },
  actions: {
    /** Toasts and the tone of `context.feedback` (provided by the web). */
    announce: () => {},
    /** Tells the session the workstation held now (provided by the web). */
    workstationChanged: () => {},
    /** The server says no workstation is held: the session forgets it, the gate redirects (provided by the web). */
    workstationLost: () => {},
    storeWorkflow: assign((_, w: FloorWorkflow) => ({ workstation: w.workstation, acceptedScans: w.accepted_scans })),
    /** A new scan: the form starts over and the previous answer is withdrawn (its toasts go). */
    scanned: assign(({ event }) => (event.type === 'SCANNED' ? { ...cleared, barcode: event.code, feedback: null } : {})),
    /** Withdraws the toasts of the previous answer (provided by the web). */
    withdraw: () => {},
    alarm: assign({ feedback: ({ event }) => (event.type === 'ALARM' ? alarmFeedback(event) : null) }),
    /** A scan while the workstation loads is refused, named. */
    busy: assign(({ context, event }) => (event.type === 'SCANNED' ? refuseScan(context, event.code, FLOOR_MSG.busy, 'error') : {})),
    /** The next queued scan, in order, as if it were scanned now. */
    nextQueued: raise(({ context }) => context.queue[0]!),
    dequeue: assign(({ context }) => ({ queue: context.queue.slice(1) })),
    /** A scan arriving while one is in flight waits its turn (refused, named, when the queue is full). */
    queueScan: assign(({ context, event }) => (event.type === 'SCANNED' ? queueScan(context, event) : {})),
    /** A scan answered: its barcode leaves the list of unprocessed ones. */
    processedScan: assign(({ context, event }) => (event.type.startsWith('xstate.done.actor.') ? processed(context, context.barcode) : {})),
    /** No answer (no connection, or the server failed itself): the barcode is listed to be put aside. */
    unreachable: assign(({ context }) => refuseScan(context, context.barcode ?? '', FLOOR_MSG.serverUnreachable, 'error')),
    /** 202: the sector, the statuses offered here, the counter. */
    storeSector: assign(({ context }, answer: ResolveAnswer) => {
      const d = answer.data!.data
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
    statusGiven: assign(({ context }, answer: ResolveAnswer) => {
      const r = answer.data!
      return { ...cleared, acceptedScans: r.data.accepted_scans, feedback: feedback.about(context.barcode, feedback.ofReply(r.messages)) }
    }),
    /** 204: the same scan within the idempotency window, nothing written. */
    repeated: assign({ ...cleared, feedback: ({ context }) => feedback.about(context.barcode, feedback.info(WAREHOUSE_MSG.statusSet)) }),
    workstationSet: assign({ ...cleared, feedback: () => feedback.success(WAREHOUSE_MSG.workstationSet) }),
    failed: assign(({ context }, { error }: { error: unknown }) => {
      const f = failureOf(error)
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
  context: ({ input }) => ({ workstation: input.workstation, acceptedScans: null, ...cleared, sectors: [], feedback: null, ...emptyScanQueue }),
  invoke: [
    { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.intake } },
    { id: 'indicator', src: 'bigIndicator' },
  ],
  on: {
    ALARM: { actions: ['alarm', 'announce'] },
    CLEAR_UNPROCESSED: { actions: assign({ unprocessed: [] }) },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWorkflow',
        src: 'loadWorkflow',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'ready',
            actions: [{ type: 'storeWorkflow', params: ({ event }) => event.output! }, 'workstationChanged'],
          },
          { target: 'lost', actions: 'workstationLost' },
        ],
        onError: { target: 'ready', actions: ['loadFailed', 'announce'] },
      },
      on: { SCANNED: { actions: ['busy', 'announce'] } },
    },
    ready: {
      // Scans that waited for the previous answer go now, in order (the screen shows the answer first).
      after: { queueNext: { guard: 'hasQueued', actions: ['nextQueued', 'dequeue'] } },
      on: { SCANNED: { target: 'resolving', actions: ['scanned', 'withdraw'] } },
    },
    resolving: {
      tags: ['busy'],
      exit: 'processedScan',
      invoke: {
        id: 'resolve',
        src: 'resolve',
        input: ({ context }): ResolveRequestBody =>
          context.statusTypeId === null
            ? { barcode: context.barcode! }
            : { barcode: context.barcode!, status_type_id: context.statusTypeId, problematic_sector_id: context.sectorId },
        onDone: [
          { guard: answered(202), target: 'choosing', actions: [{ type: 'storeSector', params: ({ event }) => event.output }, 'announce'] },
          { guard: answered(205), target: 'loading', actions: ['workstationSet', 'announce'] },
          { guard: answered(204), target: 'ready', actions: ['repeated', 'announce'] },
          // A silent answer (no messages) shows the big tick naming its barcode (the `indicator` child times it).
          {
            guard: ({ event }) => event.output.data?.messages.length === 0,
            target: 'ready',
            actions: [
              { type: 'statusGiven', params: ({ event }) => event.output },
              'announce',
              sendTo('indicator', ({ context }) => ({ type: 'SHOW', barcode: context.feedback?.barcode ?? null })),
            ],
          },
          { target: 'ready', actions: [{ type: 'statusGiven', params: ({ event }) => event.output }, 'announce'] },
        ],
        onError: [
          {
            guard: { type: 'noWorkstation', params: ({ event }) => ({ error: event.error }) },
            target: 'lost',
            actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, 'announce', 'workstationLost'],
          },
          // The server could not be reached: listed; a choice being made stays to be set again.
          {
            guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: ['unreachable', 'announce'],
          },
          { guard: 'wasChoosing', target: 'choosing', actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, 'announce'] },
          { target: 'ready', actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, 'announce'] },
        ],
      },
      on: {
        SCANNED: [
          { guard: 'queueFull', actions: ['queueScan', 'announce'] },
          { actions: 'queueScan' },
        ],
      },
    },
    /** The sector is shown with the status dropdown. */
    choosing: {
      tags: ['editable'],
      invoke: {
        id: 'loadSectors',
        src: 'loadSectors',
        input: ({ context }) => ({ workstation: context.workstation }),
        onDone: { actions: assign({ sectors: ({ event }) => event.output }) },
        // Without the list a known problem cannot be given here; the other statuses still can.
        onError: { actions: assign({ sectors: [] }) },
      },
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

export type ResolveSnapshot = SnapshotFrom<ResolveProblematicMachine>

/** What the resolve view shows and may send (tags, never state names). */
export function connectResolve(state: ResolveSnapshot, send: (e: ResolveEvent) => void) {
  const c = state.context
  const choosing = state.hasTag('editable')
  return {
    workstation: c.workstation,
    acceptedScans: c.acceptedScans,
    feedback: c.feedback,
    processing: state.hasTag('busy'),
    /** The focus stays in the panel while a status is being chosen. */
    choosing,
    /** The panel shows while choosing and while the choice is being sent. */
    panelShown: choosing || (state.hasTag('busy') && c.sector !== null),
    barcode: c.barcode,
    sector: c.sector,
    statusTypes: c.statusTypes,
    statusTypeId: c.statusTypeId,
    sectorId: c.sectorId,
    sectors: c.sectors,
    needsSector: needsSector(c),
    canSet: state.can({ type: 'SET' }),
    canReset: state.can({ type: 'RESET' }),
    scanner: state.children.scanner,
    indicator: state.children.indicator,
    chooseStatus: (id: number | null) => send({ type: 'CHOOSE_STATUS', id }),
    chooseSector: (id: number | null) => send({ type: 'CHOOSE_SECTOR', id }),
    ...connectScanQueue(c),
    clearUnprocessed: () => send({ type: 'CLEAR_UNPROCESSED' }),
    set: () => send({ type: 'SET' }),
    reset: () => send({ type: 'RESET' }),
  }
}
