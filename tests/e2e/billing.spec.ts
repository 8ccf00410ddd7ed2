import { type Page, expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { readFileSync } from 'node:fs'
import { BILLING } from '../../src/contract/constants/billing.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { BILLING_MSG } from '../../src/contract/messages/billing.ts'
import { href } from '../../src/contract/routes.ts'
import { statementPeriodEnd } from '../seedPeriods.ts'
import { api, apiToken, signIn } from './support.ts'

/**
 * Billing statements in the browser: an admin orders Demo Shop's statement from the client card,
 * follows it (polled every 5 s) to its file and downloads a real XLSX; opens a validation error's
 * parcel of Sofia EOOD's statement in "My reports" and flags a statement used for an invoice. A
 * client sees and downloads only its own reports. Real server, real Chromium.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const START = day(-70)
const END = statementPeriodEnd()
const POLL_WAIT = { timeout: BILLING.pollMs * 8 }

async function openCard(page: Page, name: string) {
  await page.goto(href('clients'))
  await page.getByTestId('clients-text').fill(name)
  await page.getByTestId('clients-filter').click()
  const row = page.getByTestId('clients-table').locator('tbody tr[data-row-id]').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await row.click()
  await expect(page.getByTestId('client-card-title')).toContainText(name)
  return Number(new URL(page.url()).pathname.split('/')[2])
}

async function sheetRows(path: string) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(readFileSync(path).buffer as ArrayBuffer)
  const rows: string[][] = []
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))))
  return rows
}

test('admin orders Demo Shop’s statement from the client card, follows it and downloads the XLSX', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await openCard(page, 'Demo Shop SRL')
  const progress = page.getByTestId('billing-progress')
  // download before anything is ordered: the guard (no order yet, the panel is hidden)
  await expect(progress).toHaveCount(0)
  await page.getByTestId('client-billing').click()
  await page.locator('#billing-start').fill(START)
  await page.locator('#billing-end').fill(END)
  await page.getByTestId('billing-order').click()
  await expect(progress).toBeVisible()
  // while the job runs the file cannot be downloaded yet
  const status = await progress.getAttribute('data-status')
  if (status === 'order_accepted' || status === 'accounting' || status === 'ordering') {
    await page.getByTestId('billing-download').click()
    await expect(page.getByText(BILLING_MSG.downloadNotPossible)).toBeVisible()
  }
  await expect(progress).toHaveAttribute('data-status', /^(validated|validation_error)$/, POLL_WAIT)
  await expect(page.getByText(/Raport do rozliczeń (jest gotowy|zawiera błędy)/)).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('billing-download').click()])
  expect(download.suggestedFilename()).toMatch(/^zestawienie_Demo_Shop_SRL_.*\.xlsx$/)
  const rows = await sheetRows(await download.path())
  expect(rows[0]).toContain('Przesyłka')
  expect(rows.filter((r) => /^Razem [A-Z]{3} \(liczba przesyłek: \d+\)$/.test(r[0]!)).length).toBeGreaterThan(0)
  expect(rows.length).toBeGreaterThan(3)
})

test('admin opens a validation error’s parcel of Sofia EOOD and flags a statement used for an invoice', async ({ page, request }) => {
  const token = await apiToken(request, 'admin')
  await signIn(page, 'admin@example.com', 'admin123')
  const sofia = await openCard(page, 'Sofia EOOD')
  const order = await api(request, E.exportOrder, { token, body: { type: 'billing', client_id: sofia, start: START, end: END } })
  expect(order.status).toBe(201)
  // wait for the job through the API, then look at it in the UI
  await expect
    .poll(async () => (await api(request, E.exportFind, { token, params: { uuid: order.body.uuid } })).body.status, { timeout: 30_000 })
    .toBe('validation_error')

  await page.getByTestId('client-reports').click()
  const reports = page.getByTestId('my-reports')
  const row = reports.getByTestId('reports-table').locator('tbody tr').filter({ hasText: 'Sofia EOOD' }).first()
  await expect(row).toBeVisible()
  await row.click()
  const details = reports.getByTestId('report-details')
  await expect(details).toContainText('Sofia EOOD')
  const error = details.getByTestId('report-errors').locator('tr[data-error-type="no_operational_price_list_match"]').first()
  await expect(error).toContainText('brak pasującego cennika')
  // what was looked for, in words: the list's type, the client's and the country's names (no ids)
  await expect(error).toContainText(/Cennik przychodowy, klient: Sofia EOOD, kraj: [A-ZŁŚŻ][a-ząćęłńóśźż]+\./)
  await expect(error).not.toContainText(/klient: \d|Typ: income/)
  // not reviewable: its checkbox is disabled
  await expect(error.getByRole('checkbox')).toBeDisabled()
  const parcel = error.getByTestId('report-error-parcel').first()
  const number = (await parcel.textContent())!.trim()
  const [popup] = await Promise.all([page.waitForEvent('popup'), parcel.click()])
  await expect(popup).toHaveURL(new RegExp(`/shipment/${number}$`))
  await expect(popup.getByText(number).first()).toBeVisible()
  await popup.close()

  // used for invoice, with confirmation, reversible
  await details.getByTestId('report-used').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(BILLING_MSG.usedForInvoiceSet)).toBeVisible()
  await expect(details.getByTestId('report-used')).toBeChecked()
  expect((await api(request, E.exportFind, { token, params: { uuid: order.body.uuid } })).body.used_for_invoice).toBe(true)
  await details.getByTestId('report-used').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(details.getByTestId('report-used')).not.toBeChecked()
  expect((await api(request, E.exportFind, { token, params: { uuid: order.body.uuid } })).body.used_for_invoice).toBe(false)
})

test('a client sees and downloads only its own reports', async ({ page, request }) => {
  const token = await apiToken(request, 'admin')
  // A client sees the statements used for an invoice: the admin flags Demo Shop's latest one.
  const staff = await api(request, E.exportLatest, { token, body: { start: 0, length: 100 } })
  const demo = staff.body.data.find((r: { client_name: string | null; type: string }) => r.client_name === 'Demo Shop SRL' && r.type === 'billing')
  expect((await api(request, E.exportUsedForInvoice, { token, body: { id: demo.id, used_for_invoice: true } })).status).toBe(200)
  const mine = await api(request, E.exportLatestOfType, { token: await apiToken(request, 'client'), params: { type: 'billing' }, body: [] })
  expect(mine.status).toBe(200)
  expect(mine.body.data.length).toBeGreaterThan(0)
  const all = await api(request, E.exportLatest, { token, body: { start: 0, length: 100 } })
  expect(all.body.data.some((r: { client_name: string | null }) => r.client_name === 'Sofia EOOD')).toBe(true)

  await signIn(page, 'client@example.com', 'client123')
  await page.locator('[data-menu="my-reports"] button').click()
  const table = page.getByTestId('my-reports').getByTestId('reports-table')
  // A data row, not the "loading" row the table starts with: only then does "not there" mean something.
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible()
  await expect(table).not.toContainText('Sofia EOOD')
  // no client column for clients
  await expect(table.locator('thead')).not.toContainText('Klient')
  const row = table.locator('tbody tr').filter({ hasText: 'Demo Shop SRL' }).first()
  const [download] = await Promise.all([page.waitForEvent('download'), row.click()])
  expect(download.suggestedFilename()).toMatch(/Demo_Shop_SRL.*\.xlsx$/)
  expect((await sheetRows(await download.path()))[0]).toContain('Przesyłka')
})

test('the billing modal: a "Poprzedni miesiąc" preset, re_account said in Polish and ticked; the statement lists its price lists', async ({ page, request }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await openCard(page, 'Demo Shop SRL')
  await page.getByTestId('client-billing').click()
  const form = page.getByTestId('billing-form')
  await expect(form).not.toContainText('re_account')
  const reAccount = form.getByRole('checkbox', { name: /Ponowne rozliczenie — nalicz każdą przesyłkę od nowa/ })
  await expect(reAccount).toBeChecked()
  await expect(form).toContainText('według cenników obowiązujących w dniu jej nadania')
  await form.getByRole('button', { name: 'Poprzedni miesiąc' }).click()
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Warsaw' }))
  const first = new Date(Date.UTC(today.getFullYear(), today.getMonth() - 1, 1)).toISOString().slice(0, 10)
  const last = new Date(Date.UTC(today.getFullYear(), today.getMonth(), 0)).toISOString().slice(0, 10)
  await expect(page.locator('#billing-start')).toHaveValue(first)
  await expect(page.locator('#billing-end')).toHaveValue(last)
  await page.getByTestId('billing-order').click()
  await expect(page.getByTestId('billing-progress')).toHaveAttribute('data-status', /^(validated|validation_error)$/, POLL_WAIT)

  const token = await apiToken(request, 'admin')
  const latest = await api(request, E.exportLatestOfType, { token, params: { type: 'billing' }, body: { start: 0, length: 1 } })
  const made = latest.body.data[0]
  expect(made).toMatchObject({ period_start: first, period_end: last, re_account: true })
  expect(made.price_lists.length).toBeGreaterThan(0)
  await page.getByTestId('client-reports').click()
  const reports = page.getByTestId('my-reports')
  await reports.getByTestId('reports-table').locator('tbody tr').filter({ hasText: made.name }).first().click()
  const lists = reports.getByTestId('report-details').getByTestId('report-price-lists')
  await expect(lists).toContainText('Ponowne rozliczenie: tak')
  for (const l of made.price_lists) await expect(lists).toContainText(l.name)
})

test('"Moje raporty" in the admin sidebar; from Sofia EOOD’s card only Sofia’s exports; the lists fit 1366×768', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  const token = await apiToken(request, 'admin')
  const sofiaId = (await api(request, E.exportLatest, { token, body: { start: 0, length: 100 } })).body.data.find((r: { client_name: string | null }) => r.client_name === 'Sofia EOOD')?.client_id
  expect(sofiaId, 'a statement of Sofia EOOD made by an earlier test').toBeTruthy()
  await signIn(page, 'admin@example.com', 'admin123')
  const item = page.locator('[data-menu="my-reports"] button')
  await expect(item).toBeVisible()
  await item.click()
  const all = page.getByTestId('my-reports').getByTestId('reports-table')
  await expect(all).toContainText('Demo Shop SRL')
  await page.keyboard.press('Escape')

  await openCard(page, 'Sofia EOOD')
  await page.getByTestId('client-reports').click()
  const reports = page.getByTestId('my-reports')
  const table = reports.getByTestId('reports-table')
  await expect(table.locator('tbody tr').first()).toContainText('Sofia EOOD')
  await expect(table).not.toContainText('Demo Shop')
  const files = reports.getByTestId('exported-files')
  await expect(files.locator('tbody tr').first()).toBeVisible()
  await expect(files).not.toContainText('Demo_Shop')
  // nothing sticks out of the window
  for (const box of [await files.boundingBox(), await reports.boundingBox()]) {
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366)
  }
  const widest = await files.evaluate((el) => Math.max(...[el, ...el.querySelectorAll('*')].map((x) => x.getBoundingClientRect().right)))
  expect(widest).toBeLessThanOrEqual(1366)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366)
})
