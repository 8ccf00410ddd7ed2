import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../src/contract/messages/shipments.ts'
import { CreatedShipmentReply, ShipmentReply } from '../../../src/contract/schemas/shipments.ts'
import { decode } from '../../../src/contract/validation.ts'
import { type Places, parcel, places, shipmentBody } from './fixtures.ts'
import { type Harness, clientUser, one, startHarness } from './support.ts'

/**
 * Creating, updating and marking shipments as removed: per service, the parcel
 * rules, 451, field error keys, registration with its retry, editability and removal rules.
 */
let h: Harness
let p: Places
let client: string
let admin: string
let worker: string
let other: string

const create = (body: unknown, token = client) => h.call(E.shipmentCreate, { token, body })
const get = (number: string, token = client) => h.call(E.shipmentGet, { token, params: { internalNumber: number } })
function shaped<T>(schema: { Type: T } & Parameters<typeof decode>[0], body: unknown): T {
  const d = decode(schema, body)
  if (!d.ok) throw new Error(`reply does not match the contract: ${JSON.stringify(d.errors)}`)
  return d.value as T
}

beforeAll(async () => {
  h = await startHarness()
  p = await places(h.db)
  client = await h.login('client@example.com')
  admin = await h.login('admin@example.com')
  worker = await h.login('worker@example.com')
  other = await clientUser(h, 'Budapest Kft', 'budapest@example.com')
})
afterAll(() => h?.close())

