import { type Page, expect, test } from '@playwright/test'
import { API_BASE } from '../../src/contract/constants/platform.ts'
import { PAGE_SIZE } from '../../src/contract/constants/tables.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type Endpoint } from '../../src/contract/endpoint.ts'
import { MSG } from '../../src/contract/messages.ts'
import { MAIL_MSG } from '../../src/contract/messages/mail.ts'
import { href } from '../../src/contract/routes.ts'
import { USERS_KEY_TEXT } from '../../src/contract/messages/users.ts'
import { fetchApi, signIn } from './support.ts'

/**
 * Users: the admin's server-paged list (25 a page), the all / deleted toggle,
 * the user form, block and unblock after the generic confirmation. Real server, real Chromium.
 */

let base = ''
let adminToken = ''


const usersTable = (page: Page) => page.getByTestId('users-table')
const tableRows = (page: Page) => usersTable(page).locator('tbody tr[data-row-id]')
const loaded = async (page: Page) => expect(usersTable(page)).toHaveAttribute('data-state', 'loaded')

const signInAdmin = (page: Page) => signIn(page, 'admin@example.com', 'admin123')
/** Calls the API as the admin. */
const api = <E extends Endpoint>(ep: E, body?: unknown, params?: Record<string, string | number>) => fetchApi(base, ep, adminToken, body, params)

test.beforeAll(async ({}, info) => {
  base = info.project.use.baseURL!
  const login = await api(endpoints.login, { email: 'admin@example.com', password: 'admin123' })
  expect(login.status).toBe(200)
  adminToken = (login.data as { _token: string })._token
  // Enough active users for two pages of 25.
  const now = await api(endpoints.usersData, { start: 0, length: 1 })
  const missing = Math.max(0, PAGE_SIZE.users + 12 - (now.data as { recordsTotal: number }).recordsTotal)
  for (let i = 0; i < missing; i++) {
    const made = await api(endpoints.userCreate, { email: `e2e-user-${Date.now()}-${i}@example.com`, role: 1 })
    expect(made.status).toBe(201)
  }
})

test('admin pages, sorts and searches the users list', async ({ page }) => {
  const all = (await api(endpoints.usersData, { start: 0, length: 5000, order: [{ column: 0, dir: "asc" }] })).data as unknown as {
    data: Array<{ id: number; email: string }>
    recordsTotal: number
  }
  const total = all.recordsTotal
  expect(total).toBeGreaterThan(PAGE_SIZE.users)

  await signInAdmin(page)
  await page.getByTestId('sidebar').getByRole('link', { name: 'Użytkownicy' }).click()
  await expect(page).toHaveURL(/\/users$/)
  await loaded(page)
  await expect(usersTable(page).locator('thead th')).toHaveText([/ID/, /E-mail/, /E-mail potwierdzony/, /Logowanie i sesje/])

  // First page: 25 rows in id order, the counts of the server, a button per page.
  await expect(tableRows(page)).toHaveCount(PAGE_SIZE.users)
  await expect(tableRows(page).first()).toHaveAttribute('data-row-id', String(all.data[0]!.id))
  await expect(page.getByTestId('table-info')).toHaveText(`Pozycje od 1 do ${PAGE_SIZE.users} z ${total} łącznie`)
  const pages = Math.ceil(total / PAGE_SIZE.users)
  await expect(usersTable(page).locator('.pager button[data-page]:not([data-page=first]):not([data-page=previous]):not([data-page=next]):not([data-page=last])')).toHaveCount(pages)
  await expect(usersTable(page).locator('.pager [data-page=previous]')).toBeDisabled()

  // Second page.
  await usersTable(page).locator('.pager [data-page="2"]').click()
  await expect(usersTable(page)).toHaveAttribute('data-page', '2')
  await loaded(page)
  await expect(tableRows(page)).toHaveCount(Math.min(PAGE_SIZE.users, total - PAGE_SIZE.users))
  await expect(tableRows(page).first()).toHaveAttribute('data-row-id', String(all.data[PAGE_SIZE.users]!.id))
  await expect(page.getByTestId('table-info')).toHaveText(
    `Pozycje od ${PAGE_SIZE.users + 1} do ${Math.min(2 * PAGE_SIZE.users, total)} z ${total} łącznie`,
  )

  // Sorting by e-mail goes back to page 1, ascending then descending.
  const emails = all.data.map((u) => u.email)
  await usersTable(page).locator('th[data-column=email]').click()
  await expect(usersTable(page).locator('th[data-column=email]')).toHaveAttribute('aria-sort', 'ascending')
  await expect(usersTable(page)).toHaveAttribute('data-page', '1')
  await loaded(page)
  const sortedAsc = [...emails].sort()
  await expect(tableRows(page).first().locator('td').nth(1)).toHaveText(sortedAsc[0]!)
  await usersTable(page).locator('th[data-column=email]').click()
  await expect(usersTable(page).locator('th[data-column=email]')).toHaveAttribute('aria-sort', 'descending')
  await loaded(page)
  await expect(tableRows(page).first().locator('td').nth(1)).toHaveText(sortedAsc[sortedAsc.length - 1]!)

  // Search (server side, debounced).
  await usersTable(page).locator('input[name=search]').fill('worker2@')
  await expect(tableRows(page)).toHaveCount(1)
  await expect(tableRows(page).first()).toContainText('worker2@example.com')
  await expect(page.getByTestId('table-info')).toContainText(`(filtrowanie spośród ${total} dostępnych pozycji)`)
  await usersTable(page).locator('input[name=search]').fill('nikt-taki-nie-istnieje')
  await expect(page.getByTestId('table-empty')).toHaveText('Nie znaleziono pasujących pozycji')
  await usersTable(page).locator('input[name=search]').fill('')
  await expect(tableRows(page)).toHaveCount(PAGE_SIZE.users)

  // The deleted (blocked) users.
  await page.getByTestId('users-deleted').click()
  await expect(page.getByTestId('users-deleted')).toHaveAttribute('aria-pressed', 'true')
  await loaded(page)
  await expect(tableRows(page).filter({ hasText: 'blocked@example.com' })).toHaveCount(1)
  await expect(tableRows(page).filter({ hasText: 'worker2@example.com' })).toHaveCount(0)
  await page.getByTestId('users-all').click()
  await loaded(page)
  await expect(tableRows(page).filter({ hasText: 'blocked@example.com' })).toHaveCount(0)
})

