import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests in a real Chromium against the real server (built SPA + API) on a fresh
 * database. Build first: `npx vite build && npx playwright test`.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
// One fresh data directory per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'courier-e2e-'))
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1400, height: 900 },
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    // The built SPA's index page: up once the database is migrated and seeded.
    url: `http://localhost:${port}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'test' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
