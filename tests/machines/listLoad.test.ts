import { expect } from 'vitest'
import { aliasListMachine, connectListLoad } from '../../machines/listLoad.ts'
import { emagAlias, listLoadSamples } from '../../machines/listLoad.samples.ts'
import { describeModel } from './model.ts'

describeModel(aliasListMachine, listLoadSamples, {
  check: ({ event, snapshot, invoked }) => {
    const props = connectListLoad(snapshot as Parameters<typeof connectListLoad>[0], () => {})
    expect(props.loading).toBe(snapshot.matches('loading'))
    expect(props.problem !== null).toBe(snapshot.matches('failed'))
    if (event.type === 'RELOAD' || event.type === 'RETRY' || event.type === 'xstate.init') expect(invoked.map((i) => i.src)).toEqual(['loadRows'])
    if (event.type === 'xstate.done.actor.loadRows') expect([[emagAlias], []]).toContainEqual(props.rows)
    if (event.type === 'xstate.error.actor.loadRows') expect(props.problem).toBe('Wystąpił nieznany błąd')
  },
})
