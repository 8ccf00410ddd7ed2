import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { AxeBuilder } from '@axe-core/playwright'
import { type Page, type TestInfo, expect, test } from '@playwright/test'
import { STORAGE_KEY } from '../../src/contract/constants/ui.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type RouteName, href } from '../../src/contract/routes.ts'
import { DEMO, fetchApi, fetchToken, signIn } from './support.ts'
import { ALL_ROUTES, WORKSTATION, type Who as SignedIn, demoParams, requiredParams, routesOf } from './routeKit.ts'

const paramsOf = (name: RouteName, inbound: number) => demoParams(name, { inbound, alias: 1 }, 'a11y-not-a-real-token')

/**
 * The route walk: every screen of the route table, as every role that may open it (anonymous for
 * the public ones), with real demo records for the parameters. Each screen is a real one (its page
 * heading, no "Ekran w przygotowaniu" placeholder, no error toast), the role stays on it (no guard
 * sends it away), and axe-core finds no critical and no serious violation on it. Moderate and
 * minor findings are counted and attached to the report (`axe-<role>.json`), not failed on.
 *
 * Fast by design: one sign-in per role, then each screen is opened inside the running app as a
 * link would open it (history.pushState, which the router follows), and axe-core is put into each
 * document once (an init script) instead of once per analysis — AxeBuilder would otherwise parse
 * its half-megabyte source two or three times per screen. A scanning screen first gets a
 * workstation of its type through the API, as /set-workstation would give it, and is then loaded
 * afresh so the session reads it. Routes with parameters open real demo records.
 */

type Who = SignedIn | 'anonymous'

/** A barcode of our own (Sameday waybill form) for an external inbound record to open. */
const INBOUND_BARCODE = '9AXEA0000001'

/** Paths no route matches: the not-found page is a screen too. */
const UNKNOWN_PATH = '/no-such-page'

/** The heading of a screen not built yet: no route may show it. */
const PLACEHOLDER_HEADING = 'Ekran w przygotowaniu'


type Impact = 'critical' | 'serious' | 'moderate' | 'minor'
const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor']

interface Finding {
  who: Who
  url: string
  rule: string
  impact: Impact
  nodes: string[]
  count: number
}

/** Counts the page's requests in flight (the route's code chunk, its data). */
function inFlight(page: Page): () => number {
  let n = 0
  page.on('request', () => n++)
  page.on('requestfinished', () => n--)
  page.on('requestfailed', () => n--)
  return () => n
}

/** Waits until the screen has loaded what it shows: no request in flight for a moment, no loading marker. */
async function settle(page: Page, pending: () => number) {
  let quietSince = 0
  await expect
    .poll(
      () => {
        if (pending() > 0) quietSince = 0
        else quietSince ||= Date.now()
        return quietSince > 0 && Date.now() - quietSince >= QUIET_MS
      },
      { intervals: [25] },
    )
    .toBe(true)
  await expect(page.locator('.loading, .table-loading, [aria-busy="true"]')).toHaveCount(0)
}
const QUIET_MS = 150

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A page that carries axe-core in every document it loads, and counts its requests in flight. */
async function prepare(page: Page) {
  await page.addInitScript({ content: AXE_SOURCE })
  return inFlight(page)
}

/**
 * Opens `url` (a full load, or inside the app) and runs axe on it once it has settled. The screen
 * must stay on `url`: a guard sending the role elsewhere fails the test.
 */
