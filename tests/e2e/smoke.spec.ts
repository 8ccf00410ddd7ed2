import { expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { MSG } from '../../src/contract/messages.ts'
import { api, apiToken } from './support.ts'

test('the API answers: whoami without a token → 401', async ({ request }) => {
  const res = await api(request, endpoints.whoami)
  expect(res.status).toBe(401)
  expect(res.body).toEqual({ message: MSG.unauthenticated })
})

test('the API signs the demo admin in', async ({ request }) => {
  const token = await apiToken(request, 'admin')
  const res = await api(request, endpoints.whoami, { token })
  expect(res.status).toBe(200)
  expect(res.body.role).toBe(0)
})

test('/ serves the SPA shell', async ({ page }) => {
  const res = await page.goto('/')
  expect(res?.status()).toBe(200)
  expect(res?.headers()['content-type']).toContain('text/html')
  await expect(page.locator('#root')).toBeAttached()
})

test('a client route deep link serves the SPA shell too', async ({ request }) => {
  const res = await request.get('/users/user/1')
  expect(res.status()).toBe(200)
  expect(await res.text()).toContain('<div id="root">')
})
