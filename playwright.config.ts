/**
 * End-to-end tests: a real Chromium against the real server (built SPA + API on a fresh PGlite
 * database in a temporary DATA_DIR, seeded with the demo data). `npm run test:e2e` builds first.
 *
 * E2E_PORT chooses the port (default 3100, or a free one when 3100 is taken). The port and the
 * data directory are decided once in the runner process and inherited by the workers via env.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type LaunchOptions, defineConfig, devices } from '@playwright/test'

/** 3100 when free, else any free port (asked synchronously of a short-lived node process). */
function pickPort(preferred: number): string {
  const probe = `const net=require('net');const s=net.createServer();s.once('error',()=>{const t=net.createServer().listen(0,'127.0.0.1',()=>{console.log(t.address().port);t.close()})});s.listen(${preferred},'127.0.0.1',()=>{console.log(${preferred});s.close()})`
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim()
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = pickPort(3100)
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'courier-e2e-'))
  process.env.E2E_DATA_DIR = dir
  // The runner process created it, the runner removes it (after the web server has stopped).
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
}
const port = process.env.E2E_PORT
const baseURL = `http://127.0.0.1:${port}`

const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions: LaunchOptions = existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    }
  : {}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    viewport: { width: 1400, height: 900 },
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    // Recording a trace of every test costs 10–25 % of the run on two cores; a failure is
    // re-run with `--trace on` to get one. The failure's screenshot is always kept.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 }, launchOptions } }],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/api/whoami`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      ...(process.env as Record<string, string>),
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      STATIC_DIR: 'dist',
      // The e2e server always runs on its own fresh PGlite, never on a shared PostgreSQL.
      DATABASE_URL: '',
      NODE_ENV: 'test',
    },
  },
})
