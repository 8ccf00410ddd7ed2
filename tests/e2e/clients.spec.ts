import { type Page, expect, test } from '@playwright/test'
import { CLIENTS } from '../../src/contract/constants/clients.ts'
import { PAGE_SIZE } from '../../src/contract/constants/tables.ts'
import { CLIENT_LABEL, CLIENT_MSG } from '../../src/contract/messages/clients.ts'
import { MSG } from '../../src/contract/messages.ts'
import { href } from '../../src/contract/routes.ts'
import { DEMO_API_CREDENTIAL } from '../../src/server/seed/clients.ts'
import { signIn } from './support.ts'

/**
 * Clients: the list with its selector, filters, reset and the criteria cookie;
 * a new client with validation; the card's tabs; a courier account checked before it is saved
 * (wrong password → 406 error, sandbox/sandbox123 → success, then Save); /company for a client.
 * Real server, real Chromium.
 */

const table = (page: Page) => page.getByTestId('clients-table')
const rows = (page: Page) => table(page).locator('tbody tr[data-row-id]')
const loaded = async (page: Page) => expect(table(page)).toHaveAttribute('data-state', 'loaded')
const signInAdmin = (page: Page) => signIn(page, 'admin@example.com', 'admin123')

test('admin filters the clients list; the criteria survive a reload in a cookie; reset clears them', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('clients'))
  await loaded(page)
  await expect(rows(page)).toHaveCount(PAGE_SIZE.clients)

  await page.getByTestId('clients-text').fill('demo shop')
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Demo Shop SRL')

  const cookie = (await page.context().cookies()).find((c) => c.name === CLIENTS.filterCookie)
  expect(cookie).toBeDefined()
  // One day, give or take the test's own run.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan((CLIENTS.filterCookieDays * 24 - 1) * 3_600_000)
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(CLIENTS.filterCookieDays * 24 * 3_600_000 + 60_000)

  await page.reload()
  await loaded(page)
  await expect(page.getByTestId('clients-text')).toHaveValue('demo shop')
  await expect(rows(page)).toHaveCount(1)

  await page.getByTestId('clients-reset').click()
  await loaded(page)
  await expect(page.getByTestId('clients-text')).toHaveValue('')
  await expect(rows(page)).toHaveCount(PAGE_SIZE.clients)

  // The selector applies at once: Sofia EOOD has no price list.
  await page.getByTestId('clients-list').selectOption('missing_price_list')
  await loaded(page)
  await expect(table(page)).toContainText('Sofia EOOD')
  await expect(table(page)).not.toContainText('Demo Shop SRL')

  // A last-month class filter keeps only that class.
  await page.getByTestId('clients-list').selectOption('all')
  await page.getByTestId('clients-last-month').selectOption('A')
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await expect(table(page)).toContainText('Demo Shop SRL')

  // A row opens the card.
  await rows(page).filter({ hasText: 'Demo Shop SRL' }).first().click()
  await expect(page).toHaveURL(/\/client\/\d+$/)
  await expect(page.getByTestId('client-card-title')).toContainText('Demo Shop SRL')
})

