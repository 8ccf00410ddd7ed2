import { type EventObject, type SnapshotFrom, assign, fromCallback, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'

/**
 * The focus lock of a scanning screen's barcode field. While free, focus returns to the field
 * WAREHOUSE.focusReturnMs (2 s) after the person last did something elsewhere (and every 2 s after
 * that); Escape locks it (the person works elsewhere on the page), Escape again frees it and puts the
 * focus back at once; Tab locks it. While paused (a window is open or the dimensions are being
 * edited) the timer runs but the focus stays where it is; when the window or form closes the lock
 * frees and the focus returns at once, so a Tab inside the form leaves no lock behind. The page's
 * keys and clicks come from the `keyboard` child and moving the focus is the `focusField` action,
 * both provided by the web; the keyboard lives as long as the machine (stopping it removes it).
 *
 *   free ─ESCAPE / TAB─▶ locked ─ESCAPE (focusField)─▶ free
 *    └─ 2 s (focusField unless paused) ─▶ free           ACTIVITY in free restarts the 2 s
 *   PAUSE false after PAUSE true (a window or form closed) ─(focusField)─▶ free
 */
export interface FocusLockContext {
  paused: boolean
}

export type FocusLockEvent = { type: 'ESCAPE' } | { type: 'TAB' } | { type: 'ACTIVITY' } | { type: 'PAUSE'; paused: boolean }

export const focusLockMachine = setup({
  types: { context: {} as FocusLockContext, events: {} as FocusLockEvent },
  delays: { focusReturn: WAREHOUSE.focusReturnMs },
  guards: {
    paused: ({ context }) => context.paused,
    /** The window or form that held the focus has closed. */
    resumes: ({ context, event }) => event.type === 'PAUSE' && context.paused && !event.paused,
  },
  actors: {
    /** The page's keys and clicks as ESCAPE / TAB / ACTIVITY (provided by the web). */
    keyboard: fromCallback<EventObject, undefined, FocusLockEvent>(() => {}),
  },
  actions: {
    /** Puts the focus into the barcode field (provided by the web). */
    focusField: () => {},
  },
}).createMachine({
  id: 'focusLock',
  context: { paused: false },
  invoke: { id: 'keyboard', src: 'keyboard' },
  initial: 'free',
  on: {
    PAUSE: [
      { guard: 'resumes', target: '.free', actions: [assign({ paused: false }), 'focusField'] },
      { actions: assign({ paused: ({ event }) => event.paused }) },
    ],
  },
  states: {
    free: {
      tags: ['free'],
      after: {
        focusReturn: [
          { guard: 'paused', target: 'free', reenter: true },
          { target: 'free', reenter: true, actions: 'focusField' },
        ],
      },
      on: {
        ACTIVITY: { target: 'free', reenter: true },
        ESCAPE: 'locked',
        TAB: 'locked',
      },
    },
    locked: {
      tags: ['locked'],
      on: {
        ESCAPE: { target: 'free', actions: 'focusField' },
      },
    },
  },
})

/** What the scan field shows about the lock. */
export function connectFocusLock(state: SnapshotFrom<typeof focusLockMachine>, send: (e: FocusLockEvent) => void) {
  return {
    locked: state.hasTag('locked'),
    escape: () => send({ type: 'ESCAPE' }),
    tab: () => send({ type: 'TAB' }),
    activity: () => send({ type: 'ACTIVITY' }),
    pause: (paused: boolean) => send({ type: 'PAUSE', paused }),
  }
}
