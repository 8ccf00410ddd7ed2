/**
 * Find → update round trips, walked from the contract's pair table (src/contract/roundTrip.ts): for
 * records of the demo data, drawn by fast-check, the find's reply sent back unchanged to its update
 * (same path parameters) is accepted, and a second find answers the same record. This is what an
 * integrator does with a price list: GET it, change nothing (or one amount), PUT it back — money as
 * decimal strings, nulls where the reply has them.
 */
import fc from 'fast-check'
import { SchemaAST } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Endpoint, type EndpointName, endpoints } from '../../src/contract/endpoints.ts'
import { UPDATE_FINDS } from '../../src/contract/roundTrip.ts'
import { MSG } from '../../src/contract/messages.ts'
import { type TestApp, startApp } from './support.ts'

let h: TestApp
beforeAll(async () => {
  h = await startApp()
}, 60_000)
afterAll(() => h?.close())

type Params = Record<string, string | number>
interface Sample { find: Params; update: Params }
type Finder = keyof typeof UPDATE_FINDS

/** Where the records of each pair are in the demo data: the find's and the update's path parameters. */
const SAMPLES: Record<Finder, () => Promise<Sample[]>> = {
  priceListUpdate: async () =>
    (await h.db.query<{ id: number; type: string }>(
      `select o.id, o.type from operational_price_lists o where not exists (select 1 from accounted_amounts a where a.price_list_id = o.id) order by o.id`,
    )).map((r) => ({ find: { type: r.type, id: r.id }, update: { type: r.type } })),
  courierPriceUpdate: async () =>
    (await h.db.query<{ id: number; id_courier: number }>(`select id, id_courier from courier_prices order by id`)).map((r) => ({ find: { courierId: r.id_courier, id: r.id }, update: {} })),
  priceBandUpdate: async () => (await h.db.query<{ id: number }>(`select id from client_price_bands order by id`)).map((r) => ({ find: { id: r.id }, update: {} })),
  clientUpdate: async () => (await h.db.query<{ id: number }>(`select id from clients order by id limit 12`)).map((r) => ({ find: { id: r.id }, update: {} })),
  userUpdate: async () => (await h.db.query<{ id: number }>(`select id from users order by id`)).map((r) => ({ find: { id: r.id }, update: {} })),
  workstationUpdate: async () => (await h.db.query<{ id: number }>(`select id from workstations order by id`)).map((r) => ({ find: { id: r.id }, update: {} })),
  statusTypeUpdate: async () => (await h.db.query<{ id: number }>(`select id from status_types order by id limit 15`)).map((r) => ({ find: { id: r.id }, update: {} })),
  externalCredentialUpdate: async () =>
    (await h.db.query<{ id: number; client_id: number }>(`select id, client_id from external_api_credentials order by id`)).map((r) => ({ find: { id: r.client_id, credId: r.id }, update: { id: r.client_id } })),
  additionalUpdate: async () =>
    (await h.db.query<{ client_id: number; type_id: number }>(`select client_id, type_id from client_additional_parameters order by client_id, type_id`)).map((r) => ({
      find: { id: r.client_id, typeId: r.type_id }, update: { id: r.client_id },
    })),
  resignationUpdate: async () => (await h.db.query<{ id: number }>(`select id from parcel_reported_resignations order by id`)).map((r) => ({ find: { id: r.id }, update: {} })),
}

/** The keys a Struct schema names (its encoded side), null for anything else. */
function structKeys(ep: Endpoint, side: 'body' | 'reply'): { all: string[]; required: string[] } | null {
  const schema = side === 'body' ? ep.body : ep.replies[200]
  if (!schema) return null
  const ast = SchemaAST.toEncoded(schema.ast)
  if (ast._tag !== 'Objects') return null
  return {
    all: ast.propertySignatures.map((p) => String(p.name)),
    required: ast.propertySignatures.filter((p) => !SchemaAST.isOptional(p.type)).map((p) => String(p.name)),
  }
}

/** Whether an AST (encoded side) lets null through. */
const acceptsNull = (ast: SchemaAST.AST): boolean => ast._tag === 'Null' || (ast._tag === 'Union' && ast.types.some(acceptsNull))

/** The update body's optional keys. */
function optionalKeys(ep: Endpoint): string[] {
  const ast = SchemaAST.toEncoded(ep.body.ast)
  return ast._tag === 'Objects' ? ast.propertySignatures.filter((p) => SchemaAST.isOptional(p.type)).map((p) => String(p.name)) : []
}

describe('find → update round trips', () => {
  it('every pair: the update asks for nothing its find does not answer', () => {
    for (const [update, find] of Object.entries(UPDATE_FINDS) as [EndpointName, EndpointName][]) {
      const body = structKeys(endpoints[update], 'body')
      const reply = structKeys(endpoints[find], 'reply')
      expect(body && reply, `${update} / ${find}`).toBeTruthy()
      for (const k of body!.required) expect(reply!.all, `${update} needs ${k}`).toContain(k)
    }
  })

  it.each(Object.entries(UPDATE_FINDS) as [Finder, EndpointName][])('%s accepts what %s answers, unchanged', async (update, find) => {
    const samples = await SAMPLES[update]()
    expect(samples.length, `no ${find} records in the demo data`).toBeGreaterThan(0)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), async (s) => {
        const got = await h.call(endpoints[find], { token: h.tokens.admin, params: s.find })
        expect(got.status, JSON.stringify(got.body)).toBe(200)
        const put = await h.call(endpoints[update], { token: h.tokens.admin, params: s.update, body: got.body })
        expect(put.status, `${update} ${JSON.stringify(s)}: ${JSON.stringify(put.body)}`).toBeLessThan(300)
        const again = await h.call(endpoints[find], { token: h.tokens.admin, params: s.find })
        expect(again.body).toEqual(got.body)
      }),
      { numRuns: Math.min(samples.length, 8), seed: 20261126 },
    )
  }, 120_000)

  it.each(Object.entries(UPDATE_FINDS) as [Finder, EndpointName][])('%s: an optional field accepts null where %s may answer null', async (update, find) => {
    const found: Endpoint = endpoints[find]
    const reply = SchemaAST.toEncoded(found.replies[200]!.ast)
    const replyNullable = new Set(reply._tag === 'Objects' ? reply.propertySignatures.filter((p) => acceptsNull(p.type)).map((p) => String(p.name)) : [])
    const nullable = optionalKeys(endpoints[update]).filter((k) => replyNullable.has(k))
    if (!nullable.length) return
    const samples = await SAMPLES[update]()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), fc.subarray(nullable, { minLength: 1 }), async (s, nulls) => {
        const got = await h.call(endpoints[find], { token: h.tokens.admin, params: s.find })
        const body = { ...got.body, ...Object.fromEntries(nulls.map((k) => [k, null])) }
        const put = await h.call(endpoints[update], { token: h.tokens.admin, params: s.update, body })
        // null is a value the field takes: a rule may still refuse the change it makes (an income list needs its
        // country), but never as a value of the wrong kind.
        for (const k of nulls) expect(put.body?.errors?.[k] ?? [], `${update} with ${k} null: ${JSON.stringify(put.body)}`).not.toContain(MSG.invalidValue)
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
