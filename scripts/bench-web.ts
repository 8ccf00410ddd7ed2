/**
 * `npm run bench:web` — what the browser gets, measured in Chromium (Playwright, /usr/bin/chromium
 * unless CHROMIUM is set) against the real server started here on a fresh PGlite database:
 *
 *  1. Login page: JS shipped before the form shows (sum of the scripts' encoded — gzip/brotli —
 *     sizes as transferred, from Resource Timing, with gzip only: `Accept-Encoding: gzip`), and
 *     the time from navigation start to the login form being visible, on a warm server (median
 *     of BENCH_RUNS fresh browser contexts, i.e. nothing cached in the browser).
 *  2. Each floor screen (intake, sorting, resolve, external inbound, set workstation, parcel search)
 *     opened directly by a signed-in worker holding a workstation: JS
 *     transferred until its machine is on screen.
 *  3. The parcel listing with a 5,000-row page (BENCH_WEB_PARCELS parcels in the database,
 *     default 6,000): time from the list reply's last byte to the first paint of its rows
 *     (MutationObserver on the table, then the next animation frame + a task = after paint).
 *
 *  4. Click → rows on the clients, invoices, users and parcels lists (`clickToRows`): a sidebar
 *     click to the first data row painted, with when the list request went out and came back and
 *     when the route's code was in — where the time goes. Twice: Playwright's click alone (the
 *     pointer arrives and presses at once: nothing fetched ahead), and with the pointer resting on
 *     the link HOVER_MS first, as a person's does before pressing (the link fetches the route's
 *     code on hover).
 *
 * Targets: initial JS ≤ 150 KB gzip for the login page and every floor screen, login form ≤ 300 ms, 5,000 rows ≤ 200 ms,
 * click → rows ≤ 300 ms. BENCH_WEB_ONLY=click runs part 4 alone (BENCH_WEB_LISTS=parcels,… only those lists),
 * BENCH_WEB_ONLY=js parts 1 and 2.
 * The build is made current first (scripts/dist.ts: built only when sources changed).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium } from 'playwright'
import { ensureBuild } from './dist.ts'
import { endpoints } from '../src/contract/endpoints.ts'
import { openPglite } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { seed } from '../src/server/seed.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const PARCELS = Number(process.env.BENCH_WEB_PARCELS ?? 6000)
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3150)
const TARGET = { jsKb: 150, loginMs: 300, rowsMs: 200, clickMs: 300 } as const
/** Figures of issue 23 (before its changes), printed beside today's. */
const BASELINE = { loginKb: '133.4–137', floorKb: '178.6', clickMs: '800–1,100' } as const
const WORKER = { email: 'worker@example.com', password: 'worker123' }
const ADMIN = { email: 'admin@example.com', password: 'admin123' }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const kb = (n: number) => (n / 1024).toFixed(1)

async function prepare(dir: string) {
  const db = await openPglite(dir)
  await migrate(db)
  await seed(db)
  await db.query(
    `insert into shipments (internal_waybill, client_id, delivery_service, origin_country_id, destination_country_id, last_mile_courier_id, correctly_requested_at)
     select 'RE9' || lpad(g::text, 8, '0'), (select id from clients where name = 'Demo Shop SRL'), 1, 2, 1, 2, now() - g * interval '1 minute'
       from generate_series(1, $1::int) g`,
    [PARCELS],
  )
  await db.query(
    `insert into parcels (shipment_id, client_id, internal_number, weight_declared, last_status_type_id, last_status_at)
     select id, client_id, internal_waybill, 1.5, 1, now() from shipments where internal_waybill like 'RE9%'`,
  )
  // Invoices for the invoices list (the demo data has none): one pending invoice per client and month.
  await db.query(
    `insert into invoices (client_id, period_from, period_to)
     select c.id, d::date, (d + interval '1 month - 1 day')::date
       from clients c, generate_series(date '2026-01-01', date '2026-06-01', interval '1 month') d`,
  )
  await db.close()
}

