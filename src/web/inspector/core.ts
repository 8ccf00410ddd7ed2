/**
 * The inspector's pure parts: which events a snapshot accepts, the states a machine has, the
 * shortest path to one of them (from the same graph and samples the model tests use) and its replay
 * on a fresh actor. No DOM, no React: tested in tests/machines/inspector.test.ts.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InspectionEvent, Observer } from 'xstate'
import { eventLabel } from '../../../machines/graph/describe.ts'
import { stateString } from '../../../machines/graph/state.ts'
import { allNodes, explore, isTransient, shortestPathToNode, type Graph, type Path } from '../../../machines/graph/explore.ts'
import { replayPath, type Replay } from '../../../machines/graph/replay.ts'
import type { MachineSamples } from '../../../machines/graph/samples.ts'

type AnySamples = MachineSamples<AnyStateMachine>

export interface AcceptedEvent {
  type: string
  /** The event to send: a sample of this type from the machine's samples, or just `{ type }`. */
  event: AnyEventObject
  /** Button text: `LOGIN (name)` for a named sample, else a short rendering of the payload; `done whoami (...)` for actor results. */
  label: string
  /** Whether sending it now selects a transition (guards evaluated); false: the state names it but a guard says no. */
  enabled: boolean
  /** Result of an invoked actor or a timer rather than an event people or the app send. */
  synthetic: boolean
}

const isSynthetic = (type: string) => type.startsWith('xstate.')

/**
 * The events the current state accepts, from its state nodes' own events (ancestors included), each
 * with the machine's samples of that type (several payloads → several entries).
 */
export function acceptedEvents(snapshot: AnyMachineSnapshot, samples?: AnySamples): AcceptedEvent[] {
  const types = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))]
  const list = (samples?.events ?? []) as readonly AnyEventObject[]
  return types.flatMap((type) => {
    const matching = list.filter((e) => e.type === type)
    const events = matching.length ? matching : [{ type }]
    return events.map((event) => ({
      type,
      event,
      label: eventLabel(event, 60),
      enabled: canSend(snapshot, event),
      synthetic: isSynthetic(type),
    }))
  })
}

function canSend(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (snapshot.status !== 'active') return false
  try {
    return snapshot.can(event)
  } catch {
    // A guard that reads a payload field the bare `{ type }` lacks.
    return false
  }
}

export interface StateTarget {
  /** State node id, e.g. `session.signedIn.admin`. */
  id: string
  /** Dotted path below the root, e.g. `signedIn.admin`. */
  path: string
  transient: boolean
}

/** Every state node of a machine but the root, in document order. */
export function stateTargets(machine: AnyStateMachine): StateTarget[] {
  return allNodes(machine)
    .filter((n) => n !== machine.root)
    .map((n) => ({ id: n.id, path: n.path.join('.'), transient: isTransient(machine, n.id) }))
}

const graphs = new WeakMap<AnySamples, Map<string, Graph>>()

/** The explored graph of a machine from one sample input (computed once per samples and input). */
export function graphOf(machine: AnyStateMachine, samples: AnySamples, inputName: string): Graph {
  let byInput = graphs.get(samples)
  if (!byInput) graphs.set(samples, (byInput = new Map()))
  const key = `${machine.id}\u0000${inputName}`
  let graph = byInput.get(key)
  if (!graph || graph.machine !== machine) byInput.set(key, (graph = explore(machine, samples, inputName)))
  return graph
}

/**
 * The shortest path from a start to the state node `nodeId` (reached or, for a transient node,
 * passed through). From the given sample input, or the shortest over all inputs. Null: unreachable
 * with these samples.
 */
export function pathToState(machine: AnyStateMachine, samples: AnySamples, nodeId: string, inputName?: string): Path | null {
  const inputs = inputName ? [inputName] : Object.keys(samples.inputs)
  let best: Path | null = null
  for (const name of inputs) {
    const path = shortestPathToNode(graphOf(machine, samples, name), nodeId)
    if (path && (!best || path.steps.length < best.steps.length)) best = path
  }
  return best
}

/** One line per step, for the panel: `LOGIN (admin@example.com) → loggingIn`. */
export function pathLines(path: Path): string[] {
  return path.steps.map((s, i) => `${i === 0 ? `start (${path.inputName})` : eventLabel(s.event, 80)} → ${stateString(s.snapshot.value)}`)
}

/**
 * Replays a path on a fresh actor of the machine (fake invoked actors, timers fired as the path
 * says), started with `inspect` so it shows among the live actors, and left running.
 */
export function replayOnFreshActor(
  machine: AnyStateMachine,
  samples: AnySamples,
  path: Path,
  inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void),
): Promise<Replay> {
  return replayPath(machine, path, { input: path.input, key: samples.key, inspect, keepAlive: true })
}
