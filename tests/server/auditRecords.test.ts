import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SURCHARGES } from '../../src/contract/constants/prices.ts'
import { CLIENTS } from '../../src/contract/constants/clients.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { verifyChain } from '../../src/server/domain/audit.ts'
import { DEMO, type TestApp, startApp } from './support.ts'

/**
 * Changes made through the API leave an audit entry in the same transaction: who, from which
 * address, the entity and its id, old → new per field; a refused change leaves none; secrets are
 * recorded only as changed, passwords never.
 */
let t: TestApp
const ADDRESS = '10.77.0.1'
const admin = () => t.tokens.admin
const as = { address: ADDRESS }

interface Entry { user_id: number | null; user_email: string; address: string; entity: string; entity_id: string; action: string; changes: Record<string, [unknown, unknown]> }
const entries = (entity: string, id: number | string) =>
  t.db.query<Entry>(`select user_id, user_email, address, entity, entity_id, action, changes from audit_log where entity = $1 and entity_id = $2 order by id`, [entity, String(id)])
const last = async (entity: string, id: number | string) => (await entries(entity, id)).at(-1)!
const count = async () => (await t.db.query<{ n: number }>(`select count(*)::int as n from audit_log`))[0]!.n

beforeAll(async () => {
  t = await startApp()
})
afterAll(() => t?.close())

const factors = Object.fromEntries(SURCHARGES.flatMap((x) => [[`${x}_account_factor_type`, 'lump_sum'], [`${x}_account_factor`, 0]]))
const list = (over: Record<string, unknown> = {}) => ({
  name: 'Cennik audytu', special_association: '', begin_date: '2033-01-01', currency: 'PLN', specific_factors_currency: 'HUF', id_country: 3,
  weight_thresholds: [{ limiting_threshold: 2, base_amount: 10.5 }], ...factors, ...over,
})

describe('price lists', () => {
  it('create, update (header, surcharge, threshold), delete: each with old → new, by the admin from the address', async () => {
    const created = await t.call(E.priceListStore, { token: admin(), params: { type: 'income' }, body: list(), ...as })
    expect(created.status).toBe(200)
    const id = created.body.id as number
    const c = await last('income_price_list', id)
    expect(c).toMatchObject({ user_id: t.ids.admin, user_email: DEMO.admin.email, address: ADDRESS, action: 'create' })
    expect(c.changes.name).toEqual([null, 'Cennik audytu'])

    const upd = await t.call(E.priceListUpdate, {
      token: admin(), params: { type: 'income' }, ...as,
      body: { ...list({ name: 'Cennik audytu 2', multi_pack_account_factor: 7.25, weight_thresholds: [{ limiting_threshold: 2, base_amount: 12 }] }), id },
    })
    expect(upd.status).toBe(200)
    const u = await last('income_price_list', id)
    expect(u.action).toBe('update')
    expect(u.changes.name).toEqual(['Cennik audytu', 'Cennik audytu 2'])
    expect(u.changes.multi_pack_account_factor).toEqual(['0.00', '7.25'])
    expect(u.changes.weight_thresholds).toEqual([[{ limiting_threshold: "2.000", base_amount: "10.50" }], [{ limiting_threshold: "2.000", base_amount: "12.00" }]])
    expect(Object.keys(u.changes).sort()).toEqual(['multi_pack_account_factor', 'name', 'weight_thresholds'])

    // Saved again unchanged: nothing to record.
    const before = await count()
    await t.call(E.priceListUpdate, { token: admin(), params: { type: 'income' }, body: { ...list({ name: 'Cennik audytu 2', multi_pack_account_factor: 7.25, weight_thresholds: [{ limiting_threshold: 2, base_amount: 12 }] }), id } })
    expect(await count()).toBe(before)

    // Refused (422): no entry.
    expect((await t.call(E.priceListUpdate, { token: admin(), params: { type: 'income' }, body: { ...list({ currency: 'XXX' }), id } })).status).toBe(422)
    expect(await count()).toBe(before)

    expect((await t.call(E.priceListDelete, { token: admin(), params: { type: 'income' }, body: { id }, ...as })).status).toBe(200)
    const d = await last('income_price_list', id)
    expect(d.action).toBe('delete')
    expect(d.changes.name).toEqual(['Cennik audytu 2', null])
  })

  it('a cost list is recorded under its own entity', async () => {
    const created = await t.call(E.priceListStore, { token: admin(), params: { type: 'cost' }, body: list({ id_country: null, id_courier: 2, name: 'Koszt audytu' }) })
    expect(created.status).toBe(200)
    expect((await last('cost_price_list', created.body.id)).changes.name).toEqual([null, 'Koszt audytu'])
  })
})

