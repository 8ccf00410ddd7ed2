import { expect, test } from '@playwright/test'
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_THROTTLE_WINDOW_MS, PASSWORD_MIN_LENGTH } from '../../src/contract/constants/session.ts'
import { API_BASE } from '../../src/contract/constants/platform.ts'
import { MODERNIZATION_NOTICE } from '../../src/contract/constants/ui.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { MSG, PROFILE_TEXT } from '../../src/contract/messages.ts'
import { ROUTES, href } from '../../src/contract/routes.ts'
import { SESSION_KEY_TEXT } from '../../src/contract/messages/session.ts'
import { signIn } from './support.ts'

/** Profile (password change), password recovery and the e-mail check page. */

let base = ''

async function post(path: string, body: unknown, token?: string) {
  const send = () =>
    fetch(new URL(API_BASE + path, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  const res = await send().catch(send)
  return { status: res.status, data: (await res.json().catch(() => null)) as Record<string, unknown> }
}


test.beforeAll(async ({}, info) => {
  base = info.project.use.baseURL!
})

test('/profile lists the live sessions (when, from where) and logs out everywhere else', async ({ page }) => {
  const admin = await post(endpoints.login.path, { email: 'admin@example.com', password: 'admin123' })
  const email = `e2e-sessions-${Date.now()}@example.com`
  expect((await post(endpoints.register.path, { email, password: 'start123', role: 1 }, admin.data._token as string)).status).toBe(201)
  await signIn(page, email, 'start123', { land: false })
  await expect(page).toHaveURL(new RegExp(`${ROUTES.dashboard.path}$`))
  const other = (await post(endpoints.login.path, { email, password: 'start123' })).data._token as string
  await page.goto(ROUTES.profile.path)
  const sessions = page.getByTestId('profile-session')
  await expect(sessions).toHaveCount(2)
  await expect(sessions.filter({ hasText: PROFILE_TEXT.current })).toHaveCount(1)
  await expect(sessions.first()).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} · \S+/)
  await page.getByTestId('sessions-end-others').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(page.getByText(MSG.sessionsEnded(1))).toBeVisible()
  await expect(sessions).toHaveCount(1)
  const whoami = (token: string) => fetch(new URL(API_BASE + endpoints.whoami.path, base), { headers: { authorization: `Bearer ${token}` } })
  expect((await whoami(other)).status).toBe(401)
})

test('a user changes the password on /profile and signs in with the new one', async ({ page }) => {
  const admin = await post(endpoints.login.path, { email: 'admin@example.com', password: 'admin123' })
  const email = `e2e-profile-${Date.now()}@example.com`
  const made = await post(endpoints.register.path, { email, password: 'start123', role: 1 }, admin.data._token as string)
  expect(made.status).toBe(201)

  await signIn(page, email, 'start123', { land: false })
  await expect(page).toHaveURL(new RegExp(`${ROUTES.dashboard.path}$`))
  await page.getByTestId('sidebar').getByRole('link', { name: 'Zmiana hasła' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  // Another session of the same user, which the change must end.
  const other = (await post(endpoints.login.path, { email, password: 'start123' })).data._token as string

  const save = page.locator('button[name=save]')
  await expect(save).toBeDisabled()
  await page.locator('input[name=current_password]').fill('zle-haslo')
  await page.locator('input[name=password]').fill('abc')
  await page.locator('input[name=password]').blur()
  await expect(page.getByText(MSG.minLength(6))).toBeVisible()
  await page.locator('input[name=password]').fill('nowe-haslo')
  await page.locator('input[name=confirmation]').fill('inne-haslo')
  await expect(save).toBeDisabled()
  await page.locator('input[name=confirmation]').fill('nowe-haslo')
  await expect(save).toBeEnabled()
  // A wrong current password: its message under its field, nothing changed.
  await save.click()
  await expect(page.locator('#f-current_password-err')).toHaveText(MSG.wrongCurrentPassword)
  await page.locator('input[name=current_password]').fill('start123')
  await expect(page.locator('#f-current_password-err')).toHaveCount(0)
  await save.click()
  await expect(page.getByText(SESSION_KEY_TEXT.password_changed)).toBeVisible()
  await expect(page.locator('input[name=password]')).toHaveValue('')
  await expect(page.locator('input[name=current_password]')).toHaveValue('')
  // The other session is over; this one goes on.
  const whoami = (token: string) => fetch(new URL(API_BASE + endpoints.whoami.path, base), { headers: { authorization: `Bearer ${token}` } })
  expect((await whoami(other)).status).toBe(401)
  await page.reload()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Zmiana hasła' })).toBeVisible()

  expect((await post(endpoints.login.path, { email, password: 'start123' })).status).not.toBe(200)
  expect((await post(endpoints.login.path, { email, password: 'nowe-haslo' })).status).toBe(200)
})

test('login form: a short password gets its message (also on Enter), a blocked account its own, too many failures a wait', async ({ page }) => {
  const cspViolations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text())
  })
  await page.goto('/')
  const password = page.locator('input[name=password]')
  await page.locator('input[name=email]').fill('admin@example.com')
  await password.fill('12345')
  await password.press('Enter')
  await expect(page.locator('#f-password-err')).toHaveText(MSG.minLength(PASSWORD_MIN_LENGTH))
  await expect(page.getByRole('button', { name: 'Zaloguj' })).toBeDisabled()
  await password.fill('123456')
  await expect(page.locator('#f-password-err')).toHaveCount(0)

  // The right password of a blocked account: the account is blocked (a wrong one says only "wrong").
  await password.fill('blocked123')
  await page.locator('input[name=email]').fill('blocked@example.com')
  await page.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(page.getByTestId('login-error')).toHaveText(SESSION_KEY_TEXT.user_blocked)

  // Ten failures of one account: the next attempt is refused with the wait, at once.
  const email = `e2e-locked-${Date.now()}@example.com`
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) expect((await post(endpoints.login.path, { email, password: 'zle-haslo' })).status).toBe(401)
  await page.locator('input[name=email]').fill(email)
  await password.fill('zle-haslo')
  await page.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(page.getByTestId('login-error')).toHaveText(MSG.tooManyAttempts(LOGIN_THROTTLE_WINDOW_MS / 60_000))
  expect(cspViolations).toEqual([])
})

