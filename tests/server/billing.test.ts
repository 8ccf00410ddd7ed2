import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { BILLING_MSG } from '../../src/contract/messages/billing.ts'
import { type TestApp, startApp } from './support.ts'

let h: TestApp
beforeAll(async () => {
  h = await startApp()
}, 60_000)
afterAll(() => h?.close())

const clientId = async (name: string) => (await h.db.query<{ id: number }>(`select id from clients where name = $1`, [name]))[0]!.id

describe('ordering a billing statement', () => {
  it('admin orders: 201, order_accepted, its uuid; a job is queued', async () => {
    const demo = await clientId('Demo Shop SRL')
    const res = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing', client_id: demo, start: '2026-01-01', end: '2026-01-31', re_account: false } })
    expect(res.status).toBe(201)
    expect(res.body.type).toBe('billing')
    expect(res.body.client_name).toBe('Demo Shop SRL')
    expect(res.body.period_start).toBe('2026-01-01')
    const jobs = await h.db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'billing-statement' and data->'data'->>'uuid' = $1`, [res.body.uuid])
    expect(jobs[0]!.n).toBe(1)
  })

  it('409 while a buffer parcel received in the period has no client', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const res = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing', client_id: null, start: '2020-01-01', end: today } })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(BILLING_MSG.bufferParcelsWaiting)
  })

  it('only admins; start and end required; end not before start', async () => {
    expect((await h.call(E.exportOrder, { token: h.tokens.client, body: { type: 'billing', start: '2026-01-01', end: '2026-01-31' } })).status).toBe(403)
    const bad = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ start: [BILLING_MSG.startRequired], end: [BILLING_MSG.endRequired] })
    const back = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing', start: '2026-02-01', end: '2026-01-31' } })
    expect(back.status).toBe(422)
    expect(back.body.errors).toEqual({ end: [BILLING_MSG.endBeforeStart] })
  })
})

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** Polls find/{uuid} until the statement settles (the job runs on the app's own queue). */
async function settled(uuid: string, token = h.tokens.admin, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const r = await h.call(E.exportFind, { token, params: { uuid } })
    expect(r.status).toBe(200)
    if (!['order_accepted', 'accounting'].includes(r.body.status)) return r.body
    if (Date.now() > until) throw new Error(`statement ${uuid} still ${r.body.status}`)
    await new Promise((res) => setTimeout(res, 200))
  }
}

describe('the statement job', () => {
  it('Demo Shop: accounted, a real XLSX with one row per shipment and totals per currency', async () => {
    const demo = await clientId('Demo Shop SRL')
    const start = dayOffset(-70)
    const end = dayOffset(-1)
    const res = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing', client_id: demo, start, end, re_account: true } })
    expect(res.status).toBe(201)
    const s = await settled(res.body.uuid)
    const [{ n }] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from shipments where client_id = $1 and deleted_at is null and created_at >= ($2::date)::timestamp at time zone 'Europe/Warsaw' and created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'`,
      [demo, start, end],
    )
    expect(n).toBeGreaterThan(0)
    expect(s.total_count).toBe(n)
    expect(s.performed_count).toBe(n)
    expect(['validated', 'validation_error']).toContain(s.status)
    const file = await h.call(E.exportDownload, { token: h.tokens.admin, params: { identifier: s.identifier } })
    expect(file.status).toBe(200)
  })
})