const client = (over: Record<string, unknown> = {}) => ({
  name: 'Audyt SRL', nip: 'RO11223344', email: 'audyt@example.com', contact_name: 'dla: Jan', street: 'Strada 5', city: 'Brașov',
  post_code: '500001', address: '-', bank_account_number: 'n/d', phone_number_prefix: '+48', phone_number: '600700800', country_id: 1,
  cod_enabled: 1, show_price_parcel: 0, download_ext: 0, api_enabled: 1, ext_number: 0, sender_signature: '', shipment_note: 'Trimis de: Audyt',
  re_returning_address: CLIENTS.defaults.returningAddress, re_broadcasting_facility_address: CLIENTS.defaults.broadcastingAddress,
  allowed_countries: [1, 3], ...over,
})

describe('clients and their parameters', () => {
  it('create, update, block, unblock, IAI password (only that it changed), parameters', async () => {
    const created = await t.call(E.clientCreate, { token: admin(), body: client({ iai_password: 'Tajne-Haslo-1' }), ...as })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    const c = await last('client', id)
    expect(c).toMatchObject({ action: 'create', address: ADDRESS, user_id: t.ids.admin })
    expect(c.changes.name).toEqual([null, 'Audyt SRL'])
    expect(JSON.stringify(c.changes)).not.toContain('Tajne-Haslo-1')

    expect((await t.call(E.clientUpdate, { token: admin(), body: { id, ...client({ city: 'Cluj', allowed_countries: [1, 3, 4] }) }, ...as })).status).toBe(200)
    const u = await last('client', id)
    expect(u.changes).toEqual({ city: ['Brașov', 'Cluj'], allowed_countries: [[1, 3], [1, 3, 4]] })

    expect((await t.call(E.clientBlock, { token: admin(), body: { id } })).status).toBe(200)
    const b = await last('client', id)
    expect(b.action).toBe('block')
    expect(b.changes.deleted_at![0]).toBeNull()
    expect(typeof b.changes.deleted_at![1]).toBe('string')
    expect((await t.call(E.clientRestore, { token: admin(), body: { id } })).status).toBe(200)
    expect((await last('client', id)).action).toBe('unblock')

    expect((await t.call(E.clientIaiUpdate, { token: admin(), body: { id, iai_password: 'Drugie-Haslo-2' } })).status).toBe(200)
    const iai = await last('client', id)
    expect(iai.changes).toEqual({ iai_password: [null, 'changed'] })
    const all = JSON.stringify(await entries('client', id))
    expect(all).not.toContain('Drugie-Haslo-2')

    const types = (await t.call(E.additionalTypes, { token: admin() })).body as Array<{ id: number; code: string }>
    const limit = types.find((x) => x.code === 'SIDE_FORMULA_LIMIT')!.id
    expect((await t.call(E.additionalCreate, { token: admin(), params: { id }, body: { type_id: limit, value: '300' } })).status).toBe(201)
    expect((await last('client_parameter', `${id}/${limit}`)).changes).toEqual({ client_id: [null, id], code: [null, 'SIDE_FORMULA_LIMIT'], value: [null, '300'] })
    expect((await t.call(E.additionalUpdate, { token: admin(), params: { id }, body: { type_id: limit, value: '250' } })).status).toBe(200)
    expect((await last('client_parameter', `${id}/${limit}`)).changes).toEqual({ value: ['300', '250'] })
    expect((await t.call(E.additionalDelete, { token: admin(), params: { id, typeId: limit } })).status).toBe(200)
    const del = await last('client_parameter', `${id}/${limit}`)
    expect(del.action).toBe('delete')
    expect(del.changes.value).toEqual(['250', null])
  })
})

