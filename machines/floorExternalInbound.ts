import { type EventObject, type SnapshotFrom, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { SCAN_SCREEN_MSG } from '../src/contract/messages/floorScreens.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { ExternalInbound } from '../src/contract/schemas/floor.ts'
import { type Feedback, alarmFeedback, failureFeedback, feedback } from './floorKit.ts'
import { failureOf } from './floorFailure.ts'
import { SCANNER_POLICIES, type ScannerOutput, normaliseCode, scannerInputMachine } from './floorScannerInput.ts'

/**
 * External inbound scan (/external_inbound/scan): parcels handed over by an external
 * courier are accepted by scanning their waybill. The scanner is read from the keyboard with no
 * field focused: the `pageKeys` child (provided by the web, as long as the screen lives) reports
 * those keys and the machine forwards them to the `scanner` child; a manual field with "Przyjmij"
 * does the same by hand. 201: accepted; any other success: "Przesyłka już istnieje w systemie".
 * The counter is the server's: the person's hand-overs accepted today.
 *
 *   loading ─▶ ready ─SCANNED / ACCEPT─▶ accepting ─201 / 200 / error─▶ ready
 */
export interface ExternalInboundContext {
  /** What the manual field holds. */
  manual: string
  /** The code in flight. */
  code: string | null
  /** The last record the server answered with (accepted now, or accepted earlier). */
  last: ExternalInbound | null
  /** Was the last scan a new acceptance (201)? */
  lastNew: boolean | null
  /** The server's count of this person's hand-overs accepted today (null until known). */
  acceptedScans: number | null
  feedback: Feedback | null
}

export type ExternalInboundEvent =
  | ScannerOutput
  | { type: 'MANUAL'; text: string }
  | { type: 'ACCEPT' }
  /** A key of one character typed with no field focused: the scanner's. */
  | { type: 'PAGE_KEY'; key: string }
  /** Enter typed with no field focused: the scanner submits what it has read. */
  | { type: 'PAGE_ENTER' }

/** What `accept` answers: the exact 2xx code, the reply, and the counter after it. */
export interface AcceptAnswer {
  status: number
  data: { message: string; data: ExternalInbound | null }
  acceptedScans: number | null
}

export const externalInboundMachine = setup({
  types: {
    context: {} as ExternalInboundContext,
    events: {} as ExternalInboundEvent,
    children: {} as { scanner: 'scannerInput'; accept: 'accept'; loadCount: 'loadCount'; pageKeys: 'pageKeys' },
  },
  actors: {
    scannerInput: scannerInputMachine,
    /** The page's keys with no field focused, as PAGE_KEY and PAGE_ENTER (provided by the web). */
    pageKeys: fromCallback<EventObject, undefined, ExternalInboundEvent>(() => {}),
    /** The person's hand-overs accepted today (POST app/v1/external_inbound/list, recordsFiltered). */
    loadCount: fromPromise<number>(async () => {
      throw new Error('loadCount not provided')
    }),
    /** POST app/v1/external_inbound with the exact 2xx code, then the counter; non-2xx rejects. */
    accept: fromPromise<AcceptAnswer, { barcode: string }>(async () => {
      throw new Error('accept not provided')
    }),
  },
  guards: {
    is201: (_, answer: AcceptAnswer) => answer.status === 201,
    manualGiven: ({ context }) => context.manual.trim().length > 0,
  },
  actions: {
    /** Toasts and the tone of `context.feedback` (provided by the web). */
    announce: () => {},
    setManual: assign({ manual: ({ event, context }) => (event.type === 'MANUAL' ? event.text : context.manual) }),
    scanned: assign({ code: ({ event, context }) => (event.type === 'SCANNED' ? normaliseCode(event.code) : context.code) }),
    manualCode: assign(({ context }) => ({ code: normaliseCode(context.manual) })),
    alarm: assign({ feedback: ({ event }) => (event.type === 'ALARM' ? alarmFeedback(event) : null) }),
    /** A scan while one is in flight is refused naming its barcode. */
    busy: assign({ feedback: ({ event }) => feedback.about(event.type === 'SCANNED' ? normaliseCode(event.code) : null, feedback.error(FLOOR_MSG.busy)) }),
    storeCount: assign((_, count: number) => ({ acceptedScans: count })),
    accepted: assign(({ context }, a: AcceptAnswer) => {
      return {
        last: a.data.data,
        lastNew: true,
        manual: '',
        acceptedScans: a.acceptedScans ?? context.acceptedScans,
        feedback: feedback.about(context.code, feedback.success(a.data.message, WAREHOUSE.toastMs.confirmation)),
      }
    }),
    /** Any other success: the parcel is already in the system. */
    exists: assign(({ context }, a: AcceptAnswer) => {
      return {
        last: a.data.data,
        lastNew: false,
        manual: '',
        acceptedScans: a.acceptedScans ?? context.acceptedScans,
        feedback: feedback.about(context.code, feedback.warning(WAREHOUSE_MSG.alreadyInSystem)),
      }
    }),
    failed: assign(({ context }, { error }: { error: unknown }) => ({ feedback: feedback.about(context.code, failureFeedback(failureOf(error))) })),
  },
}).createMachine({
  id: 'externalInbound',
  context: { manual: '', code: null, last: null, lastNew: null, acceptedScans: null, feedback: null },
  invoke: [
    { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.externalInbound } },
    { id: 'pageKeys', src: 'pageKeys' },
  ],
  on: {
    ALARM: { actions: ['alarm', 'announce'] },
    MANUAL: { actions: 'setManual' },
    PAGE_KEY: { actions: sendTo('scanner', ({ event }) => ({ type: 'KEY' as const, key: event.key })) },
    PAGE_ENTER: { actions: sendTo('scanner', { type: 'SUBMIT' }) },
  },
  initial: 'loading',
  states: {
    /** The counter is read; scanning may start at once. */
    loading: {
      invoke: {
        id: 'loadCount',
        src: 'loadCount',
        onDone: { target: 'ready', actions: { type: 'storeCount', params: ({ event }) => event.output } },
        onError: 'ready',
      },
      on: {
        SCANNED: { target: 'accepting', actions: 'scanned' },
        ACCEPT: { guard: 'manualGiven', target: 'accepting', actions: 'manualCode' },
      },
    },
    ready: {
      on: {
        SCANNED: { target: 'accepting', actions: 'scanned' },
        ACCEPT: { guard: 'manualGiven', target: 'accepting', actions: 'manualCode' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ barcode: context.code! }),
        onDone: [
          { guard: { type: 'is201', params: ({ event }) => event.output }, target: 'ready', actions: [{ type: 'accepted', params: ({ event }) => event.output }, 'announce'] },
          { target: 'ready', actions: [{ type: 'exists', params: ({ event }) => event.output }, 'announce'] },
        ],
        onError: { target: 'ready', actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, 'announce'] },
      },
      on: {
        SCANNED: { actions: ['busy', 'announce'] },
      },
    },
  },
})

