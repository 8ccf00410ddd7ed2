import type { AnyStateMachine, ContextFrom, EventFromLogic, InputFrom } from 'xstate'

/** An invoked actor finished: `output` is what it resolved with. */
export interface DoneActorSample {
  type: `xstate.done.actor.${string}`
  output: unknown
}
/** An invoked actor failed: `error` is what it rejected with. */
export interface ErrorActorSample {
  type: `xstate.error.actor.${string}`
  error: unknown
}
/** A delayed (`after`) transition's timer ran out. Added automatically for every `after` of a machine. */
export interface AfterSample {
  type: `xstate.after.${string}`
}

/** An event the model may take: one of the machine's own events, or the synthetic result of an actor or timer. */
export type SampleEvent<M extends AnyStateMachine> = EventFromLogic<M> | DoneActorSample | ErrorActorSample | AfterSample

/**
 * What a machine is explored with, by the model-based tests and by the in-app inspector alike.
 * Kept next to each machine (`machines/<name>.samples.ts`) so both can import it.
 */
export interface MachineSamples<M extends AnyStateMachine> {
  /** Named inputs a fresh actor starts with; each is explored from its own initial state. */
  inputs: Record<string, InputFrom<M>>
  /**
   * Events tried in every state that accepts them (`snapshot.can(event)`), with the payloads worth
   * telling apart (a login answer per role, a failure per server message...).
   */
  events: readonly SampleEvent<M>[]
  /**
   * The part of the context that tells two states apart (default: all of it). Return less when the
   * context holds values that would make the graph endless (counters, timestamps, typed text).
   */
  key?: (context: ContextFrom<M>) => unknown
}

const names = new WeakMap<object, string>()

/** Gives a sample a short name for path descriptions and inspector buttons (the event itself is unchanged). */
export function named<E extends object>(name: string, event: E): E {
  names.set(event, name)
  return event
}
/** The name given with `named`, if any. */
export const sampleName = (event: object): string | undefined => names.get(event)

/** Sample of an invoked actor (invoke `id`) resolving with `output`; `name` tells the samples apart in descriptions. */
export const doneActor = (id: string, output?: unknown, name?: string): DoneActorSample => {
  const event: DoneActorSample = { type: `xstate.done.actor.${id}`, output }
  return name ? named(name, event) : event
}
/** Sample of an invoked actor (invoke `id`) rejecting with `error`. */
export const errorActor = (id: string, error: unknown, name?: string): ErrorActorSample => {
  const event: ErrorActorSample = { type: `xstate.error.actor.${id}`, error }
  return name ? named(name, event) : event
}

/** Types the samples against their machine. */
export const defineSamples = <M extends AnyStateMachine>(_machine: M, samples: MachineSamples<M>): MachineSamples<M> => samples

/** A failed call as src/web/api/client.ts throws it: HTTP status (0: no connection) and the server's JSON body. */
export const httpError = (status: number, body: { message?: string } & Record<string, unknown>) =>
  Object.assign(new Error(body.message ?? `HTTP ${status}`), { status, data: body })
