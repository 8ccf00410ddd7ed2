import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATE_MSG } from '../../src/contract/validation.ts'
import { PRICES, SURCHARGES } from '../../src/contract/constants/prices.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { priceEndpoints } from '../../src/contract/endpoints/prices.ts'
import { PRICES_MSG } from '../../src/contract/messages/prices.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * Operational price lists, courier prices and a shipment's accounted amounts over HTTP: every call
 * admin only; bad input 422 with the Polish message on the field and nothing written; a list in use
 * read-only (409); clone source; deactivation; the finance tab's amounts with their breakdown.
 */
let t: TestApp
let demoShop: number
const admin = () => t.tokens.admin
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params))[0]!
const countLists = async () => (await one<{ n: number }>(`select count(*)::int as n from operational_price_lists`)).n

const factors = Object.fromEntries(SURCHARGES.flatMap((x) => [[`${x}_account_factor_type`, 'lump_sum'], [`${x}_account_factor`, 0]]))
const validList = (over: Record<string, unknown> = {}) => ({
  name: 'Cennik testowy – Węgry',
  special_association: '',
  begin_date: '2026-01-01',
  currency: 'PLN',
  specific_factors_currency: 'HUF',
  id_country: 3,
  weight_thresholds: [
    { limiting_threshold: 2, base_amount: 10.5 },
    { limiting_threshold: 10, base_amount: 20 },
  ],
  ...factors,
  cod_account_factor_type: 'percent',
  cod_account_factor: 2,
  cod_account_factor_minimal: 4,
  cod_account_factor_maximal: 40,
  multi_pack_account_factor: 7.25,
  ...over,
})

beforeAll(async () => {
  t = await startApp()
  demoShop = (await one<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)).id
})
afterAll(() => t?.close())

describe('roles', () => {
  it('every price call: 401 without a token, 403 for a worker and for a client', async () => {
    const samples: Record<string, string | number> = { type: 'income', id: 1, courierId: 2 }
    for (const [name, ep] of Object.entries(priceEndpoints)) {
      const params = Object.fromEntries([...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, samples[m[1]!]!]))
      expect((await t.call(ep, { params, body: {} })).status, name).toBe(401)
      expect((await t.call(ep, { token: t.tokens.worker, params, body: {} })).status, name).toBe(403)
      expect((await t.call(ep, { token: t.tokens.client, params, body: {} })).status, name).toBe(403)
    }
    for (const ep of [E.priceListOne, E.shipmentAccountedAmounts]) {
      const params = { type: 'income', id: 1, internalNumber: 'RE100000001' }
      expect((await t.call(ep, { token: t.tokens.client, params })).status).toBe(403)
      expect((await t.call(ep, { token: t.tokens.worker, params })).status).toBe(403)
    }
  })
})

