import { and, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { WorkstationRef } from '../src/contract/schemas.ts'
import type { Bucket, ClassifyReply } from '../src/contract/schemas/warehouse.ts'
import {
  type Feedback, type FloorData, type FloorForm, type ScanAnswer, type SectorFields, SCREEN_WORKSTATION_TYPES, alarmFeedback, enterProblem,
  failureFeedback, failureOfEvent, feedback, fitsScreen, formForScan, isKnownProblem, isNoWorkstation, isProblemStatus, isUnknownProblem,
  leavingFor, loadedWorkflow, outputOf, ownForm, pickSector, pickStatus, resetProblemForm, sectorById, statusById, statusFor, suggestionsOf,
  takeFloor,
} from './floorKit.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './scannerInput.ts'

/**
 * Parcel classification / sorting (/parcel-classification).
 *
 * The person scans a parcel with a status (the SRTW list) and, for a problem status, a sector.
 * 201: sorted — the bucket (last-mile route) is shown big, status and sector back to the worker's own
 * choice (the default unless they picked another by hand); a multi-pack
 * completion message stays 15 s. 205: workstation set. 204: a repeated read, nothing. Errors of the
 * sorting error table (402 wrong alias, 403 other workstation, 405 dispatch blocked, 406 no bucket, 410 deleted,
 * 412 multi-pack in the buffer, 424 multi-pack not fully scanned, 425 too early, others) show the
 * server's message; with a suggested status the status (and sector) are preselected and the warning
 * about a detected irregularity shows. Choosing unknown_problem_detected asks for confirmation, then
 * classifies the last scanned parcel with it (the default sector).
 *
 * A suggested status and sector belong to the barcode they were suggested for: scanning that parcel
 * again sorts it with them, any other barcode goes with the worker's own last choice (machines/floorKit.ts
 * formForScan). Every answer names its barcode; a scan withdraws the previous answer's toasts.
 */
export interface ClassificationContext extends FloorForm {
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
const answerOf = (event: unknown) => outputOf<ClassifyAnswer>(event)
/** The context a scan of `code` is sent with (the suggestions of another barcode do not go with it). */
const scanning = (c: ClassificationContext, code: string): ClassificationContext => ({ ...c, ...formForScan(c, code, sectorFields), barcode: code })
const about = (c: ClassificationContext, f: Feedback) => feedback.about(c.barcode, f)

export const classificationMachine = setup({
  types: {
    context: {} as ClassificationContext,
    events: {} as ClassificationEvent,
    input: {} as { workstation: WorkstationRef },
    children: {} as { scanner: 'scannerInput'; loadFloor: 'loadFloor'; classify: 'classify' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    loadFloor: fromPromise<FloorData>(async () => {
      throw new Error('loadFloor not provided')
    }),
    classify: fromPromise<ClassifyAnswer, ClassifyBody>(async () => {
      throw new Error('classify not provided')
    }),
  },
  guards: {
    noWorkflow: ({ event }) => loadedWorkflow(event) === null,
    notSortingWorkstation: ({ event }) => !fitsScreen(loadedWorkflow(event)!.workstation, SCREEN_WORKSTATION_TYPES.sorting),
    switching: ({ context }) => context.switching,
    /** The form the scanned barcode would go with is complete. */
    scanValid: ({ context, event }) => event.type === 'SCANNED' && sortFormValid(scanning(context, event.code)),
    unknownStatus: ({ context, event }) => event.type === 'SET_STATUS' && isUnknownProblem(statusById(context.statuses, event.statusTypeId)),
    offeredStatus: ({ context, event }) => event.type === 'SET_STATUS' && statusById(context.statuses, event.statusTypeId) !== undefined,
    offeredSector: ({ context, event }) => event.type === 'SET_SECTOR' && (event.sectorId === null || sectorById(context.sectors, event.sectorId) !== undefined),
    hasBarcode: ({ context }) => context.barcode !== null,
    answered: ({ event }, params: { status: number }) => answerOf(event).status === params.status,
    noWorkstation: ({ event }) => isNoWorkstation(failureOfEvent(event)),
    failureSuggests: ({ event }) => suggestionsOf(failureOfEvent(event).data).statusTypeId !== null,
  },
  actions: {
    announce: () => {},
    workstationChanged: () => {},
    workstationLost: () => {},
    redirect: () => {},
    /** Withdraws the toasts of the previous answer (provided by the web). */
    withdraw: () => {},
    clearScanner: sendTo('scanner', { type: 'CLEAR' }),
    /** A scan starts: the form it goes with (another barcode leaves problem mode); the previous answer (toasts, bucket) is withdrawn. */
    startScan: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SCANNED') return
      enqueue.assign({ ...scanning(context, event.code), feedback: null, bucket: null, waybill: null, completedMultiPack: null })
      enqueue('withdraw')
    }),
    /** The unknown problem for the last scanned parcel only; without one, the worker's own choice. */
    takeUnknown: assign(({ context }) => {
      const unknown = context.statuses.find((s) => isUnknownProblem(s))!
      return context.barcode === null ? pickStatus(context, unknown.id, sectorFields) : statusFor(context, context.barcode, unknown.id, sectorFields)
    }),
    leaveFor: assign(({ event }) => leavingFor(event)),
    /** A sorted parcel (201): the bucket, the messages (sorting 1.5 s, multi-pack completion 15 s), form reset. */
    sorted: assign(({ context, event }) => {
      const a = answerOf(event)
      const reply = a.data
      const d = reply?.data
      return {
        ...ownForm(context, sectorFields),
        lastCode: a.status,
        acceptedScans: d ? d.accepted_scans : context.acceptedScans,
        bucket: d?.bucket ?? null,
        waybill: d?.waybill ?? null,
        completedMultiPack: d?.completed_multi_pack_waybill ?? null,
        feedback: about(context, reply && reply.messages.length ? { tone: 'success', messages: reply.messages, big: false } : feedback.ofReply([])),
      }
    }),
    failed: assign(({ context, event }) => {
      const f = failureOfEvent(event)
      const waybill = f.data?.waybill
      return { lastCode: f.status, bucket: null, completedMultiPack: null, waybill: typeof waybill === 'string' ? waybill : null, feedback: about(context, failureFeedback(f)) }
    }),
    /** "After a failure with a suggested status, the suggested status and sector are preselected" and the irregularity warning shows. */
    suggest: assign(({ context, event }) => {
      const f = failureOfEvent(event)
      return { ...enterProblem(context, context.barcode, f.data, sectorFields), feedback: about(context, feedback.merge(failureFeedback(f), feedback.problem())) }
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
  }),
  invoke: { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.sorting } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFloor',
        src: 'loadFloor',
        onDone: [
          { guard: 'noWorkflow', target: 'noWorkstation' },
          { guard: and(['notSortingWorkstation', 'switching']), target: 'leaving', actions: ['leaveFor', 'workstationChanged', 'redirect'] },
          {
            guard: 'notSortingWorkstation',
            target: 'leaving',
            actions: ['leaveFor', assign({ feedback: () => feedback.warning(WAREHOUSE_MSG.otherWorkstation) }), 'announce', 'workstationChanged', 'redirect'],
          },
          {
            target: 'ready',
            actions: [
              assign(({ context, event }) => takeFloor(context, event.output, sectorFields)),
              'workstationChanged',
            ],
          },
        ],
        onError: { target: 'loadFailed', actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.loadFailed), switching: false }), 'announce'] },
      },
      on: {
        SCANNED: { actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.busy) }), 'announce'] },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    noWorkstation: { type: 'final', entry: 'workstationLost' },
    leaving: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SCANNED: [
              { guard: 'scanValid', target: 'submitting', actions: 'startScan' },
              { actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.formIncomplete) }), 'announce'] },
            ],
            ALARM: { actions: [assign({ feedback: ({ event }) => alarmFeedback(event) }), 'announce'] },
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
          on: {
            CONFIRM: [
              { guard: 'hasBarcode', target: 'submitting', actions: 'takeUnknown' },
              { target: 'idle', actions: 'takeUnknown' },
            ],
            CANCEL: 'idle',
            SCANNED: { actions: [assign({ feedback: () => feedback.warning(FLOOR_MSG.closeWindowFirst) }), 'announce'] },
          },
        },
        submitting: {
          invoke: {
            id: 'classify',
            src: 'classify',
            input: ({ context }) => classifyBody(context),
            onDone: [
              {
                guard: { type: 'answered', params: { status: 205 } },
                target: '#classification.loading',
                actions: [
                  assign(({ context }) => ({
                    ...resetForm(context),
                    lastCode: 205,
                    bucket: null,
                    switching: true,
                    feedback: feedback.success(WAREHOUSE_MSG.workstationSet, WAREHOUSE.toastMs.confirmation),
                  })),
                  'announce',
                ],
              },
              { guard: { type: 'answered', params: { status: 204 } }, target: 'idle', actions: assign({ lastCode: 204 }) },
              { target: 'idle', actions: ['sorted', 'announce'] },
            ],
            onError: [
              { guard: 'noWorkstation', target: '#classification.noWorkstation', actions: assign({ lastCode: 403 }) },
              { guard: 'failureSuggests', target: 'idle', actions: ['failed', 'suggest', 'announce'] },
              { target: 'idle', actions: ['failed', 'announce'] },
            ],
          },
          on: {
            SCANNED: { actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.busy) }), 'announce'] },
          },
        },
      },
    },
  },
})
