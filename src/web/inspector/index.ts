/**
 * The in-app inspector. With `?inspect` in the URL, or the flag
 * stored under localStorage key STORAGE_KEY.inspect, the app starts every actor with `{ inspect }` and
 * mounts <InspectorPanel />: live actors, their state and context, the events the state accepts
 * (buttons to send them), the shortest path to any state and its replay on a fresh actor.
 *
 *   const enabled = inspectEnabled()
 *   const [state, send] = useMachine(machine, { input, inspect })
 *   {enabled && <InspectorPanel />}
 *
 * `?inspect=0` switches it off and clears the stored flag.
 */
import { createElement, lazy, Suspense, type ReactNode } from 'react'

export { inspect, inspectEnabled } from './hook.ts'

// The panel and the path machinery (@xstate/graph) load in their own chunk, only when mounted.
const Panel = lazy(() => import('./InspectorPanel.tsx').then((m) => ({ default: m.InspectorPanel })))

/** The inspector panel; mount it at the app root when `inspectEnabled()`. */
export function InspectorPanel(): ReactNode {
  return createElement(Suspense, { fallback: null }, createElement(Panel))
}
