import { type ActorRefFrom, type AnyActorRef, type SnapshotFrom, assign, enqueueActions, fromCallback, setup } from 'xstate'
import { SCANNER } from '../src/contract/constants/warehouse.ts'
import type { scannerInputMachine } from './floorScannerInput.ts'

/**
 * Scan capture of a scanning screen: a scanner burst goes to the scan wherever the focus is (the
 * rule in docs/domain.md "Scanner keys on every scanning screen"). The `keyboard` child (provided by
 * the web) reports where each key went and puts released keys back into their field.
 *
 *   idle ─KEY (field)─▶ holding ─KEY (minKeys within the gap, or a letter in a number field)─▶ burst
 *     │                    └─ gap passes / OTHER_KEY ─▶ idle (release)                         │
 *     └─KEY (elsewhere)─────────────────────────────────────────────────────────────────────▶ burst
 *   burst ─KEY─▶ burst (forward) · ─ENTER─▶ idle (submit) · ─ continueMs passes ─▶ idle
 */

/**
 * Where a key went: a text field, a number field (digits only: a letter there is a scanner's), or
 * anywhere else (straight to the scanner).
 */
export type KeyPlace = 'field' | 'numberField' | 'elsewhere'

const inField = (place: KeyPlace) => place !== 'elsewhere'
const LETTER = /^[A-Za-z]$/

export type ScanCaptureEvent =
  /** A key of a code (machines/floorScannerInput.ts `mapKey` accepts it), typed outside the barcode field. */
  | { type: 'KEY'; key: string; place: KeyPlace }
  /** Enter while a burst goes on. */
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
    /** The key goes into a field: held until it is known whose it is. */
    intoField: ({ event }) => event.type === 'KEY' && inField(event.place),
    /** Enough keys within the gap, a letter in a number field, or the key went elsewhere meanwhile. */
    isBurst: ({ context, event }) =>
      event.type === 'KEY' && (context.held.length + 1 >= SCANNER.burst.minKeys || !inField(event.place) || (event.place === 'numberField' && LETTER.test(event.key))),
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
    /** A person's keys go into the field they were typed in. */
    release: enqueueActions(({ context, enqueue }) => {
      const keys = context.held
      enqueue.assign({ held: [] })
      if (keys.length) enqueue.sendTo('keyboard', { type: 'RELEASE', keys: keys.join('') } satisfies KeyboardCommand)
    }),
  },
}).createMachine({
  id: 'scanCapture',
  context: ({ input }) => ({ scanner: input.scanner, held: [], place: 'elsewhere' }),
  invoke: { id: 'keyboard', src: 'keyboard', input: ({ self }) => ({ capture: self }) },
  initial: 'idle',
  states: {
    idle: {
      on: {
        KEY: [
          { guard: 'intoField', target: 'holding', actions: 'hold' },
          { target: 'burst', actions: 'forward' },
        ],
      },
    },
    holding: {
      tags: ['holding'],
      after: { keyGap: { target: 'idle', actions: 'release' } },
      on: {
        KEY: [
          { guard: 'isBurst', target: 'burst', actions: 'forward' },
          { target: 'holding', reenter: true, actions: 'hold' },
        ],
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
    /** A burst goes on: its keys and its Enter are the scanner's. */
    capturing: state.hasTag('capturing'),
    /** Keys are held, not yet known to be a scanner's. */
    holding: state.hasTag('holding'),
  }
}
