import { type SnapshotFrom, assign, emit, enqueueActions, not, setup } from 'xstate'
import { SCANNER } from '../src/contract/constants/warehouse.ts'
import { hasInstructionMarker } from '../src/contract/barcodes.ts'
import { MSG } from '../src/contract/messages.ts'

/**
 * Scanner input, shared by every scanning screen. A barcode scanner types fast and
 * then falls silent: keys are collected and the code is submitted after the screen's idle window.
 * Manual mode turns the automatic submit off (Enter or the button submit). Alarms (EAN lengths,
 * two scans run together) replace the submit.
 *
 * Output: `SCANNED {code, instruction}` or `ALARM {alarm, length}`, sent to the parent actor when
 * there is one and emitted in every case.
 */
export interface ScannerPolicy {
  idleMs: number
  /** Lengths that are someone else's barcode (EAN): alarm instead of submit. */
  eanLengths: readonly number[]
  /** Above this length two scans ran together: too-fast alarm... */
  tooFastOver: number
  /** ...except for these lengths. */
  tooFastExceptions: readonly number[]
}

export const SCANNER_POLICIES = {
  intake: { idleMs: SCANNER.idleMs.intake, eanLengths: SCANNER.intakeEanLengths, tooFastOver: SCANNER.labelLength, tooFastExceptions: SCANNER.intakeTooFastExceptions },
  legacyIntake: { idleMs: SCANNER.idleMs.legacyIntake, eanLengths: SCANNER.intakeEanLengths, tooFastOver: SCANNER.labelLength, tooFastExceptions: SCANNER.intakeTooFastExceptions },
  sorting: { idleMs: SCANNER.idleMs.sorting, eanLengths: SCANNER.intakeEanLengths, tooFastOver: SCANNER.labelLength, tooFastExceptions: [] },
  search: { idleMs: SCANNER.idleMs.search, eanLengths: [], tooFastOver: Number.POSITIVE_INFINITY, tooFastExceptions: [] },
  externalInbound: { idleMs: SCANNER.idleMs.externalInbound, eanLengths: SCANNER.externalEanLengths, tooFastOver: SCANNER.labelLength, tooFastExceptions: [] },
  /** Scanning a workstation code: no alarms. */
  workstation: { idleMs: SCANNER.idleMs.intake, eanLengths: [], tooFastOver: Number.POSITIVE_INFINITY, tooFastExceptions: [] },
} as const satisfies Record<string, ScannerPolicy>

export type ScanAlarm = { alarm: 'ean' | 'tooFast'; length: number }
export type ScannerOutput = { type: 'SCANNED'; code: string; instruction: boolean } | ({ type: 'ALARM' } & ScanAlarm)

/** A Polish keyboard scanner sends '-' for '_'. */
export const mapKey = (key: string): string | null => {
  if (key === '-') return '_'
  if (/^[0-9A-Za-z_]$/.test(key)) return key
  // Characters of an internal instruction code: text | base64(JSON).
  if (/^[|+/=]$/.test(key)) return key
  return null
}

/**
 * A code as the server knows it: the Polish keyboard's '-' is '_', and letters are capitals (a
 * scanner behind Caps Lock types small ones). An internal instruction code (base64) is left as typed.
 */
export const normaliseCode = (raw: string): string => {
  const code = raw.trim().replace(/-/g, '_')
  return hasInstructionMarker(code) ? code : code.toUpperCase()
}

/** What a finished code means under a policy: submit it, or which alarm. */
export function classify(raw: string, policy: ScannerPolicy): ScannerOutput {
  const code = normaliseCode(raw)
  const length = code.length
  const instruction = hasInstructionMarker(code)
  if (!instruction && policy.eanLengths.includes(length)) return { type: 'ALARM', alarm: 'ean', length }
  if (!instruction && length > policy.tooFastOver && !policy.tooFastExceptions.includes(length)) return { type: 'ALARM', alarm: 'tooFast', length }
  return { type: 'SCANNED', code, instruction }
}

