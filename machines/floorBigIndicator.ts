import { type SnapshotFrom, assign, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'

/**
 * The big success indicator of a scanning screen: a scan answer without messages shows a large tick
 * naming its barcode for WAREHOUSE.toastMs.bigSuccess (950 ms), so a person who scans all day sees it
 * from the corner of an eye. A child (`indicator`) of the screens whose answers can be silent
 * (intake, sorting, resolve); the screen sends SHOW, the timer is the machine's own, the view reads
 * connectBigIndicator.
 *
 *   hidden ─SHOW─▶ shown ─950 ms─▶ hidden      (SHOW while shown restarts the 950 ms)
 */
export interface BigIndicatorContext {
  /** The barcode the tick answers (null: none). */
  barcode: string | null
  /** How many times it was shown: each showing is its own element (the animation replays). */
  seq: number
}

export type BigIndicatorEvent = { type: 'SHOW'; barcode: string | null }

export const bigIndicatorMachine = setup({
  types: { context: {} as BigIndicatorContext, events: {} as BigIndicatorEvent },
  delays: { bigSuccess: WAREHOUSE.toastMs.bigSuccess },
}).createMachine({
  id: 'bigIndicator',
  context: { barcode: null, seq: 0 },
  initial: 'hidden',
  on: {
    SHOW: { target: '.shown', reenter: true, actions: assign(({ context, event }) => ({ barcode: event.barcode, seq: context.seq + 1 })) },
  },
  states: {
    hidden: {},
    shown: { tags: ['shown'], after: { bigSuccess: 'hidden' } },
  },
})

export type BigIndicatorSnapshot = SnapshotFrom<typeof bigIndicatorMachine>

/** What the indicator view shows (undefined snapshot: the screen has no indicator running). */
export function connectBigIndicator(state: BigIndicatorSnapshot | undefined) {
  return { visible: state?.hasTag('shown') ?? false, barcode: state?.context.barcode ?? null, seq: state?.context.seq ?? 0 }
}
