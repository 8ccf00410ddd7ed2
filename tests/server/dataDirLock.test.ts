/**
 * One embedded data directory, one server: real server processes (src/server/main.ts) started on
 * one DATA_DIR. The second refuses to start and names the directory and the holder's pid; the
 * first goes on serving; the lock goes with a clean stop and a stale one (dead pid) is taken over.
 * With PostgreSQL (DATABASE_URL) there is no lock: instances run side by side.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCK_FILE } from '../../src/server/db/dataDirLock.ts'
import { TEST_CREDENTIALS_KEY, freshPostgres, seedDataDir } from './support.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const children: ChildProcess[] = []

interface Started {
  child: ChildProcess
  /** Resolves with the port once the server listens, or with the exit code if it ends first. */
  outcome: Promise<{ port: number } | { code: number | null; output: string }>
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: join(tmpdir(), 'no-static-dir'), DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  const outcome = new Promise<{ port: number } | { code: number | null; output: string }>((resolve) => {
    const onData = (b: Buffer) => {
      output += b.toString()
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output)
      if (m) resolve({ port: Number(m[1]) })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => resolve({ code, output }))
  })
  return { child, outcome }
}

async function listening(s: Started): Promise<number> {
  const o = await s.outcome
  if (!('port' in o)) throw new Error(`server ended (${o.code}): ${o.output}`)
  return o.port
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))))

const whoami = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/whoami`)).status

let dir: string
let dataDir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lock-test-'))
  dataDir = join(dir, 'data')
  await seedDataDir(dataDir)
  // The first file of a run builds the seeded snapshot (initdb, migrations, seed): slow on a busy machine.
}, 180_000)
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

// PGlite's own servers whatever the run's DATABASE_URL: run once, in the PGlite pass.
describe.skipIf(process.env.DATABASE_URL)('one PGlite data directory, one server', () => {
  it('a second server on the same DATA_DIR exits 1 naming the directory and the pid; the first goes on; a clean stop releases the lock', { timeout: 90_000 }, async () => {
    const first = startServer({ DATA_DIR: dataDir })
    const port = await listening(first)
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid))

    const second = startServer({ DATA_DIR: dataDir })
    const refused = await second.outcome
    expect(refused).toMatchObject({ code: 1 })
    const output = 'output' in refused ? refused.output : ''
    expect(output).toContain(`Katalog danych ${dataDir} jest już używany`)
    expect(output).toContain(`pid ${first.child.pid}`)
    expect(output).not.toContain('listening')

    // The first still answers, and still holds the directory.
    expect(await whoami(port)).toBe(401)
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid))

    first.child.kill('SIGTERM')
    expect(await exited(first.child)).toBe(0)
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })

  it('a stale lock (its process is gone, as after a crash) is taken over', { timeout: 90_000 }, async () => {
    // A pid that surely no longer runs: a process that has ended.
    const gone = spawnSync(process.execPath, ['-e', 'process.pid'])
    expect(gone.status).toBe(0)
    writeFileSync(join(dataDir, LOCK_FILE), `${gone.pid}\n`)

    const next = startServer({ DATA_DIR: dataDir })
    const port = await listening(next)
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(next.child.pid))
    expect(await whoami(port)).toBe(401)
    next.child.kill('SIGTERM')
    expect(await exited(next.child)).toBe(0)
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })
})

describe.runIf(process.env.DATABASE_URL)('PostgreSQL', () => {
  it('needs no lock: two servers on one DATABASE_URL (and one DATA_DIR) both serve', { timeout: 120_000 }, async () => {
    const db = await freshPostgres(process.env.DATABASE_URL!)
    try {
      const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, CREDENTIALS_KEY: TEST_CREDENTIALS_KEY }
      // One after the other: the first migrates and seeds the empty database.
      const a = startServer(env)
      const pa = await listening(a)
      const b = startServer(env)
      const pb = await listening(b)
      expect(await whoami(pa)).toBe(401)
      expect(await whoami(pb)).toBe(401)
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
      a.child.kill('SIGTERM')
      b.child.kill('SIGTERM')
      expect(await Promise.all([exited(a.child), exited(b.child)])).toEqual([0, 0])
    } finally {
      await db.drop()
    }
  })
})