describe('create (POST app/v2/shipment/)', () => {
  it.each([
    [1, 'recipient', false, 'DPD Romania', null],
    [2, 'sender', true, 'RE Logistics', 'DPD Romania'],
    [3, 'recipient', false, 'Sameday Romania', null],
    [4, 'sender', true, 'RE Logistics', 'Sameday Romania'],
  ] as const)('service %i: 201 with internal_waybill; the %s is the entered party; registered with its courier', async (service, key, isReturn, lastMile, firstMile) => {
    const res = await create(shipmentBody(p, service))
    expect(res.status).toBe(201)
    const created = shaped(CreatedShipmentReply, res.body)
    expect(created.message).toBe(SHIPMENT_MSG.created)
    expect(created.internal_waybill).toMatch(/^RE\d{9}$/)
    const view = await get(created.internal_waybill)
    expect(view.status).toBe(200)
    const { context, shipment } = shaped(ShipmentReply, view.body)
    expect(context).toBe('shipment')
    expect(shipment).toMatchObject({ id: created.id, waybill: created.internal_waybill, delivery_service: service, client: { id: p.demoShop, name: 'Demo Shop SRL' } })
    expect(shipment[key]).toMatchObject({ name: 'Ion Popescu', country: { id: 1, iso_code: 'RO', currency: 'RON' } })
    const company = shipment[key === 'sender' ? 'recipient' : 'sender']!
    expect(company).toMatchObject({ name: 'Demo Shop SRL', private_person: false, country: { id: 2 } })
    if (service >= 3) expect(shipment[key]!.locker).toEqual(p.locker[1])
    expect(shipment.internal_info).toMatchObject({ creator: 'app_v2', is_return: isReturn })
    expect(shipment.internal_info.correctly_requested_at).not.toBeNull()
    expect(shipment.external_couriers).toEqual({ first_mile: firstMile, last_mile: lastMile })
    expect(shipment.content).toMatchObject({ declared_content: 'Odzież', currency: 'RON' })
    expect(shipment.parcels.map((x) => x.waybill.internal)).toEqual([created.internal_waybill])
    expect(shipment.parcels[0]!.last_status).toBe('Przesyłka zarejestrowana')
  })

  it('multi-pack: every parcel its own internal number from the sequence; the shipment takes the first one', async () => {
    const res = await create(shipmentBody(p, 1, { parcels: 3 }))
    expect(res.status).toBe(201)
    const rows = await h.db.query<{ internal_number: string; in_shipment_order: number }>(
      `select internal_number, in_shipment_order from parcels where shipment_id = $1 order by in_shipment_order`,
      [res.body.id],
    )
    expect(rows.map((r) => r.in_shipment_order)).toEqual([1, 2, 3])
    const numbers = rows.map((r) => r.internal_number)
    expect(new Set(numbers).size).toBe(3)
    for (const n of numbers) expect(n).toMatch(/^RE\d{9}$/)
    expect(numbers[0]).toBe(res.body.internal_waybill)
    expect(Number(numbers[1]!.slice(2))).toBe(Number(numbers[0]!.slice(2)) + 1)
  })

  it('20 parcels are accepted, 21 refused (422 on parcels)', async () => {
    expect((await create(shipmentBody(p, 1, { parcels: 20 }))).status).toBe(201)
    const res = await create(shipmentBody(p, 1, { parcels: 21 }))
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['parcels'])
  })

  it.each([3, 4] as const)('locker service %i with two parcels: 422 "Nie można nadać wielopaka z i do automatu paczkowego!" on parcels', async (service) => {
    const before = await one<{ n: number }>(h.db, `select count(*)::int as n from shipments`)
    const res = await create(shipmentBody(p, service, { parcels: 2 }))
    expect(res.status).toBe(422)
    expect(res.body.errors.parcels).toContain(SHIPMENT_MSG.lockerMultiPack)
    expect((await one<{ n: number }>(h.db, `select count(*)::int as n from shipments`)).n).toBe(before.n)
  })

  it('451 when the destination (for returns the sender\'s country) is not among the client\'s allowed countries', async () => {
    const allowed = await h.call(E.allowedCountries, { token: client })
    expect(allowed.body.map((c: { iso_code: string }) => c.iso_code)).toEqual(['RO', 'HU', 'BG'])
    for (const service of [1, 2] as const) {
      const res = await create(shipmentBody(p, service, { country: 2 }))
      expect(res.status).toBe(451)
      expect(res.body.message).toBe(SHIPMENT_MSG.countryNotAllowed)
    }
  })

  it('field errors keyed as the form shows them (recipient.*, content.*, parcels.{n}.weight.declared, parcels.{n}.dimensions.declared.*)', async () => {
    const body = shipmentBody(p, 1, { parcels: 2 })
    const res = await create({
      ...body,
      recipient: { ...body.recipient!, name: '', private_person: false, contact_name: '', phone: { prefix: '+40', number: '12' }, email: 'nie-email' },
      content: { ...body.content, declared_content: '', declared_value: -1 },
      parcels: [parcel(0, 0), { ...parcel(1), dimensions: { declared: { height: 5, width: 20, length: 3 } } }],
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'content.declared_content', 'content.declared_value', 'parcels.0.weight.declared', 'parcels.1.dimensions.declared.height',
        'parcels.1.dimensions.declared.length', 'recipient.email', 'recipient.name', 'recipient.phone.number',
      ].sort(),
    )
    // The rules across fields (contact name of a company, the service's party) speak once the fields are valid.
    const company = await create({ ...body, recipient: { ...body.recipient!, private_person: false, contact_name: ' ' } })
    expect(company.status).toBe(422)
    expect(Object.keys(company.body.errors)).toEqual(['recipient.contact_name'])
    const ret = await create({ ...shipmentBody(p, 2), sender: { ...shipmentBody(p, 2).sender!, name: '' } })
    expect(ret.status).toBe(422)
    expect(Object.keys(ret.body.errors)).toEqual(['sender.name'])
  })

  it('the locality or locker must exist and lie in the chosen country (422 on the field)', async () => {
    const home = shipmentBody(p, 1, { country: 3 })
    const wrongLocality = await create({ ...home, recipient: { ...home.recipient!, address: { locality: { id: p.locality[1]!.id, name: 'x' }, postal_code: '1051', details: 'Utca 1' } } })
    expect(wrongLocality.status).toBe(422)
    expect(wrongLocality.body.errors['recipient.address.locality']).toEqual([SHIPMENT_MSG.localityOtherCountry])
    const missing = await create({ ...home, recipient: { ...home.recipient!, address: { locality: { id: 99999999, name: 'x' }, postal_code: '1051', details: 'Utca 1' } } })
    expect(missing.body.errors['recipient.address.locality']).toEqual([SHIPMENT_MSG.localityNotFound])
    const locker = shipmentBody(p, 3, { country: 3 })
    const wrongLocker = await create({ ...locker, recipient: { ...locker.recipient!, locker: p.locker[1] } })
    expect(wrongLocker.status).toBe(422)
    expect(wrongLocker.body.errors['recipient.locker']).toEqual([SHIPMENT_MSG.lockerOtherCountry])
    expect((await create(locker)).status).toBe(201)
  })

  it('clients create for their own client (client_id in the body ignored); admins must choose the client; warehouse workers may not create', async () => {
    const mine = await create(shipmentBody(p, 1, { clientId: p.budapest }))
    expect(mine.status).toBe(201)
    expect((await one<{ client_id: number }>(h.db, `select client_id from shipments where id = $1`, [mine.body.id])).client_id).toBe(p.demoShop)
    const none = await create(shipmentBody(p, 1), admin)
    expect(none.status).toBe(422)
    expect(none.body.errors.client_id).toEqual([SHIPMENT_MSG.clientRequired])
    const theirs = await create(shipmentBody(p, 1, { clientId: p.budapest }), admin)
    expect(theirs.status).toBe(201)
    expect((await one<{ client_id: number }>(h.db, `select client_id from shipments where id = $1`, [theirs.body.id])).client_id).toBe(p.budapest)
    expect((await create(shipmentBody(p, 1), worker)).status).toBe(403)
  })
})

