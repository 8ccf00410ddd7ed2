import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultDpdAccess } from '../../src/server/domain/clientsCourierApi.ts'
import { CLIENTS } from '../../src/contract/constants/clients.ts'
import { PAGE_SIZE } from '../../src/contract/constants/tables.ts'
import { generatePassword, generateUsername, PASSWORD_ALPHABET } from '../../src/contract/credentials.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { type Endpoint } from '../../src/contract/endpoint.ts'
import { clientEndpoints } from '../../src/contract/endpoints/clients.ts'
import { CLIENT_MSG } from '../../src/contract/messages/clients.ts'
import { MSG } from '../../src/contract/messages.ts'
import { STATUS } from '../../src/server/seed/warehouse.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * Clients and the client card's calls: every call with its roles, bad input (422 with Polish field
 * messages, nothing written), unknown ids (404), the list's classes from real shipment counts,
 * encrypted credential passwords, the sandbox courier check, and the dispatch block across to
 * the intake scan.
 */
let t: TestApp
let demoShop: number
let sofia: number
let blockedGoods: number

const admin = () => t.tokens.admin
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params))[0]!

const validClient = (over: Record<string, unknown> = {}) => ({
  name: 'Nowy Klient SRL',
  nip: 'RO99887766',
  email: 'nowy@example.com',
  contact_name: 'dla: Jan',
  street: 'Strada Nouă 5',
  city: 'Brașov',
  post_code: '500001',
  address: '-',
  bank_account_number: 'n/d',
  phone_number_prefix: '+48',
  phone_number: '600700800',
  country_id: 1,
  cod_enabled: 1,
  show_price_parcel: 0,
  download_ext: 0,
  api_enabled: 1,
  ext_number: 0,
  sender_signature: '',
  shipment_note: 'Trimis de: Nowy',
  re_returning_address: CLIENTS.defaults.returningAddress,
  re_broadcasting_facility_address: CLIENTS.defaults.broadcastingAddress,
  allowed_countries: [1, 3, 4],
  ...over,
})

const list = (criteria: Record<string, unknown> = {}) =>
  t.call(E.clientList, { token: admin(), body: { draw: 1, start: 0, length: 100, ...criteria } })

beforeAll(async () => {
  t = await startApp()
  const ids = await t.db.query<{ id: number; name: string }>(`select id, name from clients`)
  const by = (n: string) => ids.find((r) => r.name === n)!.id
  demoShop = by('Demo Shop SRL')
  sofia = by('Sofia EOOD')
  blockedGoods = by('Blocked Goods SRL')
})
afterAll(() => t?.close())

describe('roles', () => {
  it('every client call: 401 without a token; 403 for a worker; 403 for a client unless it reads its own company or the countries', async () => {
    const samples: Record<string, string | number> = { id: 1, typeId: 1, credId: 1, assign: 'dpd_ro_main', type: 'income', clientId: 1, text: 'Demo' }
    for (const [name, ep] of Object.entries(clientEndpoints)) {
      const params = Object.fromEntries([...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, samples[m[1]!]!]))
      expect((await t.call(ep, { params, body: {} })).status, name).toBe(401)
      expect((await t.call(ep, { token: t.tokens.worker, params, body: {} })).status, name).toBe(403)
      const forClient = (await t.call(ep, { token: t.tokens.client, params, body: {} })).status
      if (name === 'clientData' || name === 'countryList') expect(forClient, name).not.toBe(403)
      else expect(forClient, name).toBe(403)
    }
  })

  const adminOnly: Array<[string, Endpoint, Record<string, string | number>?, unknown?]> = [
    ['client list', E.clientList, undefined, { start: 0, length: 25 }],
    ['clients', E.clients],
    ['create', E.clientCreate, undefined, {}],
    ['navigation', E.clientNavigation, { id: 1 }],
    ['price bands', E.clientPrices, { id: 1 }],
    ['parameter types', E.additionalTypes],
    ['credentials', E.credentials],
    ['credential check', E.credentialCheck, undefined, { username: 'sandbox', password: 'sandbox123' }],
    ['external credentials', E.externalCredentials, { id: 1 }],
    ['price lists of a client', E.priceListsOfClient, { type: 'income', clientId: 1 }, { start: 0, length: 25 }],
    ['default access data', E.defaultAccessData],
  ]
  it.each(adminOnly)('%s: 401 without a token, 403 for a worker and a client', async (_, ep, params, body) => {
    expect((await t.call(ep, { params, body })).status).toBe(401)
    expect((await t.call(ep, { token: t.tokens.worker, params, body })).status).toBe(403)
    expect((await t.call(ep, { token: t.tokens.client, params, body })).status).toBe(403)
  })

  it('a client user reads only its own company (0 or its id); anything else is 404; a worker 403', async () => {
    const own = await t.call(E.clientData, { token: t.tokens.client, params: { id: 0 } })
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ id: demoShop, name: 'Demo Shop SRL', post_code: '010011', phone_number: '721000111' })
    expect(own.body).not.toHaveProperty('iai_password_enc')
    expect((await t.call(E.clientData, { token: t.tokens.client, params: { id: demoShop } })).body.id).toBe(demoShop)
    expect((await t.call(E.clientData, { token: t.tokens.client, params: { id: sofia } })).status).toBe(404)
    expect((await t.call(E.clientData, { token: t.tokens.worker, params: { id: 0 } })).status).toBe(403)
    expect((await t.call(E.clientData, { token: admin(), params: { id: sofia } })).body.name).toBe('Sofia EOOD')
    expect((await t.call(E.clientData, { token: admin(), params: { id: 999999 } })).status).toBe(404)
    expect((await t.call(E.clientData, { token: admin(), params: { id: 'abc' } })).status).toBe(404)
  })
})

