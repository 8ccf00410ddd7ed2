import { describe, expect, it } from 'vitest'
import { type EventObject, createActor, fromCallback } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { type FocusLockEvent, connectFocusLock, focusLockMachine } from '../../machines/floorFocusLock.ts'
import { focusLockSamples } from '../../machines/floorFocusLock.samples.ts'
import { describeModel } from './model.ts'

/** Replay-clock time the 2 s started from (the last activity, start, or the last return). */
let since = 0
const noop = () => {}

describeModel(focusLockMachine, focusLockSamples, {
  check: ({ event, snapshot, prev, effects, replay, invoked }) => {
    const now = connectFocusLock(snapshot as never, noop)
    const before = prev ? connectFocusLock(prev as never, noop) : null
    const paused = (snapshot.context as { paused: boolean }).paused
    switch (event.type) {
      case 'xstate.init':
        since = replay.clock.now()
        expect(now.locked).toBe(false)
        // The page's keys and clicks are the machine's own child, for as long as it runs.
        expect(invoked).toEqual([{ id: 'keyboard', src: 'keyboard', input: undefined }])
        break
      case 'ESCAPE':
        // Escape toggles the lock; freeing it puts the focus back at once.
        expect(now.locked).toBe(!before!.locked)
        expect(effects).toEqual(before!.locked ? ['focusField'] : [])
        if (!now.locked) since = replay.clock.now()
        break
      case 'TAB':
        expect(now.locked).toBe(true)
        expect(effects).toEqual([])
        break
      case 'ACTIVITY':
        expect(now.locked).toBe(before!.locked)
        if (!now.locked) since = replay.clock.now()
        expect(effects).toEqual([])
        break
      case 'PAUSE': {
        const wasPaused = (prev!.context as { paused: boolean }).paused
        if (wasPaused && !paused) {
          // The window or form closed: the lock frees (a Tab inside it leaves none) and the focus is back at once.
          expect(now.locked).toBe(false)
          expect(effects).toEqual(['focusField'])
          since = replay.clock.now()
        } else {
          expect(now.locked).toBe(before!.locked)
          expect(effects).toEqual([])
        }
        break
      }
      default:
        // The timer: 2 s after the last activity, the focus returns unless paused; the lock stays free.
        expect(event.type.startsWith('xstate.after')).toBe(true)
        expect(now.locked).toBe(false)
        expect(replay.clock.now() - since).toBe(WAREHOUSE.focusReturnMs)
        expect(effects).toEqual(paused ? [] : ['focusField'])
        since = replay.clock.now()
    }
  },
})

/** The lock with a keyboard that the test types on; it records when the keyboard is attached and removed. */
function lockWithKeyboard() {
  const log: string[] = []
  let press: ((e: FocusLockEvent) => void) | null = null
  const machine = focusLockMachine.provide({
    actors: {
      keyboard: fromCallback<EventObject, undefined, FocusLockEvent>(({ sendBack }) => {
        log.push('attached')
        press = sendBack
        return () => {
          log.push('removed')
          press = null
        }
      }),
    },
    actions: { focusField: () => void log.push('focusField') },
  })
  return { actor: createActor(machine), log, press: (e: FocusLockEvent) => press?.(e) }
}

describe('focus lock keyboard', () => {
  it('is attached when the lock starts, before any key, and its keys reach the lock', () => {
    const k = lockWithKeyboard()
    expect(k.log).toEqual([])
    k.actor.start()
    expect(k.log).toEqual(['attached'])
    k.press({ type: 'ESCAPE' })
    expect(k.actor.getSnapshot().hasTag('locked')).toBe(true)
    k.press({ type: 'ESCAPE' })
    expect(k.actor.getSnapshot().hasTag('locked')).toBe(false)
    expect(k.log).toEqual(['attached', 'focusField'])
    k.press({ type: 'TAB' })
    expect(k.actor.getSnapshot().hasTag('locked')).toBe(true)
  })

  it('is removed when the lock stops (the scan field leaves the page), and only then', () => {
    const k = lockWithKeyboard()
    k.actor.start()
    k.press({ type: 'ESCAPE' })
    k.press({ type: 'ACTIVITY' })
    k.actor.send({ type: 'PAUSE', paused: true })
    expect(k.log).toEqual(['attached'])
    k.actor.stop()
    expect(k.log).toEqual(['attached', 'removed'])
  })
})
