import { expect, test } from '@playwright/test'
import { href } from '../../src/contract/routes.ts'
import { signIn } from './support.ts'

/**
 * One pl-PL format on screen: amounts with a decimal comma and their currency ("9,50 PLN", never
 * "9.50"), dates dd.mm.yyyy. Real server, real Chromium.
 */

test('amounts show a decimal comma and a currency: the card\'s price bands and the courier prices', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('clients'))
  await page.getByTestId('clients-text').fill('Demo Shop')
  await page.getByTestId('clients-filter').click()
  await expect(page.getByTestId('clients-table')).toHaveAttribute('data-state', 'loaded')
  await page.getByTestId('clients-table').locator('tbody tr[data-row-id]').first().click()
  await page.getByTestId('tab-pricing').click()
  const bands = page.getByTestId('price-bands-table')
  await expect(bands).toContainText('9,50 PLN')
  await expect(bands).not.toContainText('9.5')

  await page.goto(href('prices'))
  const prices = page.locator('table').first()
  // Waits for the rows: the table is drawn with a "loading" row first.
  await expect(prices).toContainText(/\d+,\d{2} PLN/)
  await expect(prices).not.toContainText(/\d+\.\d+/)
})

test('the price-list form names the currency of every surcharge amount', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('priceListForm', { type: 'income' }))
  const cod = page.getByTestId('surcharge-cod')
  await cod.getByLabel('Sposób naliczania').selectOption('lump_sum')
  await expect(cod.getByLabel('Kwota (RON)')).toBeVisible()
  await cod.getByLabel('Sposób naliczania').selectOption('percent')
  await expect(cod.getByLabel('Minimum (RON)')).toBeVisible()
  await expect(cod.getByLabel('Maksimum (RON)')).toBeVisible()
  await page.getByTestId('surcharge-multi_pack').getByLabel('Sposób naliczania').selectOption('lump_sum')
  await expect(page.getByTestId('surcharge-multi_pack').getByLabel('Kwota (PLN)')).toBeVisible()
})
