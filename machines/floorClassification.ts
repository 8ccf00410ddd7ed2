import { type SnapshotFrom, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import type { Bucket, ClassifyReply } from '../src/contract/schemas/floor.ts'
import { type Feedback, type FloorData, type FloorForm, type ScanAnswer, type SectorFields, SCREEN_WORKSTATION_TYPES, alarmFeedback, enterProblem, failureFeedback, feedback, fitsScreen, formForScan, isKnownProblem, isNoWorkstation, isProblemStatus, isUnknownProblem, ownForm, pickSector, pickStatus, resetProblemForm, sectorById, statusById, statusFor, suggestionsOf } from './floorKit.ts'
import { type ScanFailure, failureOf } from './floorFailure.ts'
import { FLOOR_LOADING_STATES, floorLoadingActions, loadedFloor } from './floorLoading.ts'
import { bigIndicatorMachine } from './floorBigIndicator.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './floorScannerInput.ts'
import { type ScanQueueContext, connectScanQueue, emptyScanQueue, refuseQueued, refuseScan, scanQueueActions, unreachable } from './floorScanQueue.ts'

/**
 * Parcel classification / sorting (/parcel-classification): what each answer does on the screen is
 * in docs/domain.md "The sorting screen". A suggested status and sector belong to the barcode they
 * were suggested for (machines/floorKit.ts formForScan); a scan withdraws the previous answer's toasts.
 */
export interface ClassificationContext extends FloorForm, ScanQueueContext {
  barcode: string | null
  lastCode: number | null
  /** The bucket of the last sorted parcel (shown big), null after anything else. */
  bucket: Bucket | null
  waybill: string | null
  completedMultiPack: string | null
  feedback: Feedback | null
  target: RouteName | null
}

export type ClassificationEvent =
  | ScannerOutput
  | { type: 'SET_STATUS'; statusTypeId: number }
  | { type: 'SET_SECTOR'; sectorId: number | null }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RESET' }
  | { type: 'RETRY' }
  /** The worker has put the listed parcels aside: the list of unprocessed barcodes is emptied. */
  | { type: 'CLEAR_UNPROCESSED' }

export type ClassifyAnswer = ScanAnswer<ClassifyReply>
export interface ClassifyBody {
  barcode: string
  status_type_id: number | null
  problematic_sector_id: number | null
}

type Form = Pick<ClassificationContext, 'statuses' | 'sectors' | 'statusTypeId' | 'sectorId'>
const currentStatus = (c: Pick<ClassificationContext, 'statuses' | 'statusTypeId'>) => statusById(c.statuses, c.statusTypeId)

/** The sort form is complete: a status, and for a known problem its sector. */
export const sortFormValid = (c: Form) => {
  const status = currentStatus(c)
  return !!status && (!isKnownProblem(status) || sectorById(c.sectors, c.sectorId) !== undefined)
}

export const classifyBody = (c: ClassificationContext): ClassifyBody => {
  const problemStatus = isProblemStatus(currentStatus(c))
  return { barcode: c.barcode!, status_type_id: c.statusTypeId, problematic_sector_id: problemStatus ? (sectorById(c.sectors, c.sectorId)?.id ?? null) : null }
}

/** Sorting keeps only the sector's id. */
const sectorFields: SectorFields<ClassificationContext> = (sector) => ({ sectorId: sector?.id ?? null })
const resetForm = (c: ClassificationContext) => resetProblemForm(c, sectorFields)
type Done<T> = { event: { output: T } }
const answered = (status: number) => ({ event }: Done<ClassifyAnswer>) => event.output.status === status
const onFailure = (test: (f: ScanFailure) => boolean) => ({ event }: { event: { error: unknown } }) => test(failureOf(event.error))
const isLeaving = (data: FloorData) => !fitsScreen(data.workflow!.workstation, SCREEN_WORKSTATION_TYPES.sorting)

/** A sorted parcel (201): the bucket, the messages (sorting 1.5 s, multi-pack completion 15 s), form back to the worker's own choice. */
const sorted = (c: ClassificationContext, a: ClassifyAnswer): Partial<ClassificationContext> => {
  const reply = a.data
  const d = reply?.data
  return {
    ...ownForm(c, sectorFields),
    lastCode: a.status,
    acceptedScans: d ? d.accepted_scans : c.acceptedScans,
    bucket: d?.bucket ?? null,
    waybill: d?.waybill ?? null,
    completedMultiPack: d?.completed_multi_pack_waybill ?? null,
    feedback: about(c, reply && reply.messages.length ? { tone: 'success', messages: reply.messages, big: false } : feedback.ofReply([])),
  }
}

const failed = (c: ClassificationContext, f: ScanFailure): Partial<ClassificationContext> => {
  const waybill = f.data?.waybill
  return { lastCode: f.status, bucket: null, completedMultiPack: null, waybill: typeof waybill === 'string' ? waybill : null, feedback: about(c, failureFeedback(f)) }
}

/** "After a failure with a suggested status, the suggested status and sector are preselected" and the irregularity warning shows. */
const suggest = (c: ClassificationContext, f: ScanFailure): Partial<ClassificationContext> => ({
  ...failed(c, f),
  ...enterProblem(c, c.barcode, f.data, sectorFields),
  feedback: about(c, feedback.merge(failureFeedback(f), feedback.problem())),
})
/** The context a scan of `code` is sent with (the suggestions of another barcode do not go with it). */
const scanning = (c: ClassificationContext, code: string): ClassificationContext => ({ ...c, ...formForScan(c, code, sectorFields), barcode: code })
const about = (c: ClassificationContext, f: Feedback) => feedback.about(c.barcode, f)

export const classificationMachine = setup({
  types: {
    context: {} as ClassificationContext,
    events: {} as ClassificationEvent,
    input: {} as { workstation: WorkstationRef },
    children: {} as { scanner: 'scannerInput'; loadFloor: 'loadFloor'; classify: 'classify'; indicator: 'bigIndicator' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    bigIndicator: bigIndicatorMachine,
    loadFloor: fromPromise<FloorData>(async () => {
      throw new Error('loadFloor not provided')
    }),
    classify: fromPromise<ClassifyAnswer, ClassifyBody>(async () => {
      throw new Error('classify not provided')
    }),
  },
  guards: {
    // The loading and workstation check (machines/floorLoading.ts).
    noWorkflow: ({ event }) => loadedFloor(event).workflow === null,
    switchingAway: ({ context, event }) => context.switching && isLeaving(loadedFloor(event)),
    otherScreen: ({ event }) => isLeaving(loadedFloor(event)),
    switching: ({ context }) => context.switching,
    /** The form the scanned barcode would go with is complete. */
    scanValid: ({ context, event }) => event.type === 'SCANNED' && sortFormValid(scanning(context, event.code)),
    unknownStatus: ({ context, event }) => event.type === 'SET_STATUS' && isUnknownProblem(statusById(context.statuses, event.statusTypeId)),
    offeredStatus: ({ context, event }) => event.type === 'SET_STATUS' && statusById(context.statuses, event.statusTypeId) !== undefined,
    /** A sector goes with a problem status only (the form shows the sector field for those). */
    offeredSector: ({ context, event }) =>
      event.type === 'SET_SECTOR' && isProblemStatus(currentStatus(context)) && (event.sectorId === null || sectorById(context.sectors, event.sectorId) !== undefined),
    hasBarcode: ({ context }) => context.barcode !== null,
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: { queueNext: 0 },
  actions: {
    // The loading and workstation check (machines/floorLoading.ts).
    ...floorLoadingActions<ClassificationContext, ClassificationEvent>(sectorFields),
    // The scan queue's actions, as on every scanning screen (machines/floorScanQueue.ts); its
    // refuseBusy names the barcode, in place of the loading check's.
    ...scanQueueActions<ClassificationContext, ClassificationEvent>((scan) => scan),
    /** A silent answer (no messages) shows the big tick naming its barcode (the `indicator` child times it). */
    indicate: enqueueActions(({ context, enqueue }) => {
      if (context.feedback?.big) enqueue.sendTo('indicator', { type: 'SHOW', barcode: context.feedback.barcode ?? null })
    }),
    announce: () => {},
    workstationChanged: () => {},
    workstationLost: () => {},
    redirect: () => {},
    /** Withdraws the toasts of the previous answer (provided by the web). */
    withdraw: () => {},
    clearScanner: sendTo('scanner', { type: 'CLEAR' }),
    /** A scan starts: the form it goes with (another barcode leaves problem mode); another barcode withdraws the previous answer (toasts, bucket). */
    startScan: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SCANNED') return
      // The same barcode again (a double read answers 204): what its first answer said stays until a new one.
      if (event.code === context.barcode) return void enqueue.assign(scanning(context, event.code))
      enqueue.assign({ ...scanning(context, event.code), feedback: null, bucket: null, waybill: null, completedMultiPack: null })
      enqueue('withdraw')
    }),
    /** The unknown problem for the last scanned parcel only; without one, the worker's own choice. */
    takeUnknown: assign(({ context }) => {
      const unknown = context.statuses.find((s) => isUnknownProblem(s))!
      return context.barcode === null ? pickStatus(context, unknown.id, sectorFields) : statusFor(context, context.barcode, unknown.id, sectorFields)
    }),
  },
}).createMachine({
  id: 'classification',
  context: ({ input }) => ({
    workstation: input.workstation,
    acceptedScans: null,
    statuses: [],
    sectors: [],
    statusTypeId: null,
    sectorId: null,
    problem: false,
    problemFor: null,
    suggestedSectorId: null,
    own: { statusTypeId: null, sectorId: null },
    barcode: null,
    lastCode: null,
    bucket: null,
    waybill: null,
    completedMultiPack: null,
    feedback: null,
    target: null,
    switching: false,
    ...emptyScanQueue,
  }),
  on: {
    CLEAR_UNPROCESSED: { actions: assign({ unprocessed: [] }) },
  },
  invoke: [
    { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.sorting } },
    { id: 'indicator', src: 'bigIndicator' },
  ],
  initial: 'loading',
  states: {
    ...FLOOR_LOADING_STATES,
    ready: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['editable'],
          // Scans that waited for the previous answer go now, in order (the screen shows the answer first).
          after: { queueNext: { guard: 'hasQueued', actions: 'nextQueued' } },
          on: {
            SCANNED: [
              { guard: 'scanValid', target: 'submitting', actions: 'startScan' },
              { actions: [assign(({ context, event }) => refuseScan(context, event.code, FLOOR_MSG.formIncomplete, 'error')), 'announce', 'indicate'] },
            ],
            ALARM: { actions: [assign({ feedback: ({ event }) => alarmFeedback(event) }), 'announce', 'indicate'] },
            // unknown_problem_detected asks for confirmation first.
            SET_STATUS: [
              { guard: 'unknownStatus', target: 'confirmingUnknown' },
              { guard: 'offeredStatus', actions: assign(({ context, event }) => pickStatus(context, event.statusTypeId, sectorFields)) },
            ],
            SET_SECTOR: { guard: 'offeredSector', actions: assign(({ context, event }) => pickSector(context, event.sectorId, sectorFields)) },
            RESET: {
              actions: [
                assign(({ context }) => ({ ...resetForm(context), barcode: null, lastCode: null, bucket: null, waybill: null, completedMultiPack: null, feedback: null })),
                'clearScanner',
              ],
            },
          },
        },
        confirmingUnknown: {
          tags: ['confirming'],
          on: {
            CONFIRM: [
              { guard: 'hasBarcode', target: 'submitting', actions: 'takeUnknown' },
              { target: 'idle', actions: 'takeUnknown' },
            ],
            CANCEL: 'idle',
            SCANNED: { actions: 'refuseInWindow' },
          },
        },
        submitting: {
          tags: ['busy'],
          exit: 'processedScan',
          invoke: {
            id: 'classify',
            src: 'classify',
            input: ({ context }) => classifyBody(context),
            onDone: [
              {
                guard: answered(205),
                target: '#classification.loading',
                actions: [
                  assign(({ context }) => ({
                    ...resetForm(context),
                    lastCode: 205,
                    bucket: null,
                    switching: true,
                    feedback: feedback.success(WAREHOUSE_MSG.workstationSet, WAREHOUSE.toastMs.confirmation),
                  })),
                  // Scans queued for the old workstation are not sent to the new one.
                  assign(({ context }) => refuseQueued(context, FLOOR_MSG.scanAgain)),
                  'announce', 'indicate',
                ],
              },
              { guard: answered(204), target: 'idle', actions: assign({ lastCode: 204 }) },
              { target: 'idle', actions: [assign(({ context, event }) => sorted(context, event.output)), 'announce', 'indicate'] },
            ],
            onError: [
              // No answer (no connection, or the server itself failed): the barcode is listed to be put aside; not a parcel problem.
              {
                guard: onFailure((f) => unreachable(f.status)),
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ lastCode: failureOf(event.error).status, bucket: null, ...refuseScan(context, context.barcode ?? '', FLOOR_MSG.serverUnreachable, 'error') })),
                  'announce',
                  'indicate',
                ],
              },
              { guard: onFailure(isNoWorkstation), target: '#classification.noWorkstation', actions: assign({ lastCode: 403 }) },
              {
                guard: onFailure((f) => suggestionsOf(f.data).statusTypeId !== null),
                target: 'idle',
                actions: [assign(({ context, event }) => suggest(context, failureOf(event.error))), 'announce', 'indicate'],
              },
              { target: 'idle', actions: [assign(({ context, event }) => failed(context, failureOf(event.error))), 'announce', 'indicate'] },
            ],
          },
          on: {
            SCANNED: { actions: 'queueScan' },
          },
        },
      },
    },
  },
})

