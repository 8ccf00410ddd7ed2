import { serve } from '@hono/node-server'
import { holdDataDirOrExit } from './db/dataDirLock.ts'
import { closeDocumentPool } from './documents/pool.ts'
import { buildServer, configFromEnv } from './server.ts'

const config = configFromEnv()
const started = Date.now()
// One process per embedded database: a second server on the same DATA_DIR refuses to start.
const unlock = holdDataDirOrExit(config)
const { app, db, deps } = await buildServer(config)
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(
    `Back office listening on http://localhost:${info.port} (${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, ready in ${Date.now() - started} ms)`,
  )
})
// Send queued e-mails now and then (SMTP when configured).
const mailTimer = setInterval(() => void deps.mail.flush().catch((e) => console.error('[mail]', e)), 30_000)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  clearInterval(mailTimer)
  server.close()
  await closeDocumentPool()
  await db.close()
  unlock()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
