import { type Page, expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type RouteName, href } from '../../src/contract/routes.ts'
import { DEMO, fetchApi, fetchToken, signIn } from './support.ts'
import { STORAGE_KEY } from '../../src/contract/constants/ui.ts'
import { type RunRecords, WORKSTATION, demoParams, routesOf } from './routeKit.ts'
import { overflow } from './layoutKit.ts'

/**
 * Every screen fits its device: each client (and public) route at a phone's 390×844, each admin
 * route at a laptop's 1366×768 — the page never scrolls sideways, and nothing sticks out of the
 * window: a wide table scrolls inside its own wrapper. At 1366×768 "Wyloguj" is in view without
 * scrolling. The warehouse floor's scanning screens (opened with a workstation held) are measured
 * at 1366×768 too; at 390 px they are the floor's own layout and are left out.
 */

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1366, height: 768 }
const INBOUND_BARCODE = '9RWKA0000002'

async function open(page: Page, url: string) {
  await page.evaluate((u) => history.pushState(null, '', u), url)
  await expect(page.locator('.loading, .table-loading')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
}

let records: RunRecords = { inbound: 0, alias: 1 }

test.describe.configure({ timeout: 240_000 })
test.describe('every route fits its device', () => {
  test.beforeAll(async ({ baseURL }) => {
    const token = await fetchToken(baseURL!, DEMO.admin.email, DEMO.admin.password)
    const inbound = await fetchApi(baseURL!, endpoints.externalInboundScan, token, { barcode: INBOUND_BARCODE })
    const aliases = await fetchApi(baseURL!, endpoints.unknownAliasList, token)
    records = { inbound: inbound.data.data?.id ?? 1, alias: aliases.data[0]?.id ?? 1 }
  })

  const walk = async (page: Page, names: RouteName[]) => {
    const found: string[] = []
    for (const n of names) {
      const url = href(n, demoParams(n, records, 'layout-walk-not-a-real-token'))
      await open(page, url)
      for (const o of await overflow(page)) found.push(`${url}: ${o}`)
    }
    return found
  }

  test('client at 390×844: every client route, and the shipment form and page', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await signIn(page, DEMO.client.email, DEMO.client.password)
    const found = await walk(page, routesOf('client'))
    // The reports of the sidebar's "Moje raporty" open in a window of their own.
    await open(page, href('dashboard'))
    const reports = page.getByRole('button', { name: 'Moje raporty' }).or(page.getByRole('link', { name: 'Moje raporty' }))
    if (await reports.count()) {
      await reports.first().click()
      await expect(page.getByTestId('my-reports')).toBeVisible()
      await expect(page.locator('.table-loading')).toHaveCount(0)
      for (const o of await overflow(page)) found.push(`Moje raporty: ${o}`)
    }
    expect(found).toEqual([])
  })

  test('public screens at 390×844', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/')
    expect(await walk(page, routesOf('anonymous'))).toEqual([])
  })

  test('admin at 1366×768: every admin route; "Wyloguj" in view without scrolling', async ({ page }) => {
    await page.setViewportSize(LAPTOP)
    await signIn(page, DEMO.admin.email, DEMO.admin.password)
    const logout = page.getByRole('button', { name: 'Wyloguj' }).or(page.getByRole('link', { name: 'Wyloguj' })).first()
    await expect(logout).toBeInViewport()
    const names = routesOf('admin').filter((n) => !WORKSTATION[n])
    const found = await walk(page, names)
    // The clients list, the admin's daily table, fits its box at this size: no sideways scrolling inside it either.
    await open(page, href('clients'))
    const clients = page.getByTestId('clients-table')
    await expect(clients).toHaveAttribute('data-state', 'loaded')
    const [tableWidth, boxWidth] = await clients.locator('table').first().evaluate((t) => [t.scrollWidth, t.parentElement!.clientWidth])
    expect(tableWidth, `the clients table (${tableWidth}px) fits its box (${boxWidth}px)`).toBeLessThanOrEqual(boxWidth)
    await open(page, href('dashboard'))
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(logout).toBeInViewport()
    expect(found).toEqual([])
  })

  test('admin at 1366×768: the scanning screens, each with its workstation held', async ({ page, baseURL }) => {
    await page.setViewportSize(LAPTOP)
    await signIn(page, DEMO.admin.email, DEMO.admin.password)
    const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}')._token as string, STORAGE_KEY.user)
    const found: string[] = []
    try {
      for (const n of routesOf('admin').filter((x) => WORKSTATION[x])) {
        expect((await fetchApi(baseURL!, endpoints.setWorkstation, token, { code: WORKSTATION[n]!.admin })).status).toBe(200)
        const url = href(n, demoParams(n, records, 'layout-walk-not-a-real-token'))
        await page.goto(url)
        await expect(page.locator('.loading, .table-loading')).toHaveCount(0)
        await page.waitForLoadState('networkidle')
        for (const o of await overflow(page)) found.push(`${url}: ${o}`)
      }
    } finally {
      await fetchApi(baseURL!, endpoints.endWorkflow, token, { type: 'manual' })
    }
    expect(found).toEqual([])
  })
})
