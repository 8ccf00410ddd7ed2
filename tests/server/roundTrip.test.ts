/**
 * Find → update round trips, walked over every pair generated from the endpoint table
 * (src/contract/roundTrip.ts): for records of the demo data, drawn by fast-check, the find's reply
 * (or the member of it the pair names) sent back unchanged to its update is accepted, and a second
 * find answers the same record. This is what an integrator does with a price list or a shipment:
 * GET it, change nothing (or one field), PUT it back — money as decimal strings, nulls where the
 * reply has them.
 */
import fc from 'fast-check'
import { SchemaAST } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointName, endpoints } from '../../src/contract/endpoints.ts'
import {
  NOT_TWINS, NOT_UPDATES, ROUND_TRIP_PAIRS, type RoundTripPair, lookalikeFinds, objectKeys, okReply, pathParams, pathTwinOf, unpairedUpdates,
} from '../../src/contract/roundTrip.ts'
import { MSG } from '../../src/contract/messages.ts'
import { CHECK_ID } from '../../src/contract/validation.ts'
import { type TestApp, startApp } from './support.ts'
import { places, shipmentBody } from './shipments/fixtures.ts'

let h: TestApp
beforeAll(async () => {
  h = await startApp()
  await makeRecords()
}, 120_000)
afterAll(() => h?.close())

/** Service → country of the entered party, for the shipments made below (HU: its routes are removed). */
const HU = 3

/**
 * Records the demo data has none of, made the way users make them: a shipment of every service
 * that stays editable (no courier route to HU, so not registered), a client's own courier account
 * (the demo has only the operator's protected one) and a parcel taken in from an outside courier.
 */
async function makeRecords() {
  const p = await places(h.db)
  await h.db.query(`delete from courier_routes where country_iso = 'HU'`)
  for (const service of [1, 2, 3, 4] as const) {
    const made = await h.call(endpoints.shipmentCreate, { token: h.tokens.admin, body: shipmentBody(p, service, { country: HU, clientId: p.demoShop, parcels: service > 2 ? 1 : 2 }) })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
  }
  const types = await h.db.query<{ id: number }>(`select id from courier_credential_types where assign = 'dpd_ro_client'`)
  const cred = await h.call(endpoints.credentialCreate, {
    token: h.tokens.admin,
    body: { id_client: p.budapest, id_type: types[0]!.id, username: 'sandbox', password: 'sandbox123', service: 'Classic', note: 'Konto klienta' },
  })
  expect(cred.status, JSON.stringify(cred.body)).toBe(201)
  const inbound = await h.call(endpoints.externalInboundScan, { token: h.tokens.worker, body: { barcode: '12345678901234' } })
  expect(inbound.status, JSON.stringify(inbound.body)).toBe(201)
}

type Params = Record<string, string | number>

