import { type Page, expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { href } from '../../src/contract/routes.ts'
import { fetchApi, loginAs, workerAtWorkstation } from './support.ts'

/**
 * A sidebar click while the screen's code is still on its way: the layout and the current screen
 * stay (no "Ładowanie…" page), the list's first page goes out before the code is in, the new
 * screen shows its rows when the code comes, and the list was asked once.
 */
test('a slow screen chunk keeps the layout and sends the first page ahead', async ({ page }) => {
  // Hold the clients screen's chunk until the test lets it go (from the start: the layout fetches
  // the menu's screens while idle, and this one must not be in before the click).
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route(/\/assets\/ClientsView-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await loginAs(page, 'admin')
  await expect(page).toHaveURL(/\/dashboard$/)
  const lists: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(`/${endpoints.clientList.path}`)) lists.push(r.url())
  })
  await page.locator('[data-menu="clients"] a').click()
  // The list request goes out while the chunk is held; the dashboard and the sidebar stay.
  await expect.poll(() => lists.length).toBe(1)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('sidebar')).toBeVisible()
  await expect(page.locator('.loading')).toHaveCount(0)
  release()
  await expect(page).toHaveURL(/\/clients$/)
  await expect(page.locator('[data-testid="clients-table"] tbody tr[data-row-id]').first()).toBeVisible()
  await expect(page.getByTestId('sidebar')).toBeVisible()
  expect(lists).toHaveLength(1)
})

/** The code of some of an admin's menu screens (chunk names). */
const OFFICE_MENU_CHUNKS = ['ClientsView', 'UsersView', 'InvoicesView', 'ParcelListView']

/** The chunks of screens fetched by the page (file names: `<View>-<hash>.js`). */
const screenChunks = (page: Page) => {
  const seen: string[] = []
  page.on('request', (r) => {
    const m = /\/assets\/(\w+View)-[\w-]+\.js$/.exec(new URL(r.url()).pathname)
    if (m) seen.push(m[1])
  })
  return seen
}

/**
 * An admin's menu screens are fetched while the browser is idle: with the pointer never over a
 * link, the clients and users screens' code is in, and a click renders the screen at once.
 */
test('the menu screens of an admin are fetched while idle', async ({ page }) => {
  const chunks = screenChunks(page)
  await loginAs(page, 'admin')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect.poll(() => chunks, { timeout: 20_000 }).toEqual(expect.arrayContaining(OFFICE_MENU_CHUNKS))
  await page.waitForLoadState('networkidle')
  const before = chunks.length
  await page.locator('[data-menu="clients"] a').click()
  await expect(page).toHaveURL(/\/clients$/)
  await expect(page.locator('.loading')).toHaveCount(0)
  await expect(page.locator('[data-testid="clients-table"] tbody tr[data-row-id]').first()).toBeVisible()
  expect(chunks.slice(before)).toEqual([])
})

/** A warehouse worker's screens fetch nothing ahead: no office screen, no other floor screen. */
test('a warehouse worker fetches no menu screen ahead', async ({ page }) => {
  const chunks = screenChunks(page)
  await loginAs(page, 'worker')
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(2_500)
  expect(chunks.filter((c) => [...OFFICE_MENU_CHUNKS, 'ScanLogView', 'TagsView'].includes(c))).toEqual([])
})

/** An admin at a scanning screen: nothing is fetched ahead while the scanner may type. */
test('an admin on the intake screen fetches no menu screen ahead', async ({ page, baseURL }) => {
  const chunks = screenChunks(page)
  const token = await workerAtWorkstation(page, baseURL!, 'PRZJ_02', href('parcelFromNumber'), 'admin')
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(2_500)
  expect(chunks.filter((c) => OFFICE_MENU_CHUNKS.includes(c))).toEqual([])
  expect((await fetchApi(baseURL!, endpoints.endWorkflow, token, { type: 'manual' })).status).toBe(200)
})

/** A browser that asks to save data fetches nothing ahead. */
test('an admin whose browser asks to save data fetches no menu screen ahead', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }))
  const chunks = screenChunks(page)
  await loginAs(page, 'admin')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(2_500)
  expect(chunks.filter((c) => OFFICE_MENU_CHUNKS.includes(c))).toEqual([])
})
