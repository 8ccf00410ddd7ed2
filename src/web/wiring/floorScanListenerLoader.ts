import type { RouteName } from '../../contract/routes.ts'
import { SCAN_LISTENER } from '../../contract/constants/warehouse.ts'
import { listenerOn } from '../../../machines/floorScanListenerScope.ts'
import { listenerKey } from './floorDom.ts'

type ListenerModule = typeof import('./floorScanListener.ts')
let loaded: Promise<ListenerModule> | null = null
let latest: { role: number | null | undefined; route: RouteName | null } = { role: null, route: null }

/**
 * scanListenerScope (./floorScanListener.ts) loaded on demand: the global scan listener, its machine
 * and the scan endpoints' schemas come with the first route where it listens (a signed-in staff
 * screen), not with the login page. Calls keep their order (one promise, then-callbacks in order).
 *
 * A label scanned while that code is on its way is not lost: from the moment the route asks for the
 * listener, the keys a scanner would give it are kept here, as bursts (a pause of
 * SCAN_LISTENER.checkDelayMs ends one), and handed to it in order once it is there.
 */
export function scanListenerScope(role: number | null | undefined, route: RouteName | null) {
  latest = { role, route }
  if (!loaded && !listenerOn(role, route)) return
  if (!loaded) {
    const bursts: string[][] = []
    let last = -Infinity
    const keep = (e: KeyboardEvent) => {
      if (!listenerKey(e)) return
      if (e.timeStamp - last >= SCAN_LISTENER.checkDelayMs || bursts.length === 0) bursts.push([])
      bursts.at(-1)!.push(e.key)
      last = e.timeStamp
    }
    document.addEventListener('keydown', keep)
    loaded = import('./floorScanListener.ts').then((m) => {
      document.removeEventListener('keydown', keep)
      // Switched for where the person is now, then given what was typed on the way.
      m.scanListenerScope(latest.role, latest.route)
      m.replayBursts(bursts)
      return m
    })
  }
  void loaded.then((m) => m.scanListenerScope(role, route))
}