/** Where the records each find answers are in the demo data: its path parameters. */
const SAMPLES: Partial<Record<EndpointName, () => Promise<Params[]>>> = {
  priceListOne: async () =>
    (await h.db.query<{ id: number; type: string }>(
      `select o.id, o.type from operational_price_lists o where not exists (select 1 from accounted_amounts a where a.price_list_id = o.id) order by o.id`,
    )).map((r) => ({ type: r.type, id: r.id })),
  courierPriceOne: async () =>
    (await h.db.query<{ id: number; id_courier: number }>(`select id, id_courier from courier_prices order by id`)).map((r) => ({ courierId: r.id_courier, id: r.id })),
  priceBandGet: async () => (await h.db.query<{ id: number }>(`select id from client_price_bands order by id`)).map((r) => ({ id: r.id })),
  clientData: async () => (await h.db.query<{ id: number }>(`select id from clients order by id limit 12`)).map((r) => ({ id: r.id })),
  // Staff accounts: a client's account is not edited on the user form (422 on role, by rule).
  userGet: async () => (await h.db.query<{ id: number }>(`select id from users where role < 2 order by id`)).map((r) => ({ id: r.id })),
  workstationGet: async () => (await h.db.query<{ id: number }>(`select id from workstations order by id`)).map((r) => ({ id: r.id })),
  statusTypeGet: async () => (await h.db.query<{ id: number }>(`select id from status_types order by id limit 15`)).map((r) => ({ id: r.id })),
  externalCredentialGet: async () =>
    (await h.db.query<{ id: number; client_id: number }>(`select id, client_id from external_api_credentials order by id`)).map((r) => ({ id: r.client_id, credId: r.id })),
  additionalGet: async () =>
    (await h.db.query<{ client_id: number; type_id: number }>(`select client_id, type_id from client_additional_parameters order by client_id, type_id`)).map((r) => ({
      id: r.client_id, typeId: r.type_id,
    })),
  resignationGet: async () => (await h.db.query<{ id: number }>(`select id from parcel_reported_resignations order by id`)).map((r) => ({ id: r.id })),
  externalInboundGet: async () => (await h.db.query<{ id: number }>(`select id from external_inbounds order by id limit 12`)).map((r) => ({ id: r.id })),
  // Courier accounts a client's protected account rule does not hold (a protected one in use is refused by design).
  credentialGet: async () =>
    (await h.db.query<{ id: number }>(
      `select cc.id from courier_credentials cc join courier_credential_types t on t.id = cc.id_type where not t.protected order by cc.id`,
    )).map((r) => ({ id: r.id })),
  // Shipments still editable (not deleted, not registered with the courier, no buffer or duplicated parcel) whose
  // entered place was picked from the address database. The bulk demo shipments carry their place as text alone:
  // saving one asks for the locality from the list first (SHIPMENT_MSG.localityNotFound), as the form does.
  shipmentGet: async () =>
    (await h.db.query<{ internal_waybill: string }>(
      `select s.internal_waybill from shipments s
         join parties e on e.id = case when s.delivery_service in (2, 4) then s.sender_id else s.recipient_id end
        where s.deleted_at is null and s.correctly_requested_at is null and (e.locality_id is not null or e.locker_id is not null)
          and not exists (select 1 from parcels p where p.shipment_id = s.id and (p.buffer_number is not null or p.duplicated_number is not null))
        order by s.id limit 12`,
    )).map((r) => ({ internalNumber: r.internal_waybill })),
}

/** The update's path parameters: those of the find with the same names. */
const updateParams = (pair: RoundTripPair, find: Params): Params =>
  Object.fromEntries(pathParams(endpoints[pair.update].path).map((k) => [k, find[k]!]))

/** The body a pair sends: the find's reply, or its member the pair names. */
const bodyOf = (pair: RoundTripPair, reply: any) => (pair.part ? reply[pair.part] : reply)

/** The schema the update's body is read against: the find's reply, or the member the pair names. */
function sentAst(pair: RoundTripPair): SchemaAST.AST {
  const ast = SchemaAST.toEncoded(okReply(endpoints[pair.find])!.ast)
  if (!pair.part) return ast
  const member = ast._tag === 'Objects' ? ast.propertySignatures.find((p) => String(p.name) === pair.part) : undefined
  if (!member) throw new Error(`${pair.find} has no ${pair.part}`)
  return member.type
}

/**
 * Decimals the updates take that the finds answer as JSON numbers: measurements and percentages,
 * not money. Any other decimal (money above all) must come back as decimal text ("10.00").
 */
const NUMBER_DECIMALS = new Set([
  'shipmentUpdate.parcels[].weight.declared',
  'shipmentUpdate.parcels[].dimensions.declared.height',
  'shipmentUpdate.parcels[].dimensions.declared.width',
  'shipmentUpdate.parcels[].dimensions.declared.length',
  'priceBandUpdate.vat_percentage',
  'priceBandUpdate.min_weight_value',
  'priceBandUpdate.max_weight_value',
])

const isDecimal = (a: SchemaAST.AST) => (a.checks ?? []).some((c) => c.annotations?.identifier === CHECK_ID.decimal)
const nonNull = (a: SchemaAST.AST): SchemaAST.AST[] => (a._tag === 'Union' ? a.types.flatMap(nonNull) : a._tag === 'Null' ? [] : [a])

