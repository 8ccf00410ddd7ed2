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
  users: lazy(() => import('./views/admin/UsersView.tsx')),
  userNew: lazy(() => import('./views/admin/UserFormView.tsx')),
  userEdit: lazy(() => import('./views/admin/UserFormView.tsx')),
  profile: lazy(() => import('./views/auth/ProfileView.tsx')),
  passwordRecover: lazy(() => import('./views/auth/PasswordRecoverView.tsx')),
  emailCheck: lazy(() => import('./views/auth/EmailCheckView.tsx')),
  findMyPostalCode: lazy(() => import('./views/public/PostalCodeFinderView.tsx')),
  // warehouse admin screens: workstations, problem sectors, external inbound, tags
  workstationsList: lazy(() => import('./views/warehouse/WorkstationsListView.tsx')),
  workstationNew: lazy(() => import('./views/warehouse/WorkstationFormView.tsx')),
  workstation: lazy(() => import('./views/warehouse/WorkstationFormView.tsx')),
  problematicSectorNew: lazy(() => import('./views/warehouse/SectorFormView.tsx')),
  problematicSectorList: lazy(() => import('./views/warehouse/SectorListView.tsx')),
  externalInbound: lazy(() => import('./views/warehouse/ExternalInboundListView.tsx')),
  externalInboundDetail: lazy(() => import('./views/warehouse/ExternalInboundDetailView.tsx')),
  tags: lazy(() => import('./views/warehouse/TagsView.tsx')),
  invoices: lazy(() => import('./views/invoices/InvoicesView.tsx')),
  invoice: lazy(() => import('./views/invoices/InvoiceView.tsx')),
  resolveProblematic: lazy(() => import('./views/warehouse/ResolveProblematicView.tsx')),
  parcelSearch: lazy(() => import('./views/warehouse/ParcelSearchView.tsx')),
  externalInboundScan: lazy(() => import('./views/warehouse/ExternalInboundScanView.tsx')),
  // warehouse floor: scanning screens
  setWorkstation: lazy(() => import('./views/warehouse/SetWorkstationView.tsx')),
  parcelFromNumber: lazy(() => import('./views/warehouse/IntakeScanView.tsx')),
  parcelClassification: lazy(() => import('./views/warehouse/ClassificationView.tsx')),
  parcelFromNumberAssign: lazy(() => import('./views/warehouse/IntakeScanView.tsx').then((m) => ({ default: m.IntakeAssignView }))),
  shipment: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  shipmentNew: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  parcelList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcelsList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcels: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  tracking: lazy(() => import('./views/public/TrackingView.tsx')),
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
  trackingId: lazy(() => import('./views/public/TrackingView.tsx')),
  // admin screens: calendar, statuses, unknown aliases, downloads, reported resignations
  calendar: lazy(() => import('./views/adminScreens/CalendarView.tsx')),
  statuses: lazy(() => import('./views/adminScreens/StatusesView.tsx')),
  status: lazy(() => import('./views/adminScreens/StatusFormView.tsx')),
  statusNew: lazy(() => import('./views/adminScreens/StatusFormView.tsx')),
  unknownAliases: lazy(() => import('./views/adminScreens/UnknownAliasesView.tsx')),
  unknownAlias: lazy(() => import('./views/adminScreens/UnknownAliasFormView.tsx')),
  downloads: lazy(() => import('./views/adminScreens/DownloadsView.tsx')),
  outbox: lazy(() => import('./views/admin/OutboxView.tsx')),
  resignations: lazy(() => import('./views/adminScreens/ResignationsView.tsx')),
  resignation: lazy(() => import('./views/adminScreens/ResignationFormView.tsx')),
  myResignations: lazy(() => import('./views/adminScreens/ResignationsView.tsx').then((m) => ({ default: m.MyResignationsView }))),
  // prices: courier prices, operational price lists (default and client variants)
  prices: lazy(() => import('./views/prices/CourierPricesView.tsx')),
  price: lazy(() => import('./views/prices/CourierPriceView.tsx')),
  priceListList: lazy(() => import('./views/prices/PriceListListView.tsx')),
  priceListForm: lazy(() => import('./views/prices/PriceListFormView.tsx')),
  priceListClientForm: lazy(() => import('./views/prices/PriceListFormView.tsx')),
  stats: lazy(() => import('./views/stats/StatsView.tsx')),
  myResignation: lazy(() => import('./views/adminScreens/ResignationFormView.tsx').then((m) => ({ default: m.MyResignationFormView }))),
}
