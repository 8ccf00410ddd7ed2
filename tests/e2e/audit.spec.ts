import ExcelJS from 'exceljs'
import { expect, test } from '@playwright/test'
import { SURCHARGES } from '../../src/contract/constants/prices.ts'
import { TIME_ZONE } from '../../src/contract/constants/platform.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { AUDIT_MSG } from '../../src/contract/messages/audit.ts'
import { href } from '../../src/contract/routes.ts'
import { DEMO, api, apiToken, loginAs } from './support.ts'

const factors = Object.fromEntries(SURCHARGES.flatMap((x) => [[`${x}_account_factor_type`, 'lump_sum'], [`${x}_account_factor`, 0]]))
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date())

/**
 * Issue 24, "who changed this price, when, from what to what?": the admin renames an income price
 * list in its form, reads old → new with their e-mail on its "Historia zmian" tab, finds the same
 * entry on /audit by entity and day, and downloads the XLSX of that filter.
 */
test('a price list rename is in its history, on /audit and in the XLSX', async ({ page, request }) => {
  const token = await apiToken(request, 'admin')
  const before = `Cennik audytu ${Date.now()}`
  const after = `${before} (nowa nazwa)`
  const created = await api(request, endpoints.priceListStore, {
    token, params: { type: 'income' },
    body: { name: before, special_association: '', begin_date: '2033-01-01', currency: 'PLN', specific_factors_currency: 'HUF', id_country: 3, weight_thresholds: [{ limiting_threshold: 2, base_amount: 10.5 }], ...factors },
  })
  expect(created.status).toBe(200)
  const id = created.body.id as number

  await loginAs(page, 'admin')
  await page.goto(href('priceListForm', { type: 'income', id }))
  await page.getByLabel('Nazwa *').fill(after)
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/operational_price_list/income'))
  await page.getByTestId('price-list-save').click()
  expect((await saved).status()).toBe(200)

  await page.goto(href('priceListForm', { type: 'income', id }))
  await page.getByTestId('record-tab-history').click()
  const history = page.getByTestId('audit-history')
  const rename = history.locator('tbody tr').filter({ hasText: AUDIT_MSG.actions.update })
  await expect(rename).toHaveCount(1)
  await expect(rename.getByTestId('audit-changes')).toContainText(`name: ${before} → ${after}`)
  await expect(rename.getByTestId('audit-who')).toHaveText(DEMO.admin.email)
  await expect(history.locator('tbody tr').filter({ hasText: AUDIT_MSG.actions.create })).toHaveCount(1)

  // /audit from the sidebar, filtered by entity, day and the list's id.
  await page.getByRole('link', { name: AUDIT_MSG.title }).click()
  await expect(page).toHaveURL(/\/audit$/)
  await page.getByTestId('audit-entity-filter').selectOption({ label: AUDIT_MSG.entities.income_price_list })
  await page.getByTestId('audit-from').fill(today())
  await page.getByTestId('audit-to').fill(today())
  await page.getByTestId('audit-text').fill(String(id))
  await page.getByTestId('audit-apply').click()
  const row = page.getByTestId('audit-table').locator('tbody tr').filter({ hasText: `name: ${before} → ${after}` })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('audit-entity')).toHaveText(`${AUDIT_MSG.entities.income_price_list} ${id}`)
  await expect(row.getByTestId('audit-who')).toHaveText(DEMO.admin.email)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()])
  expect(download.suggestedFilename()).toBe(`dziennik_zmian_${today()}.xlsx`)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await download.path())
  const sheet = book.worksheets[0]!
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1))
  const entry = rows.find((r) => r[7] === `name: ${before} → ${after}`)
  expect(entry).toBeDefined()
  expect(entry!.slice(2, 7)).toEqual([DEMO.admin.email, expect.any(String), AUDIT_MSG.entities.income_price_list, id, AUDIT_MSG.actions.update])
  expect(entry![1]).toBeInstanceOf(Date)
  expect(rows.every((r) => r[4] === AUDIT_MSG.entities.income_price_list)).toBe(true)

  // The list was this spec's own: it goes, so the income lists other specs count stay as seeded.
  expect((await api(request, endpoints.priceListDelete, { token, params: { type: 'income' }, body: { id } })).status).toBe(200)
})
