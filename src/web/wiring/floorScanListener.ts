import { createActor, fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
// The area's table only, not the whole endpoint table: the entry chunk stays small.
import { fillPath } from '../../contract/endpoint.ts'
import { scanEndpoints as endpoints } from '../../contract/endpoints/floor.ts'
import { API_BASE } from '../../contract/constants/platform.ts'
import { SCAN_LISTENER } from '../../contract/constants/warehouse.ts'
import { type RouteName, href } from '../../contract/routes.ts'
import { connectScanListener, scanListenerMachine } from '../../../machines/floorScanListener.ts'
import { listenerOn } from '../../../machines/floorScanListenerScope.ts'
import { call } from '../api/client.ts'
import { inspect } from '../inspector/index.ts'
import { listenerKey } from './floorDom.ts'
import { listeningClock } from './floorClock.ts'
import { notify } from '../ui/toast.tsx'

/**
 * The global scan listener (machines/floorScanListener.ts) with its real actor and actions, and the
 * keyboard feeding it. The app tells it where the person is (`scanListenerScope`): it listens for
 * staff outside the scanning screens (machines/floorScanListenerScope.ts).
 */

/** The re-paste label (PDF) of a parcel, opened in a new window with a public file token. */
async function openLabel(internalNumber: string) {
  // Opened at once (still within the key press), filled once the token is there.
  const win = window.open('', '_blank')
  try {
    const { public_token } = await call(endpoints.publicToken)
    const url = `${API_BASE}${fillPath(endpoints.parcelRepasteLabel.path, { internalNumber })}?_public_token=${encodeURIComponent(public_token)}`
    if (win) win.location.href = url
    else window.open(url, '_blank')
  } catch (e) {
    win?.close()
    notify.error((e as Error).message)
  }
}

export const scanListenerActor = createActor(
  scanListenerMachine.provide({
    actors: {
      /** Out number, return number or a courier waybill → the parcel's internal number (GET app/v1/parcel/search/{barcode}). */
      lookup: fromPromise(async ({ input }) => (await call(endpoints.parcelSearchScan, undefined, { barcode: input.code })).internal_number),
    },
    actions: {
      // EAN and too-fast warnings 5 s; the re-stick warning 10 s (durations chosen by the machine).
      warn: (_, { message, durationMs }) => {
        if (message) notify.warning(message, durationMs)
      },
      printLabel: (_, { internalNumber }) => void openLabel(internalNumber),
      openParcel: (_, { internalNumber }) => navigate(href('shipment', { internalNumber })),
    },
  }),
  { inspect, clock: listeningClock },
)
scanListenerActor.start()


if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (e) => {
    if (!listenerKey(e)) return
    connectScanListener(scanListenerActor.getSnapshot(), scanListenerActor.send).key(e.key)
  })
}

/**
 * Keys typed before this module was there (kept by the loader), burst by burst: each burst is given
 * to the listener at once, the next one after the listener's pause, as they were typed.
 */
export function replayBursts(bursts: readonly (readonly string[])[]) {
  const [first, ...rest] = bursts
  if (!first) return
  for (const key of first) connectScanListener(scanListenerActor.getSnapshot(), scanListenerActor.send).key(key)
  if (rest.length) setTimeout(() => replayBursts(rest), SCAN_LISTENER.checkDelayMs + 10)
}

let enabled: boolean | null = null
/** Switches the listener for the role and the route shown now. */
export function scanListenerScope(role: number | null | undefined, route: RouteName | null) {
  const on = listenerOn(role, route)
  if (on === enabled) return
  enabled = on
  connectScanListener(scanListenerActor.getSnapshot(), scanListenerActor.send).enable(on)
}
