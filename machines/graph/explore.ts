/**
 * Paths through a machine, generated from its definition with @xstate/graph's adjacency map, for
 * the model-based tests (tests/machines) and the in-app inspector alike. Pure: no DOM, no timers.
 * A state is offered only the events it accepts (`snapshot.can`); states are keyed by value, status
 * and the context fields that matter; each step records the transitions taken (eventless ones
 * included) and the actions run, from XState's microstep inspection events. Why not
 * `createTestModel`/`TestModel`: docs/testing.md.
 */
import { getAdjacencyMap, getStateNodes, type AdjacencyValue } from '@xstate/graph'
import {
  createEmptyActor,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
  type StateNode,
} from 'xstate'
import { eventLabel, toJson, transitionLabel } from './describe.ts'
import { stateString } from './state.ts'
import { sampleName, type MachineSamples } from './samples.ts'

type AnyStateNode = StateNode<any, any>

/** One step of a path: the event, the stable snapshot it leads to, and what happened on the way. */
export interface Step {
  event: AnyEventObject
  /** The snapshot after the event (eventless transitions resolved). */
  snapshot: AnyMachineSnapshot
  /** Identity of the state in the graph: value, status and the context key. */
  key: string
  /** Transitions taken during this step, eventless ones included, in order. */
  transitions: AnyTransitionDefinition[]
  /** Types of the actions executed during this step (custom actions by name, built-ins as `xstate.*`). */
  actions: string[]
  /** Ids of every state node active at some point of this step (transient states included). */
  passed: string[]
}

/** A path: `steps[0]` is the start (`xstate.init` with the input), each next step one event. */
export interface Path {
  inputName: string
  input: unknown
  steps: Step[]
  description: string
}

export interface Graph<M extends AnyStateMachine = AnyStateMachine> {
  machine: M
  inputName: string
  input: unknown
  /** Every state reached (by key) with the events of a shortest path to it. */
  shortest: Map<string, { snapshot: AnyMachineSnapshot; events: AnyEventObject[] }>
  /** Every (state, accepted event) pair explored. */
  edges: Array<{ from: string; event: AnyEventObject; to: string }>
  /** Runs events from the start, recording each step. */
  run(events: readonly AnyEventObject[]): Path
}

export interface ExploreOptions {
  /** Upper bound on traversal iterations; exceeded means the context key lets the graph grow without end. */
  limit?: number
}

const INIT = 'xstate.init'

/** Runs one macrostep with a throw-away actor scope, recording transitions, actions and passed nodes. */
function record(run: (scope: AnyActorScope) => AnyMachineSnapshot) {
  const self = createEmptyActor()
  const transitions: AnyTransitionDefinition[] = []
  const actions: string[] = []
  const passed = new Set<string>()
  self.system.inspect((ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return
    transitions.push(...ev._transitions)
    for (const node of (ev.snapshot as AnyMachineSnapshot)._nodes) passed.add(node.id)
  })
  const scope: AnyActorScope = {
    self,
    system: self.system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: (action: { type: string }) => void actions.push(action.type),
  }
  const snapshot = run(scope)
  for (const node of snapshot._nodes) passed.add(node.id)
  // The state left by an eventless transition right at the start appears in no microstep snapshot.
  for (const t of transitions) passed.add(t.source.id)
  return { snapshot, transitions, actions, passed: [...passed] }
}

/** Samples plus one synthetic timer event for every `after` transition of the machine. */
export function eventSamples<M extends AnyStateMachine>(machine: M, samples: MachineSamples<M>): AnyEventObject[] {
  const list = [...(samples.events as readonly AnyEventObject[])]
  for (const node of allNodes(machine)) {
    for (const t of node.after) {
      if (!list.some((e) => e.type === t.eventType)) list.push({ type: t.eventType })
    }
  }
  return list
}

/** The samples the snapshot accepts: those that select a transition (guards evaluated). */
export function acceptedSamples(snapshot: AnyMachineSnapshot, samples: readonly AnyEventObject[]): AnyEventObject[] {
  if (snapshot.status !== 'active') return []
  return samples.filter((e) => snapshot.can(e))
}

export const keyOf =
  <M extends AnyStateMachine>(samples: MachineSamples<M>) =>
  (snapshot: AnyMachineSnapshot): string =>
    toJson({ value: snapshot.value, status: snapshot.status, context: (samples.key ?? ((c: unknown) => c))(snapshot.context) })

