import { type ComponentType, useEffect, useState } from 'react'
import { UI_TEXT } from '../contract/messages/ui.ts'
import { type MenuItem, type RouteName, canOpen, matchRoute } from '../contract/routes.ts'
import { SCANNING_ROUTES } from '../../machines/floorScanListenerScope.ts'
import { OFFICE_ROUTES, type OfficeRoute } from './officeRoutes.ts'
import type { ScreenProps } from './screen.ts'
import { sessionActor } from './wiring/session.ts'

/** A screen whose code loads on demand; `preload` fetches it ahead (a link's hover, focus or press). */
export type LazyScreen = ComponentType<ScreenProps> & {
  preload: () => Promise<ComponentType<ScreenProps>>
  /** The code is in: the screen renders at once, without suspending. */
  isLoaded: () => boolean
}

/**
 * Like `React.lazy`, but a screen whose code is in renders in the same commit, and the load can be
 * started before the screen is rendered. A screen whose code is not in yet (a page opened at its
 * address) does not suspend: it shows the loading line and renders in the commit after its code
 * arrives. (Under a Suspense fallback, React holds a resolved screen back until 300 ms after the
 * fallback showed.)
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): LazyScreen {
  let loaded: ComponentType<ScreenProps> | undefined
  let pending: Promise<ComponentType<ScreenProps>> | undefined
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        pending = undefined // a failed load (network) is tried again by the next ask
        throw e
      },
    ))
  function Screen(props: ScreenProps) {
    const [outcome, setOutcome] = useState<{ screen: ComponentType<ScreenProps> } | { error: unknown } | null>(() => (loaded ? { screen: loaded } : null))
    useEffect(() => {
      if (outcome) return
      let live = true
      preload().then(
        (screen) => live && setOutcome({ screen }),
        (error: unknown) => live && setOutcome({ error }),
      )
      return () => {
        live = false
      }
    }, [outcome])
    // A code load that failed fails the render, as a suspended load would.
    if (outcome && 'error' in outcome) throw outcome.error
    const Loaded = outcome?.screen
    return Loaded ? <Loaded {...props} /> : <div className="loading">{UI_TEXT.loading}</div>
  }
  return Object.assign(Screen, { preload, isLoaded: () => loaded !== undefined })
}

/** Every route's screen (`/` is the session's home redirect, not a screen). */
export type ScreenRoute = Exclude<RouteName, 'home'>

/** The office screens' loaders (a failed load is tried again by the next ask: the browser does not keep it). */
export const loadOffice = () => import('./routesOffice.ts')

/** Whether a role may open any office screen (an admin, a client). */
const mayOpenOffice = (role: number) => OFFICE_ROUTES.some((name) => canOpen(name, role))

/** A role that may open an office screen fetches their loaders once signed in (Layout), before any link is pointed at. */
export const preloadOfficeFor = (role: number) => {
  if (mayOpenOffice(role)) loadOffice().catch(() => undefined)
}

/** The screens an office user opens from the menu: fetched while the browser is idle (prefetchMenu). */
const OFFICE_MENU_SCREENS: ReadonlySet<RouteName> = new Set<RouteName>([...OFFICE_ROUTES, 'parcelList', 'parcelsList', 'parcels', 'dashboard', 'profile'])
const SCANNING: ReadonlySet<RouteName> = new Set<RouteName>(SCANNING_ROUTES)

/**
 * Fetches the code of the menu's office screens one after another while the browser is idle, so a
 * click that comes without a hover (a touch, a quick click, the keyboard) finds its screen's code
 * in and the screen renders at once. Only for a role that may open office screens (an admin, a
 * client), never the scanning screens' code, and nothing while a scanning screen is open
 * (`pathname`): a scanner's keys are not to wait on a module being compiled. Nothing is fetched
 * when the browser asks to save data. Returns the cancel.
 */
export function prefetchMenu(role: number, menu: readonly MenuItem[], pathname: string): () => void {
  const here = matchRoute(pathname)
  if (!mayOpenOffice(role) || (here && SCANNING.has(here))) return () => undefined
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return () => undefined
  const queue = menu.flatMap((i) => ('route' in i && i.route !== 'home' && OFFICE_MENU_SCREENS.has(i.route) ? [i.route] : []))
  let stopped = false
  let handle: number | undefined
  const idle = (fn: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: PREFETCH_IDLE_TIMEOUT_MS }) : window.setTimeout(fn, PREFETCH_IDLE_TIMEOUT_MS)
  const next = () => {
    const name = queue.shift()
    if (stopped || !name) return
    // One screen at a time; a screen whose load fails is left to its link (which asks again).
    SCREENS[name].preload().then(
      () => !stopped && (handle = idle(next)),
      () => !stopped && (handle = idle(next)),
    )
  }
  handle = idle(next)
  return () => {
    stopped = true
    if (handle === undefined) return
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle)
    else window.clearTimeout(handle)
  }
}

