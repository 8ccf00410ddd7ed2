/** Whether the inspector is on, and the inspection observer that feeds the live-actor registry. */
import type { InspectionEvent } from 'xstate'
import { STORAGE_KEY } from '../../contract/constants/ui.ts'
import { ActorRegistry } from './registry.ts'
import { forwardToStately } from './stately.ts'

let enabled: boolean | undefined

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** Whether the inspector is on for this page (decided once: SPA navigation drops the query string). */
export function inspectEnabled(): boolean {
  if (enabled !== undefined) return enabled
  if (typeof window === 'undefined') return (enabled = false)
  const param = new URLSearchParams(window.location.search).get('inspect')
  if (param !== null && ['0', 'false', 'off'].includes(param)) {
    storage()?.removeItem(STORAGE_KEY.inspect)
    return (enabled = false)
  }
  return (enabled = param !== null || !!storage()?.getItem(STORAGE_KEY.inspect))
}

/** Whether the flag is stored (the inspector stays on after a reload without `?inspect`). */
export const inspectRemembered = (): boolean => !!storage()?.getItem(STORAGE_KEY.inspect)

export function rememberInspect(on: boolean): void {
  if (on) storage()?.setItem(STORAGE_KEY.inspect, '1')
  else storage()?.removeItem(STORAGE_KEY.inspect)
}

/** Live actors seen by `inspect`. */
export const registry = new ActorRegistry()

/** Inspection observer for `createActor` / `useMachine` / `useActorRef` options; does nothing when disabled. */
export const inspect = (event: InspectionEvent): void => {
  if (!inspectEnabled()) return
  registry.record(event)
  forwardToStately(event)
}
