// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ROLE } from '../../src/contract/constants/access.ts'
import { SCAN_LISTENER } from '../../src/contract/constants/warehouse.ts'
import { decide } from '../../machines/floorScanListener.ts'
import { notify } from '../../src/web/ui/toast.tsx'
import { scanListenerScope } from '../../src/web/wiring/floorScanListenerLoader.ts'

/**
 * Keys scanned while the global scan listener's code is on its way are kept by the loader as
 * bursts (a pause of SCAN_LISTENER.checkDelayMs ends one) and replayed in order once it is there:
 * each burst is checked on its own, as if it had been scanned after the code came.
 */

/** A key press outside any field at a given time (ms), as the browser stamps it. */
function press(key: string, at: number) {
  const e = new KeyboardEvent('keydown', { key, bubbles: true })
  Object.defineProperty(e, 'timeStamp', { value: at })
  document.body.dispatchEvent(e)
}

/** Types a code one key every 10 ms from `start`; answers when its last key was pressed. */
function scan(code: string, start: number) {
  ;[...code].forEach((key, i) => press(key, start + i * 10))
  return start + (code.length - 1) * 10
}

const warningOf = (code: string) => {
  const d = decide(code)
  if (d.kind !== 'warn') throw new Error(`${code} is not a warning`)
  return d.message
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the scan listener loader', () => {
  it('replays the bursts typed before the listener came, in order and each on its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const warned: string[] = []
    vi.spyOn(notify, 'warning').mockImplementation((m) => void warned.push(m))
    // Three codes the listener refuses, each with its own warning; typed together they would be one code too long.
    const codes = ['12345678', '1234567890123', '12345678901234']
    const pause = SCAN_LISTENER.checkDelayMs + 1

    // A staff screen where the listener listens: its code is asked for, the keys are kept meanwhile.
    scanListenerScope(ROLE.admin, 'scanLog')
    let t = 1_000
    for (const code of codes) t = scan(code, t) + pause

    // The listener's code arrives (a real dynamic import), then its first timers run.
    await import('../../src/web/wiring/floorScanListener.ts')
    await new Promise((resolve) => setImmediate(resolve))
    expect(warned).toEqual([])
    await vi.advanceTimersByTimeAsync(SCAN_LISTENER.checkDelayMs)
    expect(warned).toEqual([warningOf(codes[0]!)])
    await vi.advanceTimersByTimeAsync(5 * SCAN_LISTENER.checkDelayMs)
    expect(warned).toEqual(codes.map(warningOf))
  })
})
