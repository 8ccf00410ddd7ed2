import { type Page, expect, test } from '@playwright/test'
import { INVOICING_MSG, INVOICE_STATUS_LABEL } from '../../src/contract/messages/invoicing.ts'
import { CLIENT_MSG } from '../../src/contract/messages/clients.ts'
import { href } from '../../src/contract/routes.ts'
import { zonedDate } from '../../src/contract/time.ts'
import { SURCHARGES } from '../../src/contract/constants/prices.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { addDays } from '../../src/contract/time.ts'
import { api, apiToken, expectState, signIn } from './support.ts'

/**
 * Invoices: the admin triggers invoicing for today (a later date refused, a confirmation naming
 * how many clients); the list follows the jobs by itself; Demo Shop SRL's invoice for last month
 * goes through the billing statement to "sent"; its page shows the title and fields, its PDF
 * opens (a real PDF); after a price change, re-issue says a correction invoice will be made,
 * the correction is issued and sent while the original stays as it was, and a shipment's
 * finance tab lists both. Real server (its own job queue), real Chromium.
 */

const table = (page: Page) => page.getByTestId('invoices-table')
const rows = (page: Page) => table(page).locator('tbody tr[data-row-id]')
const loaded = async (page: Page) => expect(table(page)).toHaveAttribute('data-state', 'loaded')

/** A Romanian income list of Demo Shop from `begin`, dearer than its own (so re-charging changes amounts). */
const dearerList = (clientId: number, begin: string) => ({
  name: 'Demo Shop – Rumunia (podwyżka)',
  special_association: '',
  begin_date: begin,
  currency: 'PLN',
  specific_factors_currency: 'RON',
  id_country: 1,
  id_client: clientId,
  weight_thresholds: [
    { limiting_threshold: 5, base_amount: 30 },
    { limiting_threshold: 31.5, base_amount: 60 },
  ],
  ...Object.fromEntries(SURCHARGES.flatMap((x) => [[`${x}_account_factor_type`, 'lump_sum'], [`${x}_account_factor`, 0]])),
})

