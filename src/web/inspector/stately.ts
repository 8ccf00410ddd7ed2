/**
 * Optional forwarding to @statelyai/inspect (the Stately inspector window, which needs the network).
 * Off by default; the panel's toggle switches it. The module is loaded in its own chunk when the
 * panel mounts, so that switching on happens within the click (browsers block popups opened later).
 */
import type { AnyActorRef, InspectionEvent, Snapshot } from 'xstate'

type StatelyModule = typeof import('@statelyai/inspect')
type StatelyInspector = ReturnType<StatelyModule['createBrowserInspector']>

let mod: StatelyModule | null = null
let loading: Promise<StatelyModule | null> | null = null
let current: StatelyInspector | null = null

export function preloadStately(): Promise<StatelyModule | null> {
  loading ??= import('@statelyai/inspect').then(
    (m) => (mod = m),
    () => null,
  )
  return loading
}

export const statelyOn = () => current !== null

/** Switches the Stately inspector on, announcing the actors already alive; false when it could not start. */
export function startStately(live: ReadonlyArray<{ ref: AnyActorRef; snapshot: Snapshot<unknown> }>): boolean {
  if (current) return true
  if (!mod) return false
  try {
    current = mod.createBrowserInspector({ autoStart: true })
    for (const a of live) current.actor(a.ref, a.snapshot)
    return true
  } catch {
    current = null
    return false
  }
}

export function stopStately(): void {
  current?.stop()
  current = null
}

export function forwardToStately(event: InspectionEvent): void {
  current?.inspect.next?.(event)
}