/** The last record's link text: "Ostatnio przyjęta" only when this scan accepted it, else "Przyjęta wcześniej". */
export const lastLinkOf = (c: Pick<ExternalInboundContext, 'last' | 'lastNew'>): string | null =>
  c.last ? `${c.lastNew ? SCAN_SCREEN_MSG.lastAccepted : SCAN_SCREEN_MSG.acceptedEarlier} #${c.last.id}` : null

/** What the external-inbound view shows and may send (tags, never state names). */
export function connectExternalInbound(state: SnapshotFrom<typeof externalInboundMachine>, send: (e: ExternalInboundEvent) => void) {
  const c = state.context
  const processing = state.hasTag('busy')
  return {
    processing,
    feedback: c.feedback,
    /** The capture area shows the code in flight, else what the scanner has read so far (the view reads the scanner's buffer). */
    inFlight: processing ? c.code : null,
    acceptedScans: c.acceptedScans,
    manual: c.manual,
    last: c.last,
    lastNew: c.lastNew,
    lastLink: lastLinkOf(c),
    canAccept: state.can({ type: 'ACCEPT' }),
    scanner: state.children.scanner,
    setManual: (text: string) => send({ type: 'MANUAL', text }),
    accept: () => send({ type: 'ACCEPT' }),
  }
}