test('admin unlocks a user locked out from one address, from the users list row', async ({ page }) => {
  const email = `e2e-locked-${Date.now()}@example.com`
  const made = await api(endpoints.userCreate, { email, role: 1 })
  const id = (made.data as { id: number }).id
  for (let i = 0; i < 12; i++) await fetchApi(base, endpoints.login, null, { email, password: 'zle-haslo' })
  expect((await fetchApi(base, endpoints.login, null, { email, password: 'zle-haslo' })).status).toBe(429)
  await signInAdmin(page)
  await page.goto(`${href('users')}`)
  await loaded(page)
  await usersTable(page).locator('input[name=search]').fill(email)
  const row = tableRows(page).filter({ hasText: email })
  await expect(row).toHaveCount(1)
  await row.getByTestId('user-unlock').click()
  await expect(page.getByText(MSG.userUnlocked)).toBeVisible()
  await expect(page).toHaveURL(/\/users$/)
  expect((await fetchApi(base, endpoints.login, null, { email, password: 'zle-haslo' })).status).toBe(401)
  expect(id).toBeGreaterThan(0)
})

test('admin blocks worker2 after the confirmation, finds it among the deleted users and unblocks it', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('users'))
  await loaded(page)
  await usersTable(page).locator('input[name=search]').fill('worker2@example.com')
  await expect(tableRows(page)).toHaveCount(1)
  const id = await tableRows(page).first().getAttribute('data-row-id')
  await tableRows(page).first().click()
  await expect(page).toHaveURL(new RegExp(`/users/user/${id}$`))
  await expect(page.locator('input[name=email]')).toHaveValue('worker2@example.com')
  await expect(page.locator('select[name=role]')).toHaveValue('1')
  await expect(page.getByTestId('user-status')).toHaveText('Aktywny')

  // "Nie" leaves the user as is.
  await page.getByTestId('user-block').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(MSG.confirmAction)
  await dialog.getByRole('button', { name: 'Nie' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('user-status')).toHaveText('Aktywny')
  expect(((await api(endpoints.userGet, undefined, { id: id! })).data as { deleted_at: string | null }).deleted_at).toBeNull()

  // "Tak" blocks.
  await page.getByTestId('user-block').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(USERS_KEY_TEXT.user_blocked_done)).toBeVisible()
  await expect(page.getByTestId('user-status')).toHaveText('Zablokowany')
  await expect(page.getByTestId('user-unblock')).toHaveText('Odblokuj')
  expect(((await api(endpoints.userGet, undefined, { id: id! })).data as { deleted_at: string | null }).deleted_at).not.toBeNull()

  // A blocked worker cannot sign in.
  const attempt = await fetch(new URL(API_BASE + endpoints.login.path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'worker2@example.com', password: 'worker123' }),
  })
  expect(attempt.status).not.toBe(200)

  // It is in the deleted list, and not in the list of all users.
  await page.goto(href('users'))
  await loaded(page)
  await expect(tableRows(page).filter({ hasText: 'worker2@example.com' })).toHaveCount(0)
  await page.getByTestId('users-deleted').click()
  await loaded(page)
  await expect(tableRows(page).filter({ hasText: 'worker2@example.com' })).toHaveCount(1)
  await expect(tableRows(page).filter({ hasText: 'blocked@example.com' })).toHaveCount(1)

  // Unblock from there.
  await tableRows(page).filter({ hasText: 'worker2@example.com' }).click()
  await expect(page).toHaveURL(new RegExp(`/users/user/${id}$`))
  await expect(page.getByTestId('user-status')).toHaveText('Zablokowany')
  await page.getByTestId('user-unblock').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(USERS_KEY_TEXT.user_unblocked_done)).toBeVisible()
  await expect(page.getByTestId('user-status')).toHaveText('Aktywny')

  await page.goto(href('users'))
  await loaded(page)
  await page.getByTestId('users-deleted').click()
  await loaded(page)
  await expect(tableRows(page).filter({ hasText: 'worker2@example.com' })).toHaveCount(0)
  await page.getByTestId('users-all').click()
  await loaded(page)
  await usersTable(page).locator('input[name=search]').fill('worker2@')
  await expect(tableRows(page)).toHaveCount(1)
})

