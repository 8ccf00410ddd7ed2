import { SCANNER } from '../../contract/constants/warehouse.ts'
import { ROUTES } from '../../contract/routes.ts'
import { SCANNING_ROUTES } from '../../../machines/floorScanListenerScope.ts'
import { mapKey } from '../../../machines/floorScannerInput.ts'

/**
 * Keys between two scanning screens. A worker scans the workstation and at once a parcel: the
 * set-workstation screen is gone and the intake screen is not there yet (its code, its data), so
 * the parcel code's first keys would fall on the bare page and the rest reach the new field — a
 * different code sent ("E100000362" for "RE100000362"). While a scanning screen's address is open,
 * no screen takes the scanner's keys and nothing on the page has the focus, a scanner's keys (and
 * its Enter) are kept here; the next screen's scan capture takes them, in order, when it mounts.
 * Keys older than SCANNER.handoverMs are not handed on. A screen that has finished (it is leaving)
 * hands its keys here too.
 */

type Kept = { key: string; at: number }
let kept: Kept[] = []
let listening = 0

const SCANNING_PATHS = new Set<string>(SCANNING_ROUTES.map((name) => ROUTES[name].path))
const onScanningScreen = () => SCANNING_PATHS.has(window.location.pathname)

/** A key a scanner sends: a code's character or its Enter. */
export const isScannerKey = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & { isComposing?: boolean }) =>
  !e.ctrlKey && !e.metaKey && !e.altKey && !e.isComposing && (e.key === 'Enter' || (e.key.length === 1 && mapKey(e.key) !== null))

/** Keeps `key` for the next scan field. */
export function keepKey(key: string) {
  kept.push({ key, at: performance.now() })
}

/** Nothing has the focus: a key there is nobody's (a focused button or field keeps its own keys). */
const nothingFocused = () => document.activeElement === null || document.activeElement === document.body

function onKey(e: KeyboardEvent) {
  if (listening > 0 || !onScanningScreen() || !nothingFocused() || !isScannerKey(e)) return
  e.preventDefault()
  e.stopPropagation()
  keepKey(e.key)
}

if (typeof document !== 'undefined') document.addEventListener('keydown', onKey, true)

/**
 * A scanning screen's capture starts listening: the keys kept for it (recent ones, in order). `stop`
 * when it goes; from then on keys on a scanning screen's address are kept again.
 */
export function scanScreenListens(): { keys: string[]; stop: () => void } {
  listening++
  const since = performance.now() - SCANNER.handoverMs
  const keys = kept.filter((k) => k.at >= since).map((k) => k.key)
  kept = []
  let stopped = false
  return {
    keys,
    stop: () => {
      if (stopped) return
      stopped = true
      listening--
    },
  }
}
