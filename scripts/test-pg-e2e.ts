/**
 * The last two steps of `npm test` side by side: the server suite on PostgreSQL (`test:pg`, one
 * vitest worker) while the SPA is built and Playwright runs. Playwright mostly waits (a browser,
 * scanner idle windows, network quiet), so the PostgreSQL run fits in its gaps on two cores.
 * The PostgreSQL run's output is held and printed after Playwright's, so neither log is interleaved;
 * the exit code is the first failure's (0 when both pass).
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(args: string[], hold: boolean): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(npm, args, { cwd: root, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env })
    let out = ''
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }))
  })
}

const started = Date.now()
const [pg, e2e] = await Promise.all([run(['run', 'test:pg', '--', '--maxWorkers=1'], true), run(['run', 'test:e2e'], false)])
process.stdout.write(`\n---- test:pg (run beside test:e2e) ----\n${pg.out}`)
console.log(`[test:pg + test:e2e] ${Math.round((Date.now() - started) / 1000)} s; test:pg exit ${pg.code}, test:e2e exit ${e2e.code}`)
process.exit(e2e.code || pg.code)