/** The warning a screen shows for an alarm (floorKit `alarmFeedback` shows it for SCANNER.alarmToastMs). */
export const alarmMessage = (a: ScanAlarm): string => (a.alarm === 'ean' ? MSG.ean(a.length) : MSG.tooFast)

export type ScannerEvent =
  | { type: 'KEY'; key: string }
  /** The field was edited or pasted into by hand. */
  | { type: 'SET'; value: string }
  /** Enter or the submit button. */
  | { type: 'SUBMIT' }
  | { type: 'CLEAR' }
  | { type: 'TOGGLE_MANUAL' }

export interface ScannerContext {
  buffer: string
  manual: boolean
  policy: ScannerPolicy
}

export const scannerInputMachine = setup({
  types: {
    context: {} as ScannerContext,
    events: {} as ScannerEvent,
    input: {} as { policy: ScannerPolicy; manual?: boolean },
    emitted: {} as ScannerOutput,
  },
  delays: { idle: ({ context }) => context.policy.idleMs },
  guards: {
    acceptedKey: ({ event }) => event.type === 'KEY' && mapKey(event.key) !== null,
    hasBuffer: ({ context }) => context.buffer.trim().length > 0,
    isManual: ({ context }) => context.manual,
  },
  actions: {
    appendKey: assign({ buffer: ({ context, event }) => (event.type === 'KEY' ? context.buffer + (mapKey(event.key) ?? '') : context.buffer) }),
    setValue: assign({ buffer: ({ event }) => (event.type === 'SET' ? event.value.replace(/-/g, '_') : '') }),
    clear: assign({ buffer: '' }),
    toggleManual: assign({ manual: ({ context }) => !context.manual }),
    report: enqueueActions(({ context, enqueue, self }) => {
      const out = classify(context.buffer.trim(), context.policy)
      enqueue(emit(out))
      if (self._parent) enqueue.sendParent(out)
      enqueue.assign({ buffer: '' })
    }),
  },
}).createMachine({
  id: 'scannerInput',
  context: ({ input }) => ({ buffer: '', manual: input.manual ?? false, policy: input.policy }),
  initial: 'empty',
  on: {
    TOGGLE_MANUAL: { actions: 'toggleManual' },
    CLEAR: { target: '.empty', actions: 'clear' },
  },
  states: {
    empty: {
      tags: ['empty'],
      on: {
        KEY: { guard: 'acceptedKey', target: 'collecting', actions: 'appendKey' },
        SET: { target: 'collecting', actions: 'setValue' },
      },
    },
    collecting: {
      tags: ['collecting'],
      // Nothing but blanks (an emptied or whitespace-only field) is no code: never submitted.
      always: { guard: not('hasBuffer'), target: 'empty', actions: 'clear' },
      // In manual mode only Enter or the button submit.
      after: { idle: { guard: not('isManual'), target: 'empty', actions: 'report' } },
      on: {
        KEY: { guard: 'acceptedKey', target: 'collecting', reenter: true, actions: 'appendKey' },
        SET: { target: 'collecting', reenter: true, actions: 'setValue' },
        SUBMIT: { guard: 'hasBuffer', target: 'empty', actions: 'report' },
        // Leaving manual mode with a code in the field restarts the idle window, so it is submitted.
        TOGGLE_MANUAL: { target: 'collecting', reenter: true, actions: 'toggleManual' },
      },
    },
  },
})

/** What a scan field shows and may send (tags, never state names). */
export function connectScannerInput(state: SnapshotFrom<typeof scannerInputMachine>, send: (e: ScannerEvent) => void) {
  return {
    /** What the field shows: the keys collected so far. */
    buffer: state.context.buffer,
    manual: state.context.manual,
    /** A code is being collected and may be submitted by hand. */
    submittable: state.hasTag('collecting') && state.can({ type: 'SUBMIT' }),
    key: (key: string) => send({ type: 'KEY', key }),
    set: (value: string) => send({ type: 'SET', value }),
    submit: () => send({ type: 'SUBMIT' }),
    toggleManual: () => send({ type: 'TOGGLE_MANUAL' }),
  }
}
