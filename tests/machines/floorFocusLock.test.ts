import { expect } from 'vitest'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { connectFocusLock, focusLockMachine } from '../../machines/floorFocusLock.ts'
import { focusLockSamples } from '../../machines/floorFocusLock.samples.ts'
import { describeModel } from './model.ts'

/** Replay-clock time the 2 s started from (the last activity, start, or the last return). */
let since = 0
const noop = () => {}

describeModel(focusLockMachine, focusLockSamples, {
  check: ({ event, snapshot, prev, effects, replay }) => {
    const now = connectFocusLock(snapshot as never, noop)
    const before = prev ? connectFocusLock(prev as never, noop) : null
    const paused = (snapshot.context as { paused: boolean }).paused
    switch (event.type) {
      case 'xstate.init':
        since = replay.clock.now()
        expect(now.locked).toBe(false)
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
