/**
 * Model-based tests for any machine of machines/: paths generated from the machine definition with
 * @xstate/graph (machines/graph/explore.ts), each replayed against a real actor with fake invoked
 * actors and a simulated clock (machines/graph/replay.ts), plus a coverage test that fails when the
 * paths miss a state node or a transition.
 *
 * Usage, in tests/machines/<name>.test.ts:
 *
 *   describeModel(myMachine, mySamples, {
 *     check: ({ step, snapshot, prev, effects }) => { ...spec rules as expect()s... },
 *   })
 */
import { describe, expect, it } from 'vitest'
import type { AnyActorLogic, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { coverage, explore, transitionPaths, type Coverage, type Graph, type Path, type Step } from '../../machines/graph/explore.ts'
import { replayPath, stepTrail, type EffectCall, type Invocation, type Replay } from '../../machines/graph/replay.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'

export interface StepCheck {
  path: Path
  index: number
  /** The model's step (event, expected snapshot, transitions, actions). */
  step: Step
  event: AnyEventObject
  /** The real actor's snapshot after the step, and before it (undefined at the start). */
  snapshot: AnyMachineSnapshot
  prev: AnyMachineSnapshot | undefined
  /** Custom (side-effect) actions the real actor called during this step. */
  effects: string[]
  /** The same calls with the context, event and params each received. */
  calls: EffectCall[]
  /** Invoked actors started during this step. */
  invoked: Invocation[]
  replay: Replay
}

export interface ModelOptions {
  /** Spec rules checked after every step of every path, on the real actor. */
  check?: (c: StepCheck) => void
  /** Actor implementations replacing the default pending-promise fakes, by `src`. */
  fakes?: Record<string, AnyActorLogic>
  limit?: number
}

/** Every input explored, and the paths taking every explored (state, event) edge. */
export function modelPaths<M extends AnyStateMachine>(machine: M, samples: MachineSamples<M>, limit?: number): { graphs: Graph<M>[]; paths: Path[] } {
  const graphs = Object.keys(samples.inputs).map((name) => explore(machine, samples, name, { limit }))
  return { graphs, paths: graphs.flatMap((g) => transitionPaths(g)) }
}

/** Readable list of what the paths missed; empty when everything was reached. */
export function coverageReport(machine: AnyStateMachine, c: Coverage): string {
  const lines: string[] = []
  if (c.missedNodes.length) lines.push(`State nodes never reached (${c.missedNodes.length}/${c.nodes}):`, ...c.missedNodes.map((id) => `  #${id}`))
  if (c.missedTransitions.length)
    lines.push(`Transitions never taken (${c.missedTransitions.length}/${c.transitions}):`, ...c.missedTransitions.map((t) => `  ${t}`))
  return lines.length ? `${machine.id}: the generated paths miss parts of the machine — add event samples or inputs.\n${lines.join('\n')}` : ''
}

/** Replays one path, running `check` after every step. */
export async function replayWithChecks(machine: AnyStateMachine, samples: MachineSamples<AnyStateMachine>, path: Path, options: ModelOptions = {}) {
  let prev: AnyMachineSnapshot | undefined
  let seen = 0
  return replayPath(machine, path, {
    input: path.input,
    key: samples.key,
    fakes: options.fakes,
    onStep: (step, index, replay) => {
      const snapshot = replay.actor.getSnapshot() as AnyMachineSnapshot
      const invoked = replay.invocations.slice(seen)
      seen = replay.invocations.length
      try {
        options.check?.({ path, index, step, event: step.event, snapshot, prev, effects: replay.effects[index] ?? [], calls: replay.calls[index] ?? [], invoked, replay })
      } catch (e) {
        if (e instanceof Error) e.message = `${e.message}\n${stepTrail(path, index, samples.key, snapshot)}`
        throw e
      }
      prev = snapshot
    },
  })
}

/** Registers the coverage test and one replay test per generated path. */
export function describeModel<M extends AnyStateMachine>(machine: M, samples: MachineSamples<M>, options: ModelOptions = {}) {
  const { paths } = modelPaths(machine, samples, options.limit)
  describe(`${machine.id} model`, () => {
    it('the generated paths reach every state node and take every transition', () => {
      const c = coverage(machine, paths)
      expect(coverageReport(machine, c), coverageReport(machine, c)).toBe('')
    })
    paths.forEach((path, i) => {
      it(`#${i + 1} ${path.description}`, async () => {
        await replayWithChecks(machine, samples as unknown as MachineSamples<AnyStateMachine>, path, options)
      })
    })
  })
  return paths
}
