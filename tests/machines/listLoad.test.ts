import { describe, expect, it } from 'vitest'
import { aliasListMachine, anyDataLoadMachine, connectDataLoad, connectListLoad } from '../../machines/listLoad.ts'
import { dataLoadSamples, emagAlias, listLoadSamples } from '../../machines/listLoad.samples.ts'
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

describeModel(anyDataLoadMachine, dataLoadSamples, {
  check: ({ event, snapshot, prev, effects }) => {
    const props = connectDataLoad(snapshot as Parameters<typeof connectDataLoad>[0], () => {})
    expect(props.isBusy).toBe(snapshot.matches('loading') || snapshot.matches('acting') || snapshot.matches('waiting'))
    // A debounced LOAD waits before asking; an undebounced one asks at once.
    if (event.type === 'LOAD') expect(snapshot.matches(snapshot.context.delay > 0 ? 'waiting' : 'loading')).toBe(true)
    expect(props.isConfirming).toBe(snapshot.matches('confirming') || snapshot.matches('acting'))
    if (props.isConfirming) expect(props.pending).toEqual({ id: 7 })
    // A done action reloads the list; a failed one is shown and the list stays.
    if (event.type === 'xstate.done.actor.act') {
      expect(effects).toContain('acted')
      expect(snapshot.matches('loading')).toBe(true)
    }
    if (event.type === 'xstate.error.actor.act') {
      expect(effects).toContain('failed')
      expect(props.loaded.status).toBe(prev?.context.data === null ? 'loading' : 'ready')
    }
    expect(props.problem !== null).toBe(snapshot.matches('failed'))
    // Asking again keeps the data shown until the new answer.
    if (event.type === 'RELOAD' || event.type === 'LOAD' || event.type === 'ASK') expect(props.data).toEqual(prev?.context.data ?? null)
    if (event.type === 'LOAD') expect(snapshot.context.key).toBe(2)
    if (props.loaded.status === 'ready') expect(props.data).not.toBeNull()
    if (event.type === 'xstate.done.actor.load') expect(props.answers).toBe((prev?.context.answers ?? 0) + 1)
    if (event.type === 'xstate.error.actor.load') expect(props.loaded).toEqual({ status: 'failed', error: 'Nie znaleziono' })
    if (event.type === 'REPLACE') expect(props.loaded).toEqual({ status: 'ready', data: { id: 1, name: 'Sektor B' } })
  },
})

describe('connectDataLoad', () => {
  it('sends RELOAD, RETRY, LOAD and REPLACE', () => {
    const sent: unknown[] = []
    const state = { context: { key: 1, delay: 0, data: null, failure: null, pending: null, answers: 0 }, hasTag: (t: string) => t === 'busy' }
    const props = connectDataLoad<{ id: number }>(state, (e) => sent.push(e))
    expect(props.loaded).toEqual({ status: 'loading' })
    props.reload()
    props.retry()
    props.load(3)
    props.replace({ id: 3 })
    props.ask({ id: 3 })
    props.confirm()
    props.cancel()
    expect(sent).toEqual([
      { type: 'RELOAD' },
      { type: 'RETRY' },
      { type: 'LOAD', key: 3 },
      { type: 'REPLACE', data: { id: 3 } },
      { type: 'ASK', item: { id: 3 } },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
    ])
  })
})
