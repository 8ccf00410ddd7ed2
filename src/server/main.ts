import { configFromEnv } from './config.ts'
import { holdDataDirOrExit } from './db/dataDirLock.ts'
import { openDb } from './db/db.ts'

const config = configFromEnv()
const started = Date.now()
// One process per embedded database: a second server on the same DATA_DIR refuses to start.
const unlock = holdDataDirOrExit(config)
// The database starts (PGlite: its WebAssembly compiled, the data directory opened) while the
// server's modules load: those are imported only now, and the two overlap.
const opening = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
opening.catch(() => {}) // awaited below; a failure is thrown there
const [{ serve }, { buildServer }, { MissingKey }, { closeDocumentPool }, { setScanLogEnabled }] = await Promise.all([
  import('@hono/node-server'),
  import('./server.ts'),
  import('./domain/secrets.ts'),
  import('./documents/pool.ts'),
  import('./domain/floorScanLog.ts'),
])
let built: Awaited<ReturnType<typeof buildServer>>
try {
  built = await buildServer(config, await opening)
} catch (e) {
  if (!(e instanceof MissingKey)) throw e
  console.error(`Back office cannot start: ${e.message}`)
  unlock()
  process.exit(1)
}
const { app, db, deps, notices } = built
for (const line of notices) console.log(line)
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
// The scan benchmark's rounds with and without the scan log in one process (SCAN_LOG=signal):
// SIGUSR2 switches it, and the server says which way on its output once the switch is made.
if (process.env.SCAN_LOG === 'signal') {
  let on = true
  process.on('SIGUSR2', () => {
    on = !on
    setScanLogEnabled(on)
    console.log(`scan log ${on ? 'on' : 'off'}`)
  })
}
