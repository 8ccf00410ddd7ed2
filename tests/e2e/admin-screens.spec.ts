import { type Page, expect, test } from '@playwright/test'
import { href } from '../../src/contract/routes.ts'
import { expectState, signIn } from './support.ts'
import { ALIAS_MSG } from '../../src/contract/messages/aliases.ts'
import { CALENDAR_MSG } from '../../src/contract/messages/calendar.ts'
import { RESIGNATION_MSG } from '../../src/contract/messages/resignations.ts'

/**
 * The admin screens in a real Chromium on the real server with the demo data: the calendar,
 * statuses, unknown client aliases, the locker files and reported resignations (admin's and the
 * client's own). Each test opens its screen and does the main action.
 */

const signInAdmin = (page: Page) => signIn(page, 'admin@example.com', 'admin123')

test('calendar: the year\'s holidays show; a day is added through the modal and deleted after the confirmation', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('calendar'))
  await expectState(page, 'calendar', 'ready')
  const table = page.getByTestId('calendar-table')
  await expect(table).toContainText('Narodowe Święto Niepodległości')
  // Two years ahead: its holidays are written the first time it is shown.
  const year = new Date().getFullYear() + 2
  await page.getByLabel('Rok').selectOption(String(year))
  await expectState(page, 'calendar', 'ready')
  await expect(table).toContainText(`11.11.${year}`)
  await page.getByTestId('calendar-add').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Data *').fill(`${year}-06-12`)
  await dialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(dialog.getByText('Pole jest wymagane')).toBeVisible()
  await dialog.getByLabel('Nazwa *').fill('Dzień firmy e2e')
  await dialog.getByRole('button', { name: 'Dodaj' }).click()
  await expect(page.getByText(CALENDAR_MSG.dayAdded)).toBeVisible()
  await expectState(page, 'calendar', 'ready')
  await expect(table).toContainText('Dzień firmy e2e')
  await page.getByTestId(`calendar-delete-${year}-06-12`).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(CALENDAR_MSG.dayRemoved)).toBeVisible()
  await expectState(page, 'calendar', 'ready')
  await expect(table).not.toContainText('Dzień firmy e2e')

  // Each destination has its own calendar: Romania's national day, Hungary's 15 March; back to Poland's.
  await page.getByLabel('Kraj').selectOption({ label: 'Rumunia' })
  await expectState(page, 'calendar', 'ready')
  await expect(table).toContainText(`01.12.${year}`)
  await expect(table).not.toContainText(`11.11.${year}`)
  await page.getByLabel('Kraj').selectOption({ label: 'Węgry' })
  await expectState(page, 'calendar', 'ready')
  await expect(table).toContainText(`15.03.${year}`)
  await page.getByLabel('Kraj').selectOption({ label: 'Polska' })
  await expectState(page, 'calendar', 'ready')
  await expect(table).toContainText(`11.11.${year}`)
})

test('statuses: the table opens a status; a new status is created, edited and deleted', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('statuses'))
  const table = page.getByTestId('statuses-table')
  await expect(table).toHaveAttribute('data-state', 'loaded')
  // The demo data has fewer than one page (25) of statuses.
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible()
  expect(await table.locator('tbody tr[data-row-id]').count()).toBeLessThanOrEqual(25)
  await page.getByTestId('status-add').click()
  await expect(page).toHaveURL(/\/status\/new$/)
  await expectState(page, 'recordForm', 'editing')
  const name = `E2E status ${Date.now()}`
  await page.getByLabel('Nazwa *', { exact: true }).fill(name)
  await page.getByLabel('Nazwa wyświetlana *', { exact: true }).fill('Status z testu')
  await page.getByRole('button', { name: 'Utwórz' }).click()
  await expect(page.getByLabel('Nazwa wyświetlana (RO) *')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Nazwa wyświetlana (RO) *').fill('Stare din test')
  await page.getByLabel('Wewnętrzny *').selectOption({ label: 'Tak' })
  await page.getByRole('button', { name: 'Utwórz' }).click()
  await expect(page.getByText('Status został utworzony')).toBeVisible()
  await expect(page).toHaveURL(/\/statuses\/status\/\d+$/)
  await expectState(page, 'recordForm', 'editing')
  await expect(page.getByLabel('Nazwa *', { exact: true })).toHaveValue(name)
  await page.getByLabel('Nazwa wyświetlana *', { exact: true }).fill('Status z testu, zmieniony')
  await page.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByText('Status został zaktualizowany')).toBeVisible()
  await page.getByRole('button', { name: 'Usuń' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText('Status usunięty')).toBeVisible()
  await expect(page).toHaveURL(/\/statuses$/)
  await page.getByPlaceholder('ID lub nazwa').fill(name)
  await expect(table.getByTestId('table-empty')).toBeVisible()
  // A row opens its status.
  await page.getByPlaceholder('ID lub nazwa').fill('Anulowana')
  await table.locator('tbody tr[data-row-id]').first().click()
  await expect(page).toHaveURL(/\/statuses\/status\/\d+$/)
  await expect(page.getByLabel('Nazwa *', { exact: true })).toHaveValue('Anulowana')
  // A status the rules use offers no delete.
  await expect(page.getByRole('button', { name: 'Usuń' })).toHaveCount(0)
})

