import type { RouteName } from '../../contract/routes.ts'
import { listenerOn } from '../../../machines/floorScanListenerScope.ts'

type ListenerModule = typeof import('./floorScanListener.ts')
let loaded: Promise<ListenerModule> | null = null

/**
 * scanListenerScope (./scanListener.ts) loaded on demand: the global scan listener, its machine
 * and the scan endpoints' schemas come with the first route where it listens (a signed-in staff
 * screen), not with the login page. Calls keep their order (one promise, then-callbacks in order).
 */
export function scanListenerScope(role: number | null | undefined, route: RouteName | null) {
  if (!loaded && !listenerOn(role, route)) return
  loaded ??= import('./floorScanListener.ts')
  void loaded.then((m) => m.scanListenerScope(role, route))
}
