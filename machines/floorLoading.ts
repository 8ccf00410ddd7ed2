import type { FloorData } from './floorKit.ts'

/**
 * The loading and workstation-check states shared by the intake and sorting screens: the floor data
 * (workflow, statuses, sectors) is loaded; no workstation → `noWorkstation` (the gate sends the person
 * to /set-workstation); a workstation of another type → `leaving` for its screen (announced unless the
 * person just chose it with a 205); otherwise `ready`. A failed load waits for RETRY; a scan while
 * loading is refused as "busy".
 *
 * Each screen provides the named pieces in its setup: guards `noWorkflow`, `switchingAway`,
 * `otherScreen` and actions `takeFloor`, `leave`, `leaveWarned`, `loadFailed`, `refuseBusy` (plus the
 * common `announce`, `indicate`, `workstationChanged`, `workstationLost`, `redirect`), reading the loaded
 * FloorData with `loadedFloor(event)` where they need it.
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