async function audit(page: Page, pending: () => number, who: Who, url: string, { load = false } = {}): Promise<Finding[]> {
  if (load) await page.goto(url)
  else await page.evaluate((u) => history.pushState(null, '', u), url)
  await settle(page, pending)
  expect(new URL(page.url()).pathname, `${who} stays on ${url}`).toBe(url)
  // A real screen: its page heading, no placeholder, no error toast from loading it.
  if (url !== UNKNOWN_PATH) {
    await expect(page.locator('main h1, .page h1, .public-page h1, .login-page h1, h1').first(), `${url}: a page heading`).toBeVisible()
    await expect(page.getByTestId('placeholder'), `${url}: no placeholder`).toHaveCount(0)
    await expect(page.getByRole('heading', { name: PLACEHOLDER_HEADING })).toHaveCount(0)
    await expect(page.locator('.toast-error'), `${url}: no error toast`).toHaveCount(0)
  }
  // axe is already in the document (prepare); the builder's own injection is a no-op.
  const { violations } = await new AxeBuilder({ page, axeSource: 'void 0' }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze()
  return violations.map((v) => ({
    who,
    url,
    rule: v.id,
    impact: (v.impact ?? 'minor') as Impact,
    count: v.nodes.length,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
  }))
}

function summarise(findings: Finding[], pages: number) {
  const of = (i: Impact) => findings.filter((f) => f.impact === i)
  const totals = Object.fromEntries(IMPACTS.map((i) => [i, of(i).length])) as Record<Impact, number>
  const elements = Object.fromEntries(IMPACTS.map((i) => [i, of(i).reduce((n, f) => n + f.count, 0)])) as Record<Impact, number>
  return { pages, totals, elements }
}

async function report(testInfo: TestInfo, who: Who, findings: Finding[], pages: number) {
  const summary = summarise(findings, pages)
  const body = JSON.stringify({ ...summary, findings }, null, 2)
  writeFileSync(testInfo.outputPath(`axe-${who}.json`), body)
  await testInfo.attach(`axe-${who}.json`, { body, contentType: 'application/json' })
  console.log(`axe ${who}: ${pages} screens, violations (rule × screen) ${JSON.stringify(summary.totals)}, elements ${JSON.stringify(summary.elements)}`)
  const blocking = findings.filter((f) => f.impact === 'critical' || f.impact === 'serious')
  expect(blocking.map((f) => `${f.impact} ${f.rule} on ${f.url}: ${f.nodes.join(' | ')}`)).toEqual([])
}

let inboundId = 0

// The four audits take about 75 s together (admin 38 s); up to 4 min on a heavily loaded 2-core machine.
test.describe.configure({ timeout: 240_000 })
test.describe('route walk and accessibility (axe-core): every screen of the route table', () => {
  test.beforeAll(async ({ baseURL }) => {
    const token = await fetchToken(baseURL!, DEMO.admin.email, DEMO.admin.password)
    const res = await fetchApi(baseURL!, endpoints.externalInboundScan, token, { barcode: INBOUND_BARCODE })
    expect([200, 201]).toContain(res.status)
    const found = res.data.data ?? null
    expect(found).not.toBeNull()
    inboundId = found!.id
  })

  test('every route with a required parameter has a demo value here', () => {
    const missing = ALL_ROUTES.flatMap((n) => requiredParams(n).filter((k) => paramsOf(n, 1)[k] === undefined).map((k) => `${n}:${k}`))
    expect(missing).toEqual([])
  })

  test('anonymous: public screens and the not-found page', async ({ page }, testInfo) => {
    const urls = [...routesOf('anonymous').map((n) => href(n, paramsOf(n, inboundId))), UNKNOWN_PATH]
    const pending = await prepare(page)
    const findings: Finding[] = []
    for (const [i, url] of urls.entries()) findings.push(...(await audit(page, pending, 'anonymous', url, { load: i === 0 })))
    await report(testInfo, 'anonymous', findings, urls.length)
  })

  for (const who of ['admin', 'worker', 'client'] as const) {
    test(`${who}: every screen the role may open`, async ({ page, baseURL }, testInfo) => {
      const pending = await prepare(page)
      await signIn(page, DEMO[who].email, DEMO[who].password)
      const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}')._token as string, STORAGE_KEY.user)
      const names = routesOf(who)
      expect(names.length).toBeGreaterThan(3)
      // Scanning screens last: each first takes a workstation of its type; the workflow is ended after.
      const plain = names.filter((n) => !WORKSTATION[n])
      const scanning = names.filter((n) => WORKSTATION[n])
      const findings: Finding[] = []
      let pages = 0
      for (const n of plain) {
        findings.push(...(await audit(page, pending, who, href(n, paramsOf(n, inboundId)))))
        pages++
      }
      findings.push(...(await audit(page, pending, who, UNKNOWN_PATH)))
      pages++
      try {
        for (const n of scanning) {
          const code = WORKSTATION[n]![who as 'admin' | 'worker']
          const set = await fetchApi(baseURL!, endpoints.setWorkstation, token, { code })
          expect(set.status, `${who} takes ${code}`).toBe(200)
          findings.push(...(await audit(page, pending, who, href(n, paramsOf(n, inboundId)), { load: true })))
          pages++
        }
      } finally {
        if (scanning.length) await fetchApi(baseURL!, endpoints.endWorkflow, token, { type: 'manual' })
      }
      await report(testInfo, who, findings, pages)
    })
  }
})
