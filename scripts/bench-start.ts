/**
 * `npm run bench:start` — how long `npm start` takes to answer: the time from spawning the same
 * command `npm start` runs (node --import tsx scripts/start.ts) to the first 200 on `/`, on a
 * fresh PGlite data directory (first start: migrations and demo data) and then on that existing
 * database (BENCH_RUNS starts, median and worst). The SPA build is made current before the first
 * timing (scripts/dist.ts), so the figures are the server's own start; a start that has to build
 * is reported apart. Target: an existing database answers within 5 s.
 *
 * Where /proc is (Linux), each start's CPU time up to that answer (user + system, all the
 * server's threads) is printed too: on a shared machine it moves far less with the load than the
 * wall time does.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from './dist.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TARGET_MS = 5000

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url)
    await res.arrayBuffer()
    return res.status === 200
  } catch {
    return false
  }
}

/** CPU milliseconds (user + system) a process has used so far; null without /proc. Clock ticks are 100 per second on Linux. */
function cpuMs(pid: number | undefined): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** Starts `npm start`'s command, waits for `/` to answer 200; answers the milliseconds, the CPU used by then and the process. */
async function timedStart(dataDir: string): Promise<{ ms: number; cpu: number | null; child: ChildProcess }> {
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let exited = false
  child.once('exit', () => (exited = true))
  while (!(await answers(`http://127.0.0.1:${port}/`))) {
    if (exited) throw new Error('the server exited before answering')
    if (performance.now() - t0 > 120_000) throw new Error('no answer within 120 s')
    await new Promise((r) => setTimeout(r, 20))
  }
  return { ms: performance.now() - t0, cpu: cpuMs(child.pid), child }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
console.log(`npm start timing: ${RUNS} starts on an existing PGlite database; load average ${load()}`)
const build = await ensureBuild(root)
console.log(build.built ? `(the SPA was built first: ${build.ms} ms, not counted)` : `SPA build current (checked in ${build.ms} ms)`)
const dir = mkdtempSync(join(tmpdir(), 'bench-start-'))
try {
  const first = await timedStart(dir)
  await stop(first.child)
  console.log(`first start, new database (migrations + demo data): ${first.ms.toFixed(0)} ms`)
  const times: number[] = []
  const cpus: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const run = await timedStart(dir)
    await stop(run.child)
    times.push(run.ms)
    if (run.cpu !== null) cpus.push(run.cpu)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  console.log(`existing database: median ${median.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`)
  if (cpus.length) {
    cpus.sort((a, b) => a - b)
    console.log(`existing database, the server's CPU time to that answer: median ${cpus[Math.floor(cpus.length / 2)]} ms (runs: ${cpus.join(', ')})`)
  }
  console.log(`Target: answers within ${TARGET_MS} ms on an existing database → ${times.at(-1)! <= TARGET_MS ? 'met' : 'NOT met'} (load average ${load()})`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
