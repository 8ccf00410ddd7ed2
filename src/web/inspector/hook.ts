/** Whether the inspector is on, and the inspection observer that feeds the live-actor registry. */
import type { InspectionEvent } from 'xstate'
import { STORAGE_KEY } from '../../contract/constants/ui.ts'

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

let record: ((event: InspectionEvent) => void) | undefined
/** Events seen while the registry's code loads, recorded in their order once it is in. */
let waiting: InspectionEvent[] | undefined

/**
 * Inspection observer for `createActor` / `useMachine` / `useActorRef` options; does nothing when
 * disabled. The registry that records the events (live.ts) loads with the first one: the actors'
 * snapshots are read as the registry takes each event, so a late event leaves the same list.
 */
export const inspect = (event: InspectionEvent): void => {
  if (!inspectEnabled()) return
  if (record) return record(event)
  if (!waiting) {
    waiting = []
    import('./live.ts').then(
      (m) => {
        record = m.record
        for (const e of waiting ?? []) record(e)
        waiting = undefined
      },
      // A failed load (network) drops what waited; the next event asks again.
      () => void (waiting = undefined),
    )
  }
  waiting.push(event)
}