/** Explores the machine from one of its sample inputs with @xstate/graph. */
export function explore<M extends AnyStateMachine>(
  machine: M,
  samples: MachineSamples<M>,
  inputName: string,
  options: ExploreOptions = {},
): Graph<M> {
  if (!(inputName in samples.inputs)) throw new Error(`${machine.id}: no sample input named "${inputName}"`)
  const input = samples.inputs[inputName]
  const serialize = keyOf(samples)
  const events = eventSamples(machine, samples)

  const start = () => record((scope) => machine.getInitialSnapshot(scope, input))
  const fromState = start().snapshot
  // Each transition gets a fresh scope, so actors with a systemId never collide between branches.
  const logic = Object.create(machine, {
    transition: { value: (s: AnyMachineSnapshot, e: AnyEventObject) => record((scope) => machine.transition(s, e, scope)).snapshot },
  }) as M
  const traversal = {
    input,
    fromState,
    events: (s: AnyMachineSnapshot) => acceptedSamples(s, events),
    serializeState: (s: AnyMachineSnapshot) => serialize(s),
    serializeEvent: (e: AnyEventObject) => toJson(e),
    limit: options.limit ?? 20_000,
  }
  let adjacency: Map<string, AdjacencyValue<AnyMachineSnapshot, AnyEventObject>>
  try {
    adjacency = new Map(Object.entries(getAdjacencyMap(logic, traversal)))
  } catch (e) {
    if ((e as Error).message === 'Traversal limit exceeded')
      throw new Error(`${machine.id}: the state graph is too large; give the samples a \`key\` that keeps only the context fields that matter`)
    throw e
  }

  // Shortest paths: breadth first over the adjacency map (what getShortestPaths does, without
  // traversing the machine a second time). A state's snapshot is the one the adjacency map explored.
  const shortest = new Map<string, { snapshot: AnyMachineSnapshot; events: AnyEventObject[] }>()
  const fromKey = serialize(fromState)
  shortest.set(fromKey, { snapshot: adjacency.get(fromKey)?.state ?? fromState, events: [] })
  for (const [key, head] of shortest) {
    for (const t of Object.values(adjacency.get(key)?.transitions ?? {})) {
      const to = serialize(t.state)
      if (!shortest.has(to)) shortest.set(to, { snapshot: adjacency.get(to)?.state ?? t.state, events: [...head.events, t.event] })
    }
  }
  const edges: Graph<M>['edges'] = []
  for (const [from, value] of adjacency) {
    for (const t of Object.values(value.transitions)) {
      edges.push({ from, event: t.event as AnyEventObject, to: serialize(t.state as AnyMachineSnapshot) })
    }
  }

  // Steps are pure functions of the events before them: paths sharing a prefix share its steps
  // (transitionPaths walks to every edge along shortest paths, which share most of their events).
  const stepCache = new Map<string, Step>()
  const run = (list: readonly AnyEventObject[]): Path => {
    let prefix = ''
    let step = stepCache.get(prefix)
    if (!step) {
      const first = start()
      step = { event: { type: INIT, input }, ...first, key: serialize(first.snapshot) }
      stepCache.set(prefix, step)
    }
    const steps: Step[] = [step]
    for (const event of list) {
      prefix += `\u0000${sampleName(event) ?? ''}\u0000${toJson(event)}`
      let next = stepCache.get(prefix)
      if (!next) {
        const prev = steps[steps.length - 1]!.snapshot
        const r = record((scope) => machine.transition(prev, event, scope))
        next = { event, ...r, key: serialize(r.snapshot) }
        stepCache.set(prefix, next)
      }
      steps.push(next)
    }
    return { inputName, input, steps, description: describePath(inputName, steps) }
  }

  return { machine, inputName, input, shortest, edges, run }
}

/** `stored admin: verifying ─done whoami {…}→ signedIn.warehouseWorker ─LOGOUT→ signingOut` */
export function describePath(inputName: string, steps: readonly Step[]): string {
  const [first, ...rest] = steps
  const state = (s: Step) => stateString(s.snapshot.value) + (s.snapshot.status === 'active' ? '' : ` (${s.snapshot.status})`)
  return `${inputName}: ${first ? state(first) : '?'}${rest.map((s) => ` ─${eventLabel(s.event, 60)}→ ${state(s)}`).join('')}`
}

