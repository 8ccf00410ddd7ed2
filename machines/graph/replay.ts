/**
 * Replays a generated path against a real actor: `createActor(machine.provide({ actors: fakes }))`.
 * Every invoked actor is a fake whose promise stays pending until the path says how it ends: a
 * `xstate.done.actor.<id>` step resolves it with the step's `output`, a `xstate.error.actor.<id>` step
 * rejects it with the step's `error` — so the machine hears the result exactly as from a real actor.
 * Timers run on a replay clock: a `xstate.after.<delay>.<state>` step fires the timer XState scheduled
 * for that event (see ReplayClock). Custom actions (side effects provided by the app) are spied.
 * After every step the actor's snapshot must match the path's: value, status and the context key.
 */
import {
  createActor,
  fromPromise,
  type Actor,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
  type Observer,
} from 'xstate'
import { eventLabel, toJson } from './describe.ts'
import { stateString } from './state.ts'
import type { Path, Step } from './explore.ts'

// ---- clock ---------------------------------------------------------------------------------------

interface Timer {
  due: number
  fn: () => void
  /** Type of the event XState scheduled with this timer (after / delayed send), when known. */
  event?: string
  real?: ReturnType<typeof setTimeout>
}

/**
 * A clock for XState's scheduler. During a replay no timer runs by itself: a path's
 * `xstate.after.<delay>.<state>` step fires exactly the timer XState scheduled for that event, and
 * time moves on to the moment it is due. Timers therefore run in the order the path takes them (the
 * model does not know time; when a path takes a longer timer before a shorter one of another region,
 * the replay follows the path). `goLive()` hands pending and new timers to the real `setTimeout`
 * (the inspector lets a replayed actor live on).
 */
export class ReplayClock {
  private timers = new Map<number, Timer>()
  private nextId = 1
  private time = 0
  private live = false
  /** Set by the replay while XState schedules an event, to tag the timer it asks for. */
  scheduling: string | undefined

  now(): number {
    return this.time
  }
  setTimeout(fn: (...args: unknown[]) => void, ms: number): number {
    const id = this.nextId++
    const timer: Timer = { due: this.time + ms, fn: () => fn(), event: this.scheduling }
    if (this.live) timer.real = setTimeout(() => this.fire(id), ms)
    this.timers.set(id, timer)
    return id
  }
  clearTimeout(id: number): void {
    const timer = this.timers.get(id)
    if (timer?.real !== undefined) clearTimeout(timer.real)
    this.timers.delete(id)
  }
  /** Event types of the pending timers, soonest first. */
  pending(): string[] {
    return [...this.timers.values()].sort((a, b) => a.due - b.due).map((t) => t.event ?? '(untagged)')
  }
  /** Fires the pending timer scheduled for `eventType`; false when there is none. */
  fireFor(eventType: string): boolean {
    const entry = [...this.timers].find(([, t]) => t.event === eventType)
    if (!entry) return false
    this.time = Math.max(this.time, entry[1].due)
    this.fire(entry[0])
    return true
  }
  goLive(): void {
    if (this.live) return
    this.live = true
    for (const [id, timer] of this.timers) timer.real = setTimeout(() => this.fire(id), Math.max(0, timer.due - this.time))
  }
  private fire(id: number) {
    const timer = this.timers.get(id)
    if (!timer) return
    this.timers.delete(id)
    timer.fn()
  }
}

// ---- fakes ---------------------------------------------------------------------------------------

interface Deferred {
  resolve(value: unknown): void
  reject(error: unknown): void
  settled: Promise<unknown>
}

/** A call of an invoked actor seen during the replay: invoke id, implementation name and input. */
export interface Invocation {
  id: string
  src: string
  input: unknown
}

/** Names of the machine's custom actions: plain functions (built-ins such as assign carry `resolve`). */
export function customActions(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions ?? {})
    .filter(([, a]) => typeof a === 'function' && !('resolve' in a))
    .map(([name]) => name)
}

/** One call of a custom (side-effect) action during the replay: what the app's implementation would receive. */
export interface EffectCall {
  name: string
  /** The context at the moment of the call (after the assigns before it in the same step). */
  context: unknown
  event: AnyEventObject
  params: unknown
}

export interface ReplayOptions {
  input: unknown
  /** Same projection as the samples' `key`: the context fields compared at each step. */
  key?: (context: any) => unknown
  /** Replaces the default pending-promise fake of some actor implementations (by `src` name). */
  fakes?: Record<string, AnyActorLogic>
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
  /** Called after each step is checked (step 0 is the start). */
  onStep?: (step: Step, index: number, run: Replay) => void | Promise<void>
  /** Leave the actor running afterwards (the inspector's fresh actor); default stops it. */
  keepAlive?: boolean
}

export interface Replay {
  actor: Actor<AnyStateMachine>
  clock: ReplayClock
  /** Custom action calls per step (index = step). */
  effects: string[][]
  /** The same calls with the context, event and params each received. */
  calls: EffectCall[][]
  /** Invoked actors started, in order. */
  invocations: Invocation[]
}

export class ReplayMismatch extends Error {
  constructor(
    readonly stepIndex: number,
    message: string,
  ) {
    super(message)
    this.name = 'ReplayMismatch'
  }
}

const flushMicrotasks = async (n = 10) => {
  for (let i = 0; i < n; i++) await Promise.resolve()
}

const deepEqual = (a: unknown, b: unknown) => toJson(a) === toJson(b)

/**
 * The path up to step `upTo`, one line per step (✓ passed, ✗ the failing one), with the expected and,
 * when given, the actual snapshot of the failing step.
 */
