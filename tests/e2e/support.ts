/**
 * Shared e2e helpers. Every spec runs against one server and one database (seeded with the demo
 * data of docs/demo-data.md) for the whole run: a spec that changes data should change data of its own.
 *
 * Views put `data-machine="<machine id>"` and `data-state="<state value as a dotted string>"` on
 * their root; the app root carries the session machine (`data-machine="session"`).
 */
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test'
import { API_BASE, XSRF_COOKIE, XSRF_HEADER } from '../../src/contract/constants/platform.ts'
import { STORAGE_KEY } from '../../src/contract/constants/ui.ts'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type Endpoint, type SuccessBody, fillPath } from '../../src/contract/endpoint.ts'
import { DEMO_USERS } from '../../src/server/seed.ts'

type DemoEmail = (typeof DEMO_USERS)[number]['email']
const demo = (email: DemoEmail) => DEMO_USERS.find((u) => u.email === email)!
/** The demo accounts, by short name. */
export const DEMO = {
  admin: demo('admin@example.com'),
  worker: demo('worker@example.com'),
  worker2: demo('worker2@example.com'),
  client: demo('client@example.com'),
  blocked: demo('blocked@example.com'),
} as const
export type DemoName = keyof typeof DEMO

/** The root element of a machine's view. */
export const machine = (page: Page, name: string): Locator => page.locator(`[data-machine="${name}"]`).first()

/** The current state of a machine as its view shows it ('signedIn.admin'), or null. */
export const machineState = (page: Page, name: string) => machine(page, name).getAttribute('data-state')

/** Waits until a machine's view shows the state: exact string, or a pattern ('signedIn' matches 'signedIn.admin'). */
export async function expectState(page: Page, name: string, state: string | RegExp) {
  const pattern = typeof state === 'string' ? new RegExp(`^${state.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\.|$)`) : state
  await expect(machine(page, name)).toHaveAttribute('data-state', pattern)
}

/** Fills and submits the login form on `/` (inputs name="email" / name="password", a submit button). */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/')
  await expectState(page, 'session', 'anonymous')
  const form = page.locator('form').filter({ has: page.locator('input[name="email"]') })
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="password"]').fill(password)
  await form.locator('button[type="submit"]').click()
}

/** Logs a demo user in through the UI and waits for the session to be signed in. */
export async function loginAs(page: Page, who: Exclude<DemoName, 'blocked'>) {
  await loginViaUi(page, DEMO[who].email, DEMO[who].password)
  await expectState(page, 'session', 'signedIn')
}

/** Calls an endpoint of the contract table over HTTP (for setting up data beside the UI). */
export async function api<E extends Endpoint>(
  request: APIRequestContext,
  ep: E,
  opts: { token?: string; body?: unknown; params?: Record<string, string | number> } = {},
) {
  // Like the browser: a non-GET call echoes the XSRF cookie the server set earlier.
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {}
  if (xsrf && ep.method !== 'GET') headers[XSRF_HEADER] = decodeURIComponent(xsrf)
  const res = await request.fetch(API_BASE + fillPath(ep.path, opts.params), {
    method: ep.method,
    headers,
    data: ep.method === 'GET' ? undefined : (opts.body ?? {}),
  })
  const text = await res.text()
  return { status: res.status(), body: text && (res.headers()['content-type'] ?? '').includes('json') ? JSON.parse(text) : text }
}

/** A bearer token of a demo user, obtained through the API. */
export async function apiToken(request: APIRequestContext, who: Exclude<DemoName, 'blocked'>): Promise<string> {
  const res = await api(request, endpoints.login, { body: { email: DEMO[who].email, password: DEMO[who].password } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body._token
}

/**
 * Calls an endpoint with plain fetch and a bearer token (no cookies, so no XSRF pairing), for
 * setting data up beside the UI. A reused keep-alive socket may be closed under us once; a second
 * attempt opens a new one.
 */
export async function fetchApi<E extends Endpoint>(
  baseURL: string,
  ep: E,
  token: string | null,
  body?: unknown,
  params?: Record<string, string | number>,
): Promise<{ status: number; data: SuccessBody<E> }> {
  const send = () =>
    fetch(new URL(API_BASE + fillPath(ep.path, params), baseURL), {
      method: ep.method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: ep.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    })
  const res = await send().catch(send)
  return { status: res.status, data: (await res.json().catch(() => null)) as SuccessBody<E> }
}

/** A bearer token through fetchApi. */
export async function fetchToken(baseURL: string, email: string, password: string): Promise<string> {
  const login = await fetchApi(baseURL, endpoints.login, null, { email, password })
  expect(login.status).toBe(200)
  return (login.data as { _token: string })._token
}

/** Signs in on the login page and, unless told otherwise, waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string, { land = true } = {}) {
  await page.goto('/')
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Zaloguj' }).click()
  if (land) await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * The demo worker starts afresh (any workstation they held is released), signs in, and scans the
 * workstation `code` on /set-workstation like a scanner; the page then lands on `landing`.
 */
export async function workerTakesWorkstation(page: Page, request: APIRequestContext, code: string, landing: RegExp) {
  const token = await apiToken(request, 'worker')
  await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })
  await signIn(page, DEMO.worker.email, DEMO.worker.password)
  await page.goto('/set-workstation')
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await page.keyboard.type(code, { delay: 5 })
  await page.waitForTimeout(SCANNER.idleMs.intake + 150)
  await expect(page).toHaveURL(landing)
}

/**
 * The demo worker (or `who`) at workstation `code` without walking the login form and
 * /set-workstation (the specs of those screens walk them): signed in and the workstation taken
 * through the API, the session put where the app keeps it, then `url` opened. The app checks the
 * stored session with whoami on load, as after any reload. Returns the session's token.
 */
export async function workerAtWorkstation(page: Page, baseURL: string, code: string, url: string, who: 'worker' | 'admin' = 'worker'): Promise<string> {
  const login = await fetchApi(baseURL, endpoints.login, null, { email: DEMO[who].email, password: DEMO[who].password })
  expect(login.status).toBe(200)
  const token = (login.data as { _token: string })._token
  expect((await fetchApi(baseURL, endpoints.endWorkflow, token, { type: 'manual' })).status).toBe(200)
  expect((await fetchApi(baseURL, endpoints.setWorkstation, token, { code })).status).toBe(200)
  await page.addInitScript(([key, value]) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value)
  }, [STORAGE_KEY.user, JSON.stringify(login.data)] as const)
  await page.goto(url)
  await expect(page.getByTestId('scan-input')).toBeFocused()
  return token
}