/**
 * Paths that together take every explored (state, event) edge once: for each edge, a shortest path
 * to its source and then the edge. Paths that are a prefix of another are dropped.
 */
export function transitionPaths(graph: Graph): Path[] {
  const sequences: AnyEventObject[][] = [[]]
  for (const edge of graph.edges) {
    const head = graph.shortest.get(edge.from)
    if (!head) throw new Error(`${graph.machine.id}: no path to explored state ${edge.from}`)
    sequences.push([...head.events, edge.event])
  }
  // Drop a sequence that is a proper prefix of another, or the same as an earlier one.
  const keys = sequences.map((s) => s.map((e) => toJson(e)))
  const prefixes = new Set<string>()
  for (const k of keys) for (let n = 0; n < k.length; n++) prefixes.add(k.slice(0, n).join('\u0000'))
  const seen = new Set<string>()
  const kept = sequences.filter((_, i) => {
    const full = keys[i]!.join('\u0000')
    if (prefixes.has(full) || seen.has(full)) return false
    seen.add(full)
    return true
  })
  return kept.map((s) => graph.run(s))
}

/** The path with the fewest events from the start to a snapshot `where` holds (null when unreachable). */
export function shortestPathWhere(graph: Graph, where: (step: Step) => boolean): Path | null {
  let best: Path | null = null
  const consider = (events: AnyEventObject[]) => {
    if (best && best.steps.length - 1 <= events.length) return
    const path = graph.run(events)
    if (where(path.steps[path.steps.length - 1]!)) best = path
  }
  consider([])
  const candidates = [...graph.shortest.values()].map((s) => s.events)
  // A transient state is only passed through on the edge that enters it: try edges as well.
  for (const edge of graph.edges) candidates.push([...(graph.shortest.get(edge.from)?.events ?? []), edge.event])
  candidates.sort((a, b) => a.length - b.length)
  for (const events of candidates) consider(events)
  return best
}

/** Shortest path to a state node (by id, e.g. `session.signedIn.client`), passing through counts for transient states. */
export function shortestPathToNode(graph: Graph, nodeId: string): Path | null {
  return shortestPathWhere(graph, (step) => step.snapshot._nodes.some((n) => n.id === nodeId) || (isTransient(graph.machine, nodeId) && step.passed.includes(nodeId)))
}

// ---- coverage ------------------------------------------------------------------------------------

/** Every state node of the machine, the root first. */
export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root as AnyStateNode, ...(getStateNodes(machine.root) as AnyStateNode[])]
}

/** A node left at once by an eventless (`always`) transition: never the state an actor rests in. */
export function isTransient(machine: AnyStateMachine, nodeId: string): boolean {
  const node = machine.getStateNodeById(nodeId) as AnyStateNode
  return !!node.always?.some((t) => !t.guard)
}

/** Every transition the machine defines (event × source), eventless and delayed ones included; forbidden ones left out. */
export function definedTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return allNodes(machine).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].filter(
      (t: AnyTransitionDefinition) => t.target?.length || t.actions.length || t.reenter,
    ),
  )
}

export interface Coverage {
  /** State node ids never reached (neither rested in nor passed through on an eventless transition). */
  missedNodes: string[]
  /** Transitions never taken, as readable labels. */
  missedTransitions: string[]
  /** Nodes only passed through (left by an eventless transition in the same step). */
  transientNodes: string[]
  nodes: number
  transitions: number
}

export function coverage(machine: AnyStateMachine, paths: readonly Path[]): Coverage {
  const stable = new Set<string>()
  const passed = new Set<string>()
  const taken = new Set<AnyTransitionDefinition>()
  for (const path of paths) {
    for (const step of path.steps) {
      for (const n of step.snapshot._nodes) stable.add(n.id)
      for (const id of step.passed) passed.add(id)
      for (const t of step.transitions) taken.add(t)
    }
  }
  const nodes = allNodes(machine).filter((n) => n !== machine.root)
  const transientNodes = nodes.filter((n) => !stable.has(n.id) && passed.has(n.id) && isTransient(machine, n.id)).map((n) => n.id)
  const missedNodes = nodes.filter((n) => !stable.has(n.id) && !transientNodes.includes(n.id)).map((n) => n.id)
  const defined = definedTransitions(machine)
  const missedTransitions = defined.filter((t) => !taken.has(t)).map(transitionLabel)
  return { missedNodes, missedTransitions, transientNodes, nodes: nodes.length, transitions: defined.length }
}
