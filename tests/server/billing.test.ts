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
