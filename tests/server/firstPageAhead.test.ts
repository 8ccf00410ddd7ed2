import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import * as client from '../../src/web/api/client.ts'
import * as invoicing from '../../src/web/wiring/invoicing.ts'
import * as tables from '../../src/web/wiring/serverTable.ts'
import { type ListeningApp, listenApp } from './support.ts'

/**
 * A list's first page asked ahead of its screen (the sidebar link's click, src/web/routeLink.tsx):
 * the workflow's first request is sent once, and the screen's own table, started after it, takes
 * that reply instead of asking the server again. The browser client against the real server over
 * HTTP; the server counts the list requests it answers.
 */
let open: ListeningApp
const asked: string[] = []

beforeAll(async () => {
  open = await listenApp({}, (req) => asked.push(new URL(req.url).pathname))
  await open.t.db.query(
    `insert into invoices (client_id, period_from, period_to)
     select c.id, d::date, (d + interval '1 month - 1 day')::date from clients c, generate_series(date '2026-01-01', date '2026-03-01', interval '1 month') d`,
  )
  vi.stubEnv('VITE_API_BASE', open.base)
  client.setApiHooks({ onUnauthorized() {}, onPageExpired() {}, token: () => open.t.tokens.admin })
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await open?.close()
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