export function stepTrail(path: Path, upTo: number, key: (context: any) => unknown = (c) => c, actual?: AnyMachineSnapshot): string {
  const expected = path.steps[upTo]!.snapshot
  const show = (s: AnyMachineSnapshot) => `${stateString(s.value)} [${s.status}] ${toJson(key(s.context))}`
  return [
    `Path (${path.inputName}):`,
    ...path.steps.slice(0, upTo + 1).map((s, i) => {
      const head = i === 0 ? `start` : eventLabel(s.event, 120)
      return `  ${i < upTo ? '✓' : '✗'} ${i}. ${head} → ${stateString(s.snapshot.value)}`
    }),
    `    model: ${show(expected)}`,
    ...(actual ? [`    actor: ${show(actual)}`] : []),
  ].join('\n')
}

/** Replays `path` on a fresh actor of `machine`; throws a ReplayMismatch naming the step and the difference. */
export async function replayPath(machine: AnyStateMachine, path: Path, options: ReplayOptions): Promise<Replay> {
  const key = options.key ?? ((c: unknown) => c)
  const pending = new Map<string, Deferred>()
  const invocations: Invocation[] = []
  const effects: string[][] = [[]]
  const calls: EffectCall[][] = [[]]
  const clock = new ReplayClock()

  const actors: Record<string, AnyActorLogic> = {}
  for (const src of Object.keys(machine.implementations.actors ?? {})) {
    actors[src] =
      options.fakes?.[src] ??
      fromPromise<unknown, unknown>(({ input, self }) => {
        invocations.push({ id: self.id, src, input })
        return new Promise((resolve, reject) => {
          let settle!: () => void
          const settled = new Promise<unknown>((r) => (settle = () => r(undefined)))
          pending.set(self.id, {
            resolve: (v) => (resolve(v), settle()),
            reject: (e) => (reject(e), settle()),
            settled,
          })
        })
      })
  }
  const actions: Record<string, (args: { context: unknown; event: AnyEventObject }, params: unknown) => void> = {}
  for (const name of customActions(machine))
    actions[name] = ({ context, event }, params) => {
      effects[effects.length - 1]!.push(name)
      calls[calls.length - 1]!.push({ name, context, event, params })
    }

  let actorError: unknown
  const provided: AnyStateMachine = machine.provide({ actors, actions })
  const actor: Actor<AnyStateMachine> = createActor(provided, {
    input: options.input,
    clock,
    inspect: options.inspect,
  })
  actor.subscribe({ error: (e) => (actorError = e) })

  // Tag each timer with the event XState schedules it for.
  const scheduler = actor.system.scheduler
  const schedule = scheduler.schedule.bind(scheduler)
  scheduler.schedule = (source, target, event, delay, id) => {
    clock.scheduling = event.type
    try {
      schedule(source, target, event, delay, id)
    } finally {
      clock.scheduling = undefined
    }
  }

  const fail = (i: number, why: string, actual?: AnyMachineSnapshot): never => {
    throw new ReplayMismatch(i, `${why}\n${stepTrail(path, i, key, actual)}`)
  }

  const check = (i: number) => {
    const expected = path.steps[i]!
    const actual = actor.getSnapshot() as AnyMachineSnapshot
    if (actorError !== undefined) fail(i, `The actor failed: ${toJson(actorError)}`, actual)
    if (!deepEqual(actual.value, expected.snapshot.value) || actual.status !== expected.snapshot.status)
      fail(i, `Step ${i}: the actor is not in the state the model reached`, actual)
    if (!deepEqual(key(actual.context), key(expected.snapshot.context))) fail(i, `Step ${i}: the context differs from the model's`, actual)
    const spied = new Set(Object.keys(actions))
    const expectedEffects = expected.actions.filter((a) => spied.has(a))
    if (!deepEqual(effects[i], expectedEffects))
      fail(i, `Step ${i}: side effects ${toJson(effects[i])} differ from the model's ${toJson(expectedEffects)}`, actual)
  }

  const deliver = async (i: number, event: AnyEventObject) => {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)
    const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type)
    if (done || error) {
      const id = (done ?? error)![1]!
      const d = pending.get(id)
      const running = (actor.getSnapshot() as AnyMachineSnapshot).children[id]
      if (!d || !running) return fail(i, `Step ${i}: no invoked actor "${id}" is running to ${done ? 'finish' : 'fail'}`, actor.getSnapshot() as AnyMachineSnapshot)
      pending.delete(id)
      if (done) d.resolve((event as { output?: unknown }).output)
      else d.reject((event as { error?: unknown }).error)
      await d.settled
      await flushMicrotasks()
      return
    }
    if (event.type.startsWith('xstate.after.')) {
      if (!clock.fireFor(event.type))
        return fail(i, `Step ${i}: no timer for ${event.type} is pending (pending: ${clock.pending().join(', ') || 'none'})`, actor.getSnapshot() as AnyMachineSnapshot)
      await flushMicrotasks()
      return
    }
    actor.send(event)
    await flushMicrotasks()
  }

  try {
    actor.start()
    await flushMicrotasks()
    check(0)
    await options.onStep?.(path.steps[0]!, 0, { actor, clock, effects, calls, invocations })
    for (let i = 1; i < path.steps.length; i++) {
      effects.push([])
      calls.push([])
      await deliver(i, path.steps[i]!.event)
      check(i)
      await options.onStep?.(path.steps[i]!, i, { actor, clock, effects, calls, invocations })
    }
  } finally {
    if (!options.keepAlive) actor.stop()
  }
  if (options.keepAlive) clock.goLive()
  return { actor, clock, effects, calls, invocations }
}
