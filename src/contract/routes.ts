import { type Role, ADMIN_AND_CLIENT, ADMIN_ONLY, ANY_SIGNED_IN, CLIENT_ONLY, PUBLIC, STAFF, allows } from './access.ts'
import { ROLE } from './constants/access.ts'
import { UI_TEXT } from './messages/ui.ts'

/**
 * The route-guard table: every screen's path and the roles that may open it, in one place.
 * The router guards with it and the sidebar is built from it; tests read it too.
 * A user who is not signed in, or whose role is not listed, is sent to `/`.
 */
export const ROUTES = {
  home: { path: '/', roles: PUBLIC },
  tracking: { path: '/tracking', roles: PUBLIC },
  trackingId: { path: '/tracking/:id', roles: PUBLIC },
  passwordRecover: { path: '/password-recover', roles: PUBLIC },
  emailCheck: { path: '/email/check/:token', roles: PUBLIC },
  findMyPostalCode: { path: '/find-my-postal-code', roles: PUBLIC },

  users: { path: '/users', roles: ADMIN_ONLY },
  userNew: { path: '/users/new', roles: ADMIN_ONLY },
  userEdit: { path: '/users/user/:id', roles: ADMIN_ONLY },
  clients: { path: '/clients', roles: ADMIN_ONLY },
  clientNew: { path: '/clients/new', roles: ADMIN_ONLY },
  client: { path: '/client/:id', roles: ADMIN_ONLY },
  clientCard: { path: '/client/:id/card/:card', roles: ADMIN_ONLY },
  clientCredential: { path: '/client/:idClient/credentail/:id?', roles: ADMIN_ONLY },
  clientParameter: { path: '/client/:idClient/parameter/:id?', roles: ADMIN_ONLY },
  clientPrice: { path: '/client/:idClient/price/:id?', roles: ADMIN_ONLY },
  clientExternalApi: { path: '/client/:clientId/external_api_credentials/:id?', roles: ADMIN_ONLY },
  prices: { path: '/prices', roles: ADMIN_ONLY },
  price: { path: '/prices/price/:id', roles: ADMIN_ONLY },
  statuses: { path: '/statuses', roles: ADMIN_ONLY },
  status: { path: '/statuses/status/:id', roles: ADMIN_ONLY },
  statusNew: { path: '/status/new', roles: ADMIN_ONLY },
  stats: { path: '/stats', roles: ADMIN_ONLY },
  calendar: { path: '/calendar', roles: ADMIN_ONLY },
  priceListList: { path: '/operational-price-list/:type/list', roles: ADMIN_ONLY },
  priceListForm: { path: '/operational-price-list/:type/form/:id?', roles: ADMIN_ONLY },
  priceListClientForm: { path: '/operational-price-list/:type/client_form/:idClient/:id?', roles: ADMIN_ONLY },
  resignations: { path: '/parcel-reported-resignations', roles: ADMIN_ONLY },
  resignation: { path: '/parcel-reported-resignation/:id?', roles: ADMIN_ONLY },
  unknownAliases: { path: '/unknown-client-aliases', roles: ADMIN_ONLY },
  unknownAlias: { path: '/unknown-client-aliases/:id', roles: ADMIN_ONLY },
  invoices: { path: '/invoices', roles: ADMIN_ONLY },
  invoice: { path: '/invoices/:id', roles: ADMIN_ONLY },
  downloads: { path: '/downloads', roles: ADMIN_ONLY },
  /** Chosen path: the outbox ("Poczta wychodząca"), e.g. a new user's password when no SMTP is configured. */
  outbox: { path: '/outbox', roles: ADMIN_ONLY },
  workstationsList: { path: '/workstations-list/:card?', roles: ADMIN_ONLY },
  workstationNew: { path: '/workstation/new', roles: ADMIN_ONLY },
  workstation: { path: '/workstation/:id', roles: ADMIN_ONLY },
  /** The audit trail: who changed what (docs/audit.md). */
  audit: { path: '/audit', roles: ADMIN_ONLY },

  parcelsList: { path: '/parcels-list', roles: STAFF },
  parcelList: { path: '/parcel-list', roles: STAFF },
  parcelFromNumber: { path: '/parcel-from-number', roles: STAFF },
  parcelFromNumberAssign: { path: '/parcel-from-number-and-assign-to-client', roles: STAFF },
  parcelClassification: { path: '/parcel-classification', roles: STAFF },
  tags: { path: '/tags', roles: STAFF },
  externalInboundScan: { path: '/external_inbound/scan', roles: STAFF },
  externalInbound: { path: '/external_inbound', roles: STAFF },
  externalInboundDetail: { path: '/external_inbound/:id', roles: STAFF },
  setWorkstation: { path: '/set-workstation', roles: STAFF },
  resolveProblematic: { path: '/resolve-problematic', roles: STAFF },
  problematicSectorNew: { path: '/problematic-sector/new', roles: STAFF },
  problematicSectorList: { path: '/problematic-sector/list', roles: STAFF },
  /** The floor's scan log, `?barcode=`, `?workstation=`, `?parcel=` (internal number). */
  scanLog: { path: '/scan-log', roles: STAFF },

  profile: { path: '/profile', roles: ANY_SIGNED_IN },
  dashboard: { path: '/dashboard', roles: ANY_SIGNED_IN },
  parcels: { path: '/parcels', roles: ANY_SIGNED_IN },
  parcelSearch: { path: '/parcel-search', roles: ANY_SIGNED_IN },
  shipment: { path: '/shipment/:internalNumber', roles: ANY_SIGNED_IN },

  company: { path: '/company', roles: ADMIN_AND_CLIENT },
  shipmentNew: { path: '/shipment/new', roles: ADMIN_AND_CLIENT },

  myResignations: { path: '/my-parcel-reported-resignations', roles: CLIENT_ONLY },
  myResignation: { path: '/my-parcel-reported-resignation/:id?', roles: CLIENT_ONLY },
} as const satisfies Record<string, { path: string; roles: readonly Role[] | typeof PUBLIC }>

