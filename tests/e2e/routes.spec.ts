import { type Page, expect, test } from '@playwright/test'
import { ROLE } from '../../src/contract/constants/access.ts'
import { STORAGE_KEY } from '../../src/contract/constants/ui.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { ROUTES, type RouteName, canOpen, href } from '../../src/contract/routes.ts'
import { DEMO, fetchApi, fetchToken, signIn } from './support.ts'

/**
 * The route walk: each role (admin, warehouse worker, client; anonymous for the public screens)
 * opens every route of the route-guard table it may open, with real demo records for the
 * parameters, and every screen must be a real one — no "Ekran w przygotowaniu" placeholder, no
 * error toast, its page heading visible, and the role stays on the route (no guard sends it away).
 */

const PLACEHOLDER_HEADING = 'Ekran w przygotowaniu'

type Who = 'admin' | 'worker' | 'client'
const ROLE_OF: Record<Who, number> = { admin: ROLE.admin, worker: ROLE.warehouse_worker, client: ROLE.client }

/** A Sameday-form barcode of our own, for an external inbound record to open. */
const INBOUND_BARCODE = '9RWKA0000001'

interface Records {
  inbound: number
  alias: number
}

/** Concrete parameters of the routes that take them (demo data, docs/demo-data.md; some looked up at run time). */
function paramsOf(name: RouteName, r: Records): Record<string, string | number> {
  const table: Partial<Record<RouteName, Record<string, string | number>>> = {
    trackingId: { id: 'RE100000001' },
    emailCheck: { token: 'route-walk-not-a-real-token' },
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
const WORKSTATION: Partial<Record<RouteName, Record<'admin' | 'worker', string>>> = {
  parcelFromNumber: { admin: 'PRZJ_02', worker: 'PRZJ_01' },
  parcelFromNumberAssign: { admin: 'PRZJ_02', worker: 'PRZJ_01' },
  parcelClassification: { admin: 'SRTW_02', worker: 'SRTW_01' },
  resolveProblematic: { admin: 'PRBL_01', worker: 'PRBL_01' },
}

const ALL = Object.keys(ROUTES) as RouteName[]
/** Public screens are walked anonymously; each signed-in role walks the screens of its role. */
const routesOf = (who: Who | 'anonymous') =>
  ALL.filter((n) => (who === 'anonymous' ? ROUTES[n].roles === 'public' : ROUTES[n].roles !== 'public' && canOpen(n, ROLE_OF[who])))
const requiredParams = (name: RouteName) => [...ROUTES[name].path.matchAll(/:(\w+)(\?)?/g)].filter((m) => !m[2]).map((m) => m[1]!)

/** Opens `url` (a full load, or inside the running app as a link would) and checks the screen. */
async function visit(page: Page, name: RouteName, url: string, { load = false } = {}) {
  await test.step(`${name}: ${url}`, async () => {
    if (load) await page.goto(url)
    else await page.evaluate((u) => history.pushState(null, '', u), url)
    await expect(page.locator('.loading, .table-loading')).toHaveCount(0)
    const heading = page.locator('main h1, .page h1, .public-page h1, .login-page h1, h1').first()
    await expect(heading, `${url}: a page heading`).toBeVisible()
    if (name !== 'home') expect(new URL(page.url()).pathname, `stays on ${url}`).toBe(url)
    await expect(page.getByTestId('placeholder'), `${url}: no placeholder`).toHaveCount(0)
    await expect(page.getByRole('heading', { name: PLACEHOLDER_HEADING })).toHaveCount(0)
    // Errors a screen raises while it loads would show by now (the data calls have answered).
    await page.waitForLoadState('networkidle')
    await expect(page.locator('.toast-error'), `${url}: no error toast`).toHaveCount(0)
  })
}

let records: Records = { inbound: 0, alias: 1 }

test.describe.configure({ timeout: 240_000 })
test.describe('route walk: every route of the guard table opens a real screen for every role that may open it', () => {
  test.beforeAll(async ({ baseURL }) => {
    const token = await fetchToken(baseURL!, DEMO.admin.email, DEMO.admin.password)
    const inbound = await fetchApi(baseURL!, endpoints.externalInboundScan, token, { barcode: INBOUND_BARCODE })
    expect([200, 201]).toContain(inbound.status)
    const aliases = await fetchApi(baseURL!, endpoints.unknownAliasList, token)
    expect(aliases.status).toBe(200)
    records = { inbound: inbound.data.data!.id, alias: aliases.data[0]?.id ?? 1 }
  })

  test('every route with a required parameter has a demo value', () => {
    const missing = ALL.flatMap((n) => requiredParams(n).filter((k) => paramsOf(n, { inbound: 1, alias: 1 })[k] === undefined).map((k) => `${n}:${k}`))
    expect(missing).toEqual([])
  })

  test('anonymous: the public screens', async ({ page }) => {
    for (const [i, n] of routesOf('anonymous').entries()) await visit(page, n, href(n, paramsOf(n, records)), { load: i === 0 })
  })

  for (const who of ['admin', 'worker', 'client'] as const) {
    test(`${who}: every screen the role may open`, async ({ page, baseURL }) => {
      await signIn(page, DEMO[who].email, DEMO[who].password)
      const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}')._token as string, STORAGE_KEY.user)
      const names = routesOf(who)
      expect(names.length).toBeGreaterThan(3)
      for (const n of names.filter((x) => !WORKSTATION[x])) await visit(page, n, href(n, paramsOf(n, records)))
      // Scanning screens last: each first takes a workstation of its type (as /set-workstation would); the workflow is ended after.
      const scanning = names.filter((x) => WORKSTATION[x])
      try {
        for (const n of scanning) {
          const code = WORKSTATION[n]![who as 'admin' | 'worker']
          expect((await fetchApi(baseURL!, endpoints.setWorkstation, token, { code })).status, `${who} takes ${code}`).toBe(200)
          await visit(page, n, href(n, paramsOf(n, records)), { load: true })
        }
      } finally {
        if (scanning.length) await fetchApi(baseURL!, endpoints.endWorkflow, token, { type: 'manual' })
      }
    })
  }
})
