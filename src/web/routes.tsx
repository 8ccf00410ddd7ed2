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

/**
 * Which screen renders which route of the guard table (src/contract/routes.ts). Routes without a
 * screen yet render the placeholder page, which says so.
 */
/** Every route's screen (`/` is the session's home redirect, not a screen): the type checks none is missing. */
export type ScreenRoute = Exclude<RouteName, 'home'>
export const SCREENS: Record<ScreenRoute, LazyScreen> = {
  dashboard: lazyScreen(() => import('./views/common/DashboardView.tsx')),
  users: lazyScreen(() => import('./views/users/UsersView.tsx')),
  userNew: lazyScreen(() => import('./views/users/UserFormView.tsx')),
  userEdit: lazyScreen(() => import('./views/users/UserFormView.tsx')),
  profile: lazyScreen(() => import('./views/session/ProfileView.tsx')),
  passwordRecover: lazyScreen(() => import('./views/session/PasswordRecoverView.tsx')),
  emailCheck: lazyScreen(() => import('./views/session/EmailCheckView.tsx')),
  findMyPostalCode: lazyScreen(() => import('./views/address/PostalCodeFinderView.tsx')),
  // warehouse admin screens: workstations, problem sectors, external inbound, tags
  workstationsList: lazyScreen(() => import('./views/warehouse/WorkstationsListView.tsx')),
  workstationNew: lazyScreen(() => import('./views/warehouse/WorkstationFormView.tsx')),
  workstation: lazyScreen(() => import('./views/warehouse/WorkstationFormView.tsx')),
  problematicSectorNew: lazyScreen(() => import('./views/warehouse/SectorFormView.tsx')),
  problematicSectorList: lazyScreen(() => import('./views/warehouse/SectorListView.tsx')),
  externalInbound: lazyScreen(() => import('./views/floor/ExternalInboundListView.tsx')),
  externalInboundDetail: lazyScreen(() => import('./views/floor/ExternalInboundDetailView.tsx')),
  tags: lazyScreen(() => import('./views/floor/TagsView.tsx')),
  invoices: lazyScreen(() => import('./views/invoicing/InvoicesView.tsx')),
  invoice: lazyScreen(() => import('./views/invoicing/InvoiceView.tsx')),
  resolveProblematic: lazyScreen(() => import('./views/floor/ResolveProblematicView.tsx')),
  parcelSearch: lazyScreen(() => import('./views/floor/ParcelSearchView.tsx')),
  scanLog: lazyScreen(() => import('./views/floor/ScanLogView.tsx')),
  audit: lazyScreen(() => import('./views/audit/AuditView.tsx')),
  externalInboundScan: lazyScreen(() => import('./views/floor/ExternalInboundScanView.tsx')),
  // warehouse floor: scanning screens
  setWorkstation: lazyScreen(() => import('./views/floor/SetWorkstationView.tsx')),
  parcelFromNumber: lazyScreen(() => import('./views/floor/IntakeScanView.tsx')),
  parcelClassification: lazyScreen(() => import('./views/floor/ClassificationView.tsx')),
  parcelFromNumberAssign: lazyScreen(() => import('./views/floor/IntakeScanView.tsx').then((m) => ({ default: m.IntakeAssignView }))),
  shipment: lazyScreen(() => import('./views/shipments/ShipmentView.tsx')),
  shipmentNew: lazyScreen(() => import('./views/shipments/ShipmentView.tsx')),
  parcelList: lazyScreen(() => import('./views/parcels/ParcelListView.tsx')),
  parcelsList: lazyScreen(() => import('./views/parcels/ParcelListView.tsx')),
  parcels: lazyScreen(() => import('./views/parcels/ParcelListView.tsx')),
  tracking: lazyScreen(() => import('./views/tracking/TrackingView.tsx')),
  // clients: list, new client, card with its tabs, the card's forms, and the client's own company
  clients: lazyScreen(() => import('./views/clients/ClientsView.tsx')),
  clientNew: lazyScreen(() => import('./views/clients/ClientFormView.tsx')),
  client: lazyScreen(() => import('./views/clients/ClientCardView.tsx')),
  clientCard: lazyScreen(() => import('./views/clients/ClientCardView.tsx')),
  clientPrice: lazyScreen(() => import('./views/clients/PriceBandFormView.tsx')),
  clientParameter: lazyScreen(() => import('./views/clients/ParameterFormView.tsx')),
  clientCredential: lazyScreen(() => import('./views/clients/CredentialFormView.tsx')),
  clientExternalApi: lazyScreen(() => import('./views/clients/ExternalCredentialFormView.tsx')),
  company: lazyScreen(() => import('./views/clients/CompanyView.tsx')),
  trackingId: lazyScreen(() => import('./views/tracking/TrackingView.tsx')),
  // admin screens: calendar, statuses, unknown aliases, downloads, reported resignations
  calendar: lazyScreen(() => import('./views/calendar/CalendarView.tsx')),
  statuses: lazyScreen(() => import('./views/statuses/StatusesView.tsx')),
  status: lazyScreen(() => import('./views/statuses/StatusFormView.tsx')),
  statusNew: lazyScreen(() => import('./views/statuses/StatusFormView.tsx')),
  unknownAliases: lazyScreen(() => import('./views/aliases/UnknownAliasesView.tsx')),
  unknownAlias: lazyScreen(() => import('./views/aliases/UnknownAliasFormView.tsx')),
  downloads: lazyScreen(() => import('./views/lockers/DownloadsView.tsx')),
  outbox: lazyScreen(() => import('./views/users/OutboxView.tsx')),
  resignations: lazyScreen(() => import('./views/resignations/ResignationsView.tsx')),
  resignation: lazyScreen(() => import('./views/resignations/ResignationFormView.tsx')),
  myResignations: lazyScreen(() => import('./views/resignations/ResignationsView.tsx').then((m) => ({ default: m.MyResignationsView }))),
  // prices: courier prices, operational price lists (default and client variants)
  prices: lazyScreen(() => import('./views/prices/CourierPricesView.tsx')),
  price: lazyScreen(() => import('./views/prices/CourierPriceView.tsx')),
  priceListList: lazyScreen(() => import('./views/prices/PriceListListView.tsx')),
  priceListForm: lazyScreen(() => import('./views/prices/PriceListFormView.tsx')),
  priceListClientForm: lazyScreen(() => import('./views/prices/PriceListFormView.tsx')),
  stats: lazyScreen(() => import('./views/stats/StatsView.tsx')),
  myResignation: lazyScreen(() => import('./views/resignations/ResignationFormView.tsx').then((m) => ({ default: m.MyResignationFormView }))),
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