describe('registration with the courier (PATCH app/v2/shipment/)', () => {
  it('no route: unregistered, error_message and a reported SHIPMENT_REGISTRATION_FAILED problem; retry fails until a route exists, then 200 and the problem is resolved', async () => {
    await h.db.query(`delete from courier_routes where country_iso = 'HU' and delivery_service = 3`)
    const res = await create(shipmentBody(p, 3, { country: 3 }))
    expect(res.status).toBe(201)
    const number = res.body.internal_waybill
    const view = (await get(number)).body.shipment
    expect(view.internal_info.correctly_requested_at).toBeNull()
    expect(view.internal_info.error_message).toContain('Węgry')
    const info = await h.call(E.shipmentInternalInfo, { token: admin, params: { internalNumber: number } })
    expect(info.status).toBe(200)
    const problem = info.body.data.problems[0]
    expect(problem).toMatchObject({ rule: { code: 'SHIPMENT_REGISTRATION_FAILED' }, status: 'reported', resolved_at: null })
    expect(JSON.parse(Buffer.from(problem.payload, 'base64').toString('utf8'))).toMatchObject({ request: { waybill: number, delivery_service: 3, country_id: 3 } })
    const label = await h.call(E.labels100150, { token: client, params: { internalNumber: number } })
    expect(label.status).toBe(409)
    expect(label.body.message).toBe(SHIPMENT_MSG.labelNotReady)

    const again = await h.call(E.shipmentRegister, { token: admin, body: { id: res.body.id } })
    expect(again.status).toBe(422)
    expect(again.body.message).toBe(SHIPMENT_MSG.registerFailed)
    expect((await h.call(E.shipmentRegister, { token: client, body: { id: res.body.id } })).status).toBe(403)

    await h.db.query(`insert into courier_routes (country_iso, delivery_service, courier_code) values ('HU', 3, 'gls_hungary')`)
    const ok = await h.call(E.shipmentRegister, { token: admin, body: { id: res.body.id } })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe(SHIPMENT_MSG.registered)
    const after = await h.call(E.shipmentInternalInfo, { token: admin, params: { internalNumber: number } })
    expect(after.body.data.shipment).toMatchObject({ out_service: 'GLS Hungary' })
    expect(after.body.data.shipment.correctly_requested_at).not.toBeNull()
    expect(after.body.data.problems[0]).toMatchObject({ status: 'resolved', resolved_by: { email: 'admin@example.com' } })
    expect((await h.call(E.labels100150, { token: client, params: { internalNumber: number } })).status).toBe(200)
    expect((await h.call(E.shipmentRegister, { token: admin, body: { id: res.body.id } })).status).toBe(409)
  })
})

describe('update (PUT app/v2/shipment/): only while editable', () => {
  /** A shipment that stays unregistered (no route for HU lockers) and so editable. */
  async function editable() {
    // A locker service with its route removed stays unregistered.
    await h.db.query(`delete from courier_routes where country_iso = 'HU' and delivery_service = 3`)
    const made = await create(shipmentBody(p, 3, { country: 3 }))
    expect(made.status).toBe(201)
    return { id: made.body.id as number, number: made.body.internal_waybill as string, body: shipmentBody(p, 3, { country: 3 }) }
  }

  it('an unregistered shipment is saved: party, content, parcels ("Pomyślnie zapisano zmiany!")', async () => {
    const s = await editable()
    const res = await h.call(E.shipmentUpdate, {
      token: client,
      body: { ...s.body, id: s.id, recipient: { ...s.body.recipient!, name: 'Kovács Anna' }, content: { ...s.body.content, declared_content: 'Książki' }, parcels: [parcel(0, 4.25)] },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: SHIPMENT_MSG.updated, internal_waybill: s.number })
    const view = (await get(s.number)).body.shipment
    expect(view.recipient.name).toBe('Kovács Anna')
    expect(view.content.declared_content).toBe('Książki')
    expect(view.content.currency).toBe('HUF')
    expect(view.parcels.map((x: { weight: { declared: number } }) => x.weight.declared)).toEqual([4.25])
  })

  it('service and country stay (422); another client\'s shipment is 404; warehouse workers are refused (403)', async () => {
    const s = await editable()
    const service = await h.call(E.shipmentUpdate, { token: client, body: { ...shipmentBody(p, 4, { country: 3 }), id: s.id } })
    expect(service.status).toBe(422)
    expect(service.body.errors.delivery_service).toEqual([SHIPMENT_MSG.serviceChanged])
    const country = await h.call(E.shipmentUpdate, { token: client, body: { ...shipmentBody(p, 3, { country: 1 }), id: s.id } })
    expect(country.status).toBe(422)
    expect(country.body.errors['recipient.country']).toEqual([SHIPMENT_MSG.countryChanged])
    const foreign = await h.call(E.shipmentUpdate, { token: other, body: { ...s.body, id: s.id } })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe(SHIPMENT_MSG.notFound)
    expect((await h.call(E.shipmentUpdate, { token: worker, body: { ...s.body, id: s.id } })).status).toBe(403)
  })

  it.each([
    ['registered with the courier', `update shipments set correctly_requested_at = now() where id = $1`],
    ['with a buffer number', `update parcels set buffer_number = 'BUF9' || lpad(id::text, 7, '0') where shipment_id = $1`],
    ['with a duplicated number', `update parcels set duplicated_number = internal_number || 'D' where shipment_id = $1`],
  ])('%s: 409 "Nie można zapisać zmian!", nothing saved', async (_, sql) => {
    const s = await editable()
    await h.db.query(sql, [s.id])
    const res = await h.call(E.shipmentUpdate, { token: client, body: { ...s.body, id: s.id, recipient: { ...s.body.recipient!, name: 'Zmieniony' } } })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(SHIPMENT_MSG.updateFailed)
    expect((await get(s.number, admin)).body.shipment.recipient.name).toBe('Ion Popescu')
  })
})

