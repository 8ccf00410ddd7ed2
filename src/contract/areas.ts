/**
 * The areas of the back office, written once. An area has the same name in every layer that has
 * it (docs/architecture.md, "Areas"); tests/web/areas.test.ts walks the layers and fails on a
 * file or folder named after no area here and no shared module of its layer.
 */
export const AREAS = {
  session: 'signing in and out, one’s own sessions and password, recovery, e-mail confirmation',
  users: 'user accounts (admin), their sessions and sign-in locks, the outbox of mails sent to them',
  address: 'address database: towns, localities, streets, lockers to choose; the postal-code finder',
  clients: 'clients, their courier accounts and credentials, price bands, additional fees, client price lists',
  prices: 'operational price lists and courier prices',
  billing: 'exports: billing statements and listing reports, ordered, listed, reviewed, downloaded',
  invoicing: 'invoices made from billing statements, corrections, the invoicing system',
  shipments: 'a shipment: creating, editing, labels, its finance tab, buffer parcels, adoption',
  parcels: 'the parcel listing and the single-parcel calls (remove, set a status, label data)',
  tracking: 'public tracking of a shipment and the history rows behind it',
  floor: 'the warehouse floor: intake, sorting, problem resolution, dimensions, scan search, tags, external inbound',
  warehouse: 'workstations, their workflows and problem sectors',
  calendar: 'the calendar of non-working days',
  statuses: 'status types and status groups',
  aliases: 'unknown client aliases read from labels',
  resignations: 'reported resignations (the back office’s and a client’s own)',
  lockers: 'locker files for an e-commerce integration',
  stats: 'statistics of clients’ shipments',
  integration: 'the API for clients’ shops (tokens, shipments, labels, tracking, quotes)',
  audit: 'the audit trail: who changed what, when and from which address, in a hash chain',
} as const

export type Area = keyof typeof AREAS

/**
 * The layers that are split by area, and in each the modules that serve every area instead of
 * being one (a name here is not an area). A layer's entry names a file `<area>.ts`,
 * `<area><Name>.ts` (a part of the area, e.g. `floorIntake.ts`) or a folder `<area>/`.
 */
export const LAYERS = {
  'src/contract/endpoints': [],
  'src/contract/messages': ['mail', 'notFound', 'ui'],
  'src/contract/constants': ['access', 'platform', 'tables', 'ui'],
  'src/contract/schemas': ['common', 'listing', 'mail'],
  'src/server/http/areas': [],
  'src/server/domain': ['context', 'csv', 'dates', 'errors', 'pricing', 'publicTokens', 'secrets', 'throttle'],
  'src/web/views': ['common'],
  'src/web/wiring': ['failure', 'recordForms', 'serverTable'],
  machines: ['filteredTable', 'graph', 'index', 'inspector', 'listLoad', 'publicFile', 'recordForm', 'routeLink', 'serverTable'],
} as const satisfies Record<string, readonly string[]>

/** The area a file or folder name belongs to: its name, or the area it starts with before a capital letter. */
export function areaOf(name: string): Area | null {
  const base = name.replace(/\.(samples\.)?tsx?$/, '')
  const found = (Object.keys(AREAS) as Area[]).find((a) => base === a || (base.startsWith(a) && /^[A-Z]/.test(base.slice(a.length))))
  return found ?? null
}
