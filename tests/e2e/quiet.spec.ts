import { type Page, expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { href } from '../../src/contract/routes.ts'
import { addDays, zonedDate } from '../../src/contract/time.ts'
import { DEMO, fetchApi, fetchToken, signIn } from './support.ts'

/**
 * Screens that load cleanly: no failed API answer (4xx/5xx) and no console error while a screen
 * opens and settles — a client card of a client without a billing period, a locker shipment's page.
 * Real server, real Chromium.
 */

/** Collects failed API answers and console errors from now on. */
function listen(page: Page) {
  const problems: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  return problems
}

async function settle(page: Page) {
  await expect(page.locator('.loading, .table-loading')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
}

test('a client without a billing period: its card says so without a failed call', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password)
  const problems = listen(page)
  await page.goto(href('clients'))
  await page.getByTestId('clients-text').fill('Blocked Goods')
  await page.getByTestId('clients-filter').click()
  await expect(page.getByTestId('clients-table')).toHaveAttribute('data-state', 'loaded')
  await page.getByTestId('clients-table').locator('tbody tr[data-row-id]').first().click()
  await expect(page.getByTestId('client-period-count')).toContainText('Brak okresu rozliczeniowego')
  await settle(page)
  expect(problems).toEqual([])
})

test('locker shipments\' pages ask for no street of a locality', async ({ page, baseURL }) => {
  // Locker deliveries and returns of the demo data (their parties name towns that are not in the address database).
  const token = await fetchToken(baseURL!, DEMO.client.email, DEMO.client.password)
  const today = zonedDate(new Date())
  const list = await fetchApi(baseURL!, endpoints.parcelList, token, {
    start: 0, length: 12, criteria: { type: 'shipments', locker: 1, start: addDays(today, -60), end: today },
  })
  expect(list.status).toBe(200)
  const waybills = (list.data.data as ReadonlyArray<{ internal_waybill: string }>).map((r) => r.internal_waybill)
  expect(waybills.length, 'locker shipments in the demo data').toBeGreaterThan(0)
  await signIn(page, DEMO.client.email, DEMO.client.password)
  const problems = listen(page)
  for (const waybill of waybills) {
    await page.goto(href('shipment', { internalNumber: waybill }))
    await expect(page.locator('h1').first()).toBeVisible()
    await settle(page)
  }
  expect(problems).toEqual([])
})
