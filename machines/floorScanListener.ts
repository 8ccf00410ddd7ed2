import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { SCANNER, SCAN_LISTENER } from '../src/contract/constants/warehouse.ts'
import { BARCODE_PATTERN } from '../src/contract/barcodes.ts'
import { MSG } from '../src/contract/messages.ts'
import { mapKey } from './floorScannerInput.ts'

/**
 * The global scan listener: staff only, off on the scanning screens (the app sends
 * ENABLE/DISABLE as routes change). A label scanned anywhere opens the parcel's page.
 *
 * - 28 characters starting 1000/0000: our label; the internal number is characters 5–15. With 0000
 *   the label must be re-stuck: a 10 s warning and the label opens for printing.
 * - 9–10 characters, or containing RE_: an out/return number, looked up; 10 s warning and label print.
 * - a Sameday waybill (digit, 3–5 capitals, 4+ digits): looked up.
 * - EAN lengths 8/13/14 warn; more than 28 characters (other than 31) is two scans run together.
 *
 * "The buffer is cleared every 800 ms" is read as: a key sequence lives at most 800 ms from its
 * first key (a scan takes well under that), so a scan is never cut in two by a clock tick.
 */
export type ListenerDecision =
  | { kind: 'ignore' }
  | { kind: 'warn'; message: string }
  | { kind: 'label'; internalNumber: string; restick: boolean }
  | { kind: 'lookup'; code: string; print: boolean }

export function decide(code: string): ListenerDecision {
  const n = code.length
  if ((SCANNER.listenerEanLengths as readonly number[]).includes(n)) return { kind: 'warn', message: MSG.ean(n) }
  if (n > SCANNER.labelLength && !(SCANNER.listenerTooFastExceptions as readonly number[]).includes(n)) return { kind: 'warn', message: MSG.tooFast }
  if (n === SCANNER.labelLength && SCAN_LISTENER.labelPrefixes.some((p) => code.startsWith(p))) {
    return {
      kind: 'label',
      internalNumber: code.slice(SCAN_LISTENER.internalNumberFrom, SCAN_LISTENER.internalNumberTo),
      restick: code.startsWith(SCAN_LISTENER.restickPrefix),
    }
  }
  if ((SCAN_LISTENER.outNumberLengths as readonly number[]).includes(n) || code.includes(SCAN_LISTENER.returnMarker)) return { kind: 'lookup', code, print: true }
  if (BARCODE_PATTERN.samedayWaybill.test(code)) return { kind: 'lookup', code, print: false }
  return { kind: 'ignore' }
}

export interface ScanListenerContext {
  buffer: string
  /** Parcel to open, and whether its label must be printed with the re-stick warning. */
  target: { internalNumber: string; print: boolean } | null
  warning: string | null
}

export type ScanListenerEvent = { type: 'KEY'; key: string } | { type: 'ENABLE' } | { type: 'DISABLE' }

