import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import type { WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { type Feedback, type FloorWorkflow, failureFeedback, feedback, routeForWorkstation } from './floorKit.ts'
import { failureOf } from './floorFailure.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './floorScannerInput.ts'

/**
 * Set workstation (/set-workstation): the person scans a workstation code; the server
 * occupies it (ending their previous workflow) and the screen sends them on by the workstation
 * type: PRZJ/ZWRT → /parcel-from-number, PRBL → /resolve-problematic, SRTW → /parcel-classification.
 * 404 "Stanowisko nie istnieje!", 406 the server's message, 423 "Stanowisko jest już zajęte!".
 */
export interface WorkstationContext {
  /** The workstation held now (from the session at start, then the one just set). */
  workstation: WorkstationRef | null
  /** The screen to go to once set. */
  target: RouteName | null
  feedback: Feedback | null
  /** Last code sent (shown while processing). */
  code: string | null
}

export type WorkstationEvent = ScannerOutput

export interface SetWorkstationResult {
  message: string
  workstation: WorkstationRef
  workflow: FloorWorkflow
}

/** Messages of a workstation scan by answer code (404, 406, 423); other codes show the server's message. */
export const WORKSTATION_ERRORS: Readonly<Record<number, string>> = {
  404: WAREHOUSE_MSG.workstationNotFound,
  423: WAREHOUSE_MSG.workstationTaken,
}

export const workstationMachine = setup({
  types: {
    context: {} as WorkstationContext,
    events: {} as WorkstationEvent,
    input: {} as { workstation: WorkstationRef | null },
    children: {} as { scanner: 'scannerInput'; setWorkstation: 'setWorkstation' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    setWorkstation: fromPromise<SetWorkstationResult, { code: string }>(async () => {
      throw new Error('setWorkstation not provided')
    }),
  },
  actions: {
    /** Toasts and the tone of `context.feedback` (provided by the web). */
    announce: () => {},
    /** Withdraws the toasts said before (the gate's "musisz zeskanować stanowisko"; provided by the web). */
    withdraw: () => {},
    /** Tells the session the workstation held now (WORKSTATION_CHANGED). */
    workstationChanged: () => {},
    /** Goes to `context.target`. */
    redirect: () => {},
  },
}).createMachine({
  id: 'workstation',
  context: ({ input }) => ({ workstation: input.workstation, target: null, feedback: null, code: null }),
  invoke: { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.workstation } },
  initial: 'ready',
  states: {
    ready: {
      on: {
        SCANNED: { target: 'setting', actions: assign({ code: ({ event }) => event.code }) },
      },
    },
    setting: {
      tags: ['busy'],
      invoke: {
        id: 'setWorkstation',
        src: 'setWorkstation',
        input: ({ context }) => ({ code: context.code! }),
        onDone: {
          target: 'done',
          actions: [
            assign({
              workstation: ({ event }) => event.output.workstation,
              target: ({ event }) => routeForWorkstation(event.output.workstation),
              feedback: ({ context }) => feedback.about(context.code, feedback.success(WAREHOUSE_MSG.workstationSet, WAREHOUSE.toastMs.confirmation)),
            }),
            'withdraw',
            'announce',
            'workstationChanged',
            'redirect',
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({
              // Named: a code the worker did not mean (a misread, a code cut short) shows as what it was.
              feedback: ({ context, event }) => {
                const f = failureOf(event.error)
                const known = WORKSTATION_ERRORS[f.status]
                return feedback.about(context.code, known ? feedback.error(known) : failureFeedback(f))
              },
            }),
            'announce',
          ],
        },
      },
      on: {
        SCANNED: { actions: [assign({ feedback: ({ event }) => feedback.about(event.code, feedback.error(FLOOR_MSG.busy)) }), 'announce'] },
      },
    },
    done: { type: 'final' },
  },
})

/** What the set-workstation view shows (tags, never state names). */
export function connectWorkstation(state: SnapshotFrom<typeof workstationMachine>) {
  return {
    processing: state.hasTag('busy'),
    feedback: state.context.feedback,
    /** Set: the screen of the workstation's type takes over. */
    leavingFor: state.status === 'done' ? state.context.target : null,
    scanner: state.children.scanner,
  }
}
