import { expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { loginAs } from './support.ts'

/**
 * A sidebar click while the screen's code is still on its way: the layout and the current screen
 * stay (no "Ładowanie…" page), the list's first page goes out before the code is in, the new
 * screen shows its rows when the code comes, and the list was asked once.
 */
test('a slow screen chunk keeps the layout and sends the first page ahead', async ({ page }) => {
  await loginAs(page, 'admin')
  await expect(page).toHaveURL(/\/dashboard$/)
  const lists: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(`/${endpoints.clientList.path}`)) lists.push(r.url())
  })
  // Hold the clients screen's chunk until the test lets it go.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route(/\/assets\/ClientsView-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
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