describe('client list', () => {
  it('pages 25 at a time, totals of live clients, blocked ones only on the deleted list', async () => {
    const res = await t.call(E.clientList, { token: admin(), body: { draw: 3, start: 0, length: PAGE_SIZE.clients } })
    expect(res.status).toBe(200)
    expect(res.body.draw).toBe(3)
    expect(res.body.data).toHaveLength(PAGE_SIZE.clients)
    const live = await one<{ n: number }>(`select count(*)::int as n from clients where deleted_at is null`)
    expect(res.body.recordsTotal).toBe(live.n)
    expect(live.n).toBeGreaterThan(PAGE_SIZE.clients)
    const deleted = await list({ deleted: true })
    const blocked = await one<{ n: number }>(`select count(*)::int as n from clients where deleted_at is not null`)
    expect(deleted.body.recordsTotal).toBe(blocked.n)
    // Past the last page: no rows, the counts stay.
    const beyond = await list({ start: 1000, client_alias_or_emag_name: 'Klient' })
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.recordsFiltered).toBe((await list({ client_alias_or_emag_name: 'Klient' })).body.recordsFiltered)
    expect(beyond.body.recordsFiltered).toBeGreaterThan(0)
  })

  it('filters by name or alias (case-insensitive, not a pattern)', async () => {
    const res = await list({ client_alias_or_emag_name: 'demo shop' })
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Demo Shop SRL'])
    const alias = await list({ client_alias_or_emag_name: 'DEMOSHOPSRL' })
    expect(alias.body.data.map((r: { id: number }) => r.id)).toEqual([demoShop])
    expect((await list({ client_alias_or_emag_name: '%' })).body.recordsFiltered).toBe(0)
  })

  it('volume classes, last-month counts and growth come from the shipments', async () => {
    const all = (await list()).body.data as Array<{ id: number; last_month_count: number; previous_month_count: number; volume_class: string; last_month_class: string; growth: string }>
    const demo = all.find((r) => r.id === demoShop)!
    const real = await one<{ last: number; prev: number }>(
      `select count(*) filter (where created_at >= now() - interval '30 days')::int as last,
              count(*) filter (where created_at < now() - interval '30 days' and created_at >= now() - interval '60 days')::int as prev
         from shipments where client_id = $1 and deleted_at is null`,
      [demoShop],
    )
    expect(demo.last_month_count).toBe(real.last)
    expect(demo.previous_month_count).toBe(real.prev)
    const cls = (n: number) => (n >= CLIENTS.volume.classA ? 'A' : n >= CLIENTS.volume.classB ? 'B' : 'C')
    expect(demo.last_month_class).toBe(cls(real.last))
    // The demo data gives more than one class and both directions of growth.
    expect(new Set(all.map((r) => r.volume_class)).size).toBeGreaterThan(1)
    expect(new Set(all.map((r) => r.last_month_class)).size).toBeGreaterThan(1)
    for (const cls of ['A', 'B', 'C'] as const) {
      const f = await list({ last_mont_shipment_count_by_volume: cls })
      expect(f.body.data.every((r: { last_month_class: string }) => r.last_month_class === cls)).toBe(true)
      const v = await list({ shipment_count_volume: cls })
      expect(v.body.data.every((r: { volume_class: string }) => r.volume_class === cls)).toBe(true)
    }
    const growing = await list({ volume_growing: true })
    const shrinking = await list({ volume_growing: false })
    expect(growing.body.recordsFiltered).toBeGreaterThan(0)
    expect(shrinking.body.recordsFiltered).toBeGreaterThan(0)
    expect(growing.body.data.every((r: { growth: string; last_month_count: number; previous_month_count: number }) => r.growth === 'growing' && r.last_month_count > r.previous_month_count)).toBe(true)
    expect(shrinking.body.data.every((r: { growth: string; last_month_count: number; previous_month_count: number }) => r.growth === 'shrinking' && r.last_month_count < r.previous_month_count)).toBe(true)
    const lastMonth = await list({ last_month: true })
    expect(lastMonth.body.data.every((r: { last_month_count: number }) => r.last_month_count > 0)).toBe(true)
  })

  it('missing_price_list: Sofia EOOD (no own list, no default for BG), not Demo Shop', async () => {
    const ids = (await list({ missing_price_list: true })).body.data.map((r: { id: number }) => r.id)
    expect(ids).toContain(sofia)
    expect(ids).not.toContain(demoShop)
  })

  it('bad criteria: 422 with field messages', async () => {
    const res = await list({ shipment_count_volume: 'D', length: 0 })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['shipment_count_volume', 'length']))
    const long = await list({ client_alias_or_emag_name: 'x'.repeat(CLIENTS.maxLength.short + 1) })
    expect(long.status).toBe(422)
    expect(long.body.errors.client_alias_or_emag_name).toEqual([MSG.maxLength(CLIENTS.maxLength.short)])
  })
})