/** Paths (and the reply's kinds) where the update takes a decimal and the find answers anything but text. */
function decimalsAnsweredAsNumbers(body: SchemaAST.AST, reply: SchemaAST.AST, at: string, out: string[]): string[] {
  const bs = nonNull(body)
  const rs = nonNull(reply)
  if (bs.some(isDecimal)) {
    if (!rs.every((r) => r._tag === 'String')) out.push(at)
    return out
  }
  for (const b of bs) {
    for (const r of rs) {
      if (b._tag === 'Objects' && r._tag === 'Objects') {
        for (const ps of b.propertySignatures) {
          const m = r.propertySignatures.find((x) => x.name === ps.name)
          if (m) decimalsAnsweredAsNumbers(ps.type, m.type, `${at}.${String(ps.name)}`, out)
        }
      }
      if (b._tag === 'Arrays' && r._tag === 'Arrays' && b.rest[0] && r.rest[0]) decimalsAnsweredAsNumbers(b.rest[0], r.rest[0], `${at}[]`, out)
    }
  }
  return out
}

/** Whether an AST (encoded side) lets null through. */
const acceptsNull = (ast: SchemaAST.AST): boolean => ast._tag === 'Null' || (ast._tag === 'Union' && ast.types.some(acceptsNull))

const label = (p: RoundTripPair) => `${p.update} ← ${p.find}${p.part ? `.${p.part}` : ''}`
const cases = ROUND_TRIP_PAIRS.map((p) => [label(p), p] as const)

describe('find → update pairs of the endpoint table', () => {
  it('are generated: the path twins and the linked ones, old and new', () => {
    const names = ROUND_TRIP_PAIRS.map((p) => p.update)
    for (const u of ['priceListUpdate', 'courierPriceUpdate', 'clientUpdate', 'priceBandUpdate', 'userUpdate', 'shipmentUpdate', 'credentialUpdate'])
      expect(names).toContain(u)
    expect(new Set(names).size).toBe(names.length)
  })

  it('every update that looks like a find (its body made of the reply\'s keys) is paired, linked or excused', () => {
    const missing = unpairedUpdates().map((u) => [u, lookalikeFinds(u)] as const).filter(([, f]) => f.length)
    expect(missing, 'add `updates: { find }` to these entries, or a reason to NOT_TWINS').toEqual([])
  })

  it('the generation notices an update with a find twin and no link', () => {
    // clientUpdate is at app/v1/client/, its find at client/data/{id}: only the link pairs them.
    expect(lookalikeFinds('clientUpdate')).toContain('clientData')
    expect(ROUND_TRIP_PAIRS.find((p) => p.update === 'clientUpdate')?.by).toBe('link')
  })

  it('every link names a GET of the table; every excuse names an update that needs one', () => {
    for (const p of ROUND_TRIP_PAIRS) {
      expect(endpoints[p.find]?.method, label(p)).toBe('GET')
      expect(objectKeys(sentAst(p)), `${label(p)}: the body sent is one object`).not.toBeNull()
      expect(pathParams(endpoints[p.update].path).filter((k) => !pathParams(endpoints[p.find].path).includes(k)), `${label(p)}: update path parameters the find lacks`).toEqual([])
    }
    for (const u of Object.keys(NOT_UPDATES) as EndpointName[]) expect(pathTwinOf(u), u).toBeDefined()
    for (const u of Object.keys(NOT_TWINS) as EndpointName[]) expect(lookalikeFinds(u).length, u).toBeGreaterThan(0)
  })

  it.each(cases)('%s: the update asks for nothing the find does not answer', (_, p) => {
    const body = objectKeys(endpoints[p.update].body.ast)
    const sent = objectKeys(sentAst(p))
    expect(body && sent).toBeTruthy()
    for (const k of body!.required) expect(sent!.all, `${p.update} needs ${k}`).toContain(k)
  })

  it.each(cases)('%s: money the update takes, the find answers as decimal text', (_, p) => {
    const found = decimalsAnsweredAsNumbers(SchemaAST.toEncoded(endpoints[p.update].body.ast), sentAst(p), p.update, [])
    expect(found.filter((f) => !NUMBER_DECIMALS.has(f))).toEqual([])
  })

  it.each(cases)('%s: every find has its records in the demo data', async (_, p) => {
    const samples = await SAMPLES[p.find]?.()
    expect(samples?.length ?? 0, `no ${p.find} records (add where they are to SAMPLES)`).toBeGreaterThan(0)
  })
})

