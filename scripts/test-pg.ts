/**
 * `npm run test:pg`: the server test suite against a real PostgreSQL server.
 * DATABASE_URL when set, else the local default below. When the default does not answer, the run
 * is skipped (exit 0) with a clear line saying so; a DATABASE_URL that was set explicitly and does
 * not answer is a failure (exit 1). Each test file creates and drops its own database there.
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const url = process.env.DATABASE_URL || DEFAULT_URL
const shown = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')

async function answers(connectionString: string): Promise<string | null> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000, query_timeout: 2_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version') as v`)
    return rows[0]?.v ?? 'unknown'
  } catch (e) {
    console.log(`[test:pg] ${shown} does not answer: ${(e as Error).message}`)
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

const version = await answers(url)
if (!version && process.env.DATABASE_URL) {
  console.error(`[test:pg] FAILED: DATABASE_URL is set but ${shown} does not answer.`)
  process.exit(1)
}
if (!version) {
  console.log(`[test:pg] SKIPPED: no PostgreSQL server at ${shown}; the server tests ran on PGlite only. Set DATABASE_URL to run them on PostgreSQL.`)
  process.exit(0)
}

/**
 * Files whose every test opens its own PGlite (or its own PostgreSQL, already run by the PGlite pass
 * when a server answers), whatever DATABASE_URL says: the PGlite pass has run them, the same, once.
 */
const OWN_DATABASE = ['tests/server/secrets.test.ts', 'tests/server/billingRestart.test.ts', 'tests/server/warehouse/scanLogBatch.test.ts', 'tests/server/warehouse/sqlLiteral.test.ts']

console.log(`[test:pg] PostgreSQL ${version} at ${shown}: running tests/server on it (not ${OWN_DATABASE.length} files that open their own database)`)
const exclude = OWN_DATABASE.flatMap((file) => ['--exclude', file])
const child = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'tests/server', ...exclude, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
})
const forward = (signal: NodeJS.Signals) => process.on(signal, () => child.kill(signal))
forward('SIGINT')
forward('SIGTERM')
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