describe('create, update, block', () => {
  it('422 per field for every rule of the client form; nothing written', async () => {
    const before = await one<{ n: number }>(`select count(*)::int as n from clients`)
    const res = await t.call(E.clientCreate, {
      token: admin(),
      body: validClient({ name: '', email: 'nie-mail', nip: '', phone_number_prefix: '48', phone_number: '12345', shipment_note: '', re_returning_address: '   ', cod_enabled: 2, country_id: 0 }),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toMatchObject({
      name: [MSG.required],
      email: [MSG.invalidEmail],
      nip: [MSG.required],
      phone_number_prefix: [CLIENT_MSG.phonePrefix],
      phone_number: [CLIENT_MSG.phoneNumber],
      shipment_note: [MSG.required],
      re_returning_address: [MSG.required],
    })
    expect(res.body.errors.cod_enabled).toBeDefined()
    expect(res.body.errors.country_id).toBeDefined()
    expect((await one<{ n: number }>(`select count(*)::int as n from clients`)).n).toBe(before.n)
    const pl = await t.call(E.clientCreate, { token: admin(), body: validClient({ allowed_countries: [1, 2] }) })
    expect(pl.status).toBe(422)
    expect(pl.body.errors.allowed_countries).toEqual([MSG.invalidValue])
    const unknownCountry = await t.call(E.clientCreate, { token: admin(), body: validClient({ country_id: 77 }) })
    expect(unknownCountry.body.errors.country_id).toEqual([CLIENT_MSG.countryUnknown])
  })

  it('hostile values: a NUL byte, a lone surrogate, a text over its maximum, an amount beyond its column get 422 on the field; nothing written', async () => {
    const before = await one<{ n: number }>(`select count(*)::int as n from clients`)
    const res = await t.call(E.clientCreate, {
      token: admin(),
      body: validClient({ name: 'a\u0000b', street: 'ul. \ud800', re_returning_address: 'x'.repeat(CLIENTS.maxLength.multiline + 1) }),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      name: [MSG.forbiddenCharacters],
      street: [MSG.forbiddenCharacters],
      re_returning_address: [MSG.maxLength(CLIENTS.maxLength.multiline)],
    })
    expect((await one<{ n: number }>(`select count(*)::int as n from clients`)).n).toBe(before.n)
    const band = await t.call(E.priceBandCreate, {
      token: admin(),
      body: { id_client: sofia, net_price: 1e20, vat_percentage: 23, min_weight_value: 0, max_weight_value: 5 },
    })
    expect(band.status).toBe(422)
    expect(band.body.errors.net_price).toContain(MSG.numberTooLarge(99_999_999.99))
  })

  it('creates with defaults and the default access data (DPD account pinned as main, IAI password stored encrypted)', async () => {
    const defaults = await t.call(E.defaultAccessData, { token: admin() })
    expect(defaults.status).toBe(200)
    expect(defaults.body.iai_password).toHaveLength(CLIENTS.generatedPasswordLength)
    // The operator's DPD API password is never sent: an empty one keeps it.
    expect(defaults.body.dpd_api_password).toBe('')
    expect(JSON.stringify(defaults.body)).not.toContain(defaultDpdAccess().dpd_api_password)
    const res = await t.call(E.clientCreate, {
      token: admin(),
      body: validClient({ address: '', bank_account_number: '', phone_number_prefix: '0040', ...defaults.body }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'Nowy Klient SRL', address: '-', bank_account_number: 'n/d', phone_number_prefix: '0040', has_iai_password: true, allowed_countries: [1, 3, 4] })
    const id = res.body.id
    const stored = await one<{ iai_password_enc: string }>(`select iai_password_enc from clients where id = $1`, [id])
    expect(stored.iai_password_enc).not.toContain(defaults.body.iai_password)
    expect((await t.call(E.clientHasDefaultCredentials, { token: admin(), params: { id } })).body).toEqual({ has_default_credentials: true })
    const creds = await t.call(E.clientCredentials, { token: admin(), params: { id } })
    expect(creds.body).toHaveLength(1)
    expect(creds.body[0]).toMatchObject({ username: defaults.body.dpd_system_id, protected: true, main: true, has_password: true })
    expect(JSON.stringify(creds.body)).not.toContain(defaultDpdAccess().dpd_api_password)
  })

  it('updates; unknown id 404; bad input 422 and nothing changed', async () => {
    const body = { id: sofia, ...validClient({ name: 'Sofia EOOD', country_id: 4, post_code: '1000', phone_number: '881234567', city: 'Sofia' }) }
    const ok = await t.call(E.clientUpdate, { token: admin(), body: { ...body, sender_signature: 'Podpis' } })
    expect(ok.status).toBe(200)
    expect(ok.body.sender_signature).toBe('Podpis')
    expect((await t.call(E.clientUpdate, { token: admin(), body: { ...body, id: 999999 } })).status).toBe(404)
    const bad = await t.call(E.clientUpdate, { token: admin(), body: { ...body, phone_number: '12ab' } })
    expect(bad.status).toBe(422)
    expect((await one<{ phone_number: string }>(`select phone_number from clients where id = $1`, [sofia])).phone_number).toBe('881234567')
  })

  it('blocks and unblocks; navigation gives previous and next', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(`select id from clients where name = 'Klient 05 SRL'`)
    const blocked = await t.call(E.clientBlock, { token: admin(), body: { id } })
    expect(blocked.body.deleted_at).not.toBeNull()
    expect((await list({ deleted: true })).body.data.map((r: { id: number }) => r.id)).toContain(id)
    const restored = await t.call(E.clientRestore, { token: admin(), body: { id } })
    expect(restored.body.deleted_at).toBeNull()
    expect((await t.call(E.clientBlock, { token: admin(), body: { id: 999999 } })).status).toBe(404)
    const nav = await t.call(E.clientNavigation, { token: admin(), params: { id } })
    expect(nav.body.previous).toBeLessThan(id)
    expect(nav.body.next).toBeGreaterThan(id)
    const first = await one<{ id: number }>(`select min(id) as id from clients`)
    expect((await t.call(E.clientNavigation, { token: admin(), params: { id: first.id } })).body.previous).toBeNull()
  })

  it('billing period and shipment count; without ACCOUNT_PERIOD the period is 404 "Brak okresu rozliczeniowego", the count nulls', async () => {
    const period = await t.call(E.clientFindPeriod, { token: admin(), params: { id: demoShop } })
    expect(period.status).toBe(200)
    expect(period.body.start <= period.body.end).toBe(true)
    const count = await t.call(E.clientShipmentsCount, { token: admin(), params: { id: demoShop } })
    expect(count.status).toBe(200)
    const real = await one<{ n: number }>(
      `select count(*)::int as n from shipments where client_id = $1 and deleted_at is null
          and created_at >= ($2::date)::timestamp at time zone 'Europe/Warsaw' and created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'`,
      [demoShop, count.body.start, count.body.end],
    )
    expect(count.body.count).toBe(real.n)
    const nonePeriod = await t.call(E.clientFindPeriod, { token: admin(), params: { id: blockedGoods } })
    expect(nonePeriod.status).toBe(404)
    expect(nonePeriod.body.message).toBe(CLIENT_MSG.noBillingPeriod)
    // Blocked Goods SRL has no ACCOUNT_PERIOD (and so is not invoiced). The card asks for the count of every client: one without a period is an answer, not a failure.
    const none = await t.call(E.clientShipmentsCount, { token: admin(), params: { id: blockedGoods } })
    expect(none.status).toBe(200)
    expect(none.body).toEqual({ count: null, start: null, end: null })
    expect((await t.call(E.clientShipmentsCount, { token: admin(), params: { id: 999_999 } })).status).toBe(404)
  })
})

describe('price bands', () => {
  it('create, read, update, delete; service 2505; bounds 0–100; min ≤ max; unknown ids 404', async () => {
    const body = { id_client: sofia, net_price: 12.5, vat_percentage: 23, min_weight_value: 0, max_weight_value: 5 }
    const created = await t.call(E.priceBandCreate, { token: admin(), body })
    expect(created.status).toBe(201)
    // Money comes back as decimal text, as the update takes it.
    expect(created.body).toMatchObject({ ...body, net_price: '12.50', service_id: '2505' })
    const id = created.body.id
    expect((await t.call(E.priceBandGet, { token: admin(), params: { id } })).body.net_price).toBe('12.50')
    const bad = await t.call(E.priceBandUpdate, { token: admin(), body: { ...body, id, vat_percentage: 101, min_weight_value: -1, net_price: 1.234 } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({ vat_percentage: [CLIENT_MSG.between(0, 100)], min_weight_value: [CLIENT_MSG.between(0, 100)], net_price: [CLIENT_MSG.decimals(2)] })
    const crossed = await t.call(E.priceBandCreate, { token: admin(), body: { ...body, min_weight_value: 10, max_weight_value: 5 } })
    expect(crossed.body.errors).toEqual({ max_weight_value: [CLIENT_MSG.minAboveMax] })
    const missing = await t.call(E.priceBandCreate, { token: admin(), body: { id_client: sofia } })
    expect(missing.body.errors).toMatchObject({ net_price: [MSG.required], vat_percentage: [MSG.required], min_weight_value: [MSG.required], max_weight_value: [MSG.required] })
    const upd = await t.call(E.priceBandUpdate, { token: admin(), body: { ...body, id, net_price: 15 } })
    expect(upd.body.net_price).toBe('15.00')
    expect((await t.call(E.clientPrices, { token: admin(), params: { id: sofia } })).body.map((b: { id: number }) => b.id)).toContain(id)
    expect((await t.call(E.priceBandCreate, { token: admin(), body: { ...body, id_client: 999999 } })).status).toBe(404)
    expect((await t.call(E.priceBandDelete, { token: admin(), body: { id } })).status).toBe(200)
    expect((await t.call(E.priceBandGet, { token: admin(), params: { id } })).status).toBe(404)
    expect((await t.call(E.priceBandDelete, { token: admin(), body: { id } })).status).toBe(404)
  })
})

describe('additional parameters', () => {
  it('every type of the spec with its input, options and default', async () => {
    const types = (await t.call(E.additionalTypes, { token: admin() })).body as Array<{ id: number; code: string; input_type: string; option_keys: string[]; default_value: string }>
    const by = Object.fromEntries(types.map((x) => [x.code, x]))
    for (const code of ['USE_REAL_WEIGHT_FOR_ROMANIA_SHIPMENTS_ACCOUNTING', 'USE_REAL_WEIGHT_FOR_HUNGARY_SHIPMENTS_ACCOUNTING', 'USE_REAL_WEIGHT_FOR_BULGARIA_SHIPMENTS_ACCOUNTING', 'SENDING_SHIPMENTS_BLOCK']) {
      expect(by[code]).toMatchObject({ input_type: 'boolean', default_value: '1' })
    }
    expect(by.INVOICING_VAT_RATE).toMatchObject({ input_type: 'select', option_keys: ['23', 'np'] })
    expect(by.SHIPMENT_COUNT_VOLUME).toMatchObject({ input_type: 'select', option_keys: ['A', 'B', 'C'] })
    expect(by.ACCOUNT_PERIOD).toMatchObject({ input_type: 'select', option_keys: ['monthly', 'half_monthly', 'weekly'] })
    expect(by.SIDE_FORMULA_LIMIT).toMatchObject({ input_type: 'number', default_value: '300' })
    expect(by.INVOICING_EMAIL_ADDRESS).toMatchObject({ input_type: 'email' })
    expect(types.filter((x) => x.input_type === 'contact').length).toBeGreaterThanOrEqual(4)
    expect((await t.call(E.additionalType, { token: admin(), params: { id: by.ACCOUNT_PERIOD!.id } })).body.code).toBe('ACCOUNT_PERIOD')
    expect((await t.call(E.additionalType, { token: admin(), params: { id: 99999 } })).status).toBe(404)
  })

  it('values are checked against their type; duplicates and unknown ids refused', async () => {
    const types = (await t.call(E.additionalTypes, { token: admin() })).body as Array<{ id: number; code: string }>
    const id = (code: string) => types.find((x) => x.code === code)!.id
    const add = (type_id: number, value: string) => t.call(E.additionalCreate, { token: admin(), params: { id: sofia }, body: { type_id, value } })
    expect((await add(id('SIDE_FORMULA_LIMIT'), '-1')).body.errors).toEqual({ value: [CLIENT_MSG.minValue(0)] })
    expect((await add(id('SIDE_FORMULA_LIMIT'), 'abc')).body.errors).toEqual({ value: [CLIENT_MSG.notNumber] })
    expect((await add(id('INVOICING_VAT_RATE'), '19')).body.errors).toEqual({ value: [CLIENT_MSG.chooseOption] })
    expect((await add(id('INVOICING_EMAIL_ADDRESS'), 'x@')).body.errors).toEqual({ value: [MSG.invalidEmail] })
    expect((await add(99999, '1')).body.errors).toEqual({ type_id: [CLIENT_MSG.parameterTypeNotFound] })
    const ok = await add(id('SIDE_FORMULA_LIMIT'), '300')
    expect(ok.status).toBe(201)
    expect(ok.body).toMatchObject({ code: 'SIDE_FORMULA_LIMIT', value: '300', extra_parameters: [{ type: 'number', value: '300' }] })
    expect((await add(id('SIDE_FORMULA_LIMIT'), '200')).body.errors).toEqual({ type_id: [CLIENT_MSG.parameterExists] })
    const upd = await t.call(E.additionalUpdate, { token: admin(), params: { id: sofia }, body: { type_id: id('SIDE_FORMULA_LIMIT'), value: '250' } })
    expect(upd.body.value).toBe('250')
    expect((await t.call(E.additionalGet, { token: admin(), params: { id: sofia, typeId: id('SIDE_FORMULA_LIMIT') } })).body.value).toBe('250')
    expect((await t.call(E.additionalList, { token: admin(), params: { id: sofia } })).body.map((p: { code: string }) => p.code)).toContain('SIDE_FORMULA_LIMIT')
    expect((await t.call(E.additionalUpdate, { token: admin(), params: { id: sofia }, body: { type_id: id('MARKETPLACE_NAME'), value: 'x' } })).status).toBe(404)
    expect((await t.call(E.additionalDelete, { token: admin(), params: { id: sofia, typeId: id('SIDE_FORMULA_LIMIT') } })).status).toBe(200)
    expect((await t.call(E.additionalGet, { token: admin(), params: { id: sofia, typeId: id('SIDE_FORMULA_LIMIT') } })).status).toBe(404)
    expect((await t.call(E.additionalList, { token: admin(), params: { id: 999999 } })).status).toBe(404)
  })

  it('SENDING_SHIPMENTS_BLOCK added here blocks the client at intake (208) and sorting (405); removed, the parcel is taken (201)', async () => {
    const types = (await t.call(E.additionalTypes, { token: admin() })).body as Array<{ id: number; code: string }>
    const block = types.find((x) => x.code === 'SENDING_SHIPMENTS_BLOCK')!.id
    expect((await t.call(E.setWorkstation, { token: t.tokens.worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
    const added = await t.call(E.additionalCreate, { token: admin(), params: { id: demoShop }, body: { type_id: block, value: '1' } })
    expect(added.status).toBe(201)
    const blocked = await t.call(E.parcelScan, { token: t.tokens.worker, body: { barcode: 'RE100000001', id_status_type: 55 } })
    expect(blocked.status).toBe(208)
    expect((await t.call(E.additionalDelete, { token: admin(), params: { id: demoShop, typeId: block } })).status).toBe(200)
    const taken = await t.call(E.parcelScan, { token: t.tokens.worker, body: { barcode: 'RE100000001', id_status_type: 55 } })
    expect(taken.status).toBe(201)
    // The same at sorting: blocked → 405; unblocked → sorted (201).
    expect((await t.call(E.setWorkstation, { token: t.tokens.worker2, body: { code: 'SRTW_01' } })).status).toBe(200)
    const sort = () => t.call(E.parcelClassify, { token: t.tokens.worker2, body: { barcode: 'RE100000001', status_type_id: STATUS.sorted } })
    expect((await t.call(E.additionalCreate, { token: admin(), params: { id: demoShop }, body: { type_id: block, value: '1' } })).status).toBe(201)
    expect((await sort()).status).toBe(405)
    expect((await t.call(E.additionalDelete, { token: admin(), params: { id: demoShop, typeId: block } })).status).toBe(200)
    expect((await sort()).status).toBe(201)
    // Blocked Goods SRL keeps its own block.
    expect((await t.call(E.additionalList, { token: admin(), params: { id: blockedGoods } })).body.map((p: { code: string }) => p.code)).toContain('SENDING_SHIPMENTS_BLOCK')
  })
})

describe('courier credentials', () => {
  it('check: sandbox/sandbox123 for courier 2 answers the contract; anything else 406 with the message', async () => {
    const ok = await t.call(E.credentialCheck, { token: admin(), body: { id_courier: 2, username: 'sandbox', password: 'sandbox123' } })
    expect(ok.status).toBe(200)
    expect(ok.body.contract_number).not.toBe('')
    expect(ok.body.email).toContain('@')
    const perm = await t.call(E.credentialPermissions, { token: admin(), body: { id_courier: 2, username: 'sandbox', password: 'sandbox123' } })
    expect(perm.body).toEqual(ok.body)
    for (const body of [
      { id_courier: 2, username: 'sandbox', password: 'wrong1' },
      { id_courier: 3, username: 'sandbox', password: 'sandbox123' },
      { id_courier: 2, username: 'other', password: 'sandbox123' },
    ]) {
      const res = await t.call(E.credentialCheck, { token: admin(), body })
      expect(res.status).toBe(406)
      expect(res.body.message).toBe(CLIENT_MSG.checkFailed)
    }
    expect((await t.call(E.credentialCheck, { token: admin(), body: { username: '' } })).status).toBe(422)
  })

  it('create checks first (406 stores nothing); passwords encrypted, never returned; update re-checks; unpin, pin, delete', async () => {
    const types = (await t.call(E.credentialTypes, { token: admin() })).body as Array<{ id: number; assign: string; protected: boolean }>
    const clientType = types.find((x) => x.assign === 'dpd_ro_client')!.id
    expect((await t.call(E.credentialProtectedAssigns, { token: admin() })).body).toEqual(['dpd_ro_main'])
    const before = await one<{ n: number }>(`select count(*)::int as n from courier_credentials`)
    const refused = await t.call(E.credentialCreate, { token: admin(), body: { id_client: sofia, id_type: clientType, username: 'sandbox', password: 'nope12' } })
    expect(refused.status).toBe(406)
    expect((await one<{ n: number }>(`select count(*)::int as n from courier_credentials`)).n).toBe(before.n)
    const bad = await t.call(E.credentialCreate, { token: admin(), body: { id_client: sofia, id_type: 999, username: '', password: '' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({ username: [MSG.required], password: [MSG.required] })

    const created = await t.call(E.credentialCreate, { token: admin(), body: { id_client: sofia, id_type: clientType, username: 'sandbox', password: 'sandbox123', service: 'Classic', note: 'n' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ id_courier: 2, username: 'sandbox', has_password: true, main: true, clients: [sofia], protected: false })
    expect(created.body.contract_number).not.toBe('')
    const id = created.body.id
    const raw = await one<{ password_enc: string }>(`select password_enc from courier_credentials where id = $1`, [id])
    expect(raw.password_enc).not.toContain('sandbox123')
    expect(Buffer.from(raw.password_enc, 'base64').toString('latin1')).not.toContain('sandbox123')
    const all = await t.call(E.credentials, { token: admin() })
    expect(JSON.stringify(all.body)).not.toContain('sandbox123')

    // Only the note changes: no check needed, the stored password stays.
    const noted = await t.call(E.credentialUpdate, { token: admin(), body: { id, id_type: clientType, username: 'sandbox', note: 'zmiana', service: 'Classic' } })
    expect(noted.status).toBe(200)
    expect(noted.body.note).toBe('zmiana')
    // A new login is checked: refused → 406, nothing changed.
    const renamed = await t.call(E.credentialUpdate, { token: admin(), body: { id, id_type: clientType, username: 'inny', service: 'Classic' } })
    expect(renamed.status).toBe(406)
    expect((await t.call(E.credentialGet, { token: admin(), params: { id } })).body.username).toBe('sandbox')
    // The stored password serves a check of account `id`.
    expect((await t.call(E.credentialCheck, { token: admin(), body: { id, username: 'sandbox' } })).status).toBe(200)

    expect((await t.call(E.clientHasCredentialType, { token: admin(), params: { id: sofia, assign: 'dpd_ro_client' } })).body).toEqual({ has: true })
    expect((await t.call(E.credentialReuse, { token: admin(), body: { id, id_client: demoShop } })).body.clients).toEqual([demoShop, sofia].sort((a, b) => a - b))
    expect((await t.call(E.credentialUnpin, { token: admin(), body: { id, id_client: demoShop } })).status).toBe(200)
    expect((await t.call(E.credentialUnpin, { token: admin(), body: { id, id_client: demoShop } })).status).toBe(404)
    expect((await t.call(E.credentialMainSet, { token: admin(), body: { id, id_client: sofia } })).body.main).toBe(true)
    expect((await t.call(E.credentialDelete, { token: admin(), body: { id } })).status).toBe(200)
    expect((await t.call(E.credentialGet, { token: admin(), params: { id } })).status).toBe(404)
    expect((await t.call(E.clientCredentials, { token: admin(), params: { id: 999999 } })).status).toBe(404)
  })

  it('a protected account created by mistake (no shipment uses it yet) may be corrected, then deleted', async () => {
    const created = await t.call(E.clientCreate, {
      token: admin(),
      body: validClient({ name: 'Pomyłka SRL', dpd_system_id: 'pomylka', dpd_api_password: 'zle-haslo', out_service: 'Classic' }),
    })
    expect(created.status).toBe(201)
    const [wrong] = (await t.call(E.clientCredentials, { token: admin(), params: { id: created.body.id } })).body as Array<{ id: number; protected: boolean; id_type: number }>
    expect(wrong).toMatchObject({ protected: true })
    const fixed = await t.call(E.credentialUpdate, {
      token: admin(), body: { id: wrong!.id, id_type: wrong!.id_type, username: 'sandbox', password: 'sandbox123', service: 'Classic' },
    })
    expect(fixed.status).toBe(200)
    expect(fixed.body).toMatchObject({ username: 'sandbox', protected: true })
    expect((await t.call(E.credentialDelete, { token: admin(), body: { id: wrong!.id } })).status).toBe(200)
    expect((await t.call(E.credentialGet, { token: admin(), params: { id: wrong!.id } })).status).toBe(404)
  })

  it('a protected account that shipments use cannot be edited or deleted, only unpinned', async () => {
    const creds = (await t.call(E.clientCredentials, { token: admin(), params: { id: demoShop } })).body as Array<{ id: number; protected: boolean; id_type: number; username: string }>
    const prot = creds.find((c) => c.protected)!
    expect(prot).toBeDefined()
    const edit = await t.call(E.credentialUpdate, { token: admin(), body: { id: prot.id, id_type: 2, username: prot.username } })
    expect(edit.status).toBe(409)
    expect(edit.body.message).toBe(CLIENT_MSG.credentialProtected)
    expect((await t.call(E.credentialDelete, { token: admin(), body: { id: prot.id } })).status).toBe(409)
    expect((await t.call(E.credentialUnpin, { token: admin(), body: { id: prot.id, id_client: demoShop } })).status).toBe(200)
    expect((await t.call(E.credentialMainSet, { token: admin(), body: { id: prot.id, id_client: demoShop } })).status).toBe(200)
  })
})

describe('external API credentials', () => {
  it('username and password required for baselinker, api_v2, ido_sell; not for another', async () => {
    for (const type of ['baselinker', 'api_v2', 'ido_sell']) {
      const res = await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type } })
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual({ username: [MSG.required], password: [MSG.required] })
    }
    const other = await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type: 'another' } })
    expect(other.status).toBe(201)
    expect((await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type: 'ftp' } })).status).toBe(422)
    expect((await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type: 'another', ip: 'nie-ip' } })).body.errors).toEqual({ ip: [CLIENT_MSG.invalidIp] })
  })

  it('create with generated login, list without password, read with it, update, unique username, delete', async () => {
    const username = generateUsername('Sofia EOOD')
    const password = generatePassword()
    const created = await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type: 'baselinker', username, password, ip: '10.0.0.1' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ client_id: sofia, type: 'baselinker', username, password, creator_id: t.ids.admin })
    expect(created.body.token.length).toBeGreaterThan(20)
    const id = created.body.id
    const raw = await one<{ password_enc: string }>(`select password_enc from external_api_credentials where id = $1`, [id])
    expect(raw.password_enc).not.toContain(password)
    const listed = await t.call(E.externalCredentials, { token: admin(), params: { id: sofia } })
    expect(listed.body.every((c: { password: unknown }) => c.password === null)).toBe(true)
    expect((await t.call(E.externalCredentialGet, { token: admin(), params: { id: sofia, credId: id } })).body.password).toBe(password)
    expect((await t.call(E.externalCredentialGet, { token: admin(), params: { id: demoShop, credId: id } })).status).toBe(404)
    const dup = await t.call(E.externalCredentialCreate, { token: admin(), params: { id: demoShop }, body: { type: 'api_v2', username: username.toUpperCase(), password } })
    expect(dup.body.errors).toEqual({ username: [CLIENT_MSG.usernameTaken] })
    const other = (await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type: 'another' } })).body.id
    const noPassword = await t.call(E.externalCredentialUpdate, { token: admin(), params: { id: sofia }, body: { id: other, type: 'api_v2', username: 'inny-login-1' } })
    expect(noPassword.body.errors).toEqual({ password: [MSG.required] })
    const upd = await t.call(E.externalCredentialUpdate, { token: admin(), params: { id: sofia }, body: { id, type: 'ido_sell', username, ip: '' } })
    expect(upd.body).toMatchObject({ type: 'ido_sell', password })
    expect((await t.call(E.externalCredentialDelete, { token: admin(), params: { id: sofia }, body: { credentialsId: id } })).status).toBe(200)
    expect((await t.call(E.externalCredentialDelete, { token: admin(), params: { id: sofia }, body: { credentialsId: id } })).status).toBe(404)
  })

  it('generated credentials follow the rules', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword()
      expect(p).toHaveLength(16)
      expect([...p].every((ch) => PASSWORD_ALPHABET.includes(ch))).toBe(true)
    }
    expect(generateUsername('Demo Shop SRL')).toBe('demo-shop-srl')
    expect(generateUsername('A Very Long Client Name SRL')).toBe('a-very-long-clie')
    expect(generateUsername('Ab')).toMatch(/^ab\d{6}$/)
  })
})

