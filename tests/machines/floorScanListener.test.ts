import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate'
import type { EffectCall } from '../../machines/graph/replay.ts'
import { connectScanListener, decide, scanListenerMachine, type ScanListenerContext, type ScanListenerEvent } from '../../machines/floorScanListener.ts'
import { listenerCodes, scanListenerSamples } from '../../machines/floorScanListener.samples.ts'
import { MSG } from '../../src/contract/messages.ts'
import { describeModel } from './model.ts'

/**
 * The global scan listener's rules written out on their own (not through `decide`): what a finished key sequence gives.
 * Where the spec gives no order between its rules, the EAN and too-fast checks come first (chosen).
 */
type Expected =
  | { kind: 'ignore' }
  | { kind: 'warn'; message: string }
  | { kind: 'label'; internalNumber: string; restick: boolean }
  | { kind: 'lookup'; code: string; print: boolean }

function expectedDecision(code: string): Expected {
  const n = code.length
  if (n === 8 || n === 13 || n === 14) return { kind: 'warn', message: `Zeskanowano nieprawidłowy kod - wykryto EAN${n}` }
  if (n > 28 && n !== 31) return { kind: 'warn', message: 'Zbyt szybko skanujesz przesyłki' }
  // Characters 5 to 15 (1-based) of the label are the internal number.
  if (n === 28 && (code.startsWith('1000') || code.startsWith('0000'))) return { kind: 'label', internalNumber: code.slice(4, 15), restick: code.startsWith('0000') }
  if (n === 9 || n === 10 || code.includes('RE_')) return { kind: 'lookup', code, print: true }
  if (/^[0-9][A-Z]{3,5}[0-9]{4,}$/.test(code)) return { kind: 'lookup', code, print: false }
  return { kind: 'ignore' }
}

const CHECK = 'xstate.after.check.scanListener.listening.collecting.typing'
const BUFFER_LIFE = 'xstate.after.bufferLife.scanListener.listening.collecting'
const cleared: ScanListenerContext = { buffer: '', target: null, warning: null }
const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ScanListenerContext | undefined

/** The calls a parcel to open gives: with the re-stick warning (10 s) and the label print, or alone. */
const openingCalls = (internalNumber: string, print: boolean) =>
  print
    ? [
        { name: 'warn', params: { message: MSG.restickLabel, durationMs: 10_000 } },
        { name: 'printLabel', params: { internalNumber } },
        { name: 'openParcel', params: { internalNumber } },
      ]
    : [{ name: 'openParcel', params: { internalNumber } }]

const named = (calls: EffectCall[]) => calls.map(({ name, params }) => ({ name, params }))

/** Per replay (by actor): the clock's time per step, of the first and the last key of the sequence. */
const times = new WeakMap<object, { firstKey: number; lastKey: number }>()