async function startServer(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', STATIC_DIR: join(root, 'dist'), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 120_000)
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  return child
}

const base = `http://127.0.0.1:${PORT}`
const newContext = (b: Browser) => b.newContext({ baseURL: base, extraHTTPHeaders: { 'accept-encoding': 'gzip' } })

/** Encoded (as transferred) bytes of every script the page loaded so far, and each script's name and bytes. */
const scripts = (ctx: BrowserContext) =>
  ctx.pages()[0]!.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map((e) => ({ name: new URL(e.name).pathname.replace(/^.*\//, ''), bytes: e.encodedBodySize })),
  )
const scriptBytes = async (ctx: BrowserContext) => (await scripts(ctx)).reduce((a, e) => a + e.bytes, 0)
/** BENCH_WEB_JS_DETAIL=1: every script a floor screen loaded, largest first (what to trim). */
const JS_DETAIL = process.env.BENCH_WEB_JS_DETAIL === '1'

async function loginPage(b: Browser) {
  const times: number[] = []
  let js = 0
  for (let i = 0; i < RUNS + 1; i++) {
    const ctx = await newContext(b)
    // Timed in the page: the first frame painted with the form's e-mail field laid out.
    // (Playwright's own wait polls at growing intervals, up to 500 ms apart: it measured its
    // polling, ~450 ms late.)
    await ctx.addInitScript(() => {
      const w = window as unknown as { __loginShown?: number }
      new MutationObserver((_, observer) => {
        const field = document.querySelector('input[name="email"]')
        if (!field || field.getBoundingClientRect().width === 0) return
        observer.disconnect()
        requestAnimationFrame(() => setTimeout(() => (w.__loginShown = performance.now())))
      }).observe(document, { subtree: true, childList: true })
    })
    const page = await ctx.newPage()
    await page.goto('/', { waitUntil: 'commit' })
    await page.waitForFunction(() => (window as unknown as { __loginShown?: number }).__loginShown !== undefined)
    const ms = await page.evaluate(() => (window as unknown as { __loginShown: number }).__loginShown)
    if (i > 0) times.push(ms) // the first run warms the server
    js = await scriptBytes(ctx)
    await ctx.close()
  }
  return { ms: median(times), js }
}

async function signIn(b: Browser, who: { email: string; password: string }) {
  const ctx = await newContext(b)
  const page = await ctx.newPage()
  await page.goto('/')
  await page.evaluate(() => performance.setResourceTimingBufferSize(10_000))
  await page.locator('input[name="email"]').fill(who.email)
  await page.locator('input[name="password"]').fill(who.password)
  await page.locator('button[type="submit"]').click()
  await page.locator('[data-machine="session"][data-state*="signedIn"], [data-machine="session"][data-state="signedIn"]').first().waitFor({ timeout: 30_000 })
  const state = await ctx.storageState()
  await ctx.close()
  return state
}

/** The floor screens: route, the workstation the worker holds (one of the screen's type), the workflow on screen once it shows. */
const FLOOR = [
  { path: '/parcel-from-number', workstation: 'PRZJ_01', machine: 'intakeScan' },
  { path: '/parcel-classification', workstation: 'SRTW_01', machine: 'classification' },
  { path: '/resolve-problematic', workstation: 'PRBL_01', machine: 'resolveProblematic' },
  { path: '/external_inbound/scan', workstation: 'PRZJ_01', machine: 'externalInbound' },
  { path: '/set-workstation', workstation: 'PRZJ_01', machine: 'workstation' },
  { path: '/parcel-search', workstation: 'PRZJ_01', machine: 'scanSearch' },
] as const

async function floorScreens(b: Browser) {
  // The worker holds a workstation of the screen's type (set over the API), so the screen itself opens.
  const login = await fetch(`${base}/api/${endpoints.login.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(WORKER) })
  const { _token } = (await login.json()) as { _token: string }
  const state = await signIn(b, WORKER)
  const out: { path: string; shown: string; js: number; detail: string }[] = []
  for (const screen of FLOOR) {
    const set = await fetch(`${base}/api/${endpoints.setWorkstation.path}`, {
      method: endpoints.setWorkstation.method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${_token}` },
      body: JSON.stringify({ code: screen.workstation }),
    })
    if (!set.ok) throw new Error(`set workstation: ${set.status}`)
    const ctx = await b.newContext({ baseURL: base, storageState: state, extraHTTPHeaders: { 'accept-encoding': 'gzip' } })
    const page = await ctx.newPage()
    await page.goto(screen.path)
    await page.evaluate(() => performance.setResourceTimingBufferSize(10_000))
    const shown = page.locator(`[data-machine="${screen.machine}"], [data-machine="workstation"]`).first()
    await shown.waitFor({ timeout: 30_000 })
    const machine = (await shown.getAttribute('data-machine')) ?? '?'
    await page.waitForLoadState('networkidle')
    const at = new URL(page.url()).pathname
    const loaded = (await scripts(ctx)).sort((x, y) => y.bytes - x.bytes)
    out.push({
      path: screen.path,
      shown: at === screen.path ? machine : `${machine}, then ${at}`,
      js: loaded.reduce((a, e) => a + e.bytes, 0),
      detail: loaded.map((e) => `${e.name} ${kb(e.bytes)}`).join(', '),
    })
    await ctx.close()
  }
  return out
}