/** The longest a menu screen's fetch waits for an idle moment before it goes out anyway. */
const PREFETCH_IDLE_TIMEOUT_MS = 2_000

/**
 * Which screen renders which route of the guard table (src/contract/routes.ts): the screens a
 * warehouse worker or a visitor opens here, the office screens through routesOffice.ts. The type
 * checks none is missing.
 */
export const SCREENS: Record<ScreenRoute, LazyScreen> = {
  ...(Object.fromEntries(OFFICE_ROUTES.map((name) => [name, lazyScreen(() => loadOffice().then((m) => m.OFFICE_SCREENS[name]()))])) as Record<OfficeRoute, LazyScreen>),
  dashboard: lazyScreen(() => import('./views/common/DashboardView.tsx')),
  profile: lazyScreen(() => import('./views/session/ProfileView.tsx')),
  passwordRecover: lazyScreen(() => import('./views/session/PasswordRecoverView.tsx')),
  emailCheck: lazyScreen(() => import('./views/session/EmailCheckView.tsx')),
  findMyPostalCode: lazyScreen(() => import('./views/address/PostalCodeFinderView.tsx')),
  // warehouse screens: problem sectors, external inbound, tags, scan log
  problematicSectorNew: lazyScreen(() => import('./views/warehouse/SectorFormView.tsx')),
  problematicSectorList: lazyScreen(() => import('./views/warehouse/SectorListView.tsx')),
  externalInbound: lazyScreen(() => import('./views/floor/ExternalInboundListView.tsx')),
  externalInboundDetail: lazyScreen(() => import('./views/floor/ExternalInboundDetailView.tsx')),
  tags: lazyScreen(() => import('./views/floor/TagsView.tsx')),
  scanLog: lazyScreen(() => import('./views/floor/ScanLogView.tsx')),
  // warehouse floor: scanning screens
  resolveProblematic: lazyScreen(() => import('./views/floor/ResolveProblematicView.tsx')),
  parcelSearch: lazyScreen(() => import('./views/floor/ParcelSearchView.tsx')),
  externalInboundScan: lazyScreen(() => import('./views/floor/ExternalInboundScanView.tsx')),
  setWorkstation: lazyScreen(() => import('./views/floor/SetWorkstationView.tsx')),
  parcelFromNumber: lazyScreen(() => import('./views/floor/IntakeScanView.tsx')),
  parcelClassification: lazyScreen(() => import('./views/floor/ClassificationView.tsx')),
  parcelFromNumberAssign: lazyScreen(() => import('./views/floor/IntakeScanView.tsx').then((m) => ({ default: m.IntakeAssignView }))),
  // shipments, parcels, tracking
  shipment: lazyScreen(() => import('./views/shipments/ShipmentView.tsx')),
  parcelList: lazyScreen(() => import('./views/parcels/ParcelListView.tsx')),
  parcelsList: lazyScreen(() => import('./views/parcels/ParcelListView.tsx')),
  parcels: lazyScreen(() => import('./views/parcels/ParcelListView.tsx')),
  tracking: lazyScreen(() => import('./views/tracking/TrackingView.tsx')),
  trackingId: lazyScreen(() => import('./views/tracking/TrackingView.tsx')),
}

/** The listing's first page for the signed-in user (parcels and shipments share the screen). */
const listingAhead = () =>
  Promise.all([import('./wiring/serverTable.ts'), import('./wiring/parcels.ts')]).then(([t, m]) => {
    const user = sessionActor.getSnapshot().context.session
    if (user) t.askFirstPageAhead(m.parcelListingLogic, m.parcelListingInput(user))
  })

/**
 * Screens whose first page is asked with their code (RouteLink's click): the screen's workflow and
 * the input it starts with, from the same functions the screen calls, so the two requests are the
 * same and the screen's takes the reply already on its way (api/client.ts `askAhead`).
 */
export const FIRST_PAGE_AHEAD: Partial<Record<ScreenRoute, () => Promise<void>>> = {
  clients: () => loadOffice().then((m) => m.OFFICE_FIRST_PAGE_AHEAD.clients?.()),
  invoices: () => loadOffice().then((m) => m.OFFICE_FIRST_PAGE_AHEAD.invoices?.()),
  parcelList: listingAhead,
  parcelsList: listingAhead,
  parcels: listingAhead,
}
