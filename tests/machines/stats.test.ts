import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type StatsContext, connectStats, statsMachine } from '../../machines/stats.ts'
import { statsSamples } from '../../machines/stats.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as StatsContext | undefined

describeModel(statsMachine, statsSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const props = connectStats(snapshot as Parameters<typeof connectStats>[0], () => {})
    // The table shown is always of the kind chosen; never the other kind's rows under the new choice.
    if (props.all) expect(c.report!.status).toBe(c.status)
    if (c.report && c.report.status === c.status) expect(props.rows).toBe(c.report.data)
    // The rows of another kind are never shown under the choice.
    if (c.report?.status !== c.status) expect(props.rows).toEqual([])
    // One download at a time, and only of a loaded table; no switching kinds meanwhile.
    expect(props.canDownload).toBe(snapshot.matches({ ready: 'idle' }))
    expect(props.canChoose).toBe(!snapshot.hasTag('downloading'))
    switch (event.type) {
      case 'CHOOSE':
        // Another kind is asked for at once, with its status.
        expect(invoked.map((i) => i.src)).toEqual(['loadStats'])
        expect(invoked[0]!.input).toEqual({ status: c.status })
        expect(c.status).toBe(event.status)
        break
      case 'DOWNLOAD':
        expect(invoked.map((i) => i.src)).toEqual(['download'])
        expect(invoked[0]!.input).toEqual({ status: c.status, today: c.report!.today })
        break
      case 'xstate.error.actor.loadStats':
        // A load failure is only logged: the logging action, no toast.
        expect(effects).toEqual(['loadFailed'])
        expect(props.problem).toBe(true)
        break
      case 'xstate.error.actor.download':
        expect(effects).toEqual(['downloadFailed'])
        expect(snapshot.matches({ ready: 'idle' })).toBe(true)
        break
      case 'xstate.done.actor.loadStats':
        expect(props.loading).toBe(false)
        break
    }
  },
})