async function listing(b: Browser) {
  const state = await signIn(b, ADMIN)
  const ctx = await b.newContext({ baseURL: base, storageState: state })
  const page = await ctx.newPage()
  await page.goto('/parcel-list')
  await page.evaluate(() => performance.setResourceTimingBufferSize(10_000))
  const table = page.locator('[data-machine="serverTable"]').first()
  await table.waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  const times: number[] = []
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
    // Back to a short page, then ask for 5,000 rows and time reply → first paint of the rows.
    await page.locator('select[name="pageLength"]').first().selectOption('25')
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => {
      performance.clearResourceTimings()
      const w = window as unknown as { __rowsPainted?: Promise<number> }
      w.__rowsPainted = new Promise<number>((resolve) => {
        const obs = new MutationObserver(() => {
          // Rows of the reply, not the loading placeholders: the table is no longer busy.
          const t = document.querySelector('[data-machine="serverTable"]')
          if (t?.getAttribute('aria-busy') === 'false' && t.querySelectorAll('tbody tr').length > 25) {
            obs.disconnect()
            requestAnimationFrame(() => {
              const ch = new MessageChannel()
              ch.port1.onmessage = () => resolve(performance.now())
              ch.port2.postMessage(0)
            })
          }
        })
        obs.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] })
      })
    })
    const reply = page.waitForResponse((r) => r.url().includes('/parcel/list') && r.request().method() === 'POST')
    await page.locator('select[name="pageLength"]').first().selectOption('5000')
    await (await reply).finished()
    const { painted, replyEnd, rows } = await page.evaluate(async () => {
      const w = window as unknown as { __rowsPainted: Promise<number> }
      const painted = await w.__rowsPainted
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/parcel/list'))
      return { painted, replyEnd: entries.at(-1)!.responseEnd, rows: document.querySelectorAll('[data-machine="serverTable"] tbody tr').length }
    })
    times.push(painted - replyEnd)
    if (i === 0) console.log(`  listing: ${rows} row elements in the DOM for a 5,000-row page (virtualized)`)
  }
  await ctx.close()
  return { ms: median(times), all: times }
}

/** The lists timed from a click on their sidebar link (admin's sidebar `data-menu` ids). */
const CLICK_LISTS = [
  { menu: 'clients', api: endpoints.clientList.path },
  { menu: 'invoices', api: endpoints.invoiceList.path },
  { menu: 'users', api: endpoints.usersData.path },
  { menu: 'parcels', api: endpoints.parcelList.path },
] as const

/** How long the pointer rests on a link before the press in the second click variant (a person's hover is longer). */
const HOVER_MS = 100

