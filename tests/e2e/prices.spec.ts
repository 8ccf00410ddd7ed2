import { type Page, expect, test } from '@playwright/test'
import { SURCHARGES } from '../../src/contract/constants/prices.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { PRICES_MSG, STANDING_LABEL } from '../../src/contract/messages/prices.ts'
import { href } from '../../src/contract/routes.ts'
import { api, apiToken, signIn } from './support.ts'

/**
 * Prices, as an admin in a real Chromium on the real server: a new income list with its thresholds
 * (one added, one removed) appears in the list; Demo Shop's own list opened from its card is in use
 * (read-only, warning, deactivate offered) and a new client list clones the default; a courier price
 * is edited; a shipment's finance tab shows its charge with the breakdown.
 */
const signInAdmin = (page: Page) => signIn(page, 'admin@example.com', 'admin123')
const tableRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr[data-row-id]')

test('admin creates an income list with thresholds and sees it in the list', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('priceListList', { type: 'income' }))
  await expect(tableRows(page, 'price-list-table-income')).toHaveCount(2)
  await expect(page.getByTestId('price-list-table-income')).toContainText('Cennik domyślny – Rumunia')
  await expect(tableRows(page, 'price-list-table-income').first()).toHaveClass(/row-active/)

  await page.getByTestId('price-list-new').click()
  const form = page.getByTestId('price-list-form')
  await expect(form).toBeVisible()
  // The defaults: five thresholds 3/5/15/20/30 kg at 0.00.
  await expect(page.getByTestId('thresholds').locator('tbody tr')).toHaveCount(5)
  await expect(page.getByLabel('Próg 1 (kg)')).toHaveValue('3')
  await page.getByLabel('Nazwa *').fill('Cennik e2e – Węgry')
  await page.getByLabel('Obowiązuje od *').fill('2026-01-01')
  await page.getByLabel('Kraj *').selectOption({ label: 'Węgry' })
  await page.getByTestId('surcharge-cod').getByLabel('Sposób naliczania').selectOption('percent')
  await page.getByTestId('surcharge-cod').getByLabel('Wartość (%)').fill('1.5')
  await page.getByTestId('surcharge-cod').getByLabel('Minimum').fill('5')
  await page.getByTestId('surcharge-cod').getByLabel('Maksimum').fill('2')
  // Thresholds that do not rise get their message on the row; nothing is sent.
  await page.getByLabel('Próg 2 (kg)').fill('3')
  await page.getByTestId('price-list-save').click()
  await expect(page.getByTestId('threshold-1')).toContainText(PRICES_MSG.thresholdsRising)
  await page.getByLabel('Próg 2 (kg)').fill('5')
  await expect(page.getByTestId('surcharge-cod')).toContainText(PRICES_MSG.minAboveMax)
  await page.getByTestId('surcharge-cod').getByLabel('Maksimum').fill('50')
  for (let i = 0; i < 5; i++) await page.getByLabel(`Kwota bazowa ${i + 1}`).fill(String(10 + i * 5))
  await page.getByTestId('threshold-add').click()
  await expect(page.getByLabel('Próg 6 (kg)')).toHaveValue('35')
  await page.getByTestId('threshold-remove-2').click()
  await expect(page.getByTestId('thresholds').locator('tbody tr')).toHaveCount(5)
  await page.getByTestId('price-list-save').click()
  await expect(page.getByText(PRICES_MSG.priceListCreated)).toBeVisible()
  // Saved: its edit form (the list's id in the address), thresholds as stored.
  await expect(page).toHaveURL(/\/operational-price-list\/income\/form\/\d+$/)
  await expect(page.getByLabel('Próg 3 (kg)')).toHaveValue('20.000')

  await page.getByTestId('price-list-back').click()
  await expect(page.getByTestId('price-list-table-income')).toContainText('Cennik e2e – Węgry')
})

test("Demo Shop's own list from its card is in use; a new client list clones the default", async ({ page }) => {
  await signInAdmin(page)
  await page.goto('/clients')
  await page.getByTestId('clients-text').fill('demo shop')
  await page.getByTestId('clients-filter').click()
  await page.getByTestId('clients-table').locator('tbody tr[data-row-id]').first().click()
  await page.getByTestId('tab-income_operational_price_list').click()
  await page.getByTestId('price-lists-income').getByText('Demo Shop – Rumunia', { exact: true }).click()
  await expect(page).toHaveURL(/\/operational-price-list\/income\/client_form\/\d+\/\d+$/)
  await expect(page.getByTestId('price-list-in-use')).toHaveText(PRICES_MSG.inUse)
  await expect(page.getByLabel('Nazwa *')).toBeDisabled()
  await expect(page.getByTestId('price-list-save')).toHaveCount(0)
  await expect(page.getByTestId('price-list-deactivate')).toBeVisible()
  await expect(page.getByTestId('price-list-delete')).toHaveCount(0)

  await page.getByTestId('price-list-back').click()
  await expect(page).toHaveURL(/\/card\/income_operational_price_list$/)
  await page.getByTestId('price-list-add').click()
  await expect(page.getByTestId('price-list-form')).toBeVisible()
  await page.getByTestId('price-list-clone').click()
  await expect(page.getByTestId('surcharge-cod').getByLabel('Sposób naliczania')).toHaveValue('percent')
  await expect(page.getByLabel('Kwota bazowa 1')).toHaveValue('11.00')
  // Bulgaria has no default list.
  await page.getByLabel('Kraj *').selectOption({ label: 'Bułgaria' })
  await page.getByTestId('price-list-clone').click()
  await expect(page.getByText(PRICES_MSG.noActiveDefault)).toBeVisible()
})

