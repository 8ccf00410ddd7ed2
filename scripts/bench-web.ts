/**
 * `npm run bench:web` — what the browser gets, measured in Chromium (Playwright, /usr/bin/chromium
 * unless CHROMIUM is set) against the real server started here on a fresh PGlite database:
 *
 *  1. Login page: JS shipped before the form shows (sum of the scripts' encoded — gzip/brotli —
 *     sizes as transferred, from Resource Timing, with gzip only: `Accept-Encoding: gzip`), and
 *     the time from navigation start to the login form being visible, on a warm server (median
 *     of BENCH_RUNS fresh browser contexts, i.e. nothing cached in the browser).
 *  2. A floor screen (intake scan, /parcel-from-number) opened directly by a signed-in worker: JS
 *     transferred until its machine is on screen.
 *  3. The parcel listing with a 5,000-row page (BENCH_WEB_PARCELS parcels in the database,
 *     default 6,000): time from the list reply's last byte to the first paint of its rows
 *     (MutationObserver on the table, then the next animation frame + a task = after paint).
 *
 * Targets: initial JS ≤ 150 KB gzip for both pages, login form ≤ 300 ms, 5,000 rows ≤ 200 ms.
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
const TARGET = { jsKb: 150, loginMs: 300, rowsMs: 200 } as const
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

/** Encoded (as transferred) bytes of every script the page loaded so far. */
const scriptBytes = (ctx: BrowserContext) =>
  ctx.pages()[0]!.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || /\.js(\?|$)/.test(e.name))
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .reduce((a, e) => a + e.encodedBodySize, 0),
  )

async function loginPage(b: Browser) {
  const times: number[] = []
  let js = 0
  for (let i = 0; i < RUNS + 1; i++) {
    const ctx = await newContext(b)
    const page = await ctx.newPage()
    await page.goto('/', { waitUntil: 'commit' })
    await page.locator('input[name="email"]').waitFor({ state: 'visible' })
    const ms = await page.evaluate(() => performance.now())
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

async function floorScreen(b: Browser) {
  // The worker holds a workstation (set over the API), so the intake screen itself opens.
  const login = await fetch(`${base}/api/${endpoints.login.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(WORKER) })
  const { _token } = (await login.json()) as { _token: string }
  const set = await fetch(`${base}/api/${endpoints.setWorkstation.path}`, {
    method: endpoints.setWorkstation.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${_token}` },
    body: JSON.stringify({ code: 'PRZJ_01' }),
  })
  if (!set.ok) throw new Error(`set workstation: ${set.status}`)
  const state = await signIn(b, WORKER)
  const ctx = await b.newContext({ baseURL: base, storageState: state, extraHTTPHeaders: { 'accept-encoding': 'gzip' } })
  const page = await ctx.newPage()
  await page.goto('/parcel-from-number')
  await page.evaluate(() => performance.setResourceTimingBufferSize(10_000))
  await page.locator('[data-machine="intakeScan"], [data-machine="workstation"], [data-machine="setWorkstation"]').first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  const js = await scriptBytes(ctx)
  const url = page.url()
  await ctx.close()
  return { js, url }
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
  const login = await loginPage(browser)
  const floor = await floorScreen(browser)
  const list = await listing(browser)
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
  console.log()
  console.log(`Login page: initial JS ${kb(login.js)} KB gzip (target ≤ ${TARGET.jsKb}: ${verdict(login.js / 1024 <= TARGET.jsKb)})`)
  console.log(`Login form visible ${login.ms.toFixed(0)} ms after navigation start, warm server, median (target ≤ ${TARGET.loginMs}: ${verdict(login.ms <= TARGET.loginMs)})`)
  console.log(`Floor screen (${floor.url.replace(base, '')}): JS ${kb(floor.js)} KB gzip (target ≤ ${TARGET.jsKb}: ${verdict(floor.js / 1024 <= TARGET.jsKb)})`)
  console.log(
    `Listing, 5,000-row page: reply → rows painted ${list.ms.toFixed(0)} ms median [${list.all.map((n) => n.toFixed(0)).join(', ')}] (target ≤ ${TARGET.rowsMs}: ${verdict(list.ms <= TARGET.rowsMs)})`,
  )
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
