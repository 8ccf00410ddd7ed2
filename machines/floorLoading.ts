import { type EventObject, assign } from 'xstate'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { RouteName } from '../src/contract/routes.ts'
import { type Feedback, type FloorData, type FloorForm, type SectorFields, feedback, leavingFor, takeFloor } from './floorKit.ts'

/**
 * The loading and workstation-check states shared by the intake and sorting screens: the floor data
 * (workflow, statuses, sectors) is loaded; no workstation → `noWorkstation` (the gate sends the person
 * to /set-workstation); a workstation of another type → `leaving` for its screen (announced unless the
 * person just chose it with a 205); otherwise `ready`. A failed load waits for RETRY; a scan while
 * loading is refused as "busy".
 *
 * Each screen provides the named pieces in its setup: guards `noWorkflow`, `switchingAway`,
 * `otherScreen`, the actions of `floorLoadingActions` (`takeFloor`, `leave`, `leaveWarned`,
 * `loadFailed`, `refuseBusy`) and the common `announce`, `indicate`, `workstationChanged`,
 * `workstationLost`, `redirect`, reading the loaded FloorData with `loadedFloor(event)` where they
 * need it.
 */
/** The floor data of the loadFloor done event the shared states hand to the screen's guards and actions. */
export const loadedFloor = (event: { type: string }): FloorData => (event as { type: string; output: FloorData }).output

export const FLOOR_LOADING_STATES = {
  loading: {
    tags: ['busy'],
    invoke: {
      id: 'loadFloor',
      src: 'loadFloor',
      onDone: [
        { guard: 'noWorkflow', target: 'noWorkstation' },
        // A workstation of another type: after a 205 the person chose it (already announced)...
        { guard: 'switchingAway', target: 'leaving', actions: ['leave', 'workstationChanged', 'redirect'] },
        // ...otherwise they opened the wrong screen for their workstation.
        {
          guard: 'otherScreen',
          target: 'leaving',
          actions: ['leaveWarned', 'announce', 'indicate', 'workstationChanged', 'redirect'],
        },
        { target: 'ready', actions: ['takeFloor', 'workstationChanged'] },
      ],
      onError: { target: 'loadFailed', actions: ['loadFailed', 'announce', 'indicate'] },
    },
    on: {
      SCANNED: { actions: ['refuseBusy', 'announce', 'indicate'] },
    },
  },
  loadFailed: { tags: ['problem'], on: { RETRY: 'loading' } },
  noWorkstation: { type: 'final', entry: 'workstationLost' },
  leaving: { type: 'final' },
} as const

/** What the shared loading actions write besides the status/sector form. */
export interface FloorLoadingContext extends FloorForm {
  feedback: Feedback | null
  target: RouteName | null
}

/**
 * The actions of the shared states, for a screen whose context is `C` and events `E`: take the
 * loaded floor data (`fields` says which sector fields the screen keeps), leave for the
 * workstation's own screen (warned when the person opened the wrong one), a failed load, a scan
 * refused while loading.
 */
export function floorLoadingActions<C extends FloorLoadingContext, E extends EventObject>(fields: SectorFields<C>) {
  const patch = (p: Partial<FloorLoadingContext>) => p as Partial<C>
  return {
    takeFloor: assign<C, E, undefined, E, never>(({ context, event }) => takeFloor(context, loadedFloor(event), fields)),
    leave: assign<C, E, undefined, E, never>(({ event }) => patch(leavingFor(loadedFloor(event)))),
    leaveWarned: assign<C, E, undefined, E, never>(({ event }) =>
      patch({ ...leavingFor(loadedFloor(event)), feedback: feedback.warning(WAREHOUSE_MSG.otherWorkstation) }),
    ),
    loadFailed: assign<C, E, undefined, E, never>(() => patch({ feedback: feedback.error(FLOOR_MSG.loadFailed), switching: false })),
    refuseBusy: assign<C, E, undefined, E, never>(() => patch({ feedback: feedback.error(FLOOR_MSG.busy) })),
  }
}