test('login page: a link to public tracking; the modernization notice only until the downtime is over', async ({ page }) => {
  // Calendar days of the browser's time zone (Europe/Warsaw, CEST in September).
  await page.clock.setFixedTime(new Date('2026-09-01T10:00:00+02:00'))
  await page.goto('/')
  await page.getByRole('button', { name: 'Komunikat o modernizacji systemu' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('od 6 września 2026 do 13 września 2026 planowana jest modernizacja systemu')
  await expect(dialog).toContainText(MODERNIZATION_NOTICE.email)
  await dialog.getByRole('button', { name: 'Zamknij' }).click()

  await page.clock.setFixedTime(new Date('2026-09-13T22:00:00+02:00'))
  await page.reload()
  await page.getByRole('button', { name: 'Komunikat o modernizacji systemu' }).click()
  await expect(page.getByRole('dialog')).toContainText('trwa modernizacja systemu')
  await page.getByRole('dialog').getByRole('button', { name: 'Zamknij' }).click()

  await page.clock.setFixedTime(new Date('2026-09-14T00:30:00+02:00'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Logowanie' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Komunikat o modernizacji systemu' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Śledzenie przesyłki' }).click()
  await expect(page).toHaveURL(new RegExp(`${ROUTES.tracking.path}$`))
})

test('password recovery: from the login page, e-mail validated, toast and back to /; cancel goes to /', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click()
  await expect(page).toHaveURL(new RegExp(`${ROUTES.passwordRecover.path}$`))
  const send = page.locator('button[name=send]')
  await expect(send).toBeDisabled()
  await page.locator('input[name=email]').fill('nie-adres')
  await page.locator('input[name=email]').blur()
  await expect(page.getByText(MSG.invalidEmail)).toBeVisible()
  await expect(send).toBeDisabled()

  await page.getByTestId('cancel').click()
  await expect(page).toHaveURL(new RegExp(`${base}/?$`))
  await expect(page.getByRole('heading', { name: 'Logowanie' })).toBeVisible()

  await page.goto(href('passwordRecover'))
  await page.locator('input[name=email]').fill('worker@example.com')
  await send.click()
  await expect(page.getByText(SESSION_KEY_TEXT.password_recover_email_sent)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${base}/?$`))
  await expect(page.getByRole('heading', { name: 'Logowanie' })).toBeVisible()
})

test('e-mail check with an unknown token shows the red alert', async ({ page }) => {
  await page.goto(href('emailCheck', { token: 'to-nie-jest-token' }))
  await expect(page.getByTestId('email-check-page')).toHaveAttribute('data-outcome', 'invalid')
  await expect(page.getByTestId('mail-invalid')).toHaveText(SESSION_KEY_TEXT.mail_invalid)
  await expect(page.getByTestId('mail-valid')).toHaveCount(0)
})