describe('operational price lists of a client', () => {
  it('lists the client\'s own lists by type; one; unknown type or id 404', async () => {
    const res = await t.call(E.priceListsOfClient, { token: admin(), params: { type: 'income', clientId: demoShop }, body: { start: 0, length: 25 } })
    expect(res.status).toBe(200)
    expect(res.body.recordsTotal).toBeGreaterThan(0)
    expect(res.body.data.every((r: { id_client: number; type: string }) => r.id_client === demoShop && r.type === 'income')).toBe(true)
    const one = await t.call(E.priceListOne, { token: admin(), params: { type: 'income', id: res.body.data[0].id } })
    expect(one.body.name).toBe(res.body.data[0].name)
    expect((await t.call(E.priceListOne, { token: admin(), params: { type: 'cost', id: res.body.data[0].id } })).status).toBe(404)
    expect((await t.call(E.priceListsOfClient, { token: admin(), params: { type: 'other', clientId: demoShop }, body: { start: 0, length: 25 } })).status).toBe(404)
    const bg = await t.request('GET', `app/v1/operational_price_list/income/current_active/${sofia}?id_country=4`, { token: admin() })
    expect(bg.status).toBe(200)
    expect(bg.body).toEqual([])
    expect((await t.request('GET', `app/v1/operational_price_list/income/current_active/${sofia}?id_country=x`, { token: admin() })).status).toBe(422)
    expect((await t.call(E.priceListCurrentActiveFor, { token: admin(), params: { type: 'income', id: demoShop } })).body.length).toBeGreaterThan(0)
  })
})
