import { expect, test } from '@playwright/test'
import { API_BASE } from '../../src/contract/constants.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { MSG } from '../../src/contract/messages.ts'
import { ROUTES, href } from '../../src/contract/routes.ts'
import pl from '../../src/web/i18n/pl.json' with { type: 'json' }
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

test('a user changes the password on /profile and signs in with the new one', async ({ page }) => {
  const admin = await post(endpoints.login.path, { email: 'admin@example.com', password: 'admin123' })
  const email = `e2e-profile-${Date.now()}@example.com`
  const made = await post(endpoints.register.path, { email, password: 'start123', role: 1 }, admin.data._token as string)
  expect(made.status).toBe(201)

  await signIn(page, email, 'start123', { land: false })
  await expect(page).toHaveURL(new RegExp(`${ROUTES.dashboard.path}$`))
  await page.getByTestId('sidebar').getByRole('link', { name: 'Zmiana hasła' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  const save = page.locator('button[name=save]')
  await expect(save).toBeDisabled()
  await page.locator('input[name=password]').fill('abc')
  await page.locator('input[name=password]').blur()
  await expect(page.getByText(MSG.minLength(6))).toBeVisible()
  await page.locator('input[name=password]').fill('nowe-haslo')
  await page.locator('input[name=confirmation]').fill('inne-haslo')
  await expect(save).toBeDisabled()
  await page.locator('input[name=confirmation]').fill('nowe-haslo')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByText(pl.password_changed)).toBeVisible()
  await expect(page.locator('input[name=password]')).toHaveValue('')

  expect((await post(endpoints.login.path, { email, password: 'start123' })).status).not.toBe(200)
  expect((await post(endpoints.login.path, { email, password: 'nowe-haslo' })).status).toBe(200)
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
  await expect(page.getByText(pl.password_recover_email_sent)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${base}/?$`))
  await expect(page.getByRole('heading', { name: 'Logowanie' })).toBeVisible()
})

test('e-mail check with an unknown token shows the red alert', async ({ page }) => {
  await page.goto(href('emailCheck', { token: 'to-nie-jest-token' }))
  await expect(page.getByTestId('email-check-page')).toHaveAttribute('data-outcome', 'invalid')
  await expect(page.getByTestId('mail-invalid')).toHaveText(pl.mail_invalid)
  await expect(page.getByTestId('mail-valid')).toHaveCount(0)
})
