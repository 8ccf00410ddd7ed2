/**
 * What the inspector does with an inspection event once it is on: the live-actor registry records
 * it and, when switched on, the Stately inspector gets it. Loaded by hook.ts with the first event
 * of a page whose inspector is on: a page without `?inspect` never loads it.
 */
import type { InspectionEvent } from 'xstate'
import { ActorRegistry } from './registry.ts'
import { forwardToStately } from './stately.ts'

/** Live actors seen by `inspect`. */
export const registry = new ActorRegistry()

export function record(event: InspectionEvent): void {
  registry.record(event)
  forwardToStately(event)
}
