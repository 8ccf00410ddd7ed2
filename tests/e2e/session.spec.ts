import { expect, test } from '@playwright/test'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { DEMO, api, apiToken, expectState, loginAs, loginViaUi } from './support.ts'

/**
 * Sign-in per role with each role's sidebar, the route guards, blocked users, the 401
 * auto-logout and logout. The expected menus are written out here from the spec, not taken
 * from the code that builds them, so a wrong menu fails.
 */
const MENUS = {
  // Admin (no workstation: "end workstation" hidden; "my reports" only once there is an export, see below).
  admin: [
    'parcels', 'users', 'clients', 'prices', 'statuses', 'parcel-from-number', 'parcel-classification', 'external-inbound-scan',
    'external-inbound', 'tags', 'calendar', 'stats', 'parcel-search', 'resignations', 'invoices', 'unknown-aliases', 'profile',
    'downloads', 'outbox', 'resolve-problematic', 'problematic-sectors', 'set-workstation', 'workstations', 'scan-log', 'audit', 'logout',
  ],
  // Warehouse worker.
  worker: ['parcels', 'parcel-from-number', 'parcel-classification', 'parcel-search', 'external-inbound-scan', 'external-inbound', 'resolve-problematic', 'tags', 'profile', 'set-workstation', 'scan-log', 'logout'],
  // Client.
  client: ['parcels', 'company', 'my-reports', 'my-resignations', 'profile', 'logout'],
} as const

/** A route each role may not open, and one it may. */
const GUARDS = {
  admin: { forbidden: '/my-parcel-reported-resignations', allowed: '/users' },
  worker: { forbidden: '/users', allowed: '/parcel-search' },
  client: { forbidden: '/parcel-from-number', allowed: '/company' },
} as const

for (const role of ['admin', 'worker', 'client'] as const) {
  test(`${role} signs in, lands on the dashboard with the ${role} sidebar and is turned away from a forbidden route`, async ({ page, request }) => {
    const menu: string[] = [...MENUS[role]]
    // An admin has "my reports" right after "resignations" when there is any export to see.
    if (role === 'admin' && (await api(request, E.exportLatest, { token: await apiToken(request, 'admin'), body: [] })).body.data.length > 0)
      menu.splice(menu.indexOf('resignations') + 1, 0, 'my-reports')
    await loginAs(page, role)
    await expect(page).toHaveURL(/\/dashboard$/)
    const items = page.locator('[data-testid="sidebar"] > li')
    await expect(items).toHaveCount(menu.length)
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')))).toEqual(menu)

    await page.goto(GUARDS[role].allowed)
    await expect(page).toHaveURL(new RegExp(`${GUARDS[role].allowed}$`))
    // Wrong role → `/`, which sends a signed-in user on to the dashboard.
    await page.goto(GUARDS[role].forbidden)
    await expect(page).toHaveURL(/\/dashboard$/)
  })
}

test('a visitor who is not signed in is sent to the login page from a protected route', async ({ page }) => {
  await page.goto('/users')
  await expect(page).toHaveURL(/\/$/)
  await expectState(page, 'session', 'anonymous')
  await expect(page.locator('input[name="email"]')).toBeVisible()
})

test('wrong password and a blocked account cannot sign in; the login button waits for a valid form', async ({ page }) => {
  await page.goto('/')
  const submit = page.locator('button[type="submit"]')
  await expect(submit).toBeDisabled()
  await page.locator('input[name="email"]').fill('not-an-email')
  await page.locator('input[name="password"]').fill('12345')
  await expect(submit).toBeDisabled()

  await loginViaUi(page, DEMO.admin.email, 'wrong-password')
  await expect(page.getByTestId('login-error')).toHaveText('Nieprawidłowy adres e-mail lub hasło')
  await expectState(page, 'session', 'anonymous')

  await loginViaUi(page, DEMO.blocked.email, DEMO.blocked.password)
  await expect(page.getByTestId('login-error')).toBeVisible()
  await expectState(page, 'session', 'anonymous')
})

test('a dead token signs the user out with auto_logout on the next call; logout clears the stored session', async ({ page }) => {
  await loginAs(page, 'worker')
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)
  expect(stored.role).toBe(1)
  await page.evaluate(() => localStorage.setItem('parcel-list-criteria', '{"type":"parcels"}'))

  // The server forgets the token (as after an expiry): the next call answers 401.
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('user')!)
    localStorage.setItem('user', JSON.stringify({ ...s, _token: 'expired-token' }))
  })
  await page.goto('/dashboard')
  await expectState(page, 'session', 'anonymous')
  await expect(page.getByText('Zostałeś wylogowany. Zaloguj się ponownie.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('parcel-list-criteria'))).toBeNull()

  await loginAs(page, 'client')
  await page.locator('[data-menu="logout"] button').click()
  await expectState(page, 'session', 'anonymous')
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
})