describeModel(scanListenerMachine, scanListenerSamples, {
  check: ({ index, event, snapshot, prev, effects, calls, invoked, replay }) => {
    {
      // The keyboard wiring asks the tag: keys reach the listener only while it listens.
      const out: ScanListenerEvent[] = []
      const v = connectScanListener(snapshot as unknown as SnapshotFrom<typeof scanListenerMachine>, (e) => void out.push(e))
      expect(v.listening).toBe(snapshot.matches('listening'))
      v.key('1')
      v.enable(false)
      expect(out).toEqual([...(v.listening ? [{ type: 'KEY', key: '1' }] : []), { type: 'DISABLE' }])
    }
    if (index === 0) times.set(replay.actor, { firstKey: NaN, lastKey: NaN })
    const t = times.get(replay.actor)!
    const now = replay.clock.now()
    const c = ctx(snapshot)!
    const before = ctx(prev)

    // Invariants: outside a sequence the buffer is empty; target and warning never outlive the step.
    if (!snapshot.matches({ listening: 'collecting' }) && !snapshot.matches({ listening: 'lookingUp' })) expect(c).toEqual(cleared)
    if (snapshot.matches({ listening: 'lookingUp' })) expect(c.buffer).not.toBe('')
    expect(c.target).toBeNull()
    expect(c.warning).toBeNull()
    // Every side effect was called with the context it acts on.
    for (const call of calls) {
      const at = call.context as ScanListenerContext
      if (call.name === 'openParcel' || call.name === 'printLabel') expect(call.params).toEqual({ internalNumber: at.target!.internalNumber })
      if (call.name === 'warn') expect((call.params as { message: string }).message).toBe(at.warning)
    }
    expect(calls.map((x) => x.name)).toEqual(effects)

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('disabled')
        expect(c).toEqual(cleared)
        break
      case 'ENABLE':
        expect(snapshot.value).toEqual({ listening: 'idle' })
        break
      case 'DISABLE':
        // Off on the scanning screens: whatever was under way is dropped, nothing is opened.
        expect(snapshot.value).toBe('disabled')
        expect(effects).toEqual([])
        break
      case 'KEY': {
        const key = (event as Extract<ScanListenerEvent, { type: 'KEY' }>).key
        expect(key).toMatch(/^[0-9A-Za-z-]$/)
        const mapped = key === '-' ? '_' : key
        const startsSequence = prev!.matches({ listening: 'idle' })
        expect(c.buffer).toBe(startsSequence ? mapped : before!.buffer + mapped)
        expect(snapshot.value).toEqual({ listening: { collecting: 'typing' } })
        if (startsSequence) t.firstKey = now
        t.lastKey = now
        expect(effects).toEqual([])
        break
      }
      case CHECK: {
        // The check runs 150 ms after the last key.
        expect(now - t.lastKey).toBe(150)
        const d = expectedDecision(before!.buffer)
        if (d.kind === 'warn') {
          // A scan warning, 5 s.
          expect(snapshot.value).toEqual({ listening: 'idle' })
          expect(named(calls)).toEqual([{ name: 'warn', params: { message: d.message, durationMs: 5_000 } }])
        } else if (d.kind === 'label') {
          // Our label opens the parcel at once; an old (0000) one also warns 10 s and opens the label to print.
          expect(snapshot.value).toEqual({ listening: 'idle' })
          expect(named(calls)).toEqual(openingCalls(d.internalNumber, d.restick))
          expect(invoked).toEqual([])
        } else if (d.kind === 'lookup') {
          expect(snapshot.value).toEqual({ listening: 'lookingUp' })
          expect(c.buffer).toBe(before!.buffer)
          expect(invoked).toEqual([{ id: 'lookup', src: 'lookup', input: { code: d.code } }])
          expect(effects).toEqual([])
        } else {
          expect(snapshot.value).toEqual({ listening: 'idle' })
          expect(effects).toEqual([])
        }
        break
      }
      case BUFFER_LIFE:
        // A sequence lives at most 800 ms from its first key.
        expect(now - t.firstKey).toBe(800)
        expect(snapshot.value).toEqual({ listening: 'idle' })
        expect(effects).toEqual([])
        break
      case 'xstate.done.actor.lookup': {
        const internalNumber = (event as unknown as { output: string }).output
        const d = expectedDecision(before!.buffer)
        expect(d.kind).toBe('lookup')
        expect(snapshot.value).toEqual({ listening: 'idle' })
        // Out and return numbers: warning and label print; a Sameday waybill only opens.
        expect(named(calls)).toEqual(openingCalls(internalNumber, d.kind === 'lookup' && d.print))
        break
      }
      case 'xstate.error.actor.lookup':
        // Nothing found: nothing opens (the spec shows no message; none chosen).
        expect(snapshot.value).toEqual({ listening: 'idle' })
        expect(effects).toEqual([])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

// ---- decide(): every rule of the listener ----------------------------------------------------------------

describe('decide', () => {
  it('28 characters starting 1000: our label; the internal number is characters 5–15', () => {
    expect(decide('1000RE1000000011010011000001')).toEqual({ kind: 'label', internalNumber: 'RE100000001', restick: false })
  })
  it('28 characters starting 0000: the label must be re-stuck (warning and print)', () => {
    expect(decide('0000RE1000000421010011000001')).toEqual({ kind: 'label', internalNumber: 'RE100000042', restick: true })
  })
  it('28 characters with another start: nothing', () => {
    expect(decide('2000RE1000000011010011000001')).toEqual({ kind: 'ignore' })
  })
  it('9 or 10 characters: looked up, with warning and label print', () => {
    expect(decide('100000001')).toEqual({ kind: 'lookup', code: '100000001', print: true })
    expect(decide('1000000011')).toEqual({ kind: 'lookup', code: '1000000011', print: true })
  })
  it('containing RE_: looked up, with warning and label print', () => {
    expect(decide('RE_100000001')).toEqual({ kind: 'lookup', code: 'RE_100000001', print: true })
    expect(decide('XRE_1234567')).toEqual({ kind: 'lookup', code: 'XRE_1234567', print: true })
  })
  it('a Sameday waybill (a digit, 3 to 5 capitals, at least 4 digits): looked up, no print', () => {
    for (const code of ['1ONB24000010001', '1ABC1234', '2ABCDE12345678901']) {
      if ([8, 13, 14].includes(code.length)) continue
      expect(decide(code), code).toEqual({ kind: 'lookup', code, print: false })
    }
    expect(decide('1ONB24000010001')).toEqual({ kind: 'lookup', code: '1ONB24000010001', print: false })
    expect(decide('1ABCDE1234567')).toEqual({ kind: 'warn', message: MSG.ean(13) })
    // Not the pattern: two capitals, six capitals, three digits, lower case.
    for (const code of ['1AB123456789', '1ABCDEF12345', '1ABC123', '1abc12345678']) expect(decide(code), code).toEqual({ kind: 'ignore' })
  })
  it("EAN lengths 8, 13, 14: 'Zeskanowano nieprawidłowy kod - wykryto EAN8' (EAN13, EAN14)", () => {
    expect(decide('59012341')).toEqual({ kind: 'warn', message: 'Zeskanowano nieprawidłowy kod - wykryto EAN8' })
    expect(decide('5901234123457')).toEqual({ kind: 'warn', message: 'Zeskanowano nieprawidłowy kod - wykryto EAN13' })
    expect(decide('80012345678901')).toEqual({ kind: 'warn', message: 'Zeskanowano nieprawidłowy kod - wykryto EAN14' })
  })
  it("more than 28 characters other than 31: 'Zbyt szybko skanujesz przesyłki'", () => {
    for (const n of [29, 30, 32, 35, 56]) expect(decide('1'.repeat(n)), `length ${n}`).toEqual({ kind: 'warn', message: 'Zbyt szybko skanujesz przesyłki' })
    expect(decide('1'.repeat(31))).toEqual({ kind: 'ignore' })
  })
  it('anything else (short text, 11–12 characters without RE_, an empty buffer): nothing', () => {
    for (const code of ['', '1', 'PRZJ_01', '12345678901', 'BUF00000001']) expect(decide(code), code).toEqual({ kind: 'ignore' })
  })
  it('agrees with the spec table on every prefix of the sample codes', () => {
    for (const code of Object.values(listenerCodes)) {
      const typed = code.replace(/-/g, '_')
      for (let n = 0; n <= typed.length; n++) expect(decide(typed.slice(0, n)), typed.slice(0, n)).toEqual(expectedDecision(typed.slice(0, n)))
    }
  })
})

// ---- a running actor with real (fake) timers -----------------------------------------------------

describe('scanListener on a running actor', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  const start = (lookup: (code: string) => Promise<string>) => {
    const log: string[] = []
    const actor = createActor(
      scanListenerMachine.provide({
        actors: { lookup: fromPromise<string, { code: string }>(({ input }) => lookup(input.code)) },
        actions: {
          warn: (_, p) => void log.push(`warn ${p.message} ${p.durationMs}`),
          printLabel: (_, p) => void log.push(`print ${p.internalNumber}`),
          openParcel: (_, p) => void log.push(`open ${p.internalNumber}`),
        },
      }),
    ).start()
    return { actor, log }
  }
  const type = (actor: { send: (e: ScanListenerEvent) => void }, text: string, gapMs = 5) => {
    for (const key of text) {
      actor.send({ type: 'KEY', key })
      vi.advanceTimersByTime(gapMs)
    }
  }

  it('is off until enabled', () => {
    const { actor, log } = start(async () => 'RE100000001')
    type(actor, '1000RE1000000011010011000001')
    vi.advanceTimersByTime(1000)
    expect(log).toEqual([])
    expect(actor.getSnapshot().value).toBe('disabled')
  })

  it('a label scan opens the parcel; an old label also warns 10 s and prints', () => {
    const { actor, log } = start(async () => 'x')
    actor.send({ type: 'ENABLE' })
    type(actor, '1000RE1000000011010011000001')
    vi.advanceTimersByTime(150)
    type(actor, '0000RE1000000421010011000001')
    vi.advanceTimersByTime(150)
    expect(log).toEqual(['open RE100000001', `warn ${MSG.restickLabel} 10000`, 'print RE100000042', 'open RE100000042'])
  })

  it('a return number typed with - is looked up, then opened with warning and print', async () => {
    const looked: string[] = []
    const { actor, log } = start(async (code) => (looked.push(code), 'RE100000007'))
    actor.send({ type: 'ENABLE' })
    type(actor, 'RE-100000007')
    await vi.advanceTimersByTimeAsync(150)
    expect(looked).toEqual(['RE_100000007'])
    expect(log).toEqual([`warn ${MSG.restickLabel} 10000`, 'print RE100000007', 'open RE100000007'])
    expect(actor.getSnapshot().value).toEqual({ listening: 'idle' })
  })

  it('the check runs 150 ms after the last key: pauses under 150 ms do not cut a scan', () => {
    const { actor, log } = start(async () => 'x')
    actor.send({ type: 'ENABLE' })
    for (const key of '59012341') {
      actor.send({ type: 'KEY', key })
      vi.advanceTimersByTime(key === '1' && actor.getSnapshot().context.buffer.length === 8 ? 0 : 90)
    }
    // 8 keys over 630 ms: one sequence.
    vi.advanceTimersByTime(149)
    expect(log).toEqual([])
    vi.advanceTimersByTime(1)
    expect(log).toEqual([`warn ${MSG.ean(8)} 5000`])
  })

  it('a sequence lives at most 800 ms from its first key: keys after that start over', () => {
    const { actor, log } = start(async () => 'x')
    actor.send({ type: 'ENABLE' })
    type(actor, '5901234', 110)
    expect(actor.getSnapshot().context.buffer).toBe('5901234')
    type(actor, '1', 0)
    vi.advanceTimersByTime(60)
    // 770 ms + 60 ms since the first key: dropped before the 150 ms check.
    expect(actor.getSnapshot().value).toEqual({ listening: 'idle' })
    expect(log).toEqual([])
    type(actor, '59012341', 1)
    vi.advanceTimersByTime(150)
    expect(log).toEqual([`warn ${MSG.ean(8)} 5000`])
  })

  it('DISABLE drops a sequence under way and a pending lookup', async () => {
    const { actor, log } = start(() => new Promise<string>((r) => setTimeout(() => r('RE100000001'), 1000)))
    actor.send({ type: 'ENABLE' })
    type(actor, '100000001', 1)
    vi.advanceTimersByTime(150)
    expect(actor.getSnapshot().value).toEqual({ listening: 'lookingUp' })
    actor.send({ type: 'DISABLE' })
    await vi.advanceTimersByTimeAsync(2000)
    expect(log).toEqual([])
    expect(actor.getSnapshot().context).toEqual(cleared)
  })
})
