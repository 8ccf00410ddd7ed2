import { PUBLIC } from '../src/contract/access.ts'
import { isStaff } from '../src/contract/constants/access.ts'
import { ROUTES, type RouteName } from '../src/contract/routes.ts'

/**
 * Where the global scan listener (machines/floorScanListener.ts) listens: staff only
 * (roles below 2), and not on the screens that read the scanner themselves (intake, classification,
 * scan-to-find, external inbound scan, set-workstation, resolve-problematic), not on the new
 * shipment form and not on client pages (the client's own pages and the admin's client cards,
 * where codes and numbers are typed by hand).
 */
/** The screens that read the scanner themselves: each has a scan field of its own. */
export const SCANNING_ROUTES = [
  'parcelFromNumber',
  'parcelFromNumberAssign',
  'parcelClassification',
  'parcelSearch',
  'externalInboundScan',
  'setWorkstation',
  'resolveProblematic',
] as const satisfies readonly RouteName[]

export const LISTENER_OFF_ROUTES: readonly RouteName[] = [
  ...SCANNING_ROUTES,
  'shipmentNew',
  // client pages
  'clients',
  'clientNew',
  'client',
  'clientCard',
  'clientCredential',
  'clientParameter',
  'clientPrice',
  'clientExternalApi',
  'company',
  'myResignations',
  'myResignation',
]

/** Should the listener listen for this role on this route (null: no route matched)? */
export function listenerOn(role: number | null | undefined, route: RouteName | null): boolean {
  if (role == null || !isStaff(role) || route === null) return false
  if (ROUTES[route].roles === PUBLIC) return false
  return !LISTENER_OFF_ROUTES.includes(route)
}
