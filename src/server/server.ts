import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs'
import { matchRoute } from '../contract/routes.ts'
import { dirname, join } from 'node:path'
import { type Context, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import { API_BASE } from '../contract/constants/platform.ts'
import { type Db, openDb } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { seed } from './seed.ts'
import { createApi } from './http/app.ts'
import type { Config } from './config.ts'
import { handlers } from './http/handlers.ts'
import type { Deps } from './domain/context.ts'
import { createMailer } from './mail.ts'
import { courierApiFromEnv } from './domain/clientsCourierApi.ts'
import { openVault, sealPlaintext } from './domain/secrets.ts'
import { scheduleReceiptCompaction } from './domain/statsCompaction.ts'
import { scheduleIntegrationRetention } from './domain/integrationRetention.ts'
import { flushScanLog, scheduleScanLogRetention } from './domain/floorScanLog.ts'
import { queueConfigFromEnv, startJobQueue } from './domain/billing/queue.ts'
import { registerJobs } from './jobs.ts'

/** Where the build puts its hashed files (vite's default assetsDir). */
const ASSETS = '/assets/'

const commonHeaders = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'same-origin',
  // Popups (PDF windows, the optional Stately inspector) keep their opener.
  crossOriginOpenerPolicy: 'same-origin-allow-popups',
} as const

/**
 * Pages: scripts only from this origin (the build has no inline script). Inline styles are
 * allowed: the toast library injects its <style> element at run time. Images may be data: and
 * blob: URLs (downloads, barcodes); PDFs open in their own windows.
 */
const pageHeaders = secureHeaders({
  ...commonHeaders,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
})
/** API replies (JSON, PDF, XLSX) get the same headers but no CSP: a browser's PDF viewer must run. */
const apiHeaders = secureHeaders(commonHeaders)

/** The other finished build folders beside the served one (`dist-<hash>`, made by scripts/dist.ts). */
function previousBuilds(staticDir: string): string[] {
  const parent = dirname(staticDir)
  let current = ''
  try {
    current = realpathSync(staticDir)
  } catch {}
  try {
    return readdirSync(parent)
      .filter((d) => /^dist-[\w-]+$/.test(d))
      .map((d) => join(parent, d))
      .filter((d) => d !== current)
  } catch {
    return []
  }
}

/** Opens the database, migrates, seeds an empty one, and builds the whole app (API + SPA). */
export async function buildServer(config: Config, db?: Db) {
  db ??= await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(db)
  // The key first: without one (PostgreSQL) the server stops here, before anything is written.
  const { vault, notices } = await openVault(db, config.dataDir, { CREDENTIALS_KEY: config.credentialsKey, CREDENTIALS_KEY_FILE: config.credentialsKeyFile })
  await seed(db, undefined, vault)
  registerJobs()
  const deps: Deps = {
    db,
    mail: createMailer(db),
    publicUrl: config.publicUrl,
    vault,
    courierApi: courierApiFromEnv(),
  }
  await sealPlaintext(db, deps.vault)
  // The job queue (billing statements, …) runs in every server; closing the database stops it first.
  const jobs = await startJobQueue(db, queueConfigFromEnv())
  const stopCompaction = scheduleReceiptCompaction(db)
  const stopRetention = scheduleIntegrationRetention(db)
  const stopScanLogRetention = scheduleScanLogRetention(db)
  const closeDb = db.close.bind(db)
  db.close = async () => {
    stopCompaction()
    stopRetention()
    stopScanLogRetention()
    await flushScanLog(db)
    await jobs.stop()
    await closeDb()
  }
  const app = new Hono()
  // Every reply: no MIME sniffing, no framing, referrer kept within the site; pages also get the CSP.
  app.use('*', (c, next) => (c.req.path.startsWith(API_BASE) ? apiHeaders(c, next) : pageHeaders(c, next)))
  // API replies are never stored by browsers or proxies (they carry personal data behind a bearer
  // token). JSON replies come compressed from the API itself (http/app.ts, with their length, so
  // compress() passes them by); compress() is for the rest (files, CSV), when the client accepts it.
  app.use(`${API_BASE}*`, compress(), async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
  app.route('/', createApi(deps, handlers, { serverTiming: config.serverTiming, trustProxy: config.trustProxy ?? null }))
  if (existsSync(join(config.staticDir, 'index.html'))) {
    const indexPath = join(config.staticDir, 'index.html')
    // Hashed assets (the build writes .br and .gz beside them) may be cached for good; a name that
    // is not there is a 404, never the SPA page (a stale chunk must fail loudly, not parse HTML).
    // Source maps are not served, even if a development build left some.
    app.use(`${ASSETS}*`, async (c, next) => {
      if (c.req.path.endsWith('.map')) return c.notFound()
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use(`${ASSETS}*`, serveStatic({ root: config.staticDir, precompressed: true }))
    // A page loaded before `npm start` swapped in a new build still finds its lazy chunks in the
    // previous builds kept beside it (scripts/dist.ts); hashed names never clash.
    app.use(`${ASSETS}*`, async (c, next) => {
      const file = c.req.path.slice(ASSETS.length)
      const previous = /^[\w.-]+$/.test(file) ? previousBuilds(config.staticDir).find((dir) => existsSync(join(dir, 'assets', file))) : undefined
      if (!previous) return next()
      return serveStatic({ root: previous, precompressed: true })(c, next)
    })
    app.all(`${ASSETS}*`, (c) => c.notFound())
    // index.html never cached (a rebuild must reach the browser).
    app.use('/*', async (c, next) => {
      await next()
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache')
    })
    // Every other path is a client route of the SPA; read per request so a rebuild is served at once.
    const spa = (c: Context) => {
      c.header('Cache-Control', 'no-cache')
      return c.html(readFileSync(indexPath, 'utf8'))
    }
    // `/` first: serveStatic with `index: ''` would answer the directory itself (as a 4 KB download).
    app.get('/', spa)
    app.use('/*', serveStatic({ root: config.staticDir, index: '', precompressed: true }))
    // An address no route of the SPA matches is the app's not-found screen, answered with 404.
    app.get('*', (c) => {
      if (matchRoute(c.req.path)) return spa(c)
      c.status(404)
      return spa(c)
    })
  }
  return { app, deps, db, notices }
}