test('admin creates a client: defaults, submit disabled while invalid, then saved and listed', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('clientNew'))
  const form = page.getByTestId('client-form')
  await expect(form).toBeVisible()
  // Defaults of a new client, and the default access data.
  await expect(form.getByLabel('Osoba kontaktowa')).toHaveValue(CLIENTS.defaults.contactName)
  await expect(form.getByLabel('Dodatkowe informacje o adresie')).toHaveValue('-')
  await expect(form.getByLabel('Numer konta bankowego')).toHaveValue('n/d')
  await expect(form.getByLabel(/Uwaga na przesyłce/)).toHaveValue(CLIENTS.defaults.shipmentNote)
  await expect(form.getByLabel(/Prefiks telefonu/)).toHaveValue('+48')
  await expect(form.getByLabel('Polska')).toHaveCount(0)
  await expect(form.getByLabel('Rumunia').last()).toBeChecked()
  await expect(form.getByLabel('DPD – identyfikator systemu')).toHaveValue('sandbox')
  await expect(page.getByText(CLIENT_MSG.defaultAccessData)).toBeVisible()
  const iai = await form.getByLabel('Hasło IAI').inputValue()
  expect(iai).toHaveLength(CLIENTS.generatedPasswordLength)
  await page.getByTestId('client-generate-password').click()
  await expect(form.getByLabel('Hasło IAI')).not.toHaveValue(iai)

  const save = page.getByTestId('client-save')
  await expect(save).toBeDisabled()
  const name = `E2E Klient ${Date.now()}`
  await form.getByLabel(/^Nazwa/).fill(name)
  await form.getByLabel(/^NIP/).fill('RO123456')
  await form.getByLabel(/^E-mail/).fill('zly-adres')
  await form.getByLabel(/^E-mail/).blur()
  await expect(form.getByText(MSG.invalidEmail)).toBeVisible()
  await form.getByLabel(/^E-mail/).fill('e2e.klient@example.com')
  await form.getByLabel(/^Ulica/).fill('Strada Test 1')
  await form.getByLabel(/^Miasto/).fill('Iași')
  await form.getByLabel(/^Kod pocztowy/).fill('700001')
  await form.getByLabel(/^Numer telefonu/).fill('12345')
  await form.getByLabel(/^Numer telefonu/).blur()
  await expect(form.getByText(CLIENT_MSG.phoneNumber)).toBeVisible()
  await expect(save).toBeDisabled()
  await form.getByLabel(/^Numer telefonu/).fill('740000123')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByText(CLIENT_MSG.clientAdded)).toBeVisible()
  await expect(page).toHaveURL(/\/clients$/)
  await page.getByTestId('clients-text').fill(name)
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await expect(rows(page)).toHaveCount(1)

  // Block after the confirmation; the client moves to the deleted list; unblock again.
  await rows(page).first().click()
  await page.getByTestId('client-block').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(CLIENT_MSG.clientBlocked)).toBeVisible()
  await expect(page.getByTestId('client-block')).toHaveText('Odblokuj')
  await page.getByTestId('client-block').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(CLIENT_MSG.clientUnblocked)).toBeVisible()
  await expect(page.getByTestId('client-block')).toHaveText('Zablokuj')
})

