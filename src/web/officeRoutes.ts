import type { RouteName } from '../contract/routes.ts'

/**
 * The routes only an admin or a client may open (no warehouse worker, no visitor): their screens'
 * loaders are in routesOffice.ts, a chunk of its own, so the entry chunk that the login page and
 * the floor screens load does not carry them (tests/web/routes.test.ts checks the list against the
 * route table's roles).
 */
export const OFFICE_ROUTES = [
  'users', 'userNew', 'userEdit', 'outbox', 'workstationsList', 'workstationNew', 'workstation', 'invoices', 'invoice', 'audit',
  'shipmentNew', 'clients', 'clientNew', 'client', 'clientCard', 'clientPrice', 'clientParameter', 'clientCredential',
  'clientExternalApi', 'company', 'calendar', 'statuses', 'status', 'statusNew', 'unknownAliases', 'unknownAlias', 'downloads',
  'resignations', 'resignation', 'myResignations', 'myResignation', 'prices', 'price', 'priceListList', 'priceListForm',
  'priceListClientForm', 'stats',
] as const satisfies readonly Exclude<RouteName, 'home'>[]
export type OfficeRoute = (typeof OFFICE_ROUTES)[number]
