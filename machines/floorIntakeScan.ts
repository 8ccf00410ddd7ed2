import { type ActorRefFrom, type AnyActorRef, type EventObject, type SnapshotFrom, assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { isPlaceOf } from '../src/contract/barcodes.ts'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import type { ClientRef } from '../src/contract/schemas/common.ts'
import type { ScanReply, ScanRequest } from '../src/contract/schemas/floor.ts'
import { chooseClientMachine } from './floorChooseClient.ts'
import { type DimensionValues, dimensionValuesOf, dimensionsMachine } from './floorDimensions.ts'
import { type Feedback, type FloorData, type FloorForm, type ScanAnswer, type SectorFields, SCREEN_WORKSTATION_TYPES, alarmFeedback, enterProblem as problemFields, failureFeedback, feedback, fitsScreen, formForScan, isKnownProblem, isNoWorkstation, isProblemStatus, leaveProblem as ownFormAgain, pickSector, pickStatus, resetProblemForm, sectorById, statusById, suggestionsOf } from './floorKit.ts'
import { type ScanFailure, failureOf, message } from './floorFailure.ts'
import { FLOOR_LOADING_STATES, floorLoadingActions, loadedFloor } from './floorLoading.ts'
import { parcelPanelMachine } from './floorParcelPanel.ts'
import { bigIndicatorMachine } from './floorBigIndicator.ts'
import { SCANNER_POLICIES, type ScannerOutput, normaliseCode, scannerInputMachine } from './floorScannerInput.ts'
import { type ScanQueueContext, connectScanQueue, emptyScanQueue, refuseQueued, refuseScan, scanQueueActions, unreachable } from './floorScanQueue.ts'

/**
 * Intake scan (/parcel-from-number and /parcel-from-number-and-assign-to-client): what each answer
 * code does on the screen and how problem mode's suggestions stay with their barcode are in
 * docs/domain.md "The intake screen". Children: `scanner`, `panel` (parcel and history), `pageKeys`
 * (the page's Delete and Page Down as CLEAR_SECTION and EDIT_DIMENSIONS, as long as the screen
 * lives), and while open `chooseClient` and `dimensions`. Side effects are actors and actions
 * provided by the web (src/web/wiring/floorIntake.ts).
 */

/** Sections CLEAR_SECTION clears (the place field is emptied with SET_WHERE ''; the dimension form only while open). */
const SECTIONS = ['barcode', 'client', 'status', 'dimensions'] as const
export type Section = (typeof SECTIONS)[number]
const isSection = (name: string): name is Section => (SECTIONS as readonly string[]).includes(name)

export interface IntakeContext extends FloorForm, ScanQueueContext {
  // ---- the scan form (status and sector in FloorForm) ----
  where: string
  client: ClientRef | null
  /** The client was chosen for the one barcode that waited for it: it goes with that scan only. */
  clientOnce: boolean
  duplicatedRow: boolean
  /** The courier hand-over recognised by a 203, sent with the scan that assigns the client. */
  externalInbound: { id: number; barcode: string } | null
  // ---- the last scan ----
  /** The barcode sent (or about to be sent). */
  barcode: string | null
  /** A barcode waiting for a client (203, or 208 of a parcel without client): sent again once one is chosen. */
  pending: string | null
  /** What the answer that made a barcode wait for a client said: withdrawn once the client is chosen. */
  asking: Feedback | null
  lastCode: number | null
  parcelId: number | null
  waybill: string | null
  outNumber: string | null
  /** URL of the re-paste label to open (with its public token). */
  labelUrl: string | null
  feedback: Feedback | null
  /** Where to go when the workstation held is not an intake one. */
  target: RouteName | null
}

export type IntakeEvent =
  | ScannerOutput
  | { type: 'SET_STATUS'; statusTypeId: number }
  | { type: 'SET_WHERE'; where: string }
  | { type: 'OPEN_SECTORS' }
  | { type: 'SET_SECTOR'; sectorId: number }
  | { type: 'CONFIRM_SECTOR' }
  | { type: 'CANCEL_SECTOR' }
  | { type: 'CHOOSE_CLIENT' }
  /** Delete: clears the section that has the focus. */
  | { type: 'CLEAR_SECTION'; section: Section }
  /** Page Down or a click on the form: edit the shown parcel's dimensions (scanning is locked meanwhile). */
  | { type: 'EDIT_DIMENSIONS'; parcelId: number | null; values: DimensionValues }
  | { type: 'RESET' }
  | { type: 'RETRY' }
  /** The worker has put the listed parcels aside: the list of unprocessed barcodes is emptied. */
  | { type: 'CLEAR_UNPROCESSED' }

export type IntakeAnswer = ScanAnswer<ScanReply>

// ---- the rules, as pure functions (also used by the view to render) --------------------------------

type Form = Pick<IntakeContext, 'statuses' | 'sectors' | 'statusTypeId' | 'sectorId' | 'where'> & { workstation?: WorkstationRef | null }

/** The place field holds a place of the workstation's warehouse (never a barcode); the server checks the same rule. */
export const knownPlace = (c: { where: string; workstation?: WorkstationRef | null }) => isPlaceOf(c.workstation?.warehouse.name ?? WAREHOUSE.defaultWhere, normaliseCode(c.where))

export const currentStatus = (c: Pick<IntakeContext, 'statuses' | 'statusTypeId'>) => statusById(c.statuses, c.statusTypeId)

/** The scan form is complete: barcode (the scanner's), status, where; a known problem needs its sector. */
export const formValid = (c: Form) => {
  const status = currentStatus(c)
  return !!status && knownPlace(c) && (!isKnownProblem(status) || sectorById(c.sectors, c.sectorId) !== undefined)
}

/** The body of POST parcel/scan (or PUT scan-and-assign-to-client). */
export function scanRequest(c: IntakeContext): ScanRequest {
  const status = currentStatus(c)
  const sector = isProblemStatus(status) ? sectorById(c.sectors, c.sectorId) : undefined
  return {
    barcode: c.barcode!,
    id_status_type: c.statusTypeId,
    where: normaliseCode(c.where),
    id_client: c.client?.id ?? null,
    id_problematic_sector: sector?.id ?? null,
    create_duplicated_parcel_row: sector ? c.duplicatedRow : null,
    external_inbound_id: c.externalInbound?.id ?? null,
  }
}

/** Intake keeps the sector and its duplicated-parcel row (sectors 3 and 4 force it). */
const sectorFields: SectorFields<IntakeContext> = (sector) => ({ sectorId: sector?.id ?? null, duplicatedRow: sector?.duplicated ?? false })
/** The form after choosing a status by hand: the status and the sector it brings, the worker's own choice. */
const chooseStatus = (c: IntakeContext, statusTypeId: number) => pickStatus(c, statusTypeId, sectorFields)
const enterProblem = (c: IntakeContext, data: Record<string, unknown> | null) => problemFields(c, c.barcode, data, sectorFields)
/** Problem mode off: status and sector back to the worker's own choice (a success ends problem mode). */
const leaveProblem = (c: IntakeContext): Partial<IntakeContext> => ownFormAgain(c, sectorFields)
/** The context a scan of `code` is sent with (the suggestions of another barcode do not go with it). */
const scanning = (c: IntakeContext, code: string): IntakeContext => ({ ...c, ...formForScan(c, code, sectorFields), barcode: code })
/** What the person is told, as the answer to the scan of the current barcode. */
const about = (c: IntakeContext, f: Feedback) => feedback.about(c.barcode, f)

/** An answer told `told`; without a client the barcode waits for one, and what was told goes once it is chosen. */
const told = (c: IntakeContext, f: Feedback, clientKnown: boolean): Partial<IntakeContext> => {
  const said = about(c, f)
  return { feedback: said, pending: clientKnown ? null : c.barcode, asking: clientKnown ? null : said }
}

const hasSuggestion = (data: Record<string, unknown> | null) => {
  const s = suggestionsOf(data)
  return s.statusTypeId !== null || s.sectorId !== null
}

/** The form as a fresh screen has it. */
const defaults = (c: IntakeContext): Partial<IntakeContext> => ({
  ...resetProblemForm(c, sectorFields),
  where: WAREHOUSE.defaultWhere,
  client: null,
  clientOnce: false,
  externalInbound: null,
  pending: null,
  asking: null,
})

/** Answers of a scanned workstation code that could not be taken. */
const WORKSTATION_CODE_FAILURES: readonly number[] = [404, 406, 423]

/** Typed guards on a finished call: each reads the actor's own output (typed by its `src`). */
type Done<T> = { event: { output: T } }
type Failed = { event: { error: unknown } }
const onAnswer = (test: (a: IntakeAnswer) => boolean) => ({ event }: Done<IntakeAnswer>) => test(event.output)
const answered = (status: number) => onAnswer((a) => a.status === status)
const onFailure = (test: (f: ScanFailure) => boolean) => ({ event }: Failed) => test(failureOf(event.error))
const isLeaving = (data: FloorData) => !fitsScreen(data.workflow!.workstation, SCREEN_WORKSTATION_TYPES.intake)

/** Accepted-scan counter and last parcel of an answer with a body. */
const takeAnswer = (c: IntakeContext, a: IntakeAnswer): Partial<IntakeContext> => {
  const d = a.data?.data
  return {
    lastCode: a.status,
    acceptedScans: d ? d.accepted_scans : c.acceptedScans,
    parcelId: d?.parcel_id ?? c.parcelId,
    waybill: d?.waybill ?? c.waybill,
    outNumber: d?.out_number ?? c.outNumber,
  }
}

/** An accepted scan (201 and other successes): problem mode ends, the hand-over is done, messages or the big indicator. */
const accepted = (c: IntakeContext, a: IntakeAnswer): Partial<IntakeContext> => {
  const reply = a.data
  const d = reply?.data
  const missingOut = d?.re_pasting_required && (!d.out_number || d.out_number === '-')
  return {
    ...leaveProblem(c),
    externalInbound: null,
    pending: null,
    asking: null,
    feedback: about(
      c,
      feedback.merge(
        feedback.ofReply(reply?.messages ?? []),
        missingOut ? { tone: 'error', messages: [message('error', WAREHOUSE_MSG.missingOutNumber, WAREHOUSE.toastMs.missingOutNumber)], big: false } : null,
      ),
    ),
  }
}

/** A 208 with suggestions: problem mode for this barcode; without a client the barcode waits for one. */
const problemFromAnswer = (c: IntakeContext, a: IntakeAnswer): Partial<IntakeContext> => {
  const reply = a.data!
  return {
    ...enterProblem(c, { ...reply.data }),
    ...told(c, feedback.merge(feedback.ofReply(reply.messages), feedback.problem()), !!reply.data.client),
  }
}

const failed = (c: IntakeContext, f: ScanFailure): Partial<IntakeContext> => ({ lastCode: f.status, feedback: about(c, failureFeedback(f)) })
const problemFromFailure = (c: IntakeContext, f: ScanFailure): Partial<IntakeContext> => ({
  lastCode: f.status,
  ...enterProblem(c, f.data),
  feedback: about(c, feedback.merge(failureFeedback(f), feedback.problem())),
})

const problemAnswer = (a: IntakeAnswer) => a.status === 208 && hasSuggestion(a.data?.data ?? null)
const repasteWithOutNumber = (a: IntakeAnswer) => {
  const d = a.data?.data
  return !!d?.re_pasting_required && !!d.waybill && !!d.out_number && d.out_number !== '-'
}

export const intakeScanMachine = setup({
  types: {
    context: {} as IntakeContext,
    events: {} as IntakeEvent,
    input: {} as { workstation: WorkstationRef },
    children: {} as {
      scanner: 'scannerInput'
      panel: 'parcelPanel'
      loadFloor: 'loadFloor'
      submitScan: 'submitScan'
      chooseClient: 'chooseClient'
      dimensions: 'dimensions'
      repasteLabel: 'repasteLabel'
      indicator: 'bigIndicator'
      pageKeys: 'pageKeys'
    },
  },
  delays: { queueNext: 0 },
  actors: {
    scannerInput: scannerInputMachine,
    bigIndicator: bigIndicatorMachine,
    parcelPanel: parcelPanelMachine,
    chooseClient: chooseClientMachine,
    dimensions: dimensionsMachine,
    loadFloor: fromPromise<FloorData>(async () => {
      throw new Error('loadFloor not provided')
    }),
    submitScan: fromPromise<IntakeAnswer, ScanRequest>(async () => {
      throw new Error('submitScan not provided')
    }),
    /** The page's Delete and Page Down while the screen is shown (provided by the web); `screen` is this machine. */
    pageKeys: fromCallback<EventObject, { screen: AnyActorRef }, IntakeEvent>(() => {}),
    /** The re-paste label's URL with a fresh public token. */
    repasteLabel: fromPromise<string, { internalNumber: string }>(async () => {
      throw new Error('repasteLabel not provided')
    }),
  },
  guards: {
    // The loading and workstation check (machines/floorLoading.ts).
    noWorkflow: ({ event }) => loadedFloor(event).workflow === null,
    switchingAway: ({ context, event }) => context.switching && isLeaving(loadedFloor(event)),
    otherScreen: ({ event }) => isLeaving(loadedFloor(event)),
    formValid: ({ context }) => formValid(context),
    hasQueued: ({ context }) => context.queue.length > 0,
    /** The form the scanned barcode would go with is complete. */
    scanValid: ({ context, event }) => event.type === 'SCANNED' && formValid(scanning(context, event.code)),
    switching: ({ context }) => context.switching,
    parcelShown: ({ event }) => event.type === 'EDIT_DIMENSIONS' && event.parcelId !== null,
    knownStatus: ({ context, event }) => event.type === 'SET_STATUS' && isKnownProblem(statusById(context.statuses, event.statusTypeId)),
    offeredStatus: ({ context, event }) => event.type === 'SET_STATUS' && statusById(context.statuses, event.statusTypeId) !== undefined,
    knownStatusChosen: ({ context }) => isKnownProblem(currentStatus(context)),
    sectorChosen: ({ context }) => sectorById(context.sectors, context.sectorId) !== undefined,
    offeredSector: ({ context, event }) => event.type === 'SET_SECTOR' && sectorById(context.sectors, event.sectorId) !== undefined,
  },
  actions: {
    // The loading and workstation check (machines/floorLoading.ts).
    ...floorLoadingActions<IntakeContext, IntakeEvent>(sectorFields),
    // The scan queue's actions, as on every scanning screen (machines/floorScanQueue.ts); its
    // refuseBusy names the barcode, in place of the loading check's.
    ...scanQueueActions<IntakeContext, IntakeEvent>((scan) => scan),
    /** A silent answer (no messages) shows the big tick naming its barcode (the `indicator` child times it). */
    indicate: enqueueActions(({ context, enqueue }) => {
      if (context.feedback?.big) enqueue.sendTo('indicator', { type: 'SHOW', barcode: context.feedback.barcode ?? null })
    }),
    /** Toasts and tone of `context.feedback` (provided by the web). */
    announce: () => {},
    workstationChanged: () => {},
    workstationLost: () => {},
    redirect: () => {},
    /** Opens `context.labelUrl` in a new window. */
    openLabel: () => {},
    /** Withdraws the toasts of the previous answer (provided by the web). */
    withdraw: () => {},
    /** A client was chosen for the waiting barcode: the toasts of `context.asking` alone go ("not in the system…"; provided by the web). */
    withdrawAsking: () => {},
    clearScanner: sendTo('scanner', { type: 'CLEAR' }),
    /** The dimension form opened: its first field gets the focus (provided by the web). */
    focusDimensions: () => {},
    /**
     * A scan starts: the form it goes with (another barcode leaves problem mode); another barcode
     * withdraws the previous answer and the panel no longer shows the previous parcel.
     */
    startScan: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SCANNED') return
      // The same barcode again (a double read answers 204): what its first answer said stays until a new one.
      if (event.code === context.barcode) return void enqueue.assign(scanning(context, event.code))
      enqueue.sendTo('panel', { type: 'CLEAR' })
      enqueue.assign({ ...scanning(context, event.code), feedback: null })
      enqueue('withdraw')
    }),
    /** Any other error: problem mode for this barcode, the form as it was sent. */
    problemOnly: assign(({ context }) => enterProblem(context, null)),
  },
}).createMachine({
  id: 'intakeScan',
  context: ({ input }) => ({
    workstation: input.workstation,
    acceptedScans: null,
    statuses: [],
    sectors: [],
    statusTypeId: null,
    where: WAREHOUSE.defaultWhere,
    client: null,
    clientOnce: false,
    sectorId: null,
    duplicatedRow: false,
    externalInbound: null,
    problem: false,
    problemFor: null,
    suggestedSectorId: null,
    own: { statusTypeId: null, sectorId: null },
    barcode: null,
    pending: null,
    asking: null,
    lastCode: null,
    parcelId: null,
    waybill: null,
    outNumber: null,
    labelUrl: null,
    feedback: null,
    target: null,
    switching: false,
    ...emptyScanQueue,
  }),
  on: {
    CLEAR_UNPROCESSED: { actions: assign({ unprocessed: [] }) },
  },
  invoke: [
    { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.intake } },
    { id: 'panel', src: 'parcelPanel' },
    { id: 'indicator', src: 'bigIndicator' },
    { id: 'pageKeys', src: 'pageKeys', input: ({ self }) => ({ screen: self }) },
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
              // The form cannot go: the barcode is refused, named (a place field holding no place says so).
              {
                actions: [
                  assign(({ context, event }) => refuseScan(context, event.code, knownPlace(context) ? FLOOR_MSG.formIncomplete : FLOOR_MSG.unknownPlace, 'error')),
                  'announce',
                  'indicate',
                ],
              },
            ],
            ALARM: { actions: [assign({ feedback: ({ event }) => alarmFeedback(event) }), 'announce', 'indicate'] },
            SET_STATUS: [
              {
                guard: 'knownStatus',
                target: 'choosingSector',
                actions: assign(({ context, event }) => chooseStatus(context, event.statusTypeId)),
              },
              {
                guard: 'offeredStatus',
                actions: assign(({ context, event }) => chooseStatus(context, event.statusTypeId)),
              },
            ],
            SET_WHERE: { actions: assign({ where: ({ event }) => event.where }) },
            OPEN_SECTORS: { guard: 'knownStatusChosen', target: 'choosingSector' },
            CHOOSE_CLIENT: 'choosingClient',
            EDIT_DIMENSIONS: [
              { guard: 'parcelShown', target: 'dimensions' },
              { actions: [assign({ feedback: () => feedback.warning(FLOOR_MSG.noParcelYet) }), 'announce', 'indicate'] },
            ],
            // The dimension form's section is cleared only while it is open (the `dimensions` state).
            CLEAR_SECTION: [
              { guard: ({ event }) => event.section === 'barcode', actions: 'clearScanner' },
              { guard: ({ event }) => event.section === 'client', actions: assign({ client: null, clientOnce: false, externalInbound: null, pending: null, asking: null }) },
              {
                guard: ({ event }) => event.section === 'status',
                actions: assign(({ context }) => resetProblemForm(context, sectorFields)),
              },
            ],
            RESET: {
              actions: [
                assign(({ context }) => ({ ...defaults(context), barcode: null, lastCode: null, parcelId: null, waybill: null, outNumber: null, labelUrl: null, feedback: null })),
                'clearScanner',
                sendTo('panel', { type: 'CLEAR' }),
              ],
            },
          },
        },
        submitting: {
          tags: ['busy'],
          // A client chosen for one waiting barcode is not kept for the next parcels.
          exit: [assign(({ context }) => (context.clientOnce ? { client: null, clientOnce: false } : {})), 'processedScan'],
          invoke: {
            id: 'submitScan',
            src: 'submitScan',
            input: ({ context }) => scanRequest(context),
            onDone: [
              // 205: a workstation code — reload the workstation (it may be another type).
              {
                guard: answered(205),
                target: '#intakeScan.loading',
                actions: [
                  assign(({ context }) => ({
                    ...defaults(context),
                    lastCode: 205,
                    parcelId: null,
                    waybill: null,
                    outNumber: null,
                    switching: true,
                    feedback: feedback.success(WAREHOUSE_MSG.workstationSet, WAREHOUSE.toastMs.confirmation),
                  })),
                  // Scans queued for the old workstation are not sent to the new one.
                  assign(({ context }) => refuseQueued(context, FLOOR_MSG.scanAgain)),
                  'announce', 'indicate',
                  sendTo('panel', { type: 'CLEAR' }),
                ],
              },
              // 204: a repeated read of the same scan — nothing happens.
              { guard: answered(204), target: 'idle', actions: assign({ lastCode: 204 }) },
              // 202: a client from an internal instruction code.
              {
                guard: answered(202),
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    ...takeAnswer(context, event.output),
                    client: event.output.data?.data.client ?? context.client,
                    clientOnce: false,
                    feedback: about(context, feedback.ofReply(event.output.data?.messages ?? [])),
                  })),
                  'announce', 'indicate',
                ],
              },
              // 203: a courier hand-over: show its barcode and ask for the client.
              {
                guard: answered(203),
                target: 'choosingClient',
                actions: [
                  assign(({ context, event }) => ({
                    ...takeAnswer(context, event.output),
                    externalInbound: event.output.data?.data.external_inbound ?? null,
                    ...told(context, feedback.ofReply(event.output.data?.messages ?? []), false),
                  })),
                  'announce', 'indicate',
                ],
              },
              // 206: the parcel left its problem sector — messages, forms reset.
              {
                guard: answered(206),
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ ...takeAnswer(context, event.output), ...defaults(context), feedback: about(context, feedback.ofReply(event.output.data?.messages ?? [])) })),
                  'announce', 'indicate',
                  enqueueActions(({ context, event, enqueue }) => {
                    const id = event.output.data?.data.parcel_id
                    if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
                  }),
                ],
              },
              // 208 with suggestions: problem mode (the sector window opens when a sector is suggested).
              {
                guard: onAnswer((a) => problemAnswer(a) && suggestionsOf(a.data?.data).sectorId !== null),
                target: 'choosingSector',
                actions: [assign(({ context, event }) => ({ ...takeAnswer(context, event.output), ...problemFromAnswer(context, event.output) })), 'announce', 'indicate', enqueueActions(({ context, event, enqueue }) => {
                    const id = event.output.data?.data.parcel_id
                    if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
                  })],
              },
              {
                guard: onAnswer(problemAnswer),
                target: 'idle',
                actions: [assign(({ context, event }) => ({ ...takeAnswer(context, event.output), ...problemFromAnswer(context, event.output) })), 'announce', 'indicate', enqueueActions(({ context, event, enqueue }) => {
                    const id = event.output.data?.data.parcel_id
                    if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
                  })],
              },
              // 208 without suggestions: the messages.
              {
                guard: answered(208),
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    ...takeAnswer(context, event.output),
                    ...told(context, feedback.ofReply(event.output.data?.messages ?? []), !!event.output.data?.data.client),
                  })),
                  'announce', 'indicate',
                  enqueueActions(({ context, event, enqueue }) => {
                    const id = event.output.data?.data.parcel_id
                    if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
                  }),
                ],
              },
              // 201 (and any other success) with a label to re-stick.
              {
                guard: onAnswer(repasteWithOutNumber),
                target: 'openingLabel',
                actions: [assign(({ context, event }) => ({ ...takeAnswer(context, event.output), ...accepted(context, event.output) })), 'announce', 'indicate', enqueueActions(({ context, event, enqueue }) => {
                    const id = event.output.data?.data.parcel_id
                    if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
                  })],
              },
              { target: 'idle', actions: [assign(({ context, event }) => ({ ...takeAnswer(context, event.output), ...accepted(context, event.output) })), 'announce', 'indicate', enqueueActions(({ context, event, enqueue }) => {
                    const id = event.output.data?.data.parcel_id
                    if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
                  })] },
            ],
            onError: [
              // No answer (no connection, or the server itself failed): the barcode is listed to be put aside; not a parcel problem.
              {
                guard: onFailure((f) => unreachable(f.status)),
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({ lastCode: failureOf(event.error).status, ...refuseScan(context, context.barcode ?? '', FLOOR_MSG.serverUnreachable, 'error') })),
                  'announce',
                  'indicate',
                ],
              },
              { guard: onFailure(isNoWorkstation), target: '#intakeScan.noWorkstation', actions: assign(({ context }) => ({ ...defaults(context), lastCode: 403, parcelId: null })) },
              // Another workstation, or a workstation code that could not be taken: not a parcel problem.
              { guard: onFailure((f) => f.status === 403), target: 'idle', actions: [assign(({ context, event }) => failed(context, failureOf(event.error))), 'announce', 'indicate'] },
              { guard: onFailure((f) => WORKSTATION_CODE_FAILURES.includes(f.status)), target: 'idle', actions: [assign(({ context, event }) => failed(context, failureOf(event.error))), 'announce', 'indicate'] },
              { guard: onFailure((f) => suggestionsOf(f.data).sectorId !== null), target: 'choosingSector', actions: [assign(({ context, event }) => problemFromFailure(context, failureOf(event.error))), 'announce', 'indicate'] },
              { guard: onFailure((f) => hasSuggestion(f.data)), target: 'idle', actions: [assign(({ context, event }) => problemFromFailure(context, failureOf(event.error))), 'announce', 'indicate'] },
              { target: 'idle', actions: [assign(({ context, event }) => failed(context, failureOf(event.error))), 'problemOnly', 'announce', 'indicate'] },
            ],
          },
          on: {
            SCANNED: { actions: 'queueScan' },
          },
        },
        choosingSector: {
          tags: ['choosingSector'],
          on: {
            SET_SECTOR: {
              guard: 'offeredSector',
              actions: assign(({ context, event }) => pickSector(context, event.sectorId, sectorFields)),
            },
            CONFIRM_SECTOR: { guard: 'sectorChosen', target: 'idle' },
            CANCEL_SECTOR: 'idle',
            // The sector window offers the client chooser only for a barcode waiting for a client.
            CHOOSE_CLIENT: { guard: ({ context }) => context.pending !== null, target: 'choosingClient' },
            SCANNED: { actions: 'refuseInWindow' },
          },
        },
        choosingClient: {
          tags: ['choosingClient'],
          invoke: {
            id: 'chooseClient',
            src: 'chooseClient',
            input: ({ context }) => ({ barcode: context.pending }),
            onDone: [
              // The barcode waiting for a client is sent again with it, as an ordinary scan.
              {
                guard: ({ context, event }) => !!event.output.client && event.output.barcode !== null && formValid({ ...context, ...leaveProblem(context) }),
                target: 'submitting',
                actions: ['withdrawAsking', assign(({ context, event }) => ({ ...leaveProblem(context), asking: null, client: event.output.client, clientOnce: true, barcode: event.output.barcode }))],
              },
              { guard: ({ event }) => !!event.output.client, target: 'idle', actions: ['withdrawAsking', assign({ client: ({ event }) => event.output.client, clientOnce: false, asking: null })] },
              // The chooser closed without a client: a courier hand-over waiting for it ends (its
              // parcel is not created, the barcode is named to be put aside) and goes with no other parcel.
              {
                guard: ({ context }) => context.externalInbound !== null,
                target: 'idle',
                actions: [
                  assign(({ context }) => ({ ...refuseScan(context, context.pending ?? context.externalInbound!.barcode, FLOOR_MSG.handOverCancelled), externalInbound: null, pending: null, asking: null })),
                  'announce',
                ],
              },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
          on: {
            SCANNED: { actions: 'refuseInWindow' },
          },
        },
        dimensions: {
          tags: ['editingDimensions'],
          entry: 'focusDimensions',
          invoke: {
            id: 'dimensions',
            src: 'dimensions',
            input: ({ event }) => {
              if (event.type !== 'EDIT_DIMENSIONS' || event.parcelId === null) throw new Error('dimensions opened without a parcel')
              return { parcelId: event.parcelId, values: event.values }
            },
            onDone: [{ guard: ({ event }) => !!event.output.saved, target: 'idle', actions: sendTo('panel', { type: 'RELOAD' }) }, { target: 'idle' }],
            onError: 'idle',
          },
          on: {
            // Editing dimensions locks scanning.
            SCANNED: { actions: 'refuseInWindow' },
            CLEAR_SECTION: { guard: ({ event }) => event.section === 'dimensions', actions: sendTo('dimensions', { type: 'CLEAR' }) },
          },
        },
        openingLabel: {
          tags: ['busy'],
          invoke: {
            id: 'repasteLabel',
            src: 'repasteLabel',
            input: ({ context }) => ({ internalNumber: context.waybill! }),
            onDone: { target: 'idle', actions: [assign({ labelUrl: ({ event }) => event.output }), 'openLabel'] },
            onError: { target: 'idle', actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.labelOpenFailed) }), 'announce', 'indicate'] },
          },
          on: {
            SCANNED: { actions: 'queueScan' },
          },
        },
      },
    },
  },
})

