/**
 * What the screen walks (a11y.spec: every screen is real and passes axe; layout.spec: every screen fits)
 * share: the demo records each route's parameters name, the workstation a scanning screen needs,
 * and which routes a role may open.
 */
import { ROLE } from '../../src/contract/constants/access.ts'
import { ROUTES, type RouteName, canOpen } from '../../src/contract/routes.ts'

export type Who = 'admin' | 'worker' | 'client'
export const ROLE_OF: Record<Who, number> = { admin: ROLE.admin, worker: ROLE.warehouse_worker, client: ROLE.client }

/** Records looked up at run time: an external inbound record and an unknown alias. */
export interface RunRecords {
  inbound: number
  alias: number
}

/** Concrete parameters of the routes that take them (demo data, docs/demo-data.md). */
export function demoParams(name: RouteName, r: RunRecords, token: string): Record<string, string | number> {
  const table: Partial<Record<RouteName, Record<string, string | number>>> = {
    trackingId: { id: 'RE100000001' },
    emailCheck: { token },
    userEdit: { id: 1 },
    client: { id: 1 },
    clientCard: { id: 1, card: 'parameters' },
    clientCredential: { idClient: 1 },
    clientParameter: { idClient: 1 },
    clientPrice: { idClient: 1 },
    clientExternalApi: { clientId: 1 },
    price: { id: 1 },
    status: { id: 55 },
    priceListList: { type: 'income' },
    priceListForm: { type: 'income' },
    priceListClientForm: { type: 'income', idClient: 1 },
    unknownAlias: { id: r.alias },
    invoice: { id: 1 },
    workstation: { id: 1 },
    externalInboundDetail: { id: r.inbound },
    shipment: { internalNumber: 'RE100000001' },
  }
  return table[name] ?? {}
}

/** Scanning screens open only with a workstation of a fitting type held: the code each role takes. */
export const WORKSTATION: Partial<Record<RouteName, Record<'admin' | 'worker', string>>> = {
  parcelFromNumber: { admin: 'PRZJ_02', worker: 'PRZJ_01' },
  parcelFromNumberAssign: { admin: 'PRZJ_02', worker: 'PRZJ_01' },
  parcelClassification: { admin: 'SRTW_02', worker: 'SRTW_01' },
  resolveProblematic: { admin: 'PRBL_01', worker: 'PRBL_01' },
}

export const ALL_ROUTES = Object.keys(ROUTES) as RouteName[]

/** Public screens anonymously; each signed-in role the screens of its role. */
export const routesOf = (who: Who | 'anonymous') =>
  ALL_ROUTES.filter((n) => (who === 'anonymous' ? ROUTES[n].roles === 'public' : ROUTES[n].roles !== 'public' && canOpen(n, ROLE_OF[who])))

/** The required (not `?`) parameters of a route pattern. */
export const requiredParams = (name: RouteName) => [...ROUTES[name].path.matchAll(/:(\w+)(\?)?/g)].filter((m) => !m[2]).map((m) => m[1]!)
