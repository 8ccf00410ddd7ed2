import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPricer, readShipmentsToCharge, saveAccountedAmounts } from '../../src/server/domain/pricing/store.ts'
import type { ShipmentToCharge } from '../../src/server/domain/pricing/types.ts'
import { warsawDay } from '../../src/server/domain/dates.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * The charging interface on the seeded database: the demo shipments of the last 60 days charge to
 * non-zero amounts with their breakdown; Sofia EOOD (no BG list) gets no_operational_price_list_match;
 * the charges are kept (replacing earlier ones) and read back.
 */
let t: TestApp
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params))[0]!
const from = new Date(Date.now() - 61 * 86_400_000).toISOString().slice(0, 10)
const to = warsawDay()

beforeAll(async () => {
  t = await startApp()
})
afterAll(async () => t?.close())

async function all(f: { clientId?: number | null; batch?: number }) {
  const out: ShipmentToCharge[] = []
  for await (const b of readShipmentsToCharge(t.db, { ...f, from, to })) out.push(...b)
  return out
}

describe('charging the demo data', () => {
  it('Demo Shop: every shipment of the period (RO, HU, BG, PL) charges a non-zero main amount, with breakdown', async () => {
    const demo = await one<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
    const ships = await all({ clientId: demo.id, batch: 7 })
    const expected = await one<{ n: number }>(
      `select count(*)::int as n from shipments where client_id = $1 and deleted_at is null and created_at >= ($2::date)::timestamp at time zone 'Europe/Warsaw'`,
      [demo.id, from],
    )
    expect(ships.length).toBe(expected.n)
    expect(new Set(ships.map((s) => s.shipmentId)).size).toBe(ships.length)
    const pricer = await loadPricer(t.db, { clientId: demo.id, from, to })
    let ro = 0
    for (const s of ships) {
      const r = pricer.charge(s)
      ro++
      if (!r.ok) throw new Error(`${s.internalWaybill}: ${r.type} ${JSON.stringify(r.additionalData)}`)
      const main = r.amounts.find((a) => a.kind === 'main')!
      expect(Number(main.amount)).toBeGreaterThan(0)
      expect(main.priceListName).toMatch(/Demo Shop – |Cennik domyślny – Węgry/)
      expect(main.lines[0]!.kind).toBe('base')
      const sum = main.lines.reduce((a, l) => a + Math.round(Number(l.amount) * 100), 0)
      expect(sum).toBe(Math.round(Number(main.amount) * 100))
    }
    expect(ro).toBeGreaterThan(0)
  })

  it('Sofia EOOD: no BG list → no_operational_price_list_match with type, client and country', async () => {
    const sofia = await one<{ id: number }>(`select id from clients where name = 'Sofia EOOD'`)
    const ships = await all({ clientId: sofia.id })
    expect(ships.length).toBeGreaterThan(0)
    const pricer = await loadPricer(t.db, { clientId: sofia.id, from, to })
    const bg = ships.find((s) => s.countryId === 4)!
    expect(bg).toBeDefined()
    const r = pricer.charge(bg)
    expect(r).toEqual({
      ok: false,
      type: 'no_operational_price_list_match',
      additionalData: expect.objectContaining({ operationalPriceListType: 'income', clientId: sofia.id, countryId: 4 }),
    })
  })

  it('saveAccountedAmounts keeps the charges and replaces earlier ones', async () => {
    const ships = (await all({})).filter((s) => s.countryId === 1 || s.countryId === 3).slice(0, 20)
    const pricer = await loadPricer(t.db, { from, to })
    const rows = ships.flatMap((s) => {
      const r = pricer.charge(s)
      return r.ok ? [{ shipmentId: s.shipmentId, amounts: r.amounts }] : []
    })
    expect(rows.length).toBeGreaterThan(0)
    await saveAccountedAmounts(t.db, rows)
    await saveAccountedAmounts(t.db, rows)
    const kept = await t.db.query<{ shipment_id: number; kind: string; amount: string; lines: unknown }>(
      `select shipment_id, kind, amount::text as amount, lines from accounted_amounts where shipment_id = any($1::int[]) order by id`,
      [rows.map((r) => r.shipmentId)],
    )
    expect(kept.length).toBe(rows.reduce((n, r) => n + r.amounts.length, 0))
    const first = rows[0]!.amounts[0]!
    const k = kept.find((x) => x.shipment_id === rows[0]!.shipmentId && x.kind === first.kind)!
    expect(k.amount).toBe(first.amount)
    expect(k.lines).toEqual(first.lines)
  })
})
