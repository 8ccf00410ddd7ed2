import type { ComponentType } from 'react'
import type { OfficeRoute } from './officeRoutes.ts'
import type { ScreenProps } from './screen.ts'

/**
 * The screens only an admin or a client opens (officeRoutes.ts): how each one's
 * code loads, and the first pages asked with a list's code. This is a chunk of its own, so the
 * login page and the floor screens do not carry these screens' loaders and the lists of chunks
 * each one fetches. An admin's or a client's sidebar asks for it as it mounts (Layout).
 */
export const OFFICE_SCREENS: Record<OfficeRoute, () => Promise<{ default: ComponentType<ScreenProps> }>> = {
  users: () => import('./views/users/UsersView.tsx'),
  userNew: () => import('./views/users/UserFormView.tsx'),
  userEdit: () => import('./views/users/UserFormView.tsx'),
  outbox: () => import('./views/users/OutboxView.tsx'),
  // warehouse admin screens: workstations
  workstationsList: () => import('./views/warehouse/WorkstationsListView.tsx'),
  workstationNew: () => import('./views/warehouse/WorkstationFormView.tsx'),
  workstation: () => import('./views/warehouse/WorkstationFormView.tsx'),
  invoices: () => import('./views/invoicing/InvoicesView.tsx'),
  invoice: () => import('./views/invoicing/InvoiceView.tsx'),
  audit: () => import('./views/audit/AuditView.tsx'),
  shipmentNew: () => import('./views/shipments/ShipmentView.tsx'),
  // clients: list, new client, card with its tabs, the card's forms, and the client's own company
  clients: () => import('./views/clients/ClientsView.tsx'),
  clientNew: () => import('./views/clients/ClientFormView.tsx'),
  client: () => import('./views/clients/ClientCardView.tsx'),
  clientCard: () => import('./views/clients/ClientCardView.tsx'),
  clientPrice: () => import('./views/clients/PriceBandFormView.tsx'),
  clientParameter: () => import('./views/clients/ParameterFormView.tsx'),
  clientCredential: () => import('./views/clients/CredentialFormView.tsx'),
  clientExternalApi: () => import('./views/clients/ExternalCredentialFormView.tsx'),
  company: () => import('./views/clients/CompanyView.tsx'),
  // admin screens: calendar, statuses, unknown aliases, downloads, reported resignations
  calendar: () => import('./views/calendar/CalendarView.tsx'),
  statuses: () => import('./views/statuses/StatusesView.tsx'),
  status: () => import('./views/statuses/StatusFormView.tsx'),
  statusNew: () => import('./views/statuses/StatusFormView.tsx'),
  unknownAliases: () => import('./views/aliases/UnknownAliasesView.tsx'),
  unknownAlias: () => import('./views/aliases/UnknownAliasFormView.tsx'),
  downloads: () => import('./views/lockers/DownloadsView.tsx'),
  resignations: () => import('./views/resignations/ResignationsView.tsx'),
  resignation: () => import('./views/resignations/ResignationFormView.tsx'),
  myResignations: () => import('./views/resignations/ResignationsView.tsx').then((m) => ({ default: m.MyResignationsView })),
  myResignation: () => import('./views/resignations/ResignationFormView.tsx').then((m) => ({ default: m.MyResignationFormView })),
  // prices: courier prices, operational price lists (default and client variants)
  prices: () => import('./views/prices/CourierPricesView.tsx'),
  price: () => import('./views/prices/CourierPriceView.tsx'),
  priceListList: () => import('./views/prices/PriceListListView.tsx'),
  priceListForm: () => import('./views/prices/PriceListFormView.tsx'),
  priceListClientForm: () => import('./views/prices/PriceListFormView.tsx'),
  stats: () => import('./views/stats/StatsView.tsx'),
}

/** The office lists whose first page is asked with their code (routes.tsx FIRST_PAGE_AHEAD). */
export const OFFICE_FIRST_PAGE_AHEAD: Partial<Record<OfficeRoute, () => Promise<void>>> = {
  clients: () =>
    Promise.all([import('./wiring/serverTable.ts'), import('./wiring/clients.ts')]).then(([t, m]) => t.askFirstPageAhead(m.clientListLogic, m.clientListInput())),
  invoices: () =>
    Promise.all([import('./wiring/serverTable.ts'), import('./wiring/invoicing.ts')]).then(([t, m]) => t.askFirstPageAhead(m.invoiceListLogic, m.invoiceListInput())),
}