test('admin triggers invoicing, opens Demo Shop\'s invoice, downloads the PDF, and a price change makes a correction invoice', async ({ page, request }) => {
  test.setTimeout(300_000)
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('invoices'))
  await expectState(page, 'invoiceList', 'ready')
  const today = zonedDate(new Date())
  await expect(page.getByTestId('invoices-trigger-date')).toHaveValue(today)

  // A date after today: said at once, the trigger not offered.
  await page.getByTestId('invoices-trigger-date').fill(addDays(today, 1))
  await expect(page.getByTestId('invoices-trigger-date-error')).toHaveText(INVOICING_MSG.triggerInFuture)
  await expect(page.getByTestId('invoices-trigger')).toBeDisabled()
  await page.getByTestId('invoices-trigger-date').fill(today)

  // The trigger asks first, naming how many clients will be invoiced (those with a billing period).
  await page.getByTestId('invoices-trigger').click()
  await expect(page.getByText(INVOICING_MSG.triggerConfirm(3))).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Nie' }).click()
  await expect(rows(page)).toHaveCount(0)
  await page.getByTestId('invoices-trigger').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(INVOICING_MSG.triggered(3))).toBeVisible()
  await loaded(page)

  // No clicks: the list reloads by itself while invoices are on their way; issued ones first.
  const demoRow = rows(page).filter({ hasText: 'Demo Shop SRL' })
  await expect(demoRow).toContainText(INVOICE_STATUS_LABEL.send, { timeout: 120_000 })
  await expect(rows(page).first()).toContainText('Demo Shop SRL')
  await expect(rows(page).first()).toContainText(/FV\/\d+\/\d{4}/)
  await demoRow.click()

  await expect(page).toHaveURL(/\/invoices\/\d+$/)
  const originalUrl = page.url()
  await expectState(page, 'invoiceDetail', 'ready.idle')
  await expect(page.getByTestId('invoice-title')).toHaveText(/^Faktura dla klienta Demo Shop SRL za okres 01\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/)
  const [, fd, fm, fy, td, tm, ty] = /(\d{2})\.(\d{2})\.(\d{4}) – (\d{2})\.(\d{2})\.(\d{4})/.exec((await page.getByTestId('invoice-title').textContent())!)!
  const periodFrom = `${fy}-${fm}-${fd}`
  const periodTo = `${ty}-${tm}-${td}`
  await expect(page.getByTestId('invoice-status')).toHaveText(INVOICE_STATUS_LABEL.send)
  await expect(page.getByTestId('invoice-number')).toHaveText(/^FV\/\d+\/\d{4}$/)
  const number = (await page.getByTestId('invoice-number').textContent())!
  // The one pl-PL format: comma decimals, the currency after the amount ("1661,77 PLN", never "1661.77").
  await expect(page.getByTestId('invoice-total')).toHaveText(/^\d{1,3}(\u00a0\d{3})*,\d{2} PLN$|^\d{4},\d{2} PLN$/)
  const total = (await page.getByTestId('invoice-total').textContent())!
  await expect(page.getByTestId('invoice-issue_date')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/)
  await expect(page.getByTestId('invoice-recipients')).toContainText('faktury@demoshop.example.com')
  await expect(page.getByTestId('invoice-errors')).toHaveCount(0)

  // The PDF opens in a new window with a file token: a real PDF.
  const pdfResponse = page.context().waitForEvent('response', (r) => /\/api\/app\/v1\/invoice\/\d+\/download\?_public_token=/.test(r.url()))
  await page.getByTestId('invoice-download').click()
  const res = await pdfResponse
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/pdf')
  const file = await page.request.get(res.url())
  expect(file.status()).toBe(200)
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  for (const p of page.context().pages()) if (p !== page) await p.close()

  // The statement is a file to save, not a page: a download, and no empty window left behind.
  const [statement] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.getByTestId('invoice-statement').click()])
  expect(statement.suggestedFilename()).toMatch(/^zestawienie_Demo_Shop_SRL_.*\.xlsx$/)
  await page.waitForTimeout(500)
  expect(page.context().pages()).toEqual([page])

  // A price change after sending: Demo Shop gets a dearer Romanian list from the middle of the period.
  const token = await apiToken(request, 'admin')
  const demoId = Number((await api(request, E.invoiceList, { token, body: { start: 0, length: 25, search: { value: 'Demo Shop' } } })).body.data[0].client_id)
  const list = await api(request, E.priceListStore, { token, params: { type: 'income' }, body: dearerList(demoId, addDays(periodFrom!, 14)) })
  expect(list.status, JSON.stringify(list.body)).toBe(200)

  // Re-issue: the question says a correction invoice will be made and the sent one stays; "Nie" keeps everything.
  await page.getByTestId('invoice-reissue').click()
  await expect(page.getByText(INVOICING_MSG.reissueCorrection(number))).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Nie' }).click()
  await expect(page.getByText(INVOICING_MSG.reissueCorrection(number))).toHaveCount(0)
  await page.getByTestId('invoice-reissue').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(INVOICING_MSG.correctionOrdered(number))).toBeVisible()
  await expect(page).toHaveURL(/\/invoices$/)

  // The correction walks; the list shows it sent without a click.
  const correctionRow = rows(page).filter({ hasText: INVOICING_MSG.correctionTitle(number) })
  await expect(correctionRow).toContainText(INVOICE_STATUS_LABEL.send, { timeout: 120_000 })
  await expect(correctionRow).toContainText(/KOR\/\d+\/\d{4}/)
  await correctionRow.click()
  await expectState(page, 'invoiceDetail', 'ready.idle')
  await expect(page.getByTestId('invoice-number')).toHaveText(/^KOR\/\d+\/\d{4}$/)
  const correction = (await page.getByTestId('invoice-number').textContent())!
  await expect(page.getByTestId('invoice-corrects')).toHaveText(INVOICING_MSG.correctionTitle(number))
  await expect(page.getByTestId('invoice-total')).toHaveText(/^\d[\d\u00a0]*,\d{2} PLN$/)

  // The original is as it was sent, and lists its correction.
  await page.getByTestId('invoice-corrects').click()
  await expect(page).toHaveURL(originalUrl)
  await expectState(page, 'invoiceDetail', 'ready.idle')
  await expect(page.getByTestId('invoice-number')).toHaveText(number)
  await expect(page.getByTestId('invoice-total')).toHaveText(total)
  await expect(page.getByTestId('invoice-status')).toHaveText(INVOICE_STATUS_LABEL.send)
  await expect(page.getByTestId('invoice-correction')).toContainText(correction)

  // A shipment of the period: its finance tab lists the invoice and the correction.
  const clientToken = await apiToken(request, 'client')
  const shipments = await api(request, E.parcelList, {
    token: clientToken, body: { draw: 1, start: 0, length: 1, criteria: { type: 'shipments', start: periodFrom, end: periodTo, country: 1 } },
  })
  const waybill = String(shipments.body.data[0].internal_waybill)
  await page.goto(href('shipment', { internalNumber: waybill }))
  await page.getByRole('tab', { name: 'Rozliczenie' }).click()
  await expect(page.getByTestId('finance-tab')).toContainText(number)
  await expect(page.getByTestId('finance-tab')).toContainText(correction)

  // The dearer list leaves the stage: Demo Shop's own list is the one in force again for later specs.
  expect((await api(request, E.priceListDeactivate, { token, params: { type: 'income' }, body: { id: list.body.id } })).status).toBe(200)
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

test('the client card says who is invoiced: a client with a billing period is, one without is not', async ({ page, request }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  const token = await apiToken(request, 'admin')
  const clients = await api(request, E.clientList, { token, body: { draw: 1, start: 0, length: 100 } })
  const id = (name: string) => Number(clients.body.data.find((c: { name: string }) => c.name === name).id)
  await page.goto(href('clientCard', { id: id('Klient 01 SRL'), card: 'data' }))
  await expect(page.getByTestId('client-period-count')).toHaveText(`${CLIENT_MSG.noBillingPeriod} · ${CLIENT_MSG.notInvoiced}`)
  await page.goto(href('clientCard', { id: id('Sofia EOOD'), card: 'data' }))
  await expect(page.getByTestId('client-period-count')).toContainText(CLIENT_MSG.invoicedPerPeriod)
})