test('the card: header, every tab and its form, the billing modal validates', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('clients'))
  await loaded(page)
  await page.getByTestId('clients-text').fill('Demo Shop')
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await rows(page).first().click()
  await expect(page.getByTestId('client-period-count')).toContainText('Przesyłki w okresie')
  const id = Number(page.url().split('/').pop())

  // Billing modal: order disabled until both dates are given, end not before start.
  await page.getByTestId('client-billing').click()
  await expect(page.getByTestId('billing-order')).toBeDisabled()
  await page.getByLabel('Data początkowa *').fill('2026-11-10')
  await page.getByLabel('Data końcowa *').fill('2026-11-01')
  await expect(page.getByText(CLIENT_MSG.billingDates)).toBeVisible()
  await expect(page.getByTestId('billing-order')).toBeDisabled()
  await page.getByLabel('Data końcowa *').fill('2026-11-30')
  await expect(page.getByTestId('billing-order')).toBeEnabled()
  await page.getByRole('button', { name: 'Anuluj' }).click()

  await page.getByTestId('tab-api').click()
  await expect(page).toHaveURL(new RegExp(`/client/${id}/card/api$`))
  await expect(page.getByTestId('credentials-table')).toContainText('sandbox')
  // The operator's protected account: no editing, no deleting, only unpinning.
  await page.getByTestId('credentials-table').locator('tbody tr[data-row-id]').first().click()
  await expect(page.getByTestId('credential-locked')).toBeVisible()
  await expect(page.getByTestId('credential-unpin')).toBeVisible()
  await expect(page.getByTestId('credential-save')).toHaveCount(0)
  await expect(page.getByTestId('credential-delete')).toHaveCount(0)
  await expect(page.getByTestId('credential-username')).toBeDisabled()
  await page.goto(href('clientCard', { id, card: 'api' }))
  await page.getByTestId('tab-pricing').click()
  await expect(page.getByTestId('price-bands-table')).toContainText('2505')
  await page.getByTestId('tab-income_operational_price_list').click()
  await expect(page.getByTestId('price-lists-income')).toContainText('Demo Shop – Rumunia')
  await page.getByTestId('tab-cost_operational_price_list').click()
  await expect(page.getByTestId('price-lists-cost')).toContainText('DPD Romania')
  await page.getByTestId('tab-parameters').click()
  await expect(page.getByTestId('parameters-table')).toContainText('ACCOUNT_PERIOD')
  await page.getByTestId('tab-external_api_credentials').click()
  await expect(page.getByTestId('external-table')).toBeVisible()
  // The seeded shop credential: when the integration API last saw it (never, in a fresh database) and whether it is revoked.
  const shopRow = page.getByTestId('external-table').getByRole('row').filter({ hasText: DEMO_API_CREDENTIAL.username })
  await expect(shopRow).toContainText(CLIENT_LABEL.externalNeverUsed)
  await expect(shopRow).toContainText(CLIENT_LABEL.externalActive)

  // Sub-routes open their forms.
  await page.getByTestId('external-add').click()
  await expect(page.getByTestId('external-form')).toBeVisible()
  await page.getByTestId('external-generate').click()
  await expect(page.getByLabel('Login')).toHaveValue('demo-shop-srl')
  await page.getByTestId('external-save').click()
  await expect(page.getByText(CLIENT_MSG.externalCreated)).toBeVisible()
  await expect(page.getByTestId('external-table')).toContainText('demo-shop-srl')
  // Revoking keeps the row and says when; the form then shows it instead of the button.
  await page.getByTestId('external-table').getByRole('row').filter({ hasText: 'demo-shop-srl' }).click()
  await page.getByTestId('external-revoke').click()
  await expect(page.getByRole('dialog')).toContainText(CLIENT_MSG.externalRevokeConfirm)
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(CLIENT_MSG.externalRevokedDone)).toBeVisible()
  const revokedRow = page.getByTestId('external-table').getByRole('row').filter({ hasText: 'demo-shop-srl' })
  await expect(revokedRow).not.toContainText(CLIENT_LABEL.externalActive)
  await revokedRow.click()
  await expect(page.getByTestId('external-revoked')).toBeVisible()

  await page.goto(href('clientParameter', { idClient: id }))
  await expect(page.getByTestId('parameter-form')).toBeVisible()
  await page.goto(href('clientPrice', { idClient: id }))
  await expect(page.getByTestId('price-band-form')).toBeVisible()
  await page.getByLabel(/Cena netto/).fill('12.5')
  await page.getByLabel(/Waga minimalna/).fill('5')
  await page.getByLabel(/Waga maksymalna/).fill('101')
  await page.getByLabel(/Waga maksymalna/).blur()
  await expect(page.getByText(CLIENT_MSG.between(0, 100))).toBeVisible()
  await expect(page.getByTestId('price-band-save')).toBeDisabled()
  await page.getByLabel(/Waga maksymalna/).fill('10')
  await page.getByTestId('price-band-save').click()
  await expect(page.getByText(CLIENT_MSG.priceBandCreated)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/client/${id}/card/pricing$`))

  // Next client, and back.
  await page.getByTestId('client-next').click()
  await expect(page).not.toHaveURL(new RegExp(`/client/${id}/`))
  await page.getByTestId('client-prev').click()
  await expect(page).toHaveURL(new RegExp(`/client/${id}/card/pricing$`))
})

test('a courier account is checked before saving: wrong password → 406 error; sandbox → success, then Save', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('clients'))
  await loaded(page)
  await page.getByTestId('clients-text').fill('Budapest')
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await rows(page).first().click()
  const id = Number(page.url().split('/').pop())
  await page.goto(href('clientCredential', { idClient: id }))
  const form = page.getByTestId('credential-form')
  await expect(form).toBeVisible()
  await expect(page.getByTestId('credential-save')).toHaveCount(0)
  await page.getByTestId('credential-id_type').selectOption({ label: 'DPD Rumunia – konto klienta' })
  await page.getByTestId('credential-username').fill('sandbox')
  await page.getByTestId('credential-password').fill('zlehaslo')
  await page.getByTestId('credential-check').click()
  await expect(page.getByText(CLIENT_MSG.checkFailed)).toBeVisible()
  await expect(page.getByTestId('credential-save')).toHaveCount(0)

  await page.getByTestId('credential-password').fill('sandbox123')
  await page.getByTestId('credential-check').click()
  await expect(page.getByText(CLIENT_MSG.checkOk)).toBeVisible()
  await expect(page.getByTestId('credential-contract')).toContainText('RO-DPD')
  await expect(page.getByTestId('credential-check')).toHaveCount(0)
  // Editing the login needs a new check.
  await page.getByTestId('credential-username').fill('sandbox2')
  await expect(page.getByTestId('credential-check')).toBeVisible()
  await expect(page.getByTestId('credential-save')).toHaveCount(0)
  await page.getByTestId('credential-username').fill('sandbox')
  await page.getByTestId('credential-check').click()
  await page.getByTestId('credential-save').click()
  await expect(page.getByText(CLIENT_MSG.credentialCreated)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/client/${id}/card/api$`))
  await expect(page.getByTestId('credentials-table')).toContainText('sandbox')

  // The permission-check modal shows the contract.
  await page.getByTestId('credential-probe').click()
  await page.getByLabel('Login').fill('sandbox')
  await page.getByLabel('Hasło').fill('sandbox123')
  await page.getByTestId('probe-check').click()
  await expect(page.getByTestId('probe-result')).toContainText('RO-DPD-2024-0042')
  await expect(page.getByTestId('probe-result')).toContainText('@')
})

