import { type ActorRefFrom, type AnyActorRef, type SnapshotFrom, assign, enqueueActions, fromCallback, setup } from 'xstate'
import { SCANNER } from '../src/contract/constants/warehouse.ts'
import type { scannerInputMachine } from './scannerInput.ts'

/**
 * Scan capture of a scanning screen: a scanner burst goes to the scan wherever the focus is.
 *
 * A scanner types a code's keys a few milliseconds apart and ends it with Enter; a person types far
 * slower. Keys of a code that go anywhere but the barcode field itself (the place field, a button, the
 * page, a select, an open window) are held back; when SCANNER.burst.minKeys of them follow each other
 * within SCANNER.burst.keyGapMs, they are a scanner's and go to the screen's scanner child, and so do
 * the keys that follow while the burst goes on, and its Enter (which then never confirms a window or
 * presses a button). Keys that turn out to be a person's are released to where they were typed: into
 * the text field, or — typed on the page itself — to the scanner, as before; on a select or inside a
 * window (not in a text field) they are dropped. Any other key while keys are held (a dot, Backspace,
 * an arrow) is a person's: the held keys are released first, so the field keeps the typed order.
 *
 * The keyboard itself is the `keyboard` child (provided by the web: a document listener, removed when
 * the screen goes), which tells the machine where each key went and does the releasing into fields.
 *
 *   idle ─KEY─▶ holding ─KEY (minKeys within the gap)─▶ burst ─ENTER─▶ idle (submit)
 *                  ├─ gap passes / OTHER_KEY ─▶ idle (release)     └─ burst gap passes ─▶ idle
 *                  └─ ENTER ─▶ idle (forward + submit)
 */

/** Where a held key goes if it is a person's: into a text field, to the scanner (typed on the page), or nowhere. */
export type KeyPlace = 'field' | 'scanner' | 'none'

export type ScanCaptureEvent =
  /** A key of a code (machines/scannerInput.ts `mapKey` accepts it), typed outside the barcode field. */
  | { type: 'KEY'; key: string; place: KeyPlace }
  /** Enter while keys are held or a burst goes on. */
  | { type: 'ENTER' }
  /** Any other key while keys are held: a person is typing. */
  | { type: 'OTHER_KEY' }

/** What the machine tells its keyboard child: put these keys into the field they were typed in. */
export type KeyboardCommand = { type: 'RELEASE'; keys: string }

export type ScannerRef = ActorRefFrom<typeof scannerInputMachine>

export interface ScanCaptureContext {
  scanner: ScannerRef | AnyActorRef | null
  held: string[]
  place: KeyPlace
}

export const scanCaptureMachine = setup({
  types: {
    context: {} as ScanCaptureContext,
    events: {} as ScanCaptureEvent,
    input: {} as { scanner: ScannerRef | AnyActorRef | null },
  },
  actors: {
    /** The document's keyboard (provided by the web); receives RELEASE. */
    keyboard: fromCallback<KeyboardCommand, { capture: AnyActorRef }, ScanCaptureEvent>(() => {}),
  },
  delays: { keyGap: SCANNER.burst.keyGapMs, burstGap: SCANNER.burst.continueMs },
  guards: {
    isBurst: ({ context }) => context.held.length + 1 >= SCANNER.burst.minKeys,
  },
  actions: {
    hold: assign(({ context, event }) => (event.type === 'KEY' ? { held: [...context.held, event.key], place: context.held.length ? context.place : event.place } : {})),
    /** The held keys and this one go to the scanner. */
    forward: enqueueActions(({ context, event, enqueue }) => {
      const keys = event.type === 'KEY' ? [...context.held, event.key] : context.held
      const scanner = context.scanner
      if (scanner) for (const key of keys) enqueue.sendTo(scanner, { type: 'KEY', key })
      enqueue.assign({ held: [] })
    }),
    submit: enqueueActions(({ context, enqueue }) => {
      if (context.scanner) enqueue.sendTo(context.scanner, { type: 'SUBMIT' })
    }),
    /** A person's keys go where they were typed. */
    release: enqueueActions(({ context, enqueue }) => {
      const keys = context.held
      enqueue.assign({ held: [] })
      if (!keys.length) return
      if (context.place === 'field') enqueue.sendTo('keyboard', { type: 'RELEASE', keys: keys.join('') } satisfies KeyboardCommand)
      else if (context.place === 'scanner' && context.scanner) for (const key of keys) enqueue.sendTo(context.scanner, { type: 'KEY', key })
    }),
  },
}).createMachine({
  id: 'scanCapture',
  context: ({ input }) => ({ scanner: input.scanner, held: [], place: 'none' }),
  invoke: { id: 'keyboard', src: 'keyboard', input: ({ self }) => ({ capture: self }) },
  initial: 'idle',
  states: {
    idle: {
      on: { KEY: { target: 'holding', actions: 'hold' } },
    },
    holding: {
      tags: ['capturing', 'holding'],
      after: { keyGap: { target: 'idle', actions: 'release' } },
      on: {
        KEY: [
          { guard: 'isBurst', target: 'burst', actions: 'forward' },
          { target: 'holding', reenter: true, actions: 'hold' },
        ],
        // A short code ended by Enter at a scanner's speed.
        ENTER: { target: 'idle', actions: ['forward', 'submit'] },
        OTHER_KEY: { target: 'idle', actions: 'release' },
      },
    },
    burst: {
      tags: ['capturing'],
      after: { burstGap: 'idle' },
      on: {
        KEY: { target: 'burst', reenter: true, actions: 'forward' },
        ENTER: { target: 'idle', actions: 'submit' },
      },
    },
  },
})

export type ScanCaptureSnapshot = SnapshotFrom<typeof scanCaptureMachine>

/** What the keyboard wiring asks before letting a key through (tags, never state names). */
export function connectScanCapture(state: ScanCaptureSnapshot) {
  return {
    /** Keys are being held or a burst goes on: Enter and code keys are the scanner's. */
    capturing: state.hasTag('capturing'),
    /** Keys are held, not yet known to be a scanner's. */
    holding: state.hasTag('holding'),
  }
}