interface ClickTrace {
  /** Click → first data row painted. */
  total: number
  /** Click → the list request sent / its reply's last byte (resource timing). */
  requestStart: number
  replyEnd: number
  /** Click → the last script of the route fetched (0 when none was fetched after the click). */
  codeEnd: number
  /** Click → the screen's table first in the DOM (its code in and rendered, rows or not). */
  screenAt: number
  longTasks: number
  /** List requests sent after the click (1: the page asked ahead was the one the table took). */
  requests: number
}

/**
 * Click → rows: a fresh browser context (nothing cached: the route's code is fetched), signed in
 * as the admin, opens the dashboard and waits for the network to go quiet; the pointer then goes
 * to the list's sidebar link and clicks it (Playwright's click: move, down, up). Time from the
 * click event to the first data row (`tr[data-row-id]`) painted (next animation frame + a task),
 * with the list request's send and reply times and the route's scripts from resource timing.
 */
async function clickToRows(b: Browser, state: Awaited<ReturnType<typeof signIn>>, list: (typeof CLICK_LISTS)[number], hoverMs: number): Promise<ClickTrace> {
  const ctx = await b.newContext({ baseURL: base, storageState: state, extraHTTPHeaders: { 'accept-encoding': 'gzip' } })
  const page = await ctx.newPage()
  await page.goto('/dashboard')
  await page.locator(`[data-menu="${list.menu}"] a`).waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => {
    performance.setResourceTimingBufferSize(10_000)
    const w = window as unknown as { __click?: Promise<{ clickAt: number; painted: number; longTasks: number; screenAt: number }> }
    let longTasks = 0
    new PerformanceObserver((l) => (longTasks += l.getEntries().length)).observe({ type: 'longtask' })
    // The click's time (capture phase, before the router runs); the observer watches from now on.
    let clickAt = NaN
    document.addEventListener('pointerup', (e) => (clickAt = e.timeStamp), { capture: true, once: true })
    w.__click = new Promise((resolve) => {
      // (No named function in page code: tsx would wrap it in a helper the page does not have.)
      let screenAt = NaN
      const obs = new MutationObserver(() => {
        if (Number.isNaN(screenAt) && document.querySelector('[data-machine="serverTable"]')) screenAt = performance.now()
        if (!document.querySelector('[data-machine="serverTable"] tbody tr[data-row-id]')) return
        obs.disconnect()
        requestAnimationFrame(() => {
          const ch = new MessageChannel()
          ch.port1.onmessage = () => resolve({ clickAt, painted: performance.now(), longTasks, screenAt })
          ch.port2.postMessage(0)
        })
      })
      obs.observe(document.body, { childList: true, subtree: true })
    })
  })
  if (hoverMs > 0) {
    await page.locator(`[data-menu="${list.menu}"] a`).hover()
    await page.waitForTimeout(hoverMs)
  }
  await page.locator(`[data-menu="${list.menu}"] a`).click()
  const trace = await page.evaluate(async (api) => {
    const w = window as unknown as { __click: Promise<{ clickAt: number; painted: number; longTasks: number; screenAt: number }> }
    const { clickAt, painted, longTasks, screenAt } = await Promise.race([w.__click, new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`no data row from ${api} within 15 s`)), 15_000))])
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const after = entries.filter((e) => e.startTime >= clickAt - 300)
    const asked = after.filter((e) => new URL(e.name).pathname.endsWith(`/${api}`))
    const req = asked[0]
    const scripts = after.filter((e) => /\.js(\?|$)/.test(e.name))
    return {
      total: painted - clickAt,
      requestStart: req ? req.startTime - clickAt : NaN,
      replyEnd: req ? req.responseEnd - clickAt : NaN,
      codeEnd: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) - clickAt : 0,
      screenAt: screenAt - clickAt,
      longTasks,
      requests: asked.length,
    }
  }, list.api)
  await ctx.close()
  return trace
}

