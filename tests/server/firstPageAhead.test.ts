import { type ServerType, serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { buildServer } from '../../src/server/server.ts'
import { DEMO_USERS } from '../../src/server/seed.ts'
import { seededPglite } from './support.ts'

/**
 * A list's first page asked ahead of its screen (the sidebar link's click, src/web/routeLink.tsx):
 * the workflow's first request is sent once, and the screen's own table, started after it, takes
 * that reply instead of asking the server again. The browser client against the real server over
 * HTTP; the server counts the list requests it answers.
 */
const PORT = 3224
let server: ServerType
let close: () => Promise<void>
const asked: string[] = []
let client: typeof import('../../src/web/api/client.ts')
let tables: typeof import('../../src/web/wiring/serverTable.ts')
let invoicing: typeof import('../../src/web/wiring/invoicing.ts')

beforeAll(async () => {
  const { app, db } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent' }, await seededPglite())
  const fetch: typeof app.fetch = (req, ...rest) => {
    asked.push(new URL(req.url).pathname)
    return app.fetch(req, ...rest)
  }
  await new Promise<void>((listening) => {
    server = serve({ fetch, port: PORT, hostname: '127.0.0.1' }, () => listening())
  })
  close = () => db.close()
  await db.query(
    `insert into invoices (client_id, period_from, period_to)
     select c.id, d::date, (d + interval '1 month - 1 day')::date from clients c, generate_series(date '2026-01-01', date '2026-03-01', interval '1 month') d`,
  )
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${PORT}/api/`)
  // Server files share one module cache (isolate: false): the client must read this base anew.
  vi.resetModules()
  client = await import('../../src/web/api/client.ts')
  tables = await import('../../src/web/wiring/serverTable.ts')
  invoicing = await import('../../src/web/wiring/invoicing.ts')
  const admin = DEMO_USERS.find((u) => u.email === 'admin@example.com')!
  const { _token } = await client.call(E.login, { email: admin.email, password: admin.password })
  client.setApiHooks({ onUnauthorized() {}, onPageExpired() {}, token: () => _token })
})
afterAll(async () => {
  server?.close()
  await close?.()
  vi.unstubAllEnvs()
})

const listAsks = () => asked.filter((p) => p.endsWith(`/${E.invoiceList.path}`)).length

describe('first page asked ahead', () => {
  it('the screen started after the ask takes its reply: one list request, the same rows', async () => {
    const before = listAsks()
    tables.askFirstPageAhead(invoicing.invoiceListLogic, invoicing.invoiceListInput())
    // The request is on its way before the screen's workflow exists.
    await vi.waitFor(() => expect(listAsks()).toBe(before + 1))
    const screen = createActor(invoicing.invoiceListLogic, { input: invoicing.invoiceListInput() }).start()
    const table = screen.getSnapshot().children.table
    if (!table) throw new Error('no table child')
    const shown = await waitFor(table, (s) => s.hasTag('ready') || s.hasTag('error'), { timeout: 10_000 })
    expect(shown.hasTag('ready')).toBe(true)
    expect(shown.context.rows.length).toBeGreaterThan(0)
    expect(listAsks()).toBe(before + 1)
    screen.stop()
  })

  it('a reply is taken once: the next screen asks the server again', async () => {
    const before = listAsks()
    tables.askFirstPageAhead(invoicing.invoiceListLogic, invoicing.invoiceListInput())
    for (let i = 0; i < 2; i++) {
      const screen = createActor(invoicing.invoiceListLogic, { input: invoicing.invoiceListInput() }).start()
      await waitFor(screen.getSnapshot().children.table!, (s) => s.hasTag('ready'), { timeout: 10_000 })
      screen.stop()
    }
    expect(listAsks()).toBe(before + 2)
  })

  it('another request is not answered with the one asked ahead', async () => {
    const before = listAsks()
    let first: unknown
    client.askAhead(() => void (first = client.call(E.invoiceList, { draw: 1, start: 0, length: 10, search: { value: '' }, order: [] })))
    const other = await client.call(E.invoiceList, { draw: 1, start: 10, length: 10, search: { value: '' }, order: [] })
    await first
    expect(listAsks()).toBe(before + 2)
    expect(other.data.length).toBeLessThanOrEqual(10)
  })
})
