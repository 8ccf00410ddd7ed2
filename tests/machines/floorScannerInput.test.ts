import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate'
import type { Replay } from '../../machines/graph/replay.ts'
import { hasInstructionMarker } from '../../src/contract/barcodes.ts'
import {
  alarmMessage,
  classify,
  connectScannerInput,
  mapKey,
  SCANNER_POLICIES,
  scannerInputMachine,
  type ScannerContext,
  type ScannerEvent,
  type ScannerOutput,
  type ScannerPolicy,
} from '../../machines/floorScannerInput.ts'
import { codes, scannerInputSamples } from '../../machines/floorScannerInput.samples.ts'
import { describeModel } from './model.ts'

type PolicyName = keyof typeof SCANNER_POLICIES
const policyName = (p: ScannerPolicy) => (Object.keys(SCANNER_POLICIES) as PolicyName[]).find((k) => SCANNER_POLICIES[k] === p)!

/**
 * The spec's table, written out on its own (not through `classify`): what a finished code gives on
 * each screen. Lengths 8 and 14 are EAN on intake and sorting, only 8 on external
 * inbound; over 28 is two scans run together, except 29, 31, 35 on intake and an internal
 * instruction (text with '|') everywhere; search and workstation codes raise no alarm.
 */
function expectedOutput(code: string, policy: PolicyName): ScannerOutput {
  const n = code.length
  const instruction = code.includes('|')
  const ean = { intake: [8, 14], legacyIntake: [8, 14], sorting: [8, 14], externalInbound: [8], search: [], workstation: [] }[policy] as number[]
  const tooFastExceptions = { intake: [29, 31, 35], legacyIntake: [29, 31, 35] }[policy as 'intake'] ?? []
  const tooFastApplies = policy !== 'search' && policy !== 'workstation'
  if (!instruction && ean.includes(n)) return { type: 'ALARM', alarm: 'ean', length: n }
  if (!instruction && tooFastApplies && n > 28 && !tooFastExceptions.includes(n)) return { type: 'ALARM', alarm: 'tooFast', length: n }
  return { type: 'SCANNED', code, instruction }
}

/** Idle windows; external inbound and workstation scans: not given, the intake window chosen. */
const idleMs: Record<PolicyName, number> = { intake: 400, legacyIntake: 1000, sorting: 400, search: 800, externalInbound: 400, workstation: 400 }

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ScannerContext | undefined
const IDLE = 'xstate.after.idle.scannerInput.collecting'

/** What each replay's actor emitted (subscribed at the start) and the replay clock's time per step. */
const seen = new WeakMap<Replay["actor"], { emitted: ScannerOutput[]; taken: number; times: number[] }>()

