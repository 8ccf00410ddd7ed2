/**
 * The model machinery itself, on a small machine with what later machines use: parallel regions,
 * nested states, a transient (`always`) state, guards, an invoked actor, named and numeric delays,
 * re-entering transitions, custom actions and a context too large to explore without a `key`.
 */
import { describe, expect, it } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { coverage, explore, transitionPaths } from '../../machines/graph/explore.ts'
import { replayPath, ReplayMismatch } from '../../machines/graph/replay.ts'
import { defineSamples, doneActor, errorActor, named } from '../../machines/graph/samples.ts'
import { coverageReport, describeModel, modelPaths } from './model.ts'

const scanner = setup({
  types: {
    context: {} as { buffer: string; last: string | null; error: string | null },
    events: {} as { type: 'KEY'; key: string } | { type: 'CLEAR' },
    input: {} as { prefix: string },
  },
  actors: {
    lookup: fromPromise<{ found: boolean }, { code: string }>(async () => ({ found: true })),
  },
  delays: { SCAN_IDLE: 400 },
  guards: {
    hasCode: ({ context }) => context.buffer.length >= 2,
  },
  actions: {
    beep: () => {},
  },
}).createMachine({
  id: 'scanner',
  type: 'parallel',
  context: ({ input }) => ({ buffer: input.prefix, last: null, error: null }),
  states: {
    input: {
      initial: 'idle',
      states: {
        idle: { on: { KEY: { target: 'typing', actions: assign({ buffer: ({ context, event }) => context.buffer + event.key }) } } },
        typing: {
          after: { SCAN_IDLE: 'checking' },
          on: {
            KEY: { target: 'typing', reenter: true, actions: assign({ buffer: ({ context, event }) => context.buffer + event.key }) },
            CLEAR: { target: 'idle', actions: assign({ buffer: '' }) },
          },
        },
        checking: { always: [{ guard: 'hasCode', target: 'looking' }, { target: 'idle', actions: assign({ buffer: '' }) }] },
        looking: {
          invoke: {
            id: 'lookup',
            src: 'lookup',
            input: ({ context }) => ({ code: context.buffer }),
            onDone: { target: 'idle', actions: [assign({ last: ({ context }) => context.buffer, buffer: '', error: null }), 'beep'] },
            onError: { target: 'idle', actions: assign({ error: 'not found', buffer: '' }) },
          },
        },
      },
    },
    lamp: {
      initial: 'off',
      states: {
        off: { on: { KEY: 'on' } },
        on: { after: { 1000: 'off' } },
      },
    },
  },
})

const samples = defineSamples(scanner, {
  inputs: { empty: { prefix: '' }, 'one char typed': { prefix: '1' } },
  events: [
    named('1', { type: 'KEY', key: '1' }),
    { type: 'CLEAR' },
    doneActor('lookup', { found: true }, 'found'),
    errorActor('lookup', new Error('404'), '404'),
  ],
  // The buffer grows with every key: keep only whether it holds a code.
  key: (c) => ({ hasCode: c.buffer.length >= 2, empty: c.buffer === '', last: c.last !== null, error: c.error }),
})

describeModel(scanner, samples, {
  check: ({ event, snapshot, effects, invoked }) => {
    if (event.type === 'xstate.done.actor.lookup') expect(effects).toEqual(['beep'])
    else expect(effects).toEqual([])
    if (snapshot.matches({ input: 'looking' }) && invoked.length) expect(invoked[0]!.input).toEqual({ code: snapshot.context.buffer })
  },
})

describe('model machinery', () => {
  it('explores delays with synthetic after events and passes through transient states', () => {
    const { paths } = modelPaths(scanner, samples)
    const c = coverage(scanner, paths)
    expect(c.transientNodes).toEqual(['scanner.input.checking'])
    expect(c.missedNodes).toEqual([])
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(types).toContain('xstate.after.SCAN_IDLE.scanner.input.typing')
    expect(types).toContain('xstate.after.1000.scanner.lamp.on')
  })

  it('reports the state nodes and transitions the samples never reach', () => {
    const poor = defineSamples(scanner, { ...samples, events: [named('1', { type: 'KEY', key: '1' })] })
    const { paths } = modelPaths(scanner, poor)
    const report = coverageReport(scanner, coverage(scanner, paths))
    expect(report).toContain('Transitions never taken')
    expect(report).toContain('#scanner.input.typing  CLEAR → #scanner.input.idle')
    expect(report).toContain('#scanner.input.looking  xstate.done.actor.lookup → #scanner.input.idle')
    expect(report).toContain('#scanner.input.looking  xstate.error.actor.lookup → #scanner.input.idle')
    expect(report).not.toContain('State nodes never reached')
  })

  it('names a state never reached', () => {
    const noKeys = defineSamples(scanner, { ...samples, events: [{ type: 'CLEAR' }] })
    const report = coverageReport(scanner, coverage(scanner, modelPaths(scanner, noKeys).paths))
    expect(report).toContain('State nodes never reached')
    expect(report).toContain('#scanner.input.typing')
    expect(report).toContain('#scanner.lamp.on')
  })

  it('a replay fails, naming the step, when the actor does not do what the model says', async () => {
    const graph = explore(scanner, samples, 'one char typed')
    const path = graph.run([{ type: 'KEY', key: '1' }, { type: 'xstate.after.SCAN_IDLE.scanner.input.typing' }])
    expect(path.steps[2]!.snapshot.value).toEqual({ input: 'looking', lamp: 'on' })
    // Same definition, different guard implementation: the real actor goes back to idle.
    const strict = scanner.provide({ guards: { hasCode: ({ context }) => context.buffer.length >= 3 } })
    const failure = await replayPath(strict, path, { input: path.input, key: samples.key }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ReplayMismatch)
    expect((failure as ReplayMismatch).stepIndex).toBe(2)
    expect((failure as Error).message).toContain('✗ 2. after SCAN_IDLE (scanner.input.typing) → input.looking lamp.on')
    expect((failure as Error).message).toContain('actor: input.idle lamp.on')
  })

  it('a replay fails when a path finishes an actor that is not running', async () => {
    const graph = explore(scanner, samples, 'empty')
    const path = graph.run([{ type: 'KEY', key: '1' }])
    path.steps.push({ ...path.steps[1]!, event: { type: 'xstate.done.actor.lookup', output: { found: true } } })
    await expect(replayPath(scanner, path, { input: path.input, key: samples.key })).rejects.toThrow('no invoked actor "lookup" is running')
  })

  it('timers fire only when the path says, at the time they are due', async () => {
    const graph = explore(scanner, samples, 'empty')
    const path = graph.run([{ type: 'KEY', key: '1' }, { type: 'xstate.after.1000.scanner.lamp.on' }])
    const run = await replayPath(scanner, path, { input: path.input, key: samples.key, keepAlive: true })
    expect(run.actor.getSnapshot().value).toEqual({ input: 'typing', lamp: 'off' })
    expect(run.clock.now()).toBe(1000)
    run.actor.stop()
  })

  it('every transition path starts from the input and has no duplicate', () => {
    const graph = explore(scanner, samples, 'empty')
    const paths = transitionPaths(graph)
    const descriptions = paths.map((p) => p.description)
    expect(new Set(descriptions).size).toBe(descriptions.length)
    for (const p of paths) expect(p.steps[0]!.event).toEqual({ type: 'xstate.init', input: { prefix: '' } })
  })
})
