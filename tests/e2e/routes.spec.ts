import { type Page, expect, test } from '@playwright/test'
import { STORAGE_KEY } from '../../src/contract/constants/ui.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type RouteName, href } from '../../src/contract/routes.ts'
import { DEMO, fetchApi, fetchToken, signIn } from './support.ts'
import { ALL_ROUTES, type RunRecords, WORKSTATION, type Who, demoParams, requiredParams, routesOf } from './routeKit.ts'

const paramsOf = (name: RouteName, r: RunRecords) => demoParams(name, r, 'route-walk-not-a-real-token')

/**
 * The route walk: each role (admin, warehouse worker, client; anonymous for the public screens)
 * opens every route of the route-guard table it may open, with real demo records for the
 * parameters, and every screen must be a real one — no "Ekran w przygotowaniu" placeholder, no
 * error toast, its page heading visible, and the role stays on the route (no guard sends it away).
 */

const PLACEHOLDER_HEADING = 'Ekran w przygotowaniu'

/** A Sameday-form barcode of our own, for an external inbound record to open. */
const INBOUND_BARCODE = '9RWKA0000001'


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

let records: RunRecords = { inbound: 0, alias: 1 }

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
    const missing = ALL_ROUTES.flatMap((n) => requiredParams(n).filter((k) => paramsOf(n, { inbound: 1, alias: 1 })[k] === undefined).map((k) => `${n}:${k}`))
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