describe('operational price lists', () => {
  it('the table: default lists of the type, 25 a page, active marked; unknown type 404', async () => {
    const income = await t.call(E.priceListTable, { token: admin(), params: { type: 'income' }, body: { draw: 3, start: 0, length: PRICES.pageSize } })
    expect(income.status).toBe(200)
    expect(income.body.draw).toBe(3)
    expect(income.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['Cennik domyślny – Rumunia', 'Cennik domyślny – Węgry'])
    expect(income.body.data.every((r: { active: boolean; id_client: unknown }) => r.active && r.id_client === null)).toBe(true)
    const cost = await t.call(E.priceListTable, { token: admin(), params: { type: 'cost' }, body: { start: 0, length: 25, order: [{ column: 3, dir: 'asc' }] } })
    expect(cost.body.data.map((r: { courier: string }) => r.courier)).toEqual(['DPD Romania', 'GLS Hungary', 'Sameday Romania', 'Speedy Bulgaria'])
    expect((await t.call(E.priceListTable, { token: admin(), params: { type: 'other' }, body: { start: 0, length: 25 } })).status).toBe(404)
  })

  it('store → find gives back every field, thresholds in order, lump sums without bounds', async () => {
    const res = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList() })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(PRICES_MSG.priceListCreated)
    const got = await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: res.body.id } })
    expect(got.body).toMatchObject({
      name: 'Cennik testowy – Węgry', id_client: null, id_country: 3, country: 'Węgry', id_courier: null, currency: 'PLN', specific_factors_currency: 'HUF',
      // the demo's Hungarian default began later (180 days ago): it is in force, this one superseded
      begin_date: '2026-01-01', used: false, active: false, standing: 'superseded',
      cod_account_factor_type: 'percent', cod_account_factor: '2.00', cod_account_factor_minimal: '4.00', cod_account_factor_maximal: '40.00',
      multi_pack_account_factor_type: 'lump_sum', multi_pack_account_factor: '7.25', multi_pack_account_factor_minimal: null,
      weight_thresholds: [{ limiting_threshold: '2.000', base_amount: '10.50' }, { limiting_threshold: '10.000', base_amount: '20.00' }],
    })
    expect((await t.call(E.priceListOne, { token: admin(), params: { type: 'cost', id: res.body.id } })).status).toBe(404)
  })

  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    ['amount above 100 000', { insurance_account_factor: 100000.01 }, 'insurance_account_factor', PRICES_MSG.amountRange],
    ['negative amount', { oversize_account_factor: -1 }, 'oversize_account_factor', PRICES_MSG.amountRange],
    ['three decimals', { oversize_account_factor: 1.005 }, 'oversize_account_factor', PRICES_MSG.amountRange],
    ['percent minimum above maximum', { cod_account_factor_minimal: 50, cod_account_factor_maximal: 10 }, 'cod_account_factor_maximal', PRICES_MSG.minAboveMax],
    ['thresholds not rising', { weight_thresholds: [{ limiting_threshold: 5, base_amount: 1 }, { limiting_threshold: 5, base_amount: 2 }] }, 'weight_thresholds.1.limiting_threshold', PRICES_MSG.thresholdsRising],
    ['threshold 0', { weight_thresholds: [{ limiting_threshold: 0, base_amount: 1 }] }, 'weight_thresholds.0.limiting_threshold', PRICES_MSG.thresholdRange],
    ['base amount with 3 decimals', { weight_thresholds: [{ limiting_threshold: 1, base_amount: 1.111 }] }, 'weight_thresholds.0.base_amount', PRICES_MSG.amountRange],
    ['blank name', { name: '   ' }, 'name', 'Pole jest wymagane'],
    ['bad date', { begin_date: '2026-13-01' }, 'begin_date', DATE_MSG.date],
    ['31 February', { begin_date: '2026-02-31' }, 'begin_date', DATE_MSG.date],
    ['unknown currency', { currency: 'XYZ' }, 'currency', PRICES_MSG.unknownCurrency],
    ['no country on an income list', { id_country: null }, 'id_country', PRICES_MSG.countryRequired],
    ['unknown country', { id_country: 99 }, 'id_country', PRICES_MSG.unknownCountry],
    ['factor type other', { cod_account_factor_type: 'other' }, 'cod_account_factor_type', 'Nieprawidłowa wartość'],
  ]
  it.each(bad)('%s: 422 on the field, nothing written', async (_, over, field, message) => {
    const before = await countLists()
    const res = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList(over) })
    expect(res.status).toBe(422)
    expect(res.body.errors[field]).toContain(message)
    expect(await countLists()).toBe(before)
  })

  it('a cost list needs a courier', async () => {
    const res = await t.call(E.priceListStore, { token: admin(), params: { type: 'cost' }, body: validList({ id_country: null }) })
    expect(res.status).toBe(422)
    expect(res.body.errors.id_courier).toEqual([PRICES_MSG.courierRequired])
  })

  it('overlap: a second list of the same kind, scope, country or courier, association and begin date is refused with 409, nothing written', async () => {
    const first = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name: 'RO A', id_country: 1, begin_date: '2031-03-01' }) })
    expect(first.status).toBe(200)
    const before = await countLists()
    const second = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name: 'RO B', id_country: 1, begin_date: '2031-03-01' }) })
    expect(second.status).toBe(409)
    expect(second.body.message).toBe(PRICES_MSG.overlap('RO A'))
    expect(await countLists()).toBe(before)
    // Another begin date, association, country, type or a client's own list: each its own scope.
    for (const [type, over] of [
      ['income', { begin_date: '2031-03-02' }],
      ['income', { special_association: 'eMAG' }],
      ['income', { id_country: 3 }],
      ['income', { id_client: demoShop }],
      ['cost', { id_courier: 2 }],
    ] as const) {
      const res = await t.call(E.priceListStore, { token: admin(), params: { type }, body: validList({ name: 'RO inny', id_country: 1, begin_date: '2031-03-01', ...over }) })
      expect(res.status, JSON.stringify(over)).toBe(200)
    }
    // The same client twice is refused like the default.
    const again = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name: 'RO klient', id_country: 1, begin_date: '2031-03-01', id_client: demoShop }) })
    expect(again.status).toBe(409)
    // Moving another list onto the taken day by update is refused too; saving a list unchanged is not.
    const moved = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name: 'RO C', id_country: 1, begin_date: '2031-04-01' }) })
    const onto = await t.call(E.priceListUpdate, { token: admin(), params: { type: 'income' }, body: { ...validList({ name: 'RO C', id_country: 1, begin_date: '2031-03-01' }), id: moved.body.id } })
    expect(onto.status).toBe(409)
    const same = await t.call(E.priceListUpdate, { token: admin(), params: { type: 'income' }, body: { ...validList({ name: 'RO A2', id_country: 1, begin_date: '2031-03-01' }), id: first.body.id } })
    expect(same.status).toBe(200)
  })

  it('update replaces header and thresholds; delete removes a list not in use', async () => {
    const { body } = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name: 'Do zmiany', begin_date: '2026-01-02' }) })
    const upd = await t.call(E.priceListUpdate, {
      token: admin(), params: { type: 'income' },
      body: { ...validList({ name: 'Zmieniony', begin_date: '2026-01-02', weight_thresholds: [{ limiting_threshold: 31.5, base_amount: 99.99 }] }), id: body.id },
    })
    expect(upd.status).toBe(200)
    const got = await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: body.id } })
    expect(got.body.name).toBe('Zmieniony')
    expect(got.body.weight_thresholds).toEqual([{ limiting_threshold: '31.500', base_amount: '99.99' }])
    const bad = await t.call(E.priceListUpdate, { token: admin(), params: { type: 'income' }, body: { ...validList({ begin_date: '2026-01-02', multi_pack_account_factor: 'x' }), id: body.id } })
    expect(bad.status).toBe(422)
    expect((await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: body.id } })).body.name).toBe('Zmieniony')
    expect((await t.call(E.priceListDelete, { token: admin(), params: { type: 'income' }, body: { id: body.id } })).status).toBe(200)
    expect((await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: body.id } })).status).toBe(404)
  })

  it('a list in use (it charged shipments) is read-only: check says used, update and delete 409 with the spec message', async () => {
    const [used] = await t.db.query<{ id: number }>(`select price_list_id as id from accounted_amounts a join operational_price_lists o on o.id = a.price_list_id where o.type = 'income' limit 1`)
    expect(used).toBeDefined()
    expect((await t.call(E.priceListCheck, { token: admin(), params: { type: 'income', id: used!.id } })).body).toEqual({ used: true })
    const upd = await t.call(E.priceListUpdate, { token: admin(), params: { type: 'income' }, body: { ...validList(), id: used!.id } })
    expect(upd).toMatchObject({ status: 409, body: { message: PRICES_MSG.inUse } })
    const del = await t.call(E.priceListDelete, { token: admin(), params: { type: 'income' }, body: { id: used!.id } })
    expect(del).toMatchObject({ status: 409, body: { message: PRICES_MSG.inUse } })
    expect((await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: used!.id } })).body.used).toBe(true)
  })

  it('current active default: the RO default for country 1; none for Bulgaria', async () => {
    const ro = await t.request('GET', 'app/v1/operational_price_list/income/current_active_default?id_country=1', { token: admin() })
    expect(ro.status).toBe(200)
    expect(ro.body.map((l: { name: string }) => l.name)).toEqual(['Cennik domyślny – Rumunia'])
    expect(ro.body[0].weight_thresholds.length).toBeGreaterThan(0)
    const bg = await t.request('GET', 'app/v1/operational_price_list/income/current_active_default?id_country=4', { token: admin() })
    expect(bg.body).toEqual([])
    expect((await t.request('GET', 'app/v1/operational_price_list/income/current_active_default?id_country=x', { token: admin() })).status).toBe(422)
  })

  it('the default in force wins: clone copies the newest begun list, the table marks it alone active, others future or superseded', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const assoc = 'Test21'
    const store = async (name: string, begin: string, base: number) =>
      (await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name, begin_date: begin, special_association: assoc, id_country: 4, weight_thresholds: [{ limiting_threshold: 5, base_amount: base }] }) })).body.id as number
    // stored newest first, so "the first row" and "the lowest id" are both the wrong answers
    const future = await store('BG przyszły', day(30), 30)
    const current = await store('BG obecny', day(-10), 20)
    const old = await store('BG stary', day(-400), 10)
    const clone = await t.request('GET', `app/v1/operational_price_list/income/current_active_default?id_country=4&special_association=${assoc}`, { token: admin() })
    expect(clone.status).toBe(200)
    expect(clone.body.map((l: { id: number }) => l.id)).toEqual([current])
    expect(clone.body[0].weight_thresholds).toEqual([{ limiting_threshold: '5.000', base_amount: '20.00' }])
    const table = await t.call(E.priceListTable, { token: admin(), params: { type: 'income' }, body: { start: 0, length: 25, search: { value: 'BG ' } } })
    const byId = new Map(table.body.data.map((r: { id: number }) => [r.id, r]))
    expect(byId.get(current)).toMatchObject({ active: true, standing: 'in_force' })
    expect(byId.get(old)).toMatchObject({ active: false, standing: 'superseded' })
    expect(byId.get(future)).toMatchObject({ active: false, standing: 'future' })
    // the demo defaults each stand alone for their country: in force
    const all = await t.call(E.priceListTable, { token: admin(), params: { type: 'income' }, body: { start: 0, length: 25, search: { value: 'domyślny' } } })
    expect(all.body.data.every((r: { standing: string }) => r.standing === 'in_force')).toBe(true)
    for (const id of [future, current, old]) await t.call(E.priceListDelete, { token: admin(), params: { type: 'income' }, body: { id } })
  })

  it('deactivate: a client list that is active → deactivated (not active any more); a default list or an inactive one 409', async () => {
    const { body } = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: validList({ name: 'Klienta', id_client: demoShop, begin_date: '2025-06-01' }) })
    const res = await t.call(E.priceListDeactivate, { token: admin(), params: { type: 'income' }, body: { id: body.id } })
    expect(res).toMatchObject({ status: 200, body: { message: PRICES_MSG.priceListDeactivated } })
    const got = await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: body.id } })
    expect(got.body.active).toBe(false)
    expect(got.body.deactivated_at).not.toBeNull()
    expect((await t.call(E.priceListDeactivate, { token: admin(), params: { type: 'income' }, body: { id: body.id } })).body.message).toBe(PRICES_MSG.notActive)
    const def = await one<{ id: number }>(`select id from operational_price_lists where id_client is null and type = 'income' limit 1`)
    expect(await t.call(E.priceListDeactivate, { token: admin(), params: { type: 'income' }, body: { id: def.id } })).toMatchObject({ status: 409, body: { message: PRICES_MSG.notClientList } })
  })
})

