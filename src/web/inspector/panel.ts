/** The inspector panel's machine with what it touches provided: the live registry, storage, Stately, the page. */
import { fromCallback, fromPromise } from 'xstate'
import { inspectorMachine } from '../../../machines/inspector.ts'
import { registered } from '../../../machines/index.ts'
import { pathToState, replayOnFreshActor } from './core.ts'
import { inspect, rememberInspect } from './hook.ts'
import { registry } from './live.ts'
import { preloadStately, startStately, stopStately } from './stately.ts'

const PRUNE_EVERY_MS = 2000

/** The outlined elements and the outline each had before. */
let outlined: Array<[HTMLElement, string]> = []

function outline(machineId: string | null) {
  for (const [el, before] of outlined) el.style.outline = before
  outlined = []
  if (!machineId || typeof document === 'undefined') return
  outlined = [...document.querySelectorAll<HTMLElement>(`[data-machine="${CSS.escape(machineId)}"]`)].map((el) => [el, el.style.outline])
  for (const [el] of outlined) el.style.outline = '2px dashed #f59e0b'
}

const liveActor = (sessionId: string) => registry.getState().actors.find((a) => a.sessionId === sessionId)

export const inspectorLogic = inspectorMachine.provide({
  actors: {
    housekeeping: fromCallback(() => {
      void preloadStately()
      const t = setInterval(() => registry.prune(), PRUNE_EVERY_MS)
      return () => {
        clearInterval(t)
        outline(null)
      }
    }),
    startStately: fromPromise(async () => startStately(registry.getState().actors)),
    findPath: fromPromise(async ({ input }) => {
      const entry = registered(input.machineId)
      if (!entry) throw new Error(`Brak maszyny ${input.machineId}`)
      return pathToState(entry.machine, entry.samples, input.target, input.inputName || undefined)
    }),
    replay: fromPromise(async ({ input }) => {
      const entry = registered(input.machineId)
      if (!entry) throw new Error(`Brak maszyny ${input.machineId}`)
      const run = await replayOnFreshActor(entry.machine, entry.samples, input.path, inspect)
      registry.annotate(run.actor.sessionId, `→ ${input.target.split('.').slice(1).join('.')}`)
      return run.actor.sessionId
    }),
  },
  actions: {
    remember: (_, on) => rememberInspect(on),
    stopStately: () => stopStately(),
    deliver: (_, { sessionId, event }) => liveActor(sessionId)?.ref.send(event),
    stopActor: (_, sessionId) => liveActor(sessionId)?.ref.stop(),
    outline: (_, machineId) => outline(machineId),
  },
})