export type RouteName = keyof typeof ROUTES

/** A route pattern as the router reads it: `:name` one segment, `:name?` an optional one, an optional trailing slash. */
const routePattern = (path: string) =>
  new RegExp(
    '^' +
      path
        .split('/')
        .filter(Boolean)
        .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('') +
      '/?$',
  )
const PATTERNS = (Object.keys(ROUTES) as RouteName[]).map((name) => [name, routePattern(ROUTES[name].path)] as const)

/** The route an address opens, or null: the not-found page (the server answers it with 404). */
export function matchRoute(pathname: string): RouteName | null {
  if (pathname === '/') return 'home'
  return PATTERNS.find(([, re]) => re.test(pathname))?.[0] ?? null
}

/** Builds a concrete URL from a route pattern: href('userEdit', {id: 5}) → '/users/user/5'. */
export function href(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].path
    .replace(/\/:(\w+)\?/g, (_, k: string) => (params[k] === undefined ? '' : `/${encodeURIComponent(String(params[k]))}`))
    .replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')))
}

export const canOpen = (name: RouteName, role: number | null | undefined) => allows(ROUTES[name].roles, role)

// ---- sidebar --------------------------------------------------

export type MenuAction = 'endWorkstation' | 'logout' | 'myReports'
export type MenuItem =
  | { id: string; label: string; route: RouteName }
  | { id: string; label: string; action: MenuAction }

const item = (id: string, label: string, route: RouteName): MenuItem => ({ id, label, route })
const action = (id: string, label: string, a: MenuAction): MenuItem => ({ id, label, action: a })

export interface MenuContext {
  role: number
  hasWorkstation: boolean
  hasReports: boolean
}

/** The sidebar of each role, items in the specification's order. Labels chosen here (the specification names items in English). */
export function sidebar({ role, hasWorkstation, hasReports }: MenuContext): MenuItem[] {
  if (role === ROLE.admin) {
    return [
      item('parcels', 'Przesyłki', 'parcelList'),
      item('users', 'Użytkownicy', 'users'),
      item('clients', 'Klienci', 'clients'),
      item('prices', 'Cenniki', 'prices'),
      item('statuses', 'Statusy', 'statuses'),
      item('parcel-from-number', 'Przyjęcie przesyłki', 'parcelFromNumber'),
      item('parcel-classification', 'Sortowanie przesyłek', 'parcelClassification'),
      item('external-inbound-scan', 'Skanowanie przyjęć zewnętrznych', 'externalInboundScan'),
      item('external-inbound', 'Przyjęcia zewnętrzne', 'externalInbound'),
      item('tags', 'Etykiety', 'tags'),
      item('calendar', 'Kalendarz', 'calendar'),
      item('stats', 'Statystyki', 'stats'),
      item('parcel-search', 'Wyszukiwanie skanem', 'parcelSearch'),
      item('resignations', 'Zgłoszone rezygnacje', 'resignations'),
      ...(hasReports ? [action('my-reports', 'Moje raporty', 'myReports')] : []),
      item('invoices', 'Faktury', 'invoices'),
      item('unknown-aliases', 'Nieznane aliasy klientów', 'unknownAliases'),
      item('profile', 'Zmiana hasła', 'profile'),
      item('downloads', 'Pliki do pobrania', 'downloads'),
      item('outbox', 'Poczta wychodząca', 'outbox'),
      item('resolve-problematic', 'Obsługa przesyłek problematycznych', 'resolveProblematic'),
      item('problematic-sectors', 'Sektory problematyczne', 'problematicSectorList'),
      item('set-workstation', 'Ustaw stanowisko', 'setWorkstation'),
      ...(hasWorkstation ? [action('end-workstation', 'Zakończ pracę na stanowisku', 'endWorkstation')] : []),
      item('workstations', 'Stanowiska', 'workstationsList'),
      item('scan-log', UI_TEXT.scanLogTitle, 'scanLog'),
      item('audit', UI_TEXT.auditTitle, 'audit'),
      action('logout', 'Wyloguj', 'logout'),
    ]
  }
  if (role === ROLE.warehouse_worker) {
    return [
      item('parcels', 'Przesyłki', 'parcelList'),
      item('parcel-from-number', 'Przyjęcie przesyłki', 'parcelFromNumber'),
      item('parcel-classification', 'Sortowanie przesyłek', 'parcelClassification'),
      item('parcel-search', 'Wyszukiwanie skanem', 'parcelSearch'),
      item('external-inbound-scan', 'Skanowanie przyjęć zewnętrznych', 'externalInboundScan'),
      item('external-inbound', 'Przyjęcia zewnętrzne', 'externalInbound'),
      item('resolve-problematic', 'Obsługa przesyłek problematycznych', 'resolveProblematic'),
      item('tags', 'Etykiety', 'tags'),
      item('profile', 'Zmiana hasła', 'profile'),
      item('set-workstation', 'Ustaw stanowisko', 'setWorkstation'),
      item('scan-log', UI_TEXT.scanLogTitle, 'scanLog'),
      action('logout', 'Wyloguj', 'logout'),
    ]
  }
  return [
    item('parcels', 'Moje przesyłki', 'parcels'),
    item('company', 'Moja firma', 'company'),
    action('my-reports', 'Moje raporty', 'myReports'),
    item('my-resignations', 'Zgłoszone rezygnacje', 'myResignations'),
    item('profile', 'Zmiana hasła', 'profile'),
    action('logout', 'Wyloguj', 'logout'),
  ]
}