test('admin edits a courier price', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('prices'))
  await page.getByTestId('courier-choice').selectOption({ label: 'GLS Hungary' })
  await expect(tableRows(page, 'courier-prices')).toHaveCount(3)
  await tableRows(page, 'courier-prices').first().click()
  await expect(page.getByTestId('courier-price-form')).toContainText('GLS Hungary')
  await page.getByLabel(/Cena netto/).fill('100.5')
  await page.getByLabel(/Cena netto/).press('Tab')
  await expect(page.getByTestId('courier-price-form')).toContainText(PRICES_MSG.courierPriceRange)
  await expect(page.getByTestId('courier-price-save')).toBeDisabled()
  await page.getByLabel(/Cena netto/).fill('14.75')
  await page.getByTestId('courier-price-save').click()
  await expect(page.getByText(PRICES_MSG.courierPriceSaved)).toBeVisible()
  await expect(page).toHaveURL(/\/prices$/)
  await page.getByTestId('courier-choice').selectOption({ label: 'GLS Hungary' })
  await expect(page.getByTestId('courier-prices')).toContainText('14,75')
})

test("the shipment's finance tab shows its charge with the breakdown", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('shipment', { internalNumber: 'RE100000001' }))
  await page.getByRole('tab', { name: 'Rozliczenie' }).click()
  const main = page.getByTestId('amount-main')
  await expect(main).toContainText('Pierwotne naliczenie')
  await expect(page.getByTestId('amount-main-summary')).toHaveText(/^\d+,\d{2} PLN$/)
  await expect(main).toContainText('Demo Shop – Rumunia')
  await expect(page.getByTestId('amount-main-lines')).toContainText('Kwota bazowa')
  await expect(page.getByTestId('amount-main-lines')).toContainText('waga rozliczeniowa')
})

test('the default list in force wins: only it is highlighted, the others say future or superseded, and the clone copies it', async ({ page, request }) => {
  const token = await apiToken(request, 'admin')
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const factors = Object.fromEntries(SURCHARGES.flatMap((x) => [[`${x}_account_factor_type`, 'lump_sum'], [`${x}_account_factor`, 0]]))
  const store = async (name: string, begin: string, base: number) => {
    const res = await api(request, E.priceListStore, {
      token, params: { type: 'income' },
      body: { name, special_association: '', begin_date: begin, currency: 'PLN', specific_factors_currency: 'BGN', id_country: 4, weight_thresholds: [{ limiting_threshold: 5, base_amount: base }], ...factors },
    })
    expect(res.status).toBe(200)
  }
  // the newest stored first: neither "first row" nor "lowest id" is the answer
  await store('Bułgaria e2e – przyszły', day(30), 30)
  await store('Bułgaria e2e – obecny', day(-10), 20)
  await store('Bułgaria e2e – stary', day(-400), 10)

  await signInAdmin(page)
  await page.goto(href('priceListList', { type: 'income' }))
  const rows = tableRows(page, 'price-list-table-income')
  const row = (name: string) => rows.filter({ hasText: name })
  await expect(row('Bułgaria e2e – obecny')).toHaveClass(/row-active/)
  await expect(row('Bułgaria e2e – obecny')).toContainText(STANDING_LABEL.in_force)
  await expect(row('Bułgaria e2e – stary')).not.toHaveClass(/row-active/)
  await expect(row('Bułgaria e2e – stary')).toContainText(STANDING_LABEL.superseded)
  await expect(row('Bułgaria e2e – przyszły')).not.toHaveClass(/row-active/)
  await expect(row('Bułgaria e2e – przyszły')).toContainText(STANDING_LABEL.future)

  // a new list for Sofia EOOD cloned from the Bulgarian default: the one in force (base 20.00)
  await page.goto('/clients')
  await page.getByTestId('clients-text').fill('sofia')
  await page.getByTestId('clients-filter').click()
  await page.getByTestId('clients-table').locator('tbody tr[data-row-id]').first().click()
  await page.getByTestId('tab-income_operational_price_list').click()
  await page.getByTestId('price-list-add').click()
  await page.getByLabel('Kraj *').selectOption({ label: 'Bułgaria' })
  await page.getByTestId('price-list-clone').click()
  await expect(page.getByLabel('Kwota bazowa 1')).toHaveValue('20.00')
})
