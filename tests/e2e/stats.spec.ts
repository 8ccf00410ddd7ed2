import { type Page, expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { STATS, statsFileName } from '../../src/contract/constants/stats.ts'
import { STATS_ALL_LABEL, STATS_COLUMNS, SCAN_SCREEN_MSG } from '../../src/contract/messages/stats.ts'
import { href } from '../../src/contract/routes.ts'
import { zonedDate } from '../../src/contract/time.ts'
import { expectState, signIn } from './support.ts'

/**
 * /stats in a real Chromium on the demo data: the received table with its 'all' row and chart,
 * the switch to returns, and the XLSX download read back and compared with the table shown.
 */

const signInAdmin = (page: Page) => signIn(page, 'admin@example.com', 'admin123')
const numbers = (texts: string[]) => texts.map((t) => Number(t.replace(/\s/g, '')))

async function tableRows(page: Page) {
  const rows = page.getByTestId('stats-table').locator('tbody tr')
  return Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allInnerTexts()).map((t) => t.trim())))
}

test('statistics: received by default, sorted by ever with the all row and the chart; returns on a click; the XLSX equals the table', async ({ page }, testInfo) => {
  await signInAdmin(page)
  await page.goto(href('stats'))
  await expectState(page, 'stats', 'ready.idle')
  await expect(page.getByRole('heading', { level: 1, name: SCAN_SCREEN_MSG.title })).toBeVisible()
  const choice = page.getByTestId('stats-choice')
  await expect(choice.locator('[data-status="received_by_re"]')).toHaveAttribute('aria-pressed', 'true')

  const received = await tableRows(page)
  expect(received.length).toBeGreaterThan(1)
  expect(received.length).toBeLessThanOrEqual(STATS.pageSize)
  const ever = numbers(received.map((r) => r.at(-1)!))
  expect(ever).toEqual([...ever].sort((a, b) => b - a))
  expect(ever[0]).toBeGreaterThan(0)
  const all = page.getByTestId('stats-all')
  await expect(all).toContainText(STATS_ALL_LABEL)
  const allReceived = numbers((await all.locator('th').allInnerTexts()).slice(1))
  expect(allReceived.at(-1)).toBeGreaterThanOrEqual(ever.reduce((a, b) => a + b, 0))
  await expect(page.getByTestId('stats-chart')).toHaveAttribute('data-days', String(STATS.chartDays))
  await expect(page.getByTestId('stats-chart').locator('polyline')).toHaveCount(2)
  await page.screenshot({ path: testInfo.outputPath('stats-received.png'), fullPage: true })

  // Returns: another table, the choice marked.
  await choice.getByRole('button', { name: SCAN_SCREEN_MSG.choice.back_in_poland }).click()
  await expect(choice.locator('[data-status="back_in_poland"]')).toHaveAttribute('aria-pressed', 'true')
  await expectState(page, 'stats', 'ready.idle')
  const allReturns = numbers((await all.locator('th').allInnerTexts()).slice(1))
  expect(allReturns.at(-1)).toBeGreaterThan(0)
  expect(allReturns).not.toEqual(allReceived)
  const returns = await tableRows(page)

  // The download of the returns table.
  const saved = page.waitForEvent('download')
  await page.getByTestId('stats-download').click()
  const file = await saved
  expect(file.suggestedFilename()).toBe(statsFileName('back_in_poland', zonedDate(new Date())))
  expect(file.suggestedFilename()).toMatch(/^statystyki_zwrotów_klientów_\d{4}-\d{2}-\d{2}\.xlsx$/)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile((await file.path())!)
  const sheet = book.worksheets[0]!
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map(String)
  expect(values(1)).toEqual(STATS_COLUMNS.map((c) => c.header))
  // The first page of the sheet is the table shown, in the same order; the all row last.
  returns.forEach((r, i) => expect([values(i + 2)[0], ...numbers(values(i + 2).slice(1)).map(String)]).toEqual([r[0], ...numbers(r.slice(1)).map(String)]))
  expect(values(sheet.rowCount)).toEqual([STATS_ALL_LABEL, ...allReturns.map(String)])
  await expect(page.locator('.toast-error')).toHaveCount(0)
})