export type IntakeScanActor = ActorRefFrom<typeof intakeScanMachine>

export type IntakeSnapshot = SnapshotFrom<typeof intakeScanMachine>

/** Delete with the focus in the form's section `section` (as the page marks it): what clears it; null outside the form. */
export function clearSection(section: string | null): IntakeEvent | null {
  if (section === 'where') return { type: 'SET_WHERE', where: '' }
  return section !== null && isSection(section) ? { type: 'CLEAR_SECTION', section } : null
}

/**
 * Page Down or the panel's edit button: the dimension form for the parcel the panel shows now (with
 * none shown the machine says to scan one first).
 */
export function editShownDimensions(state: IntakeSnapshot): IntakeEvent {
  const parcel = state.children.panel?.getSnapshot().context.parcel ?? null
  return { type: 'EDIT_DIMENSIONS', parcelId: parcel?.id ?? null, values: dimensionValuesOf(parcel) }
}

/**
 * What the intake view shows and may send (tags, never state names). The view renders these props
 * and passes the children (scanner, panel, dimensions, chooseClient) to their own views.
 */
export function connectIntake(state: IntakeSnapshot, send: (e: IntakeEvent) => void) {
  const c = state.context
  const status = currentStatus(c)
  const sector = sectorById(c.sectors, c.sectorId)
  return {
    form: c,
    workstation: c.workstation,
    acceptedScans: c.acceptedScans,
    feedback: c.feedback,
    processing: state.hasTag('busy'),
    loadFailed: state.hasTag('problem'),
    editable: state.hasTag('editable'),
    editingDimensions: state.hasTag('editingDimensions'),
    sectorWindowOpen: state.hasTag('choosingSector'),
    canSubmit: formValid(c),
    lastCode: c.lastCode,
    problem: c.problem,
    client: c.client,
    externalInbound: c.externalInbound,
    statuses: c.statuses,
    statusTypeId: c.statusTypeId,
    /** The sector line shows for a known-problem status, or whenever a sector is held. */
    sectorShown: isKnownProblem(status) || sector !== undefined,
    sector: sector ?? null,
    sectors: c.sectors,
    sectorId: c.sectorId,
    suggestedSectorId: c.suggestedSectorId,
    duplicatedRow: c.duplicatedRow,
    where: c.where,
    whereMissing: c.where.trim() === '',
    /** The place field holds something that is no place of the warehouse. */
    whereUnknown: c.where.trim() !== '' && !knownPlace(c),
    ...connectScanQueue(c),
    clearUnprocessed: () => send({ type: 'CLEAR_UNPROCESSED' }),
    /** A barcode waits for a client (the sector window offers the chooser). */
    waitingForClient: c.pending !== null,
    canReset: state.can({ type: 'RESET' }),
    canChooseClient: state.can({ type: 'CHOOSE_CLIENT' }),
    canOpenSectors: state.can({ type: 'OPEN_SECTORS' }),
    canConfirmSector: state.can({ type: 'CONFIRM_SECTOR' }),
    scanner: state.children.scanner,
    panel: state.children.panel,
    dimensions: state.children.dimensions,
    chooser: state.children.chooseClient,
    indicator: state.children.indicator,
    reset: () => send({ type: 'RESET' }),
    retry: () => send({ type: 'RETRY' }),
    chooseClient: () => send({ type: 'CHOOSE_CLIENT' }),
    clear: (section: Section) => send({ type: 'CLEAR_SECTION', section }),
    setStatus: (statusTypeId: number) => send({ type: 'SET_STATUS', statusTypeId }),
    setWhere: (where: string) => send({ type: 'SET_WHERE', where }),
    openSectors: () => send({ type: 'OPEN_SECTORS' }),
    selectSector: (sectorId: number) => send({ type: 'SET_SECTOR', sectorId }),
    confirmSector: () => send({ type: 'CONFIRM_SECTOR' }),
    cancelSector: () => send({ type: 'CANCEL_SECTOR' }),
    /** The dimension form for the parcel the panel shows. */
    editDimensions: () => send(editShownDimensions(state)),
  }
}
export type IntakeProps = ReturnType<typeof connectIntake>