async function clickLists(b: Browser, hoverMs: number) {
  const state = await signIn(b, ADMIN)
  const out: Array<{ menu: string; hoverMs: number; runs: ClickTrace[] }> = []
  // BENCH_WEB_LISTS=parcels,users: only these lists (a profile of one).
  const only = process.env.BENCH_WEB_LISTS?.split(',')
  for (const list of CLICK_LISTS.filter((l) => !only || only.includes(l.menu))) {
    const runs: ClickTrace[] = []
    for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) runs.push(await clickToRows(b, state, list, hoverMs))
    out.push({ menu: list.menu, hoverMs, runs })
  }
  return out
}

const dir = mkdtempSync(join(tmpdir(), 'bench-web-'))
let server: ChildProcess | undefined
let browser: Browser | undefined
try {
  const b = await ensureBuild(root)
  console.log(`Web benchmark: ${RUNS} runs, ${PARCELS} parcels; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`)
  console.log(`  build: ${b.built ? `built ${b.folder}` : `unchanged ${b.folder}`}`)
  await prepare(dir)
  server = await startServer(dir)
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' })
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  const only = process.env.BENCH_WEB_ONLY
  if (only !== 'click') {
    const login = await loginPage(browser)
    const floor = await floorScreens(browser)
    const list = only === 'js' ? undefined : await listing(browser)
    console.log()
    console.log(`Login page: initial JS ${kb(login.js)} KB gzip (target ≤ ${TARGET.jsKb}: ${verdict(login.js / 1024 <= TARGET.jsKb)}; issue 23 baseline ${BASELINE.loginKb})`)
    console.log(`Login form visible ${login.ms.toFixed(0)} ms after navigation start, warm server, median (target ≤ ${TARGET.loginMs}: ${verdict(login.ms <= TARGET.loginMs)})`)
    for (const f of floor) {
      console.log(
        `Floor screen ${f.path} (${f.shown} on screen): JS ${kb(f.js)} KB gzip (target ≤ ${TARGET.jsKb}: ${verdict(f.js / 1024 <= TARGET.jsKb)}${f.path === FLOOR[0].path ? `; issue 23 baseline ${BASELINE.floorKb}` : ''})`,
      )
      if (JS_DETAIL) console.log(`  ${f.detail}`)
    }
    if (list) console.log(
      `Listing, 5,000-row page: reply → rows painted ${list.ms.toFixed(0)} ms median [${list.all.map((n) => n.toFixed(0)).join(', ')}] (target ≤ ${TARGET.rowsMs}: ${verdict(list.ms <= TARGET.rowsMs)})`,
    )
  }
  const clicks = only === 'js' ? [] : [...(await clickLists(browser, 0)), ...(await clickLists(browser, HOVER_MS))]
  for (const c of clicks) {
    const med = (f: (t: ClickTrace) => number) => median(c.runs.map(f)).toFixed(0)
    console.log(
      `Click → rows${c.hoverMs ? ` after a ${c.hoverMs} ms hover` : ''}, ${c.menu}: ${med((t) => t.total)} ms median [${c.runs.map((t) => t.total.toFixed(0)).join(', ')}] (target ≤ ${TARGET.clickMs}: ${verdict(median(c.runs.map((t) => t.total)) <= TARGET.clickMs)}; issue 23 baseline ${BASELINE.clickMs}); ` +
        `request sent at ${med((t) => t.requestStart)}, reply in at ${med((t) => t.replyEnd)}, route code in at ${med((t) => t.codeEnd)}, screen on at ${med((t) => t.screenAt)} ms, long tasks ${c.runs.reduce((a, t) => a + t.longTasks, 0)}, list requests per click ${Math.max(...c.runs.map((t) => t.requests))}`,
    )
  }
  console.log(`Load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`)
} finally {
  await browser?.close()
  if (server) {
    const s = server
    await new Promise<void>((r) => {
      s.once('exit', () => r())
      s.kill('SIGTERM')
    })
  }
  rmSync(dir, { recursive: true, force: true })
}
