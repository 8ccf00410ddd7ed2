/**
 * The last part of `npm test`, after the typecheck and the vitest run:
 *
 *   1. the SPA build (`vite build`);
 *   2. the server suite on PostgreSQL (`npm run test:pg`) side by side with Playwright's `pages`
 *      project (every screen that does not scan);
 *   3. Playwright's `floor` project alone (the specs that type like a scanner, 5 ms per key).
 *
 * Why the overlap: Playwright runs one worker, and waiting on the browser and the server leaves a
 * core mostly idle; the PostgreSQL suite fills it. Why not beside the floor specs: on two cores it
 * delays the scanner's keys enough that a burst is taken for typing (playwright.config.ts). The
 * suite's output is held back and printed whole when it ends, so the two logs do not interleave.
 * Any step failing fails the run (after step 2 has finished both of its parts).
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

interface Ended {
  code: number
  output: string
  seconds: number
}

/** Runs a command in the repository; `quiet` keeps its output until it ends. */
function run(command: string, args: string[], quiet = false): Promise<Ended> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env })
    let output = ''
    child.stdout?.on('data', (b: Buffer) => (output += b))
    child.stderr?.on('data', (b: Buffer) => (output += b))
    child.on('error', (e) => resolve({ code: 1, output: `${output}${e.message}\n`, seconds: (Date.now() - started) / 1000 }))
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }))
  })
}

const step = (what: string) => console.log(`\n[test] ${what}`)
const took = (what: string, e: Ended) => console.log(`[test] ${what}: ${e.code === 0 ? 'passed' : `FAILED (exit ${e.code})`} in ${e.seconds.toFixed(0)} s`)

step('vite build')
const build = await run('npx', ['vite', 'build'])
took('vite build', build)
if (build.code !== 0) process.exit(build.code)

step('test:pg (output when it ends) beside Playwright, project pages')
const [pg, pages] = await Promise.all([
  run('npm', ['run', '--silent', 'test:pg'], true).then((e) => {
    process.stdout.write(`\n[test] ---- test:pg output ----\n${e.output}[test] ---- end of test:pg output ----\n`)
    return e
  }),
  run('npx', ['playwright', 'test', '--project=pages']),
])
took('test:pg', pg)
took('Playwright pages', pages)
if (pg.code !== 0 || pages.code !== 0) process.exit(1)

step('Playwright, project floor (alone)')
const floor = await run('npx', ['playwright', 'test', '--project=floor'])
took('Playwright floor', floor)
process.exit(floor.code)
