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

test('under the Content-Security-Policy the app and the in-app inspector run, with brotli assets and no violations', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  // Script file → its Content-Encoding (a file whose compressed copy is not smaller goes as it is).
  const encodings: Promise<[string, string]>[] = []
  page.on('response', (r) => {
    if (/\/assets\/.+\.js$/.test(r.url())) encodings.push(r.allHeaders().then((h) => [r.url(), h['content-encoding'] ?? 'identity']))
  })
  const res = await page.goto('/?inspect')
  expect((await res!.allHeaders())['content-security-policy']).toContain("script-src 'self'")
  await expect(page.locator('[data-inspector="panel"]')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Logowanie' })).toBeVisible()
  const sent = await Promise.all(encodings)
  const entry = sent.filter(([url]) => /\/assets\/index-[\w-]+\.js$/.test(url))
  expect(entry).toHaveLength(1)
  expect(entry[0]![1]).toBe('br')
  expect(sent.filter(([, enc]) => enc === 'br').length).toBeGreaterThan(sent.length / 2)
  expect(violations).toEqual([])
  await page.goto('/?inspect=0')
})
