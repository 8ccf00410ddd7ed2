import { type ComponentType, useEffect, useState } from 'react'
import { UI_TEXT } from '../contract/messages/ui.ts'
import type { RouteName } from '../contract/routes.ts'
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
function lazy(load: () => Promise<{ default: ComponentType<ScreenProps> }>): LazyScreen {
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

/**
 * Which screen renders which route of the guard table (src/contract/routes.ts). Routes without a
 * screen yet render the placeholder page, which says so.
 */
/** Every route's screen (`/` is the session's home redirect, not a screen): the type checks none is missing. */
export type ScreenRoute = Exclude<RouteName, 'home'>
export const SCREENS: Record<ScreenRoute, LazyScreen> = {
  dashboard: lazy(() => import('./views/common/DashboardView.tsx')),
  users: lazy(() => import('./views/users/UsersView.tsx')),
  userNew: lazy(() => import('./views/users/UserFormView.tsx')),
  userEdit: lazy(() => import('./views/users/UserFormView.tsx')),
  profile: lazy(() => import('./views/session/ProfileView.tsx')),
  passwordRecover: lazy(() => import('./views/session/PasswordRecoverView.tsx')),
  emailCheck: lazy(() => import('./views/session/EmailCheckView.tsx')),
  findMyPostalCode: lazy(() => import('./views/address/PostalCodeFinderView.tsx')),
  // warehouse admin screens: workstations, problem sectors, external inbound, tags
  workstationsList: lazy(() => import('./views/warehouse/WorkstationsListView.tsx')),
  workstationNew: lazy(() => import('./views/warehouse/WorkstationFormView.tsx')),
  workstation: lazy(() => import('./views/warehouse/WorkstationFormView.tsx')),
  problematicSectorNew: lazy(() => import('./views/warehouse/SectorFormView.tsx')),
  problematicSectorList: lazy(() => import('./views/warehouse/SectorListView.tsx')),
  externalInbound: lazy(() => import('./views/floor/ExternalInboundListView.tsx')),
  externalInboundDetail: lazy(() => import('./views/floor/ExternalInboundDetailView.tsx')),
  tags: lazy(() => import('./views/floor/TagsView.tsx')),
  invoices: lazy(() => import('./views/invoicing/InvoicesView.tsx')),
  invoice: lazy(() => import('./views/invoicing/InvoiceView.tsx')),
  resolveProblematic: lazy(() => import('./views/floor/ResolveProblematicView.tsx')),
  parcelSearch: lazy(() => import('./views/floor/ParcelSearchView.tsx')),
  scanLog: lazy(() => import('./views/floor/ScanLogView.tsx')),
  audit: lazy(() => import('./views/audit/AuditView.tsx')),
  externalInboundScan: lazy(() => import('./views/floor/ExternalInboundScanView.tsx')),
  // warehouse floor: scanning screens
  setWorkstation: lazy(() => import('./views/floor/SetWorkstationView.tsx')),
  parcelFromNumber: lazy(() => import('./views/floor/IntakeScanView.tsx')),
  parcelClassification: lazy(() => import('./views/floor/ClassificationView.tsx')),
  parcelFromNumberAssign: lazy(() => import('./views/floor/IntakeScanView.tsx').then((m) => ({ default: m.IntakeAssignView }))),
  shipment: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  shipmentNew: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  parcelList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcelsList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcels: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  tracking: lazy(() => import('./views/tracking/TrackingView.tsx')),
  // clients: list, new client, card with its tabs, the card's forms, and the client's own company
  clients: lazy(() => import('./views/clients/ClientsView.tsx')),
  clientNew: lazy(() => import('./views/clients/ClientFormView.tsx')),
  client: lazy(() => import('./views/clients/ClientCardView.tsx')),
  clientCard: lazy(() => import('./views/clients/ClientCardView.tsx')),
  clientPrice: lazy(() => import('./views/clients/PriceBandFormView.tsx')),
  clientParameter: lazy(() => import('./views/clients/ParameterFormView.tsx')),
  clientCredential: lazy(() => import('./views/clients/CredentialFormView.tsx')),
  clientExternalApi: lazy(() => import('./views/clients/ExternalCredentialFormView.tsx')),
  company: lazy(() => import('./views/clients/CompanyView.tsx')),
  trackingId: lazy(() => import('./views/tracking/TrackingView.tsx')),
  // admin screens: calendar, statuses, unknown aliases, downloads, reported resignations
  calendar: lazy(() => import('./views/calendar/CalendarView.tsx')),
  statuses: lazy(() => import('./views/statuses/StatusesView.tsx')),
  status: lazy(() => import('./views/statuses/StatusFormView.tsx')),
  statusNew: lazy(() => import('./views/statuses/StatusFormView.tsx')),
  unknownAliases: lazy(() => import('./views/aliases/UnknownAliasesView.tsx')),
  unknownAlias: lazy(() => import('./views/aliases/UnknownAliasFormView.tsx')),
  downloads: lazy(() => import('./views/lockers/DownloadsView.tsx')),
  outbox: lazy(() => import('./views/users/OutboxView.tsx')),
  resignations: lazy(() => import('./views/resignations/ResignationsView.tsx')),
  resignation: lazy(() => import('./views/resignations/ResignationFormView.tsx')),
  myResignations: lazy(() => import('./views/resignations/ResignationsView.tsx').then((m) => ({ default: m.MyResignationsView }))),
  // prices: courier prices, operational price lists (default and client variants)
  prices: lazy(() => import('./views/prices/CourierPricesView.tsx')),
  price: lazy(() => import('./views/prices/CourierPriceView.tsx')),
  priceListList: lazy(() => import('./views/prices/PriceListListView.tsx')),
  priceListForm: lazy(() => import('./views/prices/PriceListFormView.tsx')),
  priceListClientForm: lazy(() => import('./views/prices/PriceListFormView.tsx')),
  stats: lazy(() => import('./views/stats/StatsView.tsx')),
  myResignation: lazy(() => import('./views/resignations/ResignationFormView.tsx').then((m) => ({ default: m.MyResignationFormView }))),
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
  clients: () =>
    Promise.all([import('./wiring/serverTable.ts'), import('./wiring/clients.ts')]).then(([t, m]) => t.askFirstPageAhead(m.clientListLogic, m.clientListInput())),
  invoices: () =>
    Promise.all([import('./wiring/serverTable.ts'), import('./wiring/invoicing.ts')]).then(([t, m]) => t.askFirstPageAhead(m.invoiceListLogic, m.invoiceListInput())),
  parcelList: listingAhead,
  parcelsList: listingAhead,
  parcels: listingAhead,
}