describe('couriers, currencies, courier prices', () => {
  it('reference lists: couriers with a country, currencies with rates', async () => {
    const c = await t.call(E.courierList, { token: admin() })
    expect(c.body.map((r: { code: string }) => r.code)).toEqual(['dpd_romania', 'sameday_romania', 'gls_hungary', 'speedy_bulgaria'])
    const cur = await t.call(E.currencyList, { token: admin() })
    expect(cur.body.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['PLN', 'RON', 'HUF', 'BGN']))
  })

  it('prices of a courier; one price; update within 0–100 (422 outside, nothing written)', async () => {
    const list = await t.call(E.courierPrices, { token: admin(), params: { id: 2 } })
    expect(list.status).toBe(200)
    expect(list.body.length).toBe(3)
    const p = list.body[0]
    expect((await t.call(E.courierPriceOne, { token: admin(), params: { courierId: 1, id: p.id } })).body).toEqual(p)
    const ok = await t.call(E.courierPriceUpdate, {
      token: admin(), body: { id: p.id, net_price: 13.4, vat_percentage: 23, max_insurance_value: 60, min_weight_value: 0, max_weight_value: 5, caution: true },
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ net_price: '13.40', max_insurance_value: '60.00', caution: true })
    for (const [over, field] of [[{ net_price: 100.01 }, 'net_price'], [{ vat_percentage: -1 }, 'vat_percentage'], [{ min_weight_value: 10, max_weight_value: 5 }, 'max_weight_value']] as const) {
      const r = await t.call(E.courierPriceUpdate, { token: admin(), body: { id: p.id, net_price: 1, vat_percentage: 23, max_insurance_value: 1, min_weight_value: 0, max_weight_value: 5, ...over } })
      expect(r.status).toBe(422)
      expect(Object.keys(r.body.errors)).toContain(field)
    }
    expect((await one<{ v: string }>(`select net_price::text as v from courier_prices where id = $1`, [p.id])).v).toBe('13.40')
    expect((await t.call(E.courierPrices, { token: admin(), params: { id: 999 } })).status).toBe(404)
    expect((await t.call(E.courierPriceOne, { token: admin(), params: { courierId: 1, id: 999999 } })).status).toBe(404)
  })
})

describe('accounted amounts (finance tab)', () => {
  it('a charged demo shipment: main amount with base and breakdown lines adding up; list name kept', async () => {
    const s = await one<{ internal_waybill: string }>(
      `select s.internal_waybill from shipments s join accounted_amounts a on a.shipment_id = s.id and a.kind = 'main' order by s.id limit 1`,
    )
    const res = await t.call(E.shipmentAccountedAmounts, { token: admin(), params: { internalNumber: s.internal_waybill } })
    expect(res.status).toBe(200)
    const main = res.body.accounted_amounts.main
    expect(Number(main.summary)).toBeGreaterThan(0)
    expect(Number(main.base)).toBeGreaterThan(0)
    expect(main.lines[0].kind).toBe('base')
    const cents = main.lines.reduce((a: number, l: { amount: string }) => a + Math.round(Number(l.amount) * 100), 0)
    expect(cents).toBe(Math.round(Number(main.summary) * 100))
    expect(main.price_list_name).toMatch(/Cennik|Demo Shop/)
  })
})
