import { type ComponentType, lazy } from 'react'
import type { RouteName } from '../contract/routes.ts'
import type { ScreenProps } from './screen.ts'

export type { ScreenProps } from './screen.ts'

/**
 * Which screen renders which route of the guard table (src/contract/routes.ts). Routes without a
 * screen yet render the placeholder page, which says so.
 */
/** Every route's screen (`/` is the session's home redirect, not a screen): the type checks none is missing. */
export type ScreenRoute = Exclude<RouteName, 'home'>
export const SCREENS: Record<ScreenRoute, ComponentType<ScreenProps>> = {
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
