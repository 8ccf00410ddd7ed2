import { describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { type Timers, listeningClockOf } from '../../src/web/wiring/floorClock.ts'

/**
 * The scanning screens' clock: a timer that goes off more than SCANNER.lateSlackMs late (the page
 * was busy) waits its time once more; on time, or the second time, it goes off. Driven by a page
 * clock of our own, where a busy stretch is time that passes without the timers getting a turn.
 */
function pageClock() {
  let now = 0
  let seq = 0
  const due = new Map<number, { at: number; fn: () => void }>()
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      due.set(++seq, { at: now + ms, fn })
      return seq
    },
    clearTimeout: (id) => void due.delete(id as number),
  }
  /** Time passes with the page free: every timer goes off at its time. */
  const pass = (ms: number) => {
    const end = now + ms
    for (;;) {
      const next = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!next) break
      due.delete(next[0])
      now = Math.max(now, next[1].at)
      next[1].fn()
    }
    now = end
  }
  /** The page is busy for `ms`: nothing runs; then the timers that came due meanwhile go off, late. */
  const busy = (ms: number) => {
    now += ms
    pass(0)
  }
  return { timers, pass, busy, pending: () => due.size }
}

describe('listening clock', () => {
  it('a timer on time goes off at its time', () => {
    const page = pageClock()
    const clock = listeningClockOf(page.timers)
    let fired = 0
    clock.setTimeout(() => fired++, 400)
    page.pass(399)
    expect(fired).toBe(0)
    page.pass(1)
    expect(fired).toBe(1)
  })

  it('a timer a little late (within the slack) goes off', () => {
    const page = pageClock()
    const clock = listeningClockOf(page.timers)
    let fired = 0
    clock.setTimeout(() => fired++, 400)
    page.pass(10)
    page.busy(390 + SCANNER.lateSlackMs)
    expect(fired).toBe(1)
  })

  it('a timer that found the page busy waits its time once more, then goes off even if late again', () => {
    const page = pageClock()
    const clock = listeningClockOf(page.timers)
    let fired = 0
    clock.setTimeout(() => fired++, 400)
    page.pass(10)
    page.busy(600) // due at 400, ran at 610
    expect(fired).toBe(0)
    page.pass(399)
    expect(fired).toBe(0)
    page.pass(1)
    expect(fired).toBe(1)

    clock.setTimeout(() => fired++, 400)
    page.busy(1_000)
    expect(fired).toBe(1)
    page.busy(1_000) // late the second time too: it goes off, it never waits for ever
    expect(fired).toBe(2)
  })

  it('clearing stops it, also while it waits again', () => {
    const page = pageClock()
    const clock = listeningClockOf(page.timers)
    let fired = 0
    const a = clock.setTimeout(() => fired++, 400)
    clock.clearTimeout(a)
    const b = clock.setTimeout(() => fired++, 400)
    page.busy(600)
    clock.clearTimeout(b)
    page.pass(1_000)
    expect(fired).toBe(0)
    expect(page.pending()).toBe(0)
  })

  it('an idle window of a machine on this clock: keys queued behind a busy page still belong to the code', () => {
    const page = pageClock()
    const machine = setup({ types: { events: {} as { type: 'KEY'; key: string }, context: {} as { buffer: string; sent: string[] } } }).createMachine({
      context: { buffer: '', sent: [] },
      initial: 'empty',
      states: {
        empty: { on: { KEY: { target: 'collecting', actions: ({ context, event }) => void (context.buffer += event.key) } } },
        collecting: {
          after: { 400: { target: 'empty', actions: ({ context }) => void (context.sent.push(context.buffer), (context.buffer = '')) } },
          on: { KEY: { target: 'collecting', reenter: true, actions: ({ context, event }) => void (context.buffer += event.key) } },
        },
      },
    })
    const actor = createActor(machine, { clock: listeningClockOf(page.timers) }).start()
    actor.send({ type: 'KEY', key: 'P' })
    page.pass(5)
    actor.send({ type: 'KEY', key: 'R' })
    page.busy(600) // the idle window came due while the page was busy; the next keys were waiting
    for (const key of 'ZJ_01') {
      actor.send({ type: 'KEY', key })
      page.pass(5)
    }
    page.pass(400)
    expect(actor.getSnapshot().context.sent).toEqual(['PRZJ_01'])
  })
})
