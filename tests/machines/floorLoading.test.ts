/**
 * The loading and workstation-check states are one piece (machines/floorLoading.ts) that intake and
 * sorting both use: each screen's machine holds exactly these states, and the done event's floor
 * data reaches the screens' guards and actions through `loadedFloor`.
 */
import { describe, expect, it } from 'vitest'
import { classificationMachine } from '../../machines/floorClassification.ts'
import { FLOOR_LOADING_STATES, loadedFloor } from '../../machines/floorLoading.ts'
import { intakeScanMachine } from '../../machines/floorIntakeScan.ts'

const SHARED = Object.keys(FLOOR_LOADING_STATES)

describe('floor loading: one piece in intake and sorting', () => {
  for (const [name, machine] of [
    ['intakeScan', intakeScanMachine],
    ['classification', classificationMachine],
  ] as const) {
    it(`${name} starts in the shared loading state and holds every shared state as it is`, () => {
      expect(machine.config.initial).toBe('loading')
      for (const key of SHARED) {
        expect(machine.config.states?.[key], `${name}.${key}`).toBe(FLOOR_LOADING_STATES[key as keyof typeof FLOOR_LOADING_STATES])
      }
    })
    it(`${name}: a load ends in ready, noWorkstation, leaving or loadFailed — and nowhere else`, () => {
      const done = machine.states.loading!.transitions.get(`xstate.done.actor.loadFloor`) ?? []
      const targets = new Set(done.flatMap((t) => (t.target ?? []).map((s) => s.key)))
      expect(targets).toEqual(new Set(['noWorkstation', 'leaving', 'ready']))
      const failed = machine.states.loading!.transitions.get(`xstate.error.actor.loadFloor`) ?? []
      expect(failed.flatMap((t) => (t.target ?? []).map((s) => s.key))).toEqual(['loadFailed'])
    })
  }

  it('loadedFloor reads the floor data of the load’s done event', () => {
    const floor = { workflow: null, statuses: [], sectors: [] }
    expect(loadedFloor({ type: 'xstate.done.actor.loadFloor', output: floor } as { type: string })).toBe(floor)
  })
})