export const scanListenerMachine = setup({
  types: {
    context: {} as ScanListenerContext,
    events: {} as ScanListenerEvent,
  },
  actors: {
    /** Public parcel lookup by out/return number → internal number. */
    lookup: fromPromise<string, { code: string }>(async () => {
      throw new Error('lookup not provided')
    }),
  },
  delays: { check: SCAN_LISTENER.checkDelayMs, bufferLife: SCAN_LISTENER.bufferClearMs },
  guards: {
    acceptedKey: ({ event }) => event.type === 'KEY' && mapKey(event.key) !== null,
    isWarning: ({ context }) => decide(context.buffer).kind === 'warn',
    isLabel: ({ context }) => decide(context.buffer).kind === 'label',
    isLookup: ({ context }) => decide(context.buffer).kind === 'lookup',
    mustPrint: ({ context }) => context.target?.print === true,
  },
  actions: {
    append: assign({ buffer: ({ context, event }) => (event.type === 'KEY' ? context.buffer + (mapKey(event.key) ?? '') : context.buffer) }),
    clear: assign({ buffer: '', target: null, warning: null }),
    setWarning: assign({ warning: ({ context }) => {
      const d = decide(context.buffer)
      return d.kind === 'warn' ? d.message : null
    } }),
    setLabelTarget: assign({ target: ({ context }) => {
      const d = decide(context.buffer)
      return d.kind === 'label' ? { internalNumber: d.internalNumber, print: d.restick } : null
    } }),
    /** Shows a warning toast: a scan warning 5 s, the re-stick warning 10 s; provided by the web. */
    warn: (_, _params: { message: string; durationMs: number }) => {},
    /** Opens the parcel's page; provided by the web. */
    openParcel: (_, _params: { internalNumber: string }) => {},
    /** Opens the parcel's label for printing in a new window; provided by the web. */
    printLabel: (_, _params: { internalNumber: string }) => {},
  },
}).createMachine({
  id: 'scanListener',
  context: { buffer: '', target: null, warning: null },
  initial: 'disabled',
  states: {
    disabled: {
      tags: ['off'],
      entry: 'clear',
      on: { ENABLE: 'listening' },
    },
    listening: {
      tags: ['listening'],
      on: { DISABLE: 'disabled' },
      initial: 'idle',
      states: {
        idle: {
          entry: 'clear',
          on: { KEY: { guard: 'acceptedKey', target: 'collecting', actions: 'append' } },
        },
        collecting: {
          after: { bufferLife: 'idle' },
          initial: 'typing',
          states: {
            typing: {
              after: { check: '#scanListener.listening.checking' },
              on: { KEY: { guard: 'acceptedKey', target: 'typing', reenter: true, actions: 'append' } },
            },
          },
        },
        checking: {
          always: [
            {
              guard: 'isWarning',
              target: 'idle',
              actions: ['setWarning', { type: 'warn', params: ({ context }) => ({ message: context.warning ?? '', durationMs: SCANNER.alarmToastMs }) }],
            },
            { guard: 'isLabel', target: 'opening', actions: 'setLabelTarget' },
            { guard: 'isLookup', target: 'lookingUp' },
            { target: 'idle' },
          ],
        },
        lookingUp: {
          tags: ['busy'],
          invoke: {
            id: 'lookup',
            src: 'lookup',
            input: ({ context }) => ({ code: context.buffer }),
            onDone: {
              target: 'opening',
              actions: assign({ target: ({ context, event }) => {
                const d = decide(context.buffer)
                return { internalNumber: event.output, print: d.kind === 'lookup' && d.print }
              } }),
            },
            onError: 'idle',
          },
        },
        opening: {
          entry: assign({ warning: ({ context }) => (context.target?.print ? MSG.restickLabel : null) }),
          // Only a label to re-stick (0000, out and return numbers) warns and prints; every target opens.
          always: [
            {
              guard: 'mustPrint',
              target: 'idle',
              actions: [
                { type: 'warn', params: ({ context }) => ({ message: context.warning ?? '', durationMs: SCAN_LISTENER.warningMs }) },
                { type: 'printLabel', params: ({ context }) => ({ internalNumber: context.target?.internalNumber ?? '' }) },
                { type: 'openParcel', params: ({ context }) => ({ internalNumber: context.target?.internalNumber ?? '' }) },
              ],
            },
            { target: 'idle', actions: { type: 'openParcel', params: ({ context }) => ({ internalNumber: context.target?.internalNumber ?? '' }) } },
          ],
        },
      },
    },
  },
})

/** What the page's keyboard wiring asks of the listener and may send (tags, never state names). */
export function connectScanListener(state: SnapshotFrom<typeof scanListenerMachine>, send: (e: ScanListenerEvent) => void) {
  return {
    listening: state.hasTag('listening'),
    /** A key typed outside any field: fed to the listener only while it listens. */
    key: (key: string) => {
      if (state.hasTag('listening')) send({ type: 'KEY', key })
    },
    enable: (on: boolean) => send({ type: on ? 'ENABLE' : 'DISABLE' }),
  }
}
