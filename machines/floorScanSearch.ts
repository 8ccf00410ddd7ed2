import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { SCAN_SCREEN_MSG } from '../src/contract/messages/floorScreens.ts'
import type { ParcelIdentity } from '../src/contract/schemas/floor.ts'
import { type Feedback, failureFeedback, feedback } from './floorKit.ts'
import { failureOf } from './floorFailure.ts'
import { SCANNER_POLICIES, type ScannerOutput, scannerInputMachine } from './floorScannerInput.ts'

/**
 * Scan-to-find (/parcel-search): the person scans two barcodes to check they belong to the
 * same parcel (our label and a courier's label, say). Each code is resolved by the server as a scan
 * resolves it (GET app/v1/parcel/search/{barcode}); the two are the same when they resolve to the
 * same parcel, or are the same text. The answer is shown unmistakably: big green or red, with a tone.
 * Scanner idle window 800 ms (SCANNER_POLICIES.search).
 *
 *   first ─SCANNED─▶ lookingUpFirst ─▶ second ─SCANNED─▶ lookingUpSecond ─▶ same | different
 *     ▲                                                                        │ SCANNED: a new first code
 *     └──────────────────────────────── RESET ─────────────────────────────────┘
 */
export type ParcelIdentityT = typeof ParcelIdentity.Type

/** One scanned code and the parcel it resolved to (null: no such parcel, 404). */
export interface Found {
  code: string
  parcel: ParcelIdentityT | null
}

export interface ScanSearchContext {
  first: Found | null
  second: Found | null
  /** The code being looked up. */
  code: string | null
  feedback: Feedback | null
}

export type ScanSearchEvent = ScannerOutput | { type: 'RESET' }

/** Two scans are the same parcel when both resolve to one parcel id, or are the same code. */
export const sameParcel = (a: Found, b: Found) => a.code === b.code || (a.parcel !== null && b.parcel !== null && a.parcel.id === b.parcel.id)

const foundOf = (context: ScanSearchContext, parcel: ParcelIdentityT): Found => ({ code: context.code!, parcel })
const missingOf = (context: ScanSearchContext): Found => ({ code: context.code!, parcel: null })

export const scanSearchMachine = setup({
  types: {
    context: {} as ScanSearchContext,
    events: {} as ScanSearchEvent,
    children: {} as { scanner: 'scannerInput'; lookup: 'lookup' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    /** GET app/v1/parcel/search/{barcode}; 404 when no parcel (of the client's, for clients) carries it. */
    lookup: fromPromise<ParcelIdentityT, { barcode: string }>(async () => {
      throw new Error('lookup not provided')
    }),
  },
  guards: {
    notFound: (_, { error }: { error: unknown }) => failureOf(error).status === 404,
    same: ({ context }) => sameParcel(context.first!, context.second!),
  },
  actions: {
    /** Toasts and the tone of `context.feedback` (provided by the web). */
    announce: () => {},
    startOver: assign(({ event }) => (event.type === 'SCANNED' ? { first: null, second: null, code: event.code } : {})),
    lookupSecond: assign(({ event }) => (event.type === 'SCANNED' ? { second: null, code: event.code } : {})),
    storeFirst: assign(({ context }, parcel: ParcelIdentityT) => ({ first: foundOf(context, parcel), feedback: null })),
    storeFirstMissing: assign(({ context }) => ({ first: missingOf(context), feedback: feedback.warning(SCAN_SCREEN_MSG.notFound(context.code!)) })),
    storeSecond: assign(({ context }, parcel: ParcelIdentityT) => ({ second: foundOf(context, parcel) })),
    storeSecondMissing: assign(({ context }) => ({ second: missingOf(context) })),
    saySame: assign({ feedback: () => ({ tone: 'success' as const, messages: [{ text: SCAN_SCREEN_MSG.sameToast, type: 'success' as const, duration: WAREHOUSE.toastMs.confirmation }], big: false }) }),
    sayDifferent: assign({
      feedback: ({ context }) =>
        feedback.merge(feedback.error(SCAN_SCREEN_MSG.differentToast), context.second?.parcel === null ? feedback.warning(SCAN_SCREEN_MSG.notFound(context.second.code)) : null),
    }),
    failed: assign((_, { error }: { error: unknown }) => ({ feedback: failureFeedback(failureOf(error)) })),
    busy: assign({ feedback: () => feedback.error(FLOOR_MSG.busy) }),
    clear: assign({ first: null, second: null, code: null, feedback: null }),
  },
}).createMachine({
  id: 'scanSearch',
  context: { first: null, second: null, code: null, feedback: null },
  invoke: { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.search } },
  initial: 'first',
  on: {
    RESET: { target: '.first', actions: 'clear' },
  },
  states: {
    /** Waiting for the first code. */
    first: {
      tags: ['askFirst'],
      on: { SCANNED: { target: 'lookingUpFirst', actions: 'startOver' } },
    },
    lookingUpFirst: {
      tags: ['busy', 'askFirst', 'firstPending'],
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ barcode: context.code! }),
        onDone: { target: 'second', actions: { type: 'storeFirst', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'second', actions: ['storeFirstMissing', 'announce'] },
          { target: 'first', actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, 'announce'] },
        ],
      },
      on: { SCANNED: { actions: ['busy', 'announce'] } },
    },
    /** Waiting for the second code. */
    second: {
      tags: ['askSecond'],
      on: { SCANNED: { target: 'lookingUpSecond', actions: 'lookupSecond' } },
    },
    lookingUpSecond: {
      tags: ['busy', 'askSecond', 'secondPending'],
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ barcode: context.code! }),
        onDone: { target: 'comparing', actions: { type: 'storeSecond', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'comparing', actions: 'storeSecondMissing' },
          { target: 'second', actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, 'announce'] },
        ],
      },
      on: { SCANNED: { actions: ['busy', 'announce'] } },
    },
    comparing: {
      always: [
        { guard: 'same', target: 'same', actions: ['saySame', 'announce'] },
        { target: 'different', actions: ['sayDifferent', 'announce'] },
      ],
    },
    /** Big green. A next scan starts a new comparison. */
    same: {
      tags: ['askFirst', 'same'],
      on: { SCANNED: { target: 'lookingUpFirst', actions: 'startOver' } },
    },
    /** Big red. */
    different: {
      tags: ['askFirst', 'different'],
      on: { SCANNED: { target: 'lookingUpFirst', actions: 'startOver' } },
    },
  },
})

/** What the scan-search view shows and may send (tags, never state names). */
export function connectScanSearch(state: SnapshotFrom<typeof scanSearchMachine>, send: (e: ScanSearchEvent) => void) {
  const c = state.context
  return {
    processing: state.hasTag('busy'),
    feedback: c.feedback,
    /** The verdict of a finished comparison (null while comparing). */
    verdict: state.hasTag('same') ? ('same' as const) : state.hasTag('different') ? ('different' as const) : null,
    /** Which code the screen asks for next. */
    asksFirst: state.hasTag('askFirst'),
    first: c.first,
    second: c.second,
    firstPending: state.hasTag('firstPending'),
    secondPending: state.hasTag('secondPending'),
    canReset: state.can({ type: 'RESET' }),
    scanner: state.children.scanner,
    reset: () => send({ type: 'RESET' }),
  }
}