test('unknown aliases: the eMAG alias is resolved to its proposed client and leaves the list', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('unknownAliases'))
  await expectState(page, 'listLoad', 'ready')
  const table = page.getByTestId('aliases-table')
  await table.getByText('EMAGMARKETPLACE').click()
  await expect(page).toHaveURL(/\/unknown-client-aliases\/\d+$/)
  await expectState(page, 'recordForm', 'editing')
  await expect(page.getByTestId('record-facts')).toContainText('EMAGMARKETPLACE')
  await expect(page.getByLabel('Klient *')).toHaveValue('Demo Shop SRL')
  await expect(page.getByTestId('alias-resolved-type')).toContainText('Propozycja')
  // Another client makes it a manual resolution; back to the proposed one.
  await page.getByLabel('Klient *').fill('Sofia')
  await page.getByRole('option', { name: /Sofia EOOD/ }).click()
  await expect(page.getByTestId('alias-resolved-type')).toContainText('Ręcznie')
  await page.getByLabel('Klient *').fill('Demo Shop')
  await page.getByRole('option', { name: /Demo Shop SRL/ }).click()
  await expect(page.getByTestId('alias-resolved-type')).toContainText('Propozycja')
  await page.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByText(ALIAS_MSG.aliasResolved)).toBeVisible()
  await expect(page).toHaveURL(/\/unknown-client-aliases$/)
  await expectState(page, 'listLoad', 'ready')
  await expect(table).not.toContainText('EMAGMARKETPLACE')
})

test('downloads: the Romanian locker file is saved as CSV', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('downloads'))
  await expectState(page, 'publicFile', 'idle')
  const saved = page.waitForEvent('download')
  await page.getByTestId('download-lockers-RO').click()
  const file = await saved
  expect(file.suggestedFilename()).toBe('lockers_RO.csv')
  const { readFile } = await import('node:fs/promises')
  const text = await readFile((await file.path())!, 'utf8')
  expect(text.split('\r\n')[0]).toBe('id,name,address,postal_code,city,latitude,longitude')
  expect(text).toContain('"RO-B-0001","Locker Piața Victoriei"')
})

test('resignations (admin): a report is made for a client, shown with its scan facts, and deleted after the confirmation', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('resignations'))
  const table = page.getByTestId('resignations-table')
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(table).toContainText('Budapest Kft')
  await page.getByTestId('resignation-add').click()
  await expectState(page, 'recordForm', 'editing')
  // a parcel of Sofia EOOD (docs/demo-data.md)
  const waybill = 'RE100000461'
  await page.getByLabel('Numer przesyłki *').fill(waybill)
  await page.getByRole('button', { name: 'Zgłoś' }).click()
  // The client is required on create.
  await expect(page.getByText('Pole jest wymagane')).toBeVisible()
  await page.getByLabel('Klient *').fill('Sofia')
  await page.getByRole('option', { name: /Sofia EOOD/ }).click()
  // a number no parcel has is refused in words, and nothing is made
  await page.getByLabel('Numer przesyłki *').fill('RE999999999')
  await page.getByRole('button', { name: 'Zgłoś' }).click()
  await expect(page.getByText(RESIGNATION_MSG.resignationNoParcel('RE999999999'))).toBeVisible()
  await expect(page).toHaveURL(/\/parcel-reported-resignation$/)
  await page.getByLabel('Numer przesyłki *').fill(waybill)
  await page.getByLabel('Dodatkowe informacje').fill('Zgłoszone z testu')
  await page.getByRole('button', { name: 'Zgłoś' }).click()
  await expect(page.getByText(RESIGNATION_MSG.resignationCreated)).toBeVisible()
  await expect(page).toHaveURL(/\/parcel-reported-resignation\/\d+$/)
  await expect(page.getByTestId('record-facts')).toContainText('Sofia EOOD')
  await expect(page.locator('[data-fact="scanned_at"] dd')).toHaveText('—')
  await page.getByRole('button', { name: 'Usuń' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(RESIGNATION_MSG.resignationRemoved)).toBeVisible()
  await expect(page).toHaveURL(/\/parcel-reported-resignations$/)
  await expect(table).not.toContainText(waybill)
})

test('resignations (client): the client reports its own parcel; the report is read-only and can be deleted', async ({ page }) => {
  await signIn(page, 'client@example.com', 'client123')
  await page.goto(href('myResignations'))
  const table = page.getByTestId('resignations-table')
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(table).not.toContainText('Budapest')
  await page.getByTestId('resignation-add').click()
  await expectState(page, 'recordForm', 'editing')
  await expect(page.getByLabel('Klient *')).toHaveCount(0)
  // a parcel of Demo Shop SRL, the client's company (docs/demo-data.md)
  const waybill = 'RE100000003'
  await page.getByLabel('Numer przesyłki *').fill(waybill)
  await page.getByRole('button', { name: 'Zgłoś' }).click()
  await expect(page.getByText(RESIGNATION_MSG.resignationCreated)).toBeVisible()
  await expect(page).toHaveURL(/\/my-parcel-reported-resignation\/\d+$/)
  await expect(page.getByLabel('Numer przesyłki *')).toHaveValue(waybill)
  await expect(page.getByLabel('Numer przesyłki *')).toHaveAttribute('readonly', '')
  await expect(page.getByRole('button', { name: 'Zgłoś' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Usuń' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(RESIGNATION_MSG.resignationRemoved)).toBeVisible()
  await expect(page).toHaveURL(/\/my-parcel-reported-resignations$/)
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(table).not.toContainText(waybill)
})