test('a client sees only its own company on /company, read only', async ({ page }) => {
  await signIn(page, 'client@example.com', 'client123')
  await page.goto(href('company'))
  const form = page.getByTestId('company-form')
  await expect(form).toBeVisible()
  await expect(form.getByLabel('Nazwa')).toHaveValue('Demo Shop SRL')
  await expect(form.getByLabel('Kod pocztowy')).toHaveValue('010011')
  await expect(form.getByLabel('Nazwa')).not.toBeEditable()
  await expect(page.getByTestId('client-save')).toHaveCount(0)
  // The admin-only screens stay closed.
  await page.goto(href('clients'))
  await expect(page).toHaveURL(/\/$|\/dashboard$/)
})

test('the card\'s data form stays editable after a save: a second change saves without leaving the tab', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('clients'))
  await loaded(page)
  await page.getByTestId('clients-text').fill('Sofia')
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await rows(page).first().click()
  const form = page.getByTestId('client-form')
  const contact = form.locator('#c-contact_name')
  await contact.fill('Ivana Petrova')
  await page.getByTestId('client-save').click()
  await expect(page.getByText(CLIENT_MSG.clientSaved).first()).toBeVisible()
  // Back to editing at once: every field and the save button work again, no tab switch needed.
  await expect(contact).toBeEnabled()
  await expect(form.locator('#c-city')).toBeEnabled()
  await expect(page.getByTestId('client-block')).toBeEnabled()
  await contact.fill('Ivana Petrova-Georgieva')
  await expect(page.getByTestId('client-save')).toBeEnabled()
  await page.getByTestId('client-save').click()
  await expect(contact).toBeEnabled()
  await page.reload()
  await expect(page.getByTestId('client-form').locator('#c-contact_name')).toHaveValue('Ivana Petrova-Georgieva')
})

test('wording: a chosen parameter shows in Polish, an empty net price is "required", a new client\'s contact starts in Polish', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('clients'))
  await loaded(page)
  await page.getByTestId('clients-text').fill('Demo Shop')
  await page.getByTestId('clients-filter').click()
  await loaded(page)
  await rows(page).first().click()
  const id = Number(page.url().split('/').pop())
  await page.getByTestId('tab-parameters').click()
  const parameters = page.getByTestId('parameters-table')
  await expect(parameters.locator('tr').filter({ hasText: 'ACCOUNT_PERIOD' })).toContainText('miesięczny')
  await expect(parameters).not.toContainText('monthly')

  await page.goto(href('clientPrice', { idClient: id }))
  await expect(page.getByTestId('price-band-form')).toBeVisible()
  await page.getByLabel(/Cena netto/).fill('1')
  await page.getByLabel(/Cena netto/).fill('')
  await page.getByLabel(/Cena netto/).blur()
  await expect(page.getByTestId('price-band-form')).toContainText(MSG.required)
  await expect(page.getByTestId('price-band-form')).not.toContainText(MSG.invalidValue)

  await page.goto(href('clientNew'))
  await expect(page.locator('#c-contact_name')).toHaveValue(CLIENTS.defaults.contactName)
  expect(CLIENTS.defaults.contactName).toBe('dla: ')
})