test('admin creates a user: invalid input keeps Save disabled, a taken e-mail is refused per field', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(href('users'))
  await page.getByTestId('user-add').click()
  await expect(page).toHaveURL(/\/users\/new$/)
  const save = page.locator('button[name=save]')
  const email = page.locator('input[name=email]')
  await expect(save).toBeDisabled()
  await email.fill('to-nie-jest-adres')
  await email.blur()
  await expect(page.getByText(MSG.invalidEmail)).toBeVisible()
  await expect(save).toBeDisabled()

  // Valid in the browser, refused by the server (422 per field).
  await email.fill('worker@example.com')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByText(MSG.emailTaken)).toBeVisible()
  await expect(page).toHaveURL(/\/users\/new$/)

  const fresh = `e2e-new-${Date.now()}@example.com`
  await email.fill(fresh)
  await page.locator('select[name=role]').selectOption({ label: 'Administrator' })
  // The form says a password will be mailed; after the save, where it went: with no SMTP (the e2e server), the outbox.
  await expect(page.getByText(MAIL_MSG.newUserHint)).toBeVisible()
  await save.click()
  await expect(page.getByText(MAIL_MSG.passwordInOutbox(fresh))).toBeVisible()
  await expect(page).toHaveURL(/\/users$/)
  // The admin finds the message with the password in "Poczta wychodząca".
  await page.getByTestId('sidebar').getByRole('link', { name: MAIL_MSG.outboxTitle }).click()
  await expect(page).toHaveURL(/\/outbox$/)
  await expect(page.getByText(MAIL_MSG.outboxNoSmtp)).toBeVisible()
  const message = page.getByTestId('outbox-table').locator('tbody tr').filter({ hasText: fresh })
  await expect(message).toHaveCount(1)
  await expect(message).toContainText('Twoje konto zostało utworzone')
  await message.getByRole('button', { name: 'Pokaż' }).click()
  await expect(page.getByTestId('outbox-body')).toContainText('Hasło: ')
  await page.goto(href('users'))
  await loaded(page)
  await usersTable(page).locator('input[name=search]').fill(fresh)
  await expect(tableRows(page)).toHaveCount(1)
  await tableRows(page).first().click()
  await expect(page.locator('select[name=role]')).toHaveValue('0')
  await expect(page.getByTestId('user-verified')).toHaveText('—')
})