describe('mark as removed (DELETE app/v2/shipment/)', () => {
  it('a fresh shipment: removed, its parcels cancelled; a second time 409', async () => {
    const made = await create(shipmentBody(p, 1, { parcels: 2 }))
    const res = await h.call(E.shipmentDelete, { token: client, body: { waybill: made.body.internal_waybill } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(SHIPMENT_MSG.deleted)
    const view = (await get(made.body.internal_waybill)).body.shipment
    expect(view.deleted_at).not.toBeNull()
    expect(view.parcels.map((x: { last_status: string }) => x.last_status)).toEqual(['Przesyłka anulowana', 'Przesyłka anulowana'])
    const cancelled = await h.db.query(
      `select u.email from parcel_status_history h join users u on u.id = h.user_id join status_types st on st.id = h.status_type_id
        where h.parcel_id in (select id from parcels where shipment_id = $1) and st.system_id = 'cancelled'`,
      [made.body.id],
    )
    expect(cancelled).toEqual([{ email: 'client@example.com' }, { email: 'client@example.com' }])
    const again = await h.call(E.shipmentDelete, { token: client, body: { waybill: made.body.internal_waybill } })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(SHIPMENT_MSG.deleteFailed)
  })

  it.each([
    ['a parcel received at the shipping warehouse', 1, `update parcels set shipping_warehouse_received_at = now() where shipment_id = $1 and in_shipment_order = 2`],
    ['a return received at the return warehouse', 2, `update parcels set return_warehouse_received_at = now() where shipment_id = $1`],
    ['created by init_scan', 1, `update shipments set creator = 'init_scan' where id = $1`],
  ] as const)('not allowed with %s (409)', async (_, service, sql) => {
    const made = await create(shipmentBody(p, service, { parcels: 2 }))
    await h.db.query(sql, [made.body.id])
    const res = await h.call(E.shipmentDelete, { token: admin, body: { waybill: made.body.internal_waybill } })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(SHIPMENT_MSG.deleteFailed)
    expect((await get(made.body.internal_waybill)).body.shipment.deleted_at).toBeNull()
  })

  it('a return received only at the shipping warehouse may still be removed (returns look at the return warehouse)', async () => {
    const made = await create(shipmentBody(p, 2))
    await h.db.query(`update parcels set shipping_warehouse_received_at = now() where shipment_id = $1`, [made.body.id])
    expect((await h.call(E.shipmentDelete, { token: client, body: { waybill: made.body.internal_waybill } })).status).toBe(200)
  })

  it('a record that is not a shipment (context parcel) is refused; warehouse workers are refused; another client\'s is 404', async () => {
    const lone = await h.call(E.shipmentDelete, { token: admin, body: { waybill: 'BUF00000003' } })
    expect(lone.status).toBe(409)
    const made = await create(shipmentBody(p, 1))
    expect((await h.call(E.shipmentDelete, { token: worker, body: { waybill: made.body.internal_waybill } })).status).toBe(403)
    const foreign = await h.call(E.shipmentDelete, { token: other, body: { waybill: made.body.internal_waybill } })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe(SHIPMENT_MSG.notFound)
  })
})
