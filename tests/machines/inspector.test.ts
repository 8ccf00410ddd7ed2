/** The inspector's pure parts: accepted events, state targets, shortest paths, replay on a fresh actor, the live-actor registry. */
import { describe, expect, it } from 'vitest'
import { createActor, setup, type AnyMachineSnapshot, type InspectionEvent } from 'xstate'
import { machines, machineSamples, registered } from '../../machines/index.ts'
import { sessionSamples } from '../../machines/session.samples.ts'
import { sessionMachine } from '../../machines/session.ts'
import { acceptedEvents, pathLines, pathToState, replayOnFreshActor, stateTargets } from '../../src/web/inspector/core.ts'
import { inspectEnabled } from '../../src/web/inspector/index.ts'
import { ActorRegistry } from '../../src/web/inspector/registry.ts'

const flush = () => new Promise<void>((r) => queueMicrotask(r))

/** A snapshot of the session machine after these events, from an input. */
function sessionAt(inputName: keyof typeof sessionSamples.inputs, ...types: string[]): AnyMachineSnapshot {
  const actor = createActor(sessionMachine, { input: sessionSamples.inputs[inputName] }).start()
  for (const type of types) actor.send(sessionSamples.events.find((e) => e.type === type)! as never)
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot
  actor.stop()
  return snapshot
}

describe('registry of machines', () => {
  it('lists every machine under its own id, each with samples', () => {
    for (const [id, machine] of Object.entries(machines)) {
      expect(machine.id).toBe(id)
      expect(registered(id)?.samples).toBe(machineSamples[id as keyof typeof machines])
      expect(Object.keys(registered(id)!.samples.inputs).length).toBeGreaterThan(0)
    }
    expect(registered('nope')).toBeUndefined()
  })
})

describe('accepted events of a snapshot', () => {
  it('logging in: one entry per sample of the login results, labelled by name', () => {
    const s = createActor(sessionMachine, { input: { stored: null } }).start()
    s.send({ type: 'LOGIN', email: 'admin@example.com', password: 'admin123' })
    expect(acceptedEvents(s.getSnapshot() as AnyMachineSnapshot, sessionSamples).map((e) => e.label)).toEqual([
      'done login (admin)',
      'done login (worker)',
      'done login (client)',
      'done login (client role 2)',
      'error login (401 login_error)',
      'error login (422)',
    ])
    s.stop()
  })

  it('verifying a stored session: whoami results are synthetic, UNAUTHORIZED is not', () => {
    const accepted = acceptedEvents(sessionAt('stored session'), sessionSamples)
    const byType = (type: string) => accepted.filter((e) => e.type === type)
    expect(byType('xstate.done.actor.whoami')).toHaveLength(3)
    expect(byType('xstate.error.actor.whoami')).toHaveLength(1)
    expect(byType('UNAUTHORIZED')).toEqual([{ type: 'UNAUTHORIZED', event: { type: 'UNAUTHORIZED' }, label: 'UNAUTHORIZED', enabled: true, synthetic: false }])
    expect(accepted.every((e) => e.enabled)).toBe(true)
    expect(accepted.filter((e) => e.synthetic).map((e) => e.type)).toEqual([
      'xstate.done.actor.whoami',
      'xstate.done.actor.whoami',
      'xstate.done.actor.whoami',
      'xstate.error.actor.whoami',
    ])
    expect(accepted.map((e) => e.type)).not.toContain('LOGIN')
  })

  it('anonymous accepts LOGIN only; without samples the bare type is offered', () => {
    const snapshot = sessionAt('no stored session')
    expect(acceptedEvents(snapshot, sessionSamples).map((e) => e.event)).toEqual([{ type: 'LOGIN', email: 'admin@example.com', password: 'admin123' }])
    expect(acceptedEvents(snapshot).map((e) => e.event)).toEqual([{ type: 'LOGIN' }])
  })

  it('an event the state names but a guard refuses is offered, marked not enabled', () => {
    const m = setup({ types: { context: {} as { n: number }, events: {} as { type: 'GO' } | { type: 'STAY' } } }).createMachine({
      context: { n: 0 },
      initial: 'a',
      states: { a: { on: { GO: { guard: ({ context }) => context.n > 0, target: 'b' }, STAY: { actions: () => {} } } }, b: {} },
    })
    const accepted = acceptedEvents(createActor(m).getSnapshot() as AnyMachineSnapshot)
    expect(accepted.map((e) => [e.type, e.enabled])).toEqual([
      ['GO', false],
      ['STAY', true],
    ])
  })
})