describeModel(scannerInputMachine, scannerInputSamples, {
  check: ({ path, index, event, snapshot, prev, replay }) => {
    {
      // The field's props come from tags: submittable only while a code is collected.
      const out: ScannerEvent[] = []
      const v = connectScannerInput(snapshot as unknown as SnapshotFrom<typeof scannerInputMachine>, (e) => void out.push(e))
      const sc = snapshot.context as ScannerContext
      expect([v.buffer, v.manual]).toEqual([sc.buffer, sc.manual])
      expect(v.submittable).toBe(snapshot.matches('collecting') && sc.buffer.trim().length > 0)
      v.key('7')
      v.set('a-b')
      v.submit()
      v.toggleManual()
      expect(out).toEqual([{ type: 'KEY', key: '7' }, { type: 'SET', value: 'a-b' }, { type: 'SUBMIT' }, { type: 'TOGGLE_MANUAL' }])
    }
    if (index === 0) {
      const log = { emitted: [] as ScannerOutput[], taken: 0, times: [] as number[] }
      replay.actor.on('*', (e) => void log.emitted.push(e as unknown as ScannerOutput))
      seen.set(replay.actor, log)
    }
    const log = seen.get(replay.actor)!
    const emitted = log.emitted.slice(log.taken)
    log.taken = log.emitted.length
    log.times[index] = replay.clock.now()

    const c = ctx(snapshot)!
    const before = ctx(prev)
    const policy = policyName(c.policy)
    expect(policy, 'the policy stays the input’s').toBeDefined()

    // Invariants: an empty field is the `empty` state; blanks never stay in the field.
    expect(snapshot.matches('empty')).toBe(c.buffer === '')
    if (snapshot.matches('collecting')) expect(c.buffer.trim()).not.toBe('')
    // The buffer only ever holds mapped characters typed or set: never a '-'.
    expect(c.buffer).not.toContain('-')
    // Manual mode: the idle timer never submits.
    if (c.manual) expect(snapshot.can({ type: IDLE } as never)).toBe(false)

    switch (event.type) {
      case 'xstate.init': {
        const input = path.input as { manual?: boolean }
        expect(snapshot.value).toBe('empty')
        expect(c.manual).toBe(input.manual ?? false)
        expect(emitted).toEqual([])
        break
      }
      case 'KEY': {
        const e = event as Extract<ScannerEvent, { type: 'KEY' }>
        // Digits, letters and the dash (as '_') are accepted.
        expect(e.key).toMatch(/^[0-9A-Za-z-]$/)
        expect(c.buffer).toBe(before!.buffer + (e.key === '-' ? '_' : e.key))
        expect(snapshot.value).toBe('collecting')
        expect(emitted).toEqual([])
        break
      }
      case 'SET': {
        const e = event as Extract<ScannerEvent, { type: 'SET' }>
        const value = e.value.replace(/-/g, '_')
        if (value.trim()) {
          expect(snapshot.value).toBe('collecting')
          expect(c.buffer).toBe(value)
        } else {
          expect(snapshot.value).toBe('empty')
          expect(c.buffer).toBe('')
        }
        expect(emitted).toEqual([])
        break
      }
      case 'SUBMIT':
        // Enter or the button submit in either mode.
        expect(prev!.value).toBe('collecting')
        expect(snapshot.value).toBe('empty')
        expect(c.buffer).toBe('')
        expect(emitted).toEqual([expectedOutput(before!.buffer.trim(), policy)])
        break
      case IDLE:
        // The pause after the last key, edit or mode change is the screen's window.
        expect(before!.manual).toBe(false)
        expect(log.times[index]! - log.times[index - 1]!).toBe(idleMs[policy])
        expect(snapshot.value).toBe('empty')
        expect(c.buffer).toBe('')
        expect(emitted).toEqual([expectedOutput(before!.buffer.trim(), policy)])
        break
      case 'CLEAR':
        expect(snapshot.value).toBe('empty')
        expect(c.buffer).toBe('')
        expect(c.manual).toBe(before!.manual)
        expect(emitted).toEqual([])
        break
      case 'TOGGLE_MANUAL':
        expect(c.manual).toBe(!before!.manual)
        expect(c.buffer).toBe(before!.buffer)
        expect(snapshot.value).toBe(prev!.value)
        expect(emitted).toEqual([])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

// ---- plain unit tests ----------------------------------------------------------------------------

describe('mapKey', () => {
  it('accepts digits and letters as they are', () => {
    for (const k of ['0', '5', '9', 'a', 'z', 'A', 'R', 'Z']) expect(mapKey(k)).toBe(k)
  })
  it('maps the dash to an underscore (a Polish-keyboard scanner sends - for _)', () => {
    expect(mapKey('-')).toBe('_')
    expect(mapKey('_')).toBe('_')
  })
  it('accepts the characters of an internal instruction (| and base64)', () => {
    for (const k of ['|', '+', '/', '=']) expect(mapKey(k)).toBe(k)
  })
  it('rejects everything else: modifier and control keys, blanks, punctuation, non-ASCII letters', () => {
    for (const k of ['Shift', 'Enter', 'Tab', 'Escape', 'Backspace', ' ', '.', ',', '*', 'ą', 'Ł', '', '12']) expect(mapKey(k), k).toBeNull()
  })
})

describe('hasInstructionMarker', () => {
  it('is text with the instruction marker |', () => {
    expect(hasInstructionMarker(codes.instruction)).toBe(true)
    expect(hasInstructionMarker('|')).toBe(true)
    expect(hasInstructionMarker(codes.label)).toBe(false)
    expect(hasInstructionMarker('RE_100000001')).toBe(false)
  })
})

const chars = (n: number) => '1'.repeat(n)

describe('classify (barcode alarms)', () => {
  const { intake, legacyIntake, sorting, search, externalInbound, workstation } = SCANNER_POLICIES

  it("length 8 gives 'Zeskanowano nieprawidłowy kod - wykryto EAN8' on intake, sorting and external inbound", () => {
    for (const p of [intake, legacyIntake, sorting, externalInbound]) {
      const out = classify(codes.ean8, p)
      expect(out).toEqual({ type: 'ALARM', alarm: 'ean', length: 8 })
      expect(alarmMessage(out as { alarm: 'ean'; length: number })).toBe('Zeskanowano nieprawidłowy kod - wykryto EAN8')
    }
  })

  it('length 14 gives the EAN14 variant on intake and sorting; external inbound only alarms on exactly 8', () => {
    for (const p of [intake, legacyIntake, sorting]) {
      const out = classify(codes.dpd14, p)
      expect(out).toEqual({ type: 'ALARM', alarm: 'ean', length: 14 })
      expect(alarmMessage(out as { alarm: 'ean'; length: number })).toBe('Zeskanowano nieprawidłowy kod - wykryto EAN14')
    }
    expect(classify(codes.dpd14, externalInbound)).toEqual({ type: 'SCANNED', code: codes.dpd14, instruction: false })
  })

  it('EAN13 is no alarm of the scanning screens (only of the global listener)', () => {
    for (const p of [intake, sorting, externalInbound]) expect(classify(codes.ean13, p).type).toBe('SCANNED')
  })

  it("longer than 28 gives 'Zbyt szybko skanujesz przesyłki' on intake, except lengths 29, 31 and 35", () => {
    for (const n of [30, 32, 33, 34, 36, 56]) {
      const out = classify(chars(n), intake)
      expect(out, `length ${n}`).toEqual({ type: 'ALARM', alarm: 'tooFast', length: n })
      expect(alarmMessage(out as { alarm: 'tooFast'; length: number })).toBe('Zbyt szybko skanujesz przesyłki')
      expect(classify(chars(n), legacyIntake).type).toBe('ALARM')
    }
    for (const n of [29, 31, 35]) expect(classify(chars(n), intake), `length ${n}`).toEqual({ type: 'SCANNED', code: chars(n), instruction: false })
  })

  it('on the sorting screen every length over 28 is too fast (29, 31, 35 included)', () => {
    for (const n of [29, 30, 31, 35, 40]) expect(classify(chars(n), sorting), `length ${n}`).toEqual({ type: 'ALARM', alarm: 'tooFast', length: n })
  })

  it('external inbound: exactly 8 and over 28, no exception lengths', () => {
    for (const n of [29, 31, 35]) expect(classify(chars(n), externalInbound)).toEqual({ type: 'ALARM', alarm: 'tooFast', length: n })
    for (const n of [7, 9, 13, 14, 28]) expect(classify(chars(n), externalInbound).type).toBe('SCANNED')
  })

  it('text with an internal instruction marker is never an alarm, whatever its length', () => {
    const padded = (n: number) => `${'K'.repeat(n - 21)}|eyJjbGllbnRfaWQiOjF9`
    for (const p of [intake, sorting, externalInbound]) {
      for (const n of [8, 14, 30, 36, 60]) {
        const code = n === 8 ? 'Kli|abcd' : n === 14 ? 'Klient|abcdefg' : padded(n)
        expect(code).toHaveLength(n)
        expect(classify(code, p), `${policyName(p)} ${n}`).toEqual({ type: 'SCANNED', code, instruction: true })
      }
    }
  })

  it('exactly 28 (our label) is a code on every screen', () => {
    for (const p of Object.values(SCANNER_POLICIES)) expect(classify(codes.label, p)).toEqual({ type: 'SCANNED', code: codes.label, instruction: false })
  })

  it('search and workstation scans raise no alarm at all', () => {
    for (const p of [search, workstation]) {
      for (const n of [8, 13, 14, 29, 30, 60]) expect(classify(chars(n), p).type).toBe('SCANNED')
    }
    expect(classify('PRZJ_01', workstation)).toEqual({ type: 'SCANNED', code: 'PRZJ_01', instruction: false })
  })

  it('idle windows: 400 ms intake and sorting, 800 ms search, 1 s the earlier intake variant', () => {
    expect([intake.idleMs, sorting.idleMs, search.idleMs, legacyIntake.idleMs, externalInbound.idleMs]).toEqual([400, 400, 800, 1000, 400])
  })
})

// ---- real actors, real (fake) timers -------------------------------------------------------------

describe('scannerInput on a running actor', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  const type = (actor: { send: (e: ScannerEvent) => void }, text: string) => {
    for (const key of text) actor.send({ type: 'KEY', key })
  }

  it('a scanner typing a label submits it 400 ms after the last key, not before', () => {
    const out: unknown[] = []
    const actor = createActor(scannerInputMachine, { input: { policy: SCANNER_POLICIES.intake } }).start()
    actor.on('*', (e) => void out.push(e))
    type(actor, codes.label)
    vi.advanceTimersByTime(399)
    expect(out).toEqual([])
    vi.advanceTimersByTime(1)
    expect(out).toEqual([{ type: 'SCANNED', code: codes.label, instruction: false }])
    expect(actor.getSnapshot().context.buffer).toBe('')
  })

  it('keys keep the window open: a slow typist is submitted once, after the last key', () => {
    const out: unknown[] = []
    const actor = createActor(scannerInputMachine, { input: { policy: SCANNER_POLICIES.search } }).start()
    actor.on('*', (e) => void out.push(e))
    for (const key of 'RE-100000001') {
      actor.send({ type: 'KEY', key })
      vi.advanceTimersByTime(700)
    }
    expect(out).toEqual([])
    vi.advanceTimersByTime(100)
    expect(out).toEqual([{ type: 'SCANNED', code: 'RE_100000001', instruction: false }])
  })

  it('manual mode never submits on the timer; SUBMIT does; leaving manual mode restarts the window', () => {
    const out: unknown[] = []
    const actor = createActor(scannerInputMachine, { input: { policy: SCANNER_POLICIES.intake, manual: true } }).start()
    actor.on('*', (e) => void out.push(e))
    type(actor, 'PRZJ-01')
    vi.advanceTimersByTime(10_000)
    expect(out).toEqual([])
    actor.send({ type: 'SUBMIT' })
    expect(out).toEqual([{ type: 'SCANNED', code: 'PRZJ_01', instruction: false }])

    type(actor, codes.ean8)
    vi.advanceTimersByTime(10_000)
    actor.send({ type: 'TOGGLE_MANUAL' })
    vi.advanceTimersByTime(400)
    expect(out.slice(1)).toEqual([{ type: 'ALARM', alarm: 'ean', length: 8 }])
  })

  it('ignored keys change nothing; SUBMIT and the timer never send an empty code', () => {
    const out: unknown[] = []
    const actor = createActor(scannerInputMachine, { input: { policy: SCANNER_POLICIES.intake } }).start()
    actor.on('*', (e) => void out.push(e))
    for (const key of ['Shift', 'Enter', ' ', 'ą']) actor.send({ type: 'KEY', key })
    expect(actor.getSnapshot().value).toBe('empty')
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'SET', value: '  ' })
    actor.send({ type: 'SUBMIT' })
    vi.advanceTimersByTime(1000)
    expect(out).toEqual([])
    expect(actor.getSnapshot().value).toBe('empty')
  })

  it('as a child: the parent receives SCANNED and ALARM through sendParent', () => {
    const parent = setup({
      types: { context: {} as { scanned: string[]; alarms: string[] }, events: {} as ScannerOutput | { type: 'TYPE'; text: string } },
      actors: { scanner: scannerInputMachine },
    }).createMachine({
      id: 'screen',
      context: { scanned: [], alarms: [] },
      invoke: { id: 'scanner', src: 'scanner', input: { policy: SCANNER_POLICIES.intake } },
      on: {
        SCANNED: { actions: assign({ scanned: ({ context, event }) => [...context.scanned, event.code] }) },
        ALARM: { actions: assign({ alarms: ({ context, event }) => [...context.alarms, alarmMessage(event)] }) },
        TYPE: {
          actions: ({ event, self }) => {
            const child = self.getSnapshot().children.scanner
            for (const key of event.text) child?.send({ type: 'KEY', key })
          },
        },
      },
    })
    const actor = createActor(parent).start()
    actor.send({ type: 'TYPE', text: codes.label })
    vi.advanceTimersByTime(400)
    actor.send({ type: 'TYPE', text: codes.dpd14 })
    vi.advanceTimersByTime(400)
    actor.send({ type: 'TYPE', text: codes.label + codes.label })
    vi.advanceTimersByTime(400)
    actor.send({ type: 'TYPE', text: 'PRZJ-01' })
    vi.advanceTimersByTime(400)
    expect(actor.getSnapshot().context).toEqual({
      scanned: [codes.label, 'PRZJ_01'],
      alarms: ['Zeskanowano nieprawidłowy kod - wykryto EAN14', 'Zbyt szybko skanujesz przesyłki'],
    })
  })
})
