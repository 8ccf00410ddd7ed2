import { expect } from 'vitest'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { bigIndicatorMachine, connectBigIndicator } from '../../machines/floorBigIndicator.ts'
import { bigIndicatorSamples } from '../../machines/floorBigIndicator.samples.ts'
import { describeModel } from './model.ts'

/** Replay-clock time of the last SHOW of the current path. */
let shownAt = 0

describeModel(bigIndicatorMachine, bigIndicatorSamples, {
  check: ({ event, snapshot, prev, replay }) => {
    const view = connectBigIndicator(snapshot as never)
    const before = connectBigIndicator(prev as never)
    if (event.type === 'SHOW') {
      // Every SHOW shows the tick naming its barcode, as a new showing.
      shownAt = replay.clock.now()
      expect(view.visible).toBe(true)
      expect(view.barcode).toBe((event as { barcode?: string | null }).barcode ?? null)
      expect(view.seq).toBe(before.seq + 1)
    } else if (event.type.startsWith('xstate.after')) {
      // It goes away on its own, exactly bigSuccess after the last SHOW.
      expect(view.visible).toBe(false)
      expect(replay.clock.now() - shownAt).toBe(WAREHOUSE.toastMs.bigSuccess)
    } else expect(view.visible).toBe(false)
  },
})