export type ClassificationSnapshot = SnapshotFrom<typeof classificationMachine>

/** What the sorting view shows and may send (tags, never state names). */
export function connectClassification(state: ClassificationSnapshot, send: (e: ClassificationEvent) => void) {
  const c = state.context
  const status = currentStatus(c)
  const failed = c.lastCode !== null && c.lastCode >= 300
  return {
    form: c,
    workstation: c.workstation,
    acceptedScans: c.acceptedScans,
    feedback: c.feedback,
    processing: state.hasTag('busy'),
    loadFailed: state.hasTag('problem'),
    editable: state.hasTag('editable'),
    confirmingUnknown: state.hasTag('confirming'),
    confirmText: FLOOR_MSG.confirmUnknownProblem(c.barcode),
    canSubmit: sortFormValid(c),
    statusMissing: status === undefined,
    sectorShown: isProblemStatus(status),
    statuses: c.statuses,
    statusTypeId: c.statusTypeId,
    sectors: c.sectors,
    sectorId: c.sectorId,
    suggestedSectorId: c.suggestedSectorId,
    problem: c.problem,
    lastCode: c.lastCode,
    /** The big answer: the bucket of a sorted parcel, else the failure (code and message), else the last 201's message. */
    outcome: {
      bucket: c.bucket,
      failed,
      sorted: c.lastCode === 201,
      text: c.feedback?.messages[0]?.text ?? null,
      /** The barcode the answer belongs to, and the waybill the server found for it when it differs. */
      scanned: c.feedback?.barcode ?? null,
      waybill: c.waybill,
    },
    scanner: state.children.scanner,
    indicator: state.children.indicator,
    canReset: state.can({ type: 'RESET' }),
    reset: () => send({ type: 'RESET' }),
    retry: () => send({ type: 'RETRY' }),
    setStatus: (statusTypeId: number) => send({ type: 'SET_STATUS', statusTypeId }),
    setSector: (sectorId: number | null) => send({ type: 'SET_SECTOR', sectorId }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    ...connectScanQueue(c),
    clearUnprocessed: () => send({ type: 'CLEAR_UNPROCESSED' }),
  }
}
export type ClassificationProps = ReturnType<typeof connectClassification>
