import { type ActorRefFrom, and, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { WorkstationRef } from '../src/contract/schemas.ts'
import type { ClientRef, ScanReply, ScanRequest } from '../src/contract/schemas/warehouse.ts'
import { chooseClientMachine } from './chooseClient.ts'
import { type DimensionValues, dimensionsMachine } from './dimensions.ts'
import {
  type Feedback, type FloorData, type FloorForm, type ScanAnswer, type ScanFailure, type SectorFields, SCREEN_WORKSTATION_TYPES, alarmFeedback,
  enterProblem as problemFields, failureFeedback, failureOfEvent, feedback, fitsScreen, formForScan, isKnownProblem, isNoWorkstation,
  isProblemStatus, leaveProblem as ownFormAgain, leavingFor, loadedWorkflow, message, outputOf, pickSector, pickStatus, resetProblemForm, sectorById,
  statusById, suggestionsOf, takeFloor,
} from './floorKit.ts'
import { parcelPanelMachine } from './parcelPanel.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './scannerInput.ts'

/**
 * Intake scan (/parcel-from-number and /parcel-from-number-and-assign-to-client).
 *
 * The person scans a parcel with a status (the workstation type's list, default 55) and a place
 * (default TYCHY); the answer code decides what happens:
 * 201 parcel shown (+ re-paste label, or "Przesyłka nie posiada numeru wyjściowego" for 20 s) ·
 * 202 client set from the scan · 203 courier hand-over recognised: its barcode is shown and the
 * client chooser opens · 204 nothing · 205 workstation set: reloaded, "Pomyślnie ustawiono
 * stanowisko!" · 206 problem resolved, forms reset · 208 messages and suggestions.
 * Messages show with their own type and duration; none → the big success indicator; the parcel
 * panel loads 2.5 s later. Errors: 403 "Jesteś zalogowany na innym stanowisku!" (no workstation
 * at all → /set-workstation), 409 deleted parcel, 422 the server's message, others the body's
 * messages — 5 s each, and problem mode.
 *
 * Problem mode: a suggested status is preselected, a suggested sector too (and the sector window
 * opens), with the warning "Wykryto nieprawidłowość, rozważ przekazania przesyłki do odpowiedniego
 * sektora!". The suggestions belong to the barcode they were suggested for: scanning that parcel
 * again records it with them; scanning any other barcode first returns the form to the worker's own
 * choice (status 55 unless they picked another by hand), so nothing carries over to the next parcel.
 * A success (201/206) ends problem mode the same way. Every answer names its barcode; a scan of
 * another barcode clears the parcel panel and withdraws the previous parcel's toasts.
 * Choosing known_problem_detected opens the sector window; unknown_problem_detected takes the default
 * (receiving) sector. Sectors with code 3 or 4 force the duplicated-parcel row.
 *
 * Children: `scanner` (shared scanner input), `panel` (parcelPanel: parcel and history), and while
 * open `chooseClient` and `dimensions` (their own machines). Side effects are actors and actions
 * provided by the web (src/web/views/warehouse/IntakeScanView.tsx).
 */

/** Sections Delete clears (the place field is emptied by the view itself: SET_WHERE ''). */
export type Section = 'barcode' | 'client' | 'status'

export interface IntakeContext extends FloorForm {
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

export type IntakeAnswer = ScanAnswer<ScanReply>

// ---- the rules, as pure functions (also used by the view to render) --------------------------------

type Form = Pick<IntakeContext, 'statuses' | 'sectors' | 'statusTypeId' | 'sectorId' | 'where'>

export const currentStatus = (c: Pick<IntakeContext, 'statuses' | 'statusTypeId'>) => statusById(c.statuses, c.statusTypeId)

/** The scan form is complete: barcode (the scanner's), status, where; a known problem needs its sector. */
export const formValid = (c: Form) => {
  const status = currentStatus(c)
  return !!status && c.where.trim() !== '' && (!isKnownProblem(status) || sectorById(c.sectors, c.sectorId) !== undefined)
}

/** The body of POST parcel/scan (or PUT scan-and-assign-to-client). */
export function scanRequest(c: IntakeContext): ScanRequest {
  const status = currentStatus(c)
  const sector = isProblemStatus(status) ? sectorById(c.sectors, c.sectorId) : undefined
  return {
    barcode: c.barcode!,
    id_status_type: c.statusTypeId,
    where: c.where.trim(),
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
})

/** Answers of a scanned workstation code that could not be taken. */
const WORKSTATION_CODE_FAILURES: readonly number[] = [404, 406, 423]

const answerOf = (event: unknown) => outputOf<IntakeAnswer>(event)
const chosenOf = (event: unknown) => outputOf<{ client: ClientRef | null; barcode: string | null }>(event)

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
    },
  },
  actors: {
    scannerInput: scannerInputMachine,
    parcelPanel: parcelPanelMachine,
    chooseClient: chooseClientMachine,
    dimensions: dimensionsMachine,
    loadFloor: fromPromise<FloorData>(async () => {
      throw new Error('loadFloor not provided')
    }),
    submitScan: fromPromise<IntakeAnswer, ScanRequest>(async () => {
      throw new Error('submitScan not provided')
    }),
    /** The re-paste label's URL with a fresh public token. */
    repasteLabel: fromPromise<string, { internalNumber: string }>(async () => {
      throw new Error('repasteLabel not provided')
    }),
  },
  guards: {
    noWorkflow: ({ event }) => loadedWorkflow(event) === null,
    notIntakeWorkstation: ({ event }) => !fitsScreen(loadedWorkflow(event)!.workstation, SCREEN_WORKSTATION_TYPES.intake),
    formValid: ({ context }) => formValid(context),
    /** The form the scanned barcode would go with is complete. */
    scanValid: ({ context, event }) => event.type === 'SCANNED' && formValid(scanning(context, event.code)),
    switching: ({ context }) => context.switching,
    parcelShown: ({ event }) => event.type === 'EDIT_DIMENSIONS' && event.parcelId !== null,
    knownStatus: ({ context, event }) => event.type === 'SET_STATUS' && isKnownProblem(statusById(context.statuses, event.statusTypeId)),
    offeredStatus: ({ context, event }) => event.type === 'SET_STATUS' && statusById(context.statuses, event.statusTypeId) !== undefined,
    knownStatusChosen: ({ context }) => isKnownProblem(currentStatus(context)),
    sectorChosen: ({ context }) => sectorById(context.sectors, context.sectorId) !== undefined,
    offeredSector: ({ context, event }) => event.type === 'SET_SECTOR' && sectorById(context.sectors, event.sectorId) !== undefined,
    // answers
    answered: ({ event }, params: { status: number }) => answerOf(event).status === params.status,
    problemAnswer: ({ event }) => answerOf(event).status === 208 && hasSuggestion(answerOf(event).data?.data ?? null),
    sectorSuggested: ({ event }) => suggestionsOf(answerOf(event).data?.data ?? null).sectorId !== null,
    repasteWithOutNumber: ({ event }) => {
      const d = answerOf(event).data?.data
      return !!d?.re_pasting_required && !!d.waybill && !!d.out_number && d.out_number !== '-'
    },
    // failures
    noWorkstation: ({ event }) => isNoWorkstation(failureOfEvent(event)),
    otherWorkstation: ({ event }) => failureOfEvent(event).status === 403,
    /** A workstation code that could not be taken (404/406/423 answer only those, INTAKE_STATUSES): nothing to do with a parcel. */
    workstationCodeFailed: ({ event }) => WORKSTATION_CODE_FAILURES.includes(failureOfEvent(event).status),
    failureSuggests: ({ event }) => hasSuggestion(failureOfEvent(event).data),
    failureSuggestsSector: ({ event }) => suggestionsOf(failureOfEvent(event).data).sectorId !== null,
    // children
    /** A client for the barcode that waited for one, and the form (out of problem mode) allows sending it. */
    clientForPending: ({ context, event }) => !!chosenOf(event).client && chosenOf(event).barcode !== null && formValid({ ...context, ...leaveProblem(context) }),
    clientChosen: ({ event }) => !!chosenOf(event).client,
    dimensionsSaved: ({ event }) => !!(event as unknown as { output: { saved: unknown } }).output.saved,
  },
  actions: {
    /** Toasts and tone of `context.feedback` (provided by the web). */
    announce: () => {},
    workstationChanged: () => {},
    workstationLost: () => {},
    redirect: () => {},
    /** Opens `context.labelUrl` in a new window. */
    openLabel: () => {},
    /** Withdraws the toasts of the previous answer (provided by the web). */
    withdraw: () => {},
    clearScanner: sendTo('scanner', { type: 'CLEAR' }),
    /**
     * A scan starts: the form it goes with (another barcode leaves problem mode), the previous answer is
     * withdrawn, and the panel no longer shows the previous parcel when this is another barcode.
     */
    startScan: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SCANNED') return
      if (event.code !== context.barcode) enqueue.sendTo('panel', { type: 'CLEAR' })
      enqueue.assign({ ...scanning(context, event.code), feedback: null })
      enqueue('withdraw')
    }),
    leaveFor: assign(({ event }) => leavingFor(event)),
    /** Accepted-scan counter and last parcel of an answer with a body. */
    takeAnswer: assign(({ context, event }) => {
      const a = answerOf(event)
      const d = a.data?.data
      return {
        lastCode: a.status,
        acceptedScans: d ? d.accepted_scans : context.acceptedScans,
        parcelId: d?.parcel_id ?? context.parcelId,
        waybill: d?.waybill ?? context.waybill,
        outNumber: d?.out_number ?? context.outNumber,
      }
    }),
    showParcel: enqueueActions(({ context, enqueue, event }) => {
      const id = answerOf(event).data?.data.parcel_id
      if (id != null) enqueue.sendTo('panel', { type: 'SHOW', parcelId: id, barcode: context.barcode })
    }),
    /** An accepted scan (201 and other successes): problem mode ends, the hand-over is done, messages or the big indicator. */
    accepted: assign(({ context, event }) => {
      const reply = answerOf(event).data
      const d = reply?.data
      const missingOut = d?.re_pasting_required && (!d.out_number || d.out_number === '-')
      return {
        ...leaveProblem(context),
        externalInbound: null,
        pending: null,
        feedback: about(
          context,
          feedback.merge(
            feedback.ofReply(reply?.messages ?? []),
            missingOut ? { tone: 'error', messages: [message('error', WAREHOUSE_MSG.missingOutNumber, WAREHOUSE.toastMs.missingOutNumber)], big: false } : null,
          ),
        ),
      }
    }),
    problemFromAnswer: assign(({ context, event }) => {
      const reply = answerOf(event).data!
      return {
        ...enterProblem(context, reply.data as unknown as Record<string, unknown>),
        pending: reply.data.client ? null : context.barcode,
        feedback: about(context, feedback.merge(feedback.ofReply(reply.messages), feedback.problem())),
      }
    }),
    failed: assign({ lastCode: ({ event }) => failureOfEvent(event).status, feedback: ({ context, event }) => about(context, failureFeedback(failureOfEvent(event))) }),
    problemFromFailure: assign(({ context, event }) => {
      const f: ScanFailure = failureOfEvent(event)
      return { ...enterProblem(context, f.data), feedback: about(context, feedback.merge(failureFeedback(f), feedback.problem())) }
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
    lastCode: null,
    parcelId: null,
    waybill: null,
    outNumber: null,
    labelUrl: null,
    feedback: null,
    target: null,
    switching: false,
  }),
  invoke: [
    { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.intake } },
    { id: 'panel', src: 'parcelPanel' },
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFloor',
        src: 'loadFloor',
        onDone: [
          { guard: 'noWorkflow', target: 'noWorkstation' },
          // A workstation of another type: after a 205 the person chose it (already announced)...
          {
            guard: and(['notIntakeWorkstation', 'switching']),
            target: 'leaving',
            actions: ['leaveFor', 'workstationChanged', 'redirect'],
          },
          // ...otherwise they opened the wrong screen for their workstation.
          {
            guard: 'notIntakeWorkstation',
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
    loadFailed: {
      on: { RETRY: 'loading' },
    },
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
              { actions: [assign({ feedback: () => feedback.warning(FLOOR_MSG.noParcelYet) }), 'announce'] },
            ],
            CLEAR_SECTION: [
              { guard: ({ event }) => event.section === 'barcode', actions: 'clearScanner' },
              { guard: ({ event }) => event.section === 'client', actions: assign({ client: null, clientOnce: false, externalInbound: null, pending: null }) },
              {
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
          // A client chosen for one waiting barcode is not kept for the next parcels.
          exit: assign(({ context }) => (context.clientOnce ? { client: null, clientOnce: false } : {})),
          invoke: {
            id: 'submitScan',
            src: 'submitScan',
            input: ({ context }) => scanRequest(context),
            onDone: [
              // 205: a workstation code — reload the workstation (it may be another type).
              {
                guard: { type: 'answered', params: { status: 205 } },
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
                  'announce',
                  sendTo('panel', { type: 'CLEAR' }),
                ],
              },
              // 204: a repeated read of the same scan — nothing happens.
              { guard: { type: 'answered', params: { status: 204 } }, target: 'idle', actions: assign({ lastCode: 204 }) },
              // 202: a client from an internal instruction code.
              {
                guard: { type: 'answered', params: { status: 202 } },
                target: 'idle',
                actions: ['takeAnswer', assign({ client: ({ context, event }) => event.output.data?.data.client ?? context.client, clientOnce: false, feedback: ({ context, event }) => about(context, feedback.ofReply(event.output.data?.messages ?? [])) }), 'announce'],
              },
              // 203: a courier hand-over: show its barcode and ask for the client.
              {
                guard: { type: 'answered', params: { status: 203 } },
                target: 'choosingClient',
                actions: [
                  'takeAnswer',
                  assign({
                    externalInbound: ({ event }) => event.output.data?.data.external_inbound ?? null,
                    pending: ({ context }) => context.barcode,
                    feedback: ({ context, event }) => about(context, feedback.ofReply(event.output.data?.messages ?? [])),
                  }),
                  'announce',
                ],
              },
              // 206: the parcel left its problem sector — messages, forms reset.
              {
                guard: { type: 'answered', params: { status: 206 } },
                target: 'idle',
                actions: [
                  'takeAnswer',
                  assign(({ context, event }) => ({ ...defaults(context), feedback: about(context, feedback.ofReply(event.output.data?.messages ?? [])) })),
                  'announce',
                  'showParcel',
                ],
              },
              // 208 with suggestions: problem mode (the sector window opens when a sector is suggested).
              {
                guard: and(['problemAnswer', 'sectorSuggested']),
                target: 'choosingSector',
                actions: ['takeAnswer', 'problemFromAnswer', 'announce', 'showParcel'],
              },
              { guard: 'problemAnswer', target: 'idle', actions: ['takeAnswer', 'problemFromAnswer', 'announce', 'showParcel'] },
              // 208 without suggestions: the messages.
              {
                guard: { type: 'answered', params: { status: 208 } },
                target: 'idle',
                actions: [
                  'takeAnswer',
                  assign({
                    pending: ({ context, event }) => (event.output.data?.data.client ? null : context.barcode),
                    feedback: ({ context, event }) => about(context, feedback.ofReply(event.output.data?.messages ?? [])),
                  }),
                  'announce',
                  'showParcel',
                ],
              },
              // 201 (and any other success) with a label to re-stick.
              { guard: 'repasteWithOutNumber', target: 'openingLabel', actions: ['takeAnswer', 'accepted', 'announce', 'showParcel'] },
              { target: 'idle', actions: ['takeAnswer', 'accepted', 'announce', 'showParcel'] },
            ],
            onError: [
              { guard: 'noWorkstation', target: '#intakeScan.noWorkstation', actions: assign(({ context }) => ({ ...defaults(context), lastCode: 403, parcelId: null })) },
              // Another workstation, or a workstation code that could not be taken: not a parcel problem.
              { guard: 'otherWorkstation', target: 'idle', actions: ['failed', 'announce'] },
              { guard: 'workstationCodeFailed', target: 'idle', actions: ['failed', 'announce'] },
              { guard: 'failureSuggestsSector', target: 'choosingSector', actions: ['failed', 'problemFromFailure', 'announce'] },
              { guard: 'failureSuggests', target: 'idle', actions: ['failed', 'problemFromFailure', 'announce'] },
              { target: 'idle', actions: ['failed', 'problemOnly', 'announce'] },
            ],
          },
          on: {
            SCANNED: { actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.busy) }), 'announce'] },
          },
        },
        choosingSector: {
          on: {
            SET_SECTOR: {
              guard: 'offeredSector',
              actions: assign(({ context, event }) => pickSector(context, event.sectorId, sectorFields)),
            },
            CONFIRM_SECTOR: { guard: 'sectorChosen', target: 'idle' },
            CANCEL_SECTOR: 'idle',
            CHOOSE_CLIENT: 'choosingClient',
            SCANNED: { actions: [assign({ feedback: () => feedback.warning(FLOOR_MSG.closeWindowFirst) }), 'announce'] },
          },
        },
        choosingClient: {
          invoke: {
            id: 'chooseClient',
            src: 'chooseClient',
            input: ({ context }) => ({ barcode: context.pending }),
            onDone: [
              // The barcode waiting for a client is sent again with it, as an ordinary scan.
              {
                guard: 'clientForPending',
                target: 'submitting',
                actions: assign(({ context, event }) => ({ ...leaveProblem(context), client: event.output.client, clientOnce: true, barcode: event.output.barcode })),
              },
              { guard: 'clientChosen', target: 'idle', actions: assign({ client: ({ event }) => event.output.client, clientOnce: false }) },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
          on: {
            SCANNED: { actions: [assign({ feedback: () => feedback.warning(FLOOR_MSG.closeWindowFirst) }), 'announce'] },
          },
        },
        dimensions: {
          invoke: {
            id: 'dimensions',
            src: 'dimensions',
            input: ({ event }) => {
              const e = event as Extract<IntakeEvent, { type: 'EDIT_DIMENSIONS' }>
              return { parcelId: e.parcelId!, values: e.values }
            },
            onDone: [{ guard: 'dimensionsSaved', target: 'idle', actions: sendTo('panel', { type: 'RELOAD' }) }, { target: 'idle' }],
            onError: 'idle',
          },
          on: {
            // Editing dimensions locks scanning.
            SCANNED: { actions: [assign({ feedback: () => feedback.warning(FLOOR_MSG.closeWindowFirst) }), 'announce'] },
          },
        },
        openingLabel: {
          invoke: {
            id: 'repasteLabel',
            src: 'repasteLabel',
            input: ({ context }) => ({ internalNumber: context.waybill! }),
            onDone: { target: 'idle', actions: [assign({ labelUrl: ({ event }) => event.output }), 'openLabel'] },
            onError: { target: 'idle', actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.labelOpenFailed) }), 'announce'] },
          },
          on: {
            SCANNED: { actions: [assign({ feedback: () => feedback.error(FLOOR_MSG.busy) }), 'announce'] },
          },
        },
      },
    },
  },
})

export type IntakeScanActor = ActorRefFrom<typeof intakeScanMachine>