describe('paths to a chosen state', () => {
  it('lists every state node, transient ones marked', () => {
    expect(stateTargets(sessionMachine)).toEqual([
      { id: 'session.checking', path: 'checking', transient: true },
      { id: 'session.verifying', path: 'verifying', transient: false },
      { id: 'session.anonymous', path: 'anonymous', transient: false },
      { id: 'session.loggingIn', path: 'loggingIn', transient: false },
      { id: 'session.signedIn', path: 'signedIn', transient: false },
      { id: 'session.signedIn.routing', path: 'signedIn.routing', transient: true },
      { id: 'session.signedIn.admin', path: 'signedIn.admin', transient: false },
      { id: 'session.signedIn.warehouseWorker', path: 'signedIn.warehouseWorker', transient: false },
      { id: 'session.signedIn.client', path: 'signedIn.client', transient: false },
      { id: 'session.signingOut', path: 'signingOut', transient: false },
    ])
  })

  it('from a given input: the fewest events', () => {
    const path = pathToState(sessionMachine, sessionSamples, 'session.signedIn.client', 'no stored session')!
    expect(pathLines(path)).toEqual([
      'start (no stored session) → anonymous',
      'LOGIN (admin@example.com) → loggingIn',
      'done login (client) → signedIn.client',
    ])
  })

  it('from any input: the shortest over all starts', () => {
    const path = pathToState(sessionMachine, sessionSamples, 'session.signedIn.client')!
    expect(path.inputName).toBe('stored session')
    expect(pathLines(path)).toEqual(['start (stored session) → verifying', 'done whoami (client) → signedIn.client'])
  })

  it('a transient state: the shortest path passing through it', () => {
    const path = pathToState(sessionMachine, sessionSamples, 'session.signedIn.routing', 'no stored session')!
    expect(path.steps).toHaveLength(3)
    expect(path.steps[2]!.passed).toContain('session.signedIn.routing')
    expect(pathToState(sessionMachine, sessionSamples, 'session.checking', 'stored session')!.steps).toHaveLength(1)
  })

  it('a state the samples cannot reach: null', () => {
    const poor = { ...sessionSamples, events: sessionSamples.events.filter((e) => e.type !== 'LOGOUT') }
    expect(pathToState(sessionMachine, poor, 'session.signingOut')).toBeNull()
  })

  it('replays the path on a fresh actor that stays alive and is seen by the inspection hook', async () => {
    const registry = new ActorRegistry()
    const seen: InspectionEvent[] = []
    const path = pathToState(sessionMachine, sessionSamples, 'session.signingOut', 'no stored session')!
    expect(path.steps.map((s) => s.event.type)).toEqual(['xstate.init', 'LOGIN', 'xstate.done.actor.login', 'LOGOUT'])
    const run = await replayOnFreshActor(sessionMachine, sessionSamples, path, (ev) => {
      seen.push(ev)
      registry.record(ev)
    })
    expect(run.actor.getSnapshot().value).toBe('signingOut')
    expect(run.actor.getSnapshot().status).toBe('active')
    await flush()
    const live = registry.getState().actors
    const root = live.find((a) => a.sessionId === run.actor.sessionId)!
    expect(root.machineId).toBe('session')
    expect((root.snapshot as AnyMachineSnapshot).value).toBe('signingOut')
    // The pending logout call is a live child of the fresh actor.
    expect(live.some((a) => a.parentSessionId === root.sessionId && a.id === 'logout')).toBe(true)
    expect(registry.getState().log.map((e) => e.event.type)).toContain('LOGOUT')

    // It can be driven further, like any live actor.
    run.actor.send({ type: 'xstate.done.actor.logout', output: { message: 'logged_out' } } as never)
    expect(run.actor.getSnapshot().value).toBe('anonymous')
    run.actor.stop()
    await flush()
    expect(registry.getState().actors.some((a) => a.sessionId === run.actor.sessionId)).toBe(false)
    expect(seen.some((e) => e.type === '@xstate.actor')).toBe(true)
  })
})

describe('switch', () => {
  it('is off outside a browser', () => {
    expect(inspectEnabled()).toBe(false)
  })
})