describe('users', () => {
  it('create, role change, block, unblock, unlock; never a password', async () => {
    const email = 'audyt.user@example.com'
    const created = await t.call(E.userCreate, { token: admin(), body: { email, role: 1 }, ...as })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await last('user', id)).changes).toMatchObject({ email: [null, email], role: [null, 1] })

    expect((await t.call(E.userUpdate, { token: admin(), body: { id, email, role: 0 } })).status).toBe(200)
    expect((await last('user', id)).changes).toEqual({ role: [1, 0] })
    expect((await t.call(E.userBlock, { token: admin(), body: { id } })).status).toBe(200)
    expect((await last('user', id)).action).toBe('block')
    expect((await t.call(E.userRestore, { token: admin(), body: { id } })).status).toBe(200)
    expect((await last('user', id)).action).toBe('unblock')
    expect((await t.call(E.userUnlock, { token: admin(), body: { id } })).status).toBe(200)
    expect(await last('user', id)).toMatchObject({ action: 'unlock', user_id: t.ids.admin })
    for (const e of await entries('user', id)) expect(Object.keys(e.changes)).not.toContain('password_hash')
  })

  it('a refused block of oneself leaves no entry; the chain of everything above holds', async () => {
    const before = await count()
    expect((await t.call(E.userBlock, { token: admin(), body: { id: t.ids.admin } })).status).toBe(422)
    expect(await count()).toBe(before)
    expect(await verifyChain(t.db)).toEqual({ ok: true, rows: await count() })
  })
})

describe('GET the log (admins only), filtered and paged', () => {
  const page = { start: 0, length: 25 }
  it('admin reads by entity and id, by user, by text and by date; worker and client refused', async () => {
    const created = await t.call(E.clientCreate, { token: admin(), body: client({ name: 'Filtr SRL', nip: 'RO55667788' }), ...as })
    const id = created.body.id as number
    await t.call(E.clientUpdate, { token: admin(), body: { id, ...client({ name: 'Filtr SRL', nip: 'RO55667788', city: 'Iași' }) } })

    const byEntity = await t.call(E.auditData, { token: admin(), body: { ...page, entity: 'client', entity_id: String(id) } })
    expect(byEntity.status).toBe(200)
    expect(byEntity.body.recordsFiltered).toBe(2)
    expect(byEntity.body.data.map((r: { action: string }) => r.action)).toEqual(['update', 'create'])
    expect(byEntity.body.data[0]).toMatchObject({ user_id: t.ids.admin, user_email: DEMO.admin.email, changes: { city: ['Brașov', 'Iași'] } })
    expect(byEntity.body.data[1].address).toBe(ADDRESS)

    const byText = await t.call(E.auditData, { token: admin(), body: { ...page, search: { value: 'iași' } } })
    expect(byText.body.data.map((r: { entity_id: string }) => r.entity_id)).toEqual([String(id)])
    const byUser = await t.call(E.auditData, { token: admin(), body: { ...page, user_id: t.ids.worker } })
    expect(byUser.body.recordsFiltered).toBe(0)
    const inRange = await t.call(E.auditData, { token: admin(), body: { ...page, entity: 'client', entity_id: String(id), from: '2000-01-01', to: '2100-01-01' } })
    expect(inRange.body.recordsFiltered).toBe(2)
    const before = await t.call(E.auditData, { token: admin(), body: { ...page, entity: 'client', entity_id: String(id), to: '2000-01-01' } })
    expect(before.body.recordsFiltered).toBe(0)

    const bad = await t.call(E.auditData, { token: admin(), body: { ...page, from: '2026-02-30' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['from'])
    expect((await t.call(E.auditData, { token: admin(), body: { ...page, entity: 'nothing' } })).status).toBe(422)
    expect((await t.call(E.auditData, { token: t.tokens.worker, body: page })).status).toBe(403)
    expect((await t.call(E.auditData, { token: t.tokens.client, body: page })).status).toBe(403)
    expect((await t.call(E.auditData, { body: page })).status).toBe(401)
  })

  it('no endpoint writes the log: the API has only the reads (the table and its export)', async () => {
    const names = Object.entries(E).filter(([, e]) => e.path.startsWith('audit')).map(([n, e]) => `${e.method} ${n}`)
    expect(names).toEqual(['POST auditData', 'GET auditExport'])
    const rows = await count()
    await t.call(E.auditData, { token: admin(), body: { ...page } })
    const file = await t.app.request(`/api/${E.auditExport.path}`, { headers: { authorization: `Bearer ${admin()}` } })
    expect(file.status).toBe(200)
    await file.arrayBuffer()
    expect(await count()).toBe(rows)
  })
})