describe('find → update round trips', () => {
  it.each(cases)('%s: the update accepts what the find answers, unchanged', async (_, p) => {
    const samples = (await SAMPLES[p.find]?.()) ?? []
    expect(samples.length).toBeGreaterThan(0)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), async (s) => {
        const got = await h.call(endpoints[p.find], { token: h.tokens.admin, params: s })
        expect(got.status, JSON.stringify(got.body)).toBe(200)
        const put = await h.call(endpoints[p.update], { token: h.tokens.admin, params: updateParams(p, s), body: bodyOf(p, got.body) })
        expect(put.status, `${p.update} ${JSON.stringify(s)}: ${JSON.stringify(put.body)}`).toBeLessThan(300)
        const again = await h.call(endpoints[p.find], { token: h.tokens.admin, params: s })
        expect(again.body).toEqual(got.body)
      }),
      { numRuns: Math.min(samples.length * 2, 12), seed: 20261126 },
    )
  }, 120_000)

  it.each(cases)('%s: an optional field accepts null where the find may answer null', async (_, p) => {
    const sent = sentAst(p)
    const replyNullable = new Set(sent._tag === 'Objects' ? sent.propertySignatures.filter((s) => acceptsNull(s.type)).map((s) => String(s.name)) : [])
    const body = SchemaAST.toEncoded(endpoints[p.update].body.ast)
    const optional = body._tag === 'Objects' ? body.propertySignatures.filter((s) => SchemaAST.isOptional(s.type)).map((s) => String(s.name)) : []
    const nullable = optional.filter((k) => replyNullable.has(k))
    if (!nullable.length) return
    const samples = (await SAMPLES[p.find]?.()) ?? []
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), fc.subarray(nullable, { minLength: 1 }), async (s, nulls) => {
        const got = await h.call(endpoints[p.find], { token: h.tokens.admin, params: s })
        const sentBody = { ...bodyOf(p, got.body), ...Object.fromEntries(nulls.map((k) => [k, null])) }
        const put = await h.call(endpoints[p.update], { token: h.tokens.admin, params: updateParams(p, s), body: sentBody })
        // null is a value the field takes: a rule may still refuse the change it makes (an income list needs its
        // country), but never as a value of the wrong kind.
        for (const k of nulls) expect(put.body?.errors?.[k] ?? [], `${p.update} with ${k} null: ${JSON.stringify(put.body)}`).not.toContain(MSG.invalidValue)
      }),
      { numRuns: Math.min(samples.length * nullable.length, 8), seed: 20261126 },
    )
  }, 120_000)

  it('a price list\'s special association may be sent as null (no association)', async () => {
    const [list] = await h.db.query<{ id: number; type: string }>(
      `select o.id, o.type from operational_price_lists o where not exists (select 1 from accounted_amounts a where a.price_list_id = o.id) order by o.id limit 1`,
    )
    const got = await h.call(endpoints.priceListOne, { token: h.tokens.admin, params: { type: list!.type, id: list!.id } })
    const put = await h.call(endpoints.priceListUpdate, { token: h.tokens.admin, params: { type: list!.type }, body: { ...got.body, special_association: null } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const again = await h.call(endpoints.priceListOne, { token: h.tokens.admin, params: { type: list!.type, id: list!.id } })
    expect(again.body.special_association).toBe('')
  })
})
