import { type Page, expect, test } from '@playwright/test'
import { IMSG, INVOICE_STATUS_LABEL } from '../../src/contract/messages/invoicing.ts'
import { MSG } from '../../src/contract/messages.ts'
import { href } from '../../src/contract/routes.ts'
import { zonedDate } from '../../src/contract/time.ts'
import { expectState, signIn } from './support.ts'

/**
 * Invoices: the admin triggers invoicing for today; Demo Shop SRL's invoice for last month goes
 * through the billing statement to "sent"; its page shows the title and fields, its PDF opens
 * (a real PDF), and re-issue asks for a confirmation, says so and goes back to the list.
 * Real server (its own job queue), real Chromium.
 */

const table = (page: Page) => page.getByTestId('invoices-table')
const rows = (page: Page) => table(page).locator('tbody tr[data-row-id]')
const loaded = async (page: Page) => expect(table(page)).toHaveAttribute('data-state', 'loaded')

test('admin triggers invoicing, opens Demo Shop\'s invoice, downloads the PDF and re-issues it', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('invoices'))
  await expectState(page, 'invoiceList', 'ready')
  await expect(page.getByTestId('invoices-trigger-date')).toHaveValue(zonedDate(new Date()))
  await page.getByTestId('invoices-trigger').click()
  await expect(page.getByText(/^Utworzono faktur: \d+$/)).toBeVisible()
  await loaded(page)

  // The jobs run on the server: wait until Demo Shop's invoice is sent (the filter reloads the table).
  const status = page.getByTestId('invoices-status')
  await expect(async () => {
    await status.selectOption('')
    await status.selectOption('send')
    await loaded(page)
    await expect(rows(page)).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 120_000, intervals: [1_000] })
  await expect(rows(page).first()).toContainText('Demo Shop SRL')
  await expect(rows(page).first()).toContainText(INVOICE_STATUS_LABEL.send)
  await rows(page).first().click()

  await expect(page).toHaveURL(/\/invoices\/\d+$/)
  await expectState(page, 'invoiceDetail', 'ready.idle')
  await expect(page.getByTestId('invoice-title')).toHaveText(/^Faktura dla klienta Demo Shop SRL za okres 01\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/)
  await expect(page.getByTestId('invoice-status')).toHaveText(INVOICE_STATUS_LABEL.send)
  await expect(page.getByTestId('invoice-number')).toHaveText(/^FV\/\d+\/\d{4}$/)
  // The one pl-PL format: comma decimals, the currency after the amount ("1661,77 PLN", never "1661.77").
  await expect(page.getByTestId('invoice-total')).toHaveText(/^\d{1,3}(\u00a0\d{3})*,\d{2} [A-Z]{3}$|^\d{4},\d{2} [A-Z]{3}$/)
  await expect(page.getByTestId('invoice-issue_date')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/)
  await expect(page.getByTestId('invoice-recipients')).toContainText('faktury@demoshop.example.com')
  await expect(page.getByTestId('invoice-errors')).toHaveCount(0)

  // The PDF opens in a new window with a file token: a real PDF.
  const pdfResponse = page.context().waitForEvent('response', (r) => /\/api\/app\/v1\/invoice\/\d+\/download\?_public_token=/.test(r.url()))
  await page.getByTestId('invoice-download').click()
  const res = await pdfResponse
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/pdf')
  // The window shows it in the browser's PDF viewer; the same address (the token holds a while) gives the file.
  const file = await page.request.get(res.url())
  expect(file.status()).toBe(200)
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  for (const p of page.context().pages()) if (p !== page) await p.close()

  // Re-issue: a confirmation first; "Nie" keeps everything as it was.
  await page.getByTestId('invoice-reissue').click()
  await expect(page.getByText(MSG.confirmAction)).toBeVisible()
  await page.getByRole('button', { name: 'Nie' }).click()
  await expect(page.getByText(MSG.confirmAction)).toHaveCount(0)
  await expect(page.getByTestId('invoice-status')).toHaveText(INVOICE_STATUS_LABEL.send)
  await page.getByTestId('invoice-reissue').click()
  await page.getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(IMSG.reissued)).toBeVisible()
  await expect(page).toHaveURL(/\/invoices$/)
})

test('Budapest Kft\'s invoice: missing client id, "-" for what it has not got, no downloads', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('invoices'))
  await page.getByTestId('invoices-status').selectOption('missing_client_id')
  await loaded(page)
  await page.locator('input[name=search]').fill('Budapest')
  const row = rows(page).filter({ hasText: 'Budapest Kft' })
  await expect(async () => {
    await page.getByTestId('invoices-status').selectOption('')
    await page.getByTestId('invoices-status').selectOption('missing_client_id')
    await loaded(page)
    await expect(row).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 60_000, intervals: [1_000] })
  await row.click()
  await expectState(page, 'invoiceDetail', 'ready.idle')
  await expect(page.getByTestId('invoice-number')).toHaveText('-')
  await expect(page.getByTestId('invoice-issue_date')).toHaveText('-')
  await expect(page.getByTestId('invoice-total')).toHaveText('-')
  await expect(page.getByTestId('invoice-download')).toBeDisabled()
  await expect(page.getByTestId('invoice-statement')).toBeDisabled()
  await expect(page.getByTestId('invoice-external')).toBeDisabled()
})
