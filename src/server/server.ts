import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Context, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { DEFAULT_DATA_DIR, DEFAULT_PORT } from '../contract/constants.ts'
import { type Db, openDb } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { seed } from './db/seed.ts'
import { createApi } from './http/app.ts'
import type { Deps } from './http/handler.ts'
import { createMailer } from './mail.ts'
import { courierApiFromEnv } from './domain/courierApi.ts'
import { openVault, sealPlaintext } from './domain/secrets.ts'

export interface Config {
  port: number
  dataDir: string
  databaseUrl?: string
  publicUrl: string
  staticDir: string
}

export function configFromEnv(env = process.env): Config {
  const port = Number(env.PORT ?? DEFAULT_PORT)
  return {
    port,
    dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
  }
}

/** Opens the database, migrates, seeds an empty one, and builds the whole app (API + SPA). */
export async function buildServer(config: Config, db?: Db) {
  db ??= await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(db)
  await seed(db)
  const deps: Deps = {
    db,
    mail: createMailer(db),
    publicUrl: config.publicUrl,
    vault: await openVault(db, config.dataDir),
    courierApi: courierApiFromEnv(),
  }
  await sealPlaintext(db, deps.vault)
  const app = new Hono()
  app.route('/', createApi(deps))
  if (existsSync(join(config.staticDir, 'index.html'))) {
    const indexPath = join(config.staticDir, 'index.html')
    // Hashed assets may be cached for good; index.html never (a rebuild must reach the browser).
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('/*', async (c, next) => {
      await next()
      if (!c.req.path.startsWith('/assets/') && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache')
    })
    // Every other path is a client route of the SPA; read per request so a rebuild is served at once.
    const spa = (c: Context) => {
      c.header('Cache-Control', 'no-cache')
      return c.html(readFileSync(indexPath, 'utf8'))
    }
    // `/` first: serveStatic with `index: ''` would answer the directory itself (as a 4 KB download).
    app.get('/', spa)
    app.use('/*', serveStatic({ root: config.staticDir, index: '' }))
    app.get('*', spa)
  }
  return { app, deps, db }
}
