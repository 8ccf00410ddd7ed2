import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SCAN_LISTENER } from '../../src/contract/constants/warehouse.ts'
import { MSG } from '../../src/contract/messages.ts'
import { type RouteName, ROUTES } from '../../src/contract/routes.ts'
import { scanListenerMachine } from '../../machines/floorScanListener.ts'
import { LISTENER_OFF_ROUTES, listenerOn } from '../../machines/floorScanListenerScope.ts'

/** The global scan listener as the app wires it (src/web/wiring/floorScanListener.ts), with fake effects and a fake clock. */
function start(lookup: (code: string) => Promise<string> = async () => 'RE100000002') {
  const calls: Array<{ action: string; warning: string | null; target: unknown }> = []
  const looked: string[] = []
  const record = (action: string) => ({ context }: { context: { warning: string | null; target: unknown } }) =>
    void calls.push({ action, warning: context.warning, target: context.target })
  const actor = createActor(
    scanListenerMachine.provide({
      actors: { lookup: fromPromise(({ input }) => (looked.push(input.code), lookup(input.code))) },
      actions: { warn: record('warn'), printLabel: record('printLabel'), openParcel: record('openParcel') },
    }),
  ).start()
  const type = async (code: string) => {
    for (const key of code) {
      actor.send({ type: 'KEY', key })
      await vi.advanceTimersByTimeAsync(5)
    }
    await vi.advanceTimersByTimeAsync(SCAN_LISTENER.checkDelayMs)
  }
  return { actor, calls, looked, type }
}

describe('scan listener', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('is off until enabled, and ignores keys then', async () => {
    const { actor, calls, type } = start()
    await type('1000RE1000000020000000000001')
    expect(actor.getSnapshot().value).toBe('disabled')
    expect(calls).toEqual([])
  })

  it('our label (28 characters, 1000…) opens the parcel: the internal number is characters 5–15', async () => {
    const { actor, calls, type } = start()
    actor.send({ type: 'ENABLE' })
    await type('1000RE1000000020000000000001')
    const opened = calls.filter((c) => c.action === 'openParcel')
    expect(opened).toEqual([{ action: 'openParcel', warning: null, target: { internalNumber: 'RE100000002', print: false } }])
    expect(actor.getSnapshot().value).toEqual({ listening: 'idle' })
  })

  it('an old label (0000…) must be re-stuck: the 10 s warning, the label printed, the parcel opened', async () => {
    const { actor, calls, type } = start()
    actor.send({ type: 'ENABLE' })
    await type('0000RE1000000020000000000001')
    expect(calls.map((c) => c.action)).toEqual(['warn', 'printLabel', 'openParcel'])
    expect(calls[0]!.warning).toBe(MSG.restickLabel)
    expect(calls[1]!.target).toEqual({ internalNumber: 'RE100000002', print: true })
  })

  it('an out number (10 characters) is looked up on the server, then the parcel opens with the label printed', async () => {
    const { actor, calls, looked, type } = start()
    actor.send({ type: 'ENABLE' })
    await type('1234567890')
    await vi.advanceTimersByTimeAsync(0)
    expect(looked).toEqual(['1234567890'])
    expect(calls.map((c) => c.action)).toEqual(['warn', 'printLabel', 'openParcel'])
    expect(calls[2]!.target).toEqual({ internalNumber: 'RE100000002', print: true })
  })

  it('a return number (RE_) is looked up; a failed lookup opens nothing', async () => {
    const { actor, calls, looked, type } = start(async () => Promise.reject(new Error('404')))
    actor.send({ type: 'ENABLE' })
    await type('RE-100000002')
    await vi.advanceTimersByTimeAsync(0)
    expect(looked).toEqual(['RE_100000002'])
    expect(calls).toEqual([])
    expect(actor.getSnapshot().value).toEqual({ listening: 'idle' })
  })

  it('EAN lengths and two scans run together warn (the 5 s warnings)', async () => {
    const { actor, calls, type } = start()
    actor.send({ type: 'ENABLE' })
    await type('12345678')
    await vi.advanceTimersByTimeAsync(SCAN_LISTENER.bufferClearMs)
    await type('1000RE10000000200000000000011000RE100')
    expect(calls.map((c) => [c.action, c.warning])).toEqual([
      ['warn', MSG.ean(8)],
      ['warn', MSG.tooFast],
    ])
  })

  it('DISABLE drops what was being typed', async () => {
    const { actor, calls } = start()
    actor.send({ type: 'ENABLE' })
    for (const key of '1000RE10000') actor.send({ type: 'KEY', key })
    actor.send({ type: 'DISABLE' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('disabled')
    expect(actor.getSnapshot().context.buffer).toBe('')
    expect(calls).toEqual([])
  })
})

describe('where the scan listener listens', () => {
  it('staff only, and not on the scanning screens, the new shipment form or client pages', () => {
    for (const route of ['dashboard', 'parcelList', 'users', 'workstationsList', 'tags', 'externalInbound'] as RouteName[]) {
      expect(listenerOn(0, route)).toBe(true)
    }
    expect(listenerOn(1, 'parcelList')).toBe(true)
    expect(listenerOn(2, 'dashboard')).toBe(false)
    expect(listenerOn(3, 'dashboard')).toBe(false)
    expect(listenerOn(null, 'dashboard')).toBe(false)
    for (const route of [
      'parcelFromNumber', 'parcelFromNumberAssign', 'parcelClassification', 'parcelSearch', 'externalInboundScan', 'setWorkstation',
      'resolveProblematic', 'shipmentNew', 'client', 'clients',
    ] as RouteName[]) {
      expect(LISTENER_OFF_ROUTES).toContain(route)
      expect(listenerOn(0, route)).toBe(false)
      expect(listenerOn(1, route)).toBe(false)
    }
    // Public pages and unknown addresses: off.
    expect(listenerOn(0, 'home')).toBe(false)
    expect(listenerOn(0, 'tracking')).toBe(false)
    expect(listenerOn(0, null)).toBe(false)
    expect(Object.keys(ROUTES)).toEqual(expect.arrayContaining([...LISTENER_OFF_ROUTES]))
  })
})
