/**
 * The integration API played by a shop: Demo Shop's external API credential gets a token, creates
 * a shipment of every service with an idempotency key (a retried create under concurrent load makes
 * exactly one), fetches its labels in both formats and decodes the barcodes, reads the tracking,
 * polls changes, quotes a price and compares it with what the billing statement charges. Another
 * client's credential sees none of it; API access off, a wrong password, a wrong address and a
 * revoked credential are each refused with their own message. The OpenAPI document validates and
 * names every integration endpoint; the reference page and its files are served here.
 */
import { validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseLabelBarcode } from '../../src/contract/barcodes.ts'
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../../src/contract/constants/session.ts'
import { INTEGRATION } from '../../src/contract/constants/integration.ts'
import { XSRF_COOKIE } from '../../src/contract/constants/platform.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { INTEGRATION_DOCS_PATH, integrationEndpoints } from '../../src/contract/endpoints/integration.ts'
import { INTEGRATION_MSG } from '../../src/contract/messages/integration.ts'
import { SHIPMENT_MSG } from '../../src/contract/messages/shipments.ts'
import { DEMO_API_CREDENTIAL } from '../../src/server/seed/clients.ts'
import { type Places, places, shipmentBody } from './shipments/fixtures.ts'
import { decodeBarcodes, isPdf, pageSizeMm } from './shipments/pdf.ts'
import { type TestApp, startApp } from './support.ts'

let h: TestApp
let p: Places
const base = INTEGRATION.base

beforeAll(async () => {
  h = await startApp()
  p = await places(h.db)
}, 60_000)
afterAll(() => h?.close())

const api = (method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; address?: string } = {}) =>
  h.request(method, base + path, opts)

/** The form's body as a shop sends it: money, weights and dimensions as decimal strings, no client. */
function wire(service: 1 | 2 | 3 | 4, reference: string, opts: { parcels?: number } = {}) {
  const b = shipmentBody(p, service, { parcels: opts.parcels ?? 1 })
  const { client_id: _, ...rest } = b
  return {
    ...rest,
    content: { ...b.content, declared_value: b.content.declared_value.toFixed(2), cash_on_delivery_value: b.content.cash_on_delivery_value.toFixed(2) },
    additional_data: { ...b.additional_data, first_reference_number: reference },
    parcels: b.parcels.map((x) => ({
      in_shipment_order: x.in_shipment_order,
      weight: { declared: x.weight.declared.toFixed(3) },
      dimensions: { declared: { height: x.dimensions.declared.height.toFixed(1), width: x.dimensions.declared.width.toFixed(1), length: x.dimensions.declared.length.toFixed(1) } },
    })),
  }
}

async function token(body: Record<string, unknown> = { username: DEMO_API_CREDENTIAL.username, password: DEMO_API_CREDENTIAL.password }, address?: string) {
  return api('POST', 'token', { body, address })
}
async function demoToken() {
  const r = await token()
  expect(r.status).toBe(200)
  return r.body.access_token as string
}
const shipmentsWithReference = async (ref: string) =>
  (await h.db.query<{ n: number }>(`select count(*)::int as n from shipments where first_reference_number = $1`, [ref]))[0]!.n

/** A new external credential of a client (admin call), with its password. */
async function credentialOf(clientId: number, ip = '') {
  const username = `shop${Math.random().toString(36).slice(2, 10)}`
  const r = await h.call(E.externalCredentialCreate, { token: h.tokens.admin, params: { id: clientId }, body: { type: 'api_v2', username, password: 'Sklep!2026haslo', ip } })
  expect(r.status).toBe(201)
  return { id: r.body.id as number, username, password: 'Sklep!2026haslo', token: r.body.token as string }
}

const created: Record<number, { waybill: string; id: number }> = {}

describe('a shop on the integration API', () => {
  it('exchanges its username and password for a bearer token, or uses the stored token', async () => {
    const r = await token()
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: INTEGRATION.tokenTtlSeconds, client_id: p.demoShop })
    const byToken = await token({ token: DEMO_API_CREDENTIAL.token })
    expect(byToken.status).toBe(200)
    // The stored token opens the API directly too.
    expect((await api('GET', 'changes?cursor=0&limit=1', { token: DEMO_API_CREDENTIAL.token })).status).toBe(200)
    expect((await api('GET', 'changes', {})).body.message).toBe(INTEGRATION_MSG.tokenMissing)
    expect((await api('GET', 'changes', { token: 'nope' })).status).toBe(401)
    // A browser holding the back office's XSRF cookie (the reference page's "try it out") is not asked for the header.
    const fromBrowser = await api('POST', 'token', { body: { token: DEMO_API_CREDENTIAL.token }, headers: { cookie: `${XSRF_COOKIE}=abc` } })
    expect(fromBrowser.status).toBe(200)
    expect(fromBrowser.headers.get('set-cookie')).toBeNull()
  })

  it('creates a shipment of every service once per idempotency key: a retry answers the first reply, another body is 422', async () => {
    const t = await demoToken()
    for (const service of [1, 2, 3, 4] as const) {
      const ref = `INT-${service}-${Date.now()}`
      const key = `key-${ref}`
      const body = wire(service, ref)
      const first = await api('POST', 'shipments', { token: t, body, headers: { [INTEGRATION.idempotencyHeader]: key } })
      expect(first.status, JSON.stringify(first.body)).toBe(201)
      expect(first.body.message).toBe(SHIPMENT_MSG.created)
      const again = await api('POST', 'shipments', { token: t, body, headers: { [INTEGRATION.idempotencyHeader]: key } })
      expect(again.status).toBe(201)
      expect(again.body).toEqual(first.body)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await shipmentsWithReference(ref)).toBe(1)
      const other = await api('POST', 'shipments', { token: t, body: wire(service, `${ref}-x`), headers: { [INTEGRATION.idempotencyHeader]: key } })
      expect(other.status).toBe(422)
      expect(other.body.message).toBe(INTEGRATION_MSG.keyReused)
      created[service] = { waybill: first.body.internal_waybill, id: first.body.id }
      const [row] = await h.db.query<{ client_id: number; declared_value: string }>(`select client_id, declared_value::text as declared_value from shipments where id = $1`, [first.body.id])
      expect(row).toEqual({ client_id: p.demoShop, declared_value: '120.00' })
    }
    const noKey = await api('POST', 'shipments', { token: t, body: wire(1, 'INT-nokey') })
    expect(noKey.status).toBe(422)
    expect(noKey.body.errors[INTEGRATION.idempotencyHeader]).toEqual([INTEGRATION_MSG.keyRequired])
  })

  it('the form\'s rules and messages hold: a bad field is 422 keyed as the form keys it, money must be a decimal string', async () => {
    const t = await demoToken()
    const body = wire(1, 'INT-bad')
    const bad = { ...body, recipient: { ...body.recipient!, address: null }, content: { ...body.content, declared_value: 12.5 } }
    const r = await api('POST', 'shipments', { token: t, body: bad, headers: { [INTEGRATION.idempotencyHeader]: 'bad-1' } })
    expect(r.status).toBe(422)
    expect(r.body.errors['content.declared_value']).toBeDefined()
    const r2 = await api('POST', 'shipments', { token: t, body: { ...body, recipient: { ...body.recipient!, address: null } }, headers: { [INTEGRATION.idempotencyHeader]: 'bad-2' } })
    expect(r2.status).toBe(422)
    expect(Object.keys(r2.body.errors)).toContain('recipient.address')
    expect(await shipmentsWithReference('INT-bad')).toBe(0)
  })

  it('a create retried under concurrent load makes exactly one shipment (the others replay it or are told it is in flight)', async () => {
    const t = await demoToken()
    const ref = `INT-race-${Date.now()}`
    const body = wire(1, ref, { parcels: 2 })
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', 'shipments', { token: t, body, headers: { [INTEGRATION.idempotencyHeader]: `race-${ref}` } })),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.every((s) => s === 201 || s === 409), String(statuses)).toBe(true)
    expect(statuses).toContain(201)
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(INTEGRATION_MSG.keyInFlight)
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.internal_waybill)).size).toBe(1)
    expect(await shipmentsWithReference(ref)).toBe(1)
    const after = await api('POST', 'shipments', { token: t, body, headers: { [INTEGRATION.idempotencyHeader]: `race-${ref}` } })
    expect(after.status).toBe(201)
    expect(await shipmentsWithReference(ref)).toBe(1)
  })

  it.each(INTEGRATION.labelFormats.map((f) => [f]))('fetches the %s labels: a PDF whose barcode decodes to the parcel', async (format) => {
    const t = await demoToken()
    for (const service of [1, 3] as const) {
      const { waybill, id } = created[service]!
      const res = await h.app.request(`/api/${base}shipments/${waybill}/labels/${format}`, { headers: { authorization: `Bearer ${t}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(isPdf(bytes)).toBe(true)
      expect(pageSizeMm(bytes)).toEqual(format === 'dl' ? [297, 210] : [100, 150])
      const numbers = (await h.db.query<{ internal_number: string }>(`select internal_number from parcels where shipment_id = $1`, [id])).map((r) => r.internal_number)
      expect(decodeBarcodes(bytes).map((b) => parseLabelBarcode(b)?.internalNumber)).toEqual(numbers)
    }
  })

  it('reads the tracking history of its shipment', async () => {
    const t = await demoToken()
    const r = await api('GET', `shipments/${created[1]!.waybill}/tracking`, { token: t })
    expect(r.status).toBe(200)
    expect(r.body.internal_waybill).toBe(created[1]!.waybill)
    expect(r.body.history.parcels[0].history.length).toBeGreaterThan(0)
  })

  it('polls the shipments changed since a cursor: all of its new ones, then nothing, then a changed one again', async () => {
    const t = await demoToken()
    const seen = new Set<string>()
    let cursor = '0'
    for (;;) {
      const r = await api('GET', `changes?cursor=${cursor}&limit=50`, { token: t })
      expect(r.status).toBe(200)
      for (const c of r.body.changes) seen.add(c.internal_waybill)
      cursor = r.body.next_cursor
      if (!r.body.has_more) break
    }
    for (const s of [1, 2, 3, 4]) expect(seen.has(created[s]!.waybill)).toBe(true)
    const quiet = await api('GET', `changes?cursor=${cursor}`, { token: t })
    expect(quiet.body).toEqual({ changes: [], next_cursor: cursor, has_more: false })
    // The shop removes nothing here; the operator gives a parcel a status: the shipment comes back.
    const [parcel] = await h.db.query<{ id: number }>(`select id from parcels where shipment_id = $1`, [created[2]!.id])
    const [status] = await h.db.query<{ id: number }>(`select id from status_types where internal = 0 order by id limit 1`)
    expect((await h.call(E.parcelHistoryAdd, { token: h.tokens.admin, body: { parcel_id: parcel!.id, status_type_id: status!.id } })).status).toBe(201)
    const next = await api('GET', `changes?cursor=${cursor}`, { token: t })
    expect(next.body.changes.map((c: { internal_waybill: string }) => c.internal_waybill)).toEqual([created[2]!.waybill])
    expect(BigInt(next.body.next_cursor)).toBeGreaterThan(BigInt(cursor))
    expect((await api('GET', 'changes?cursor=abc', { token: t })).status).toBe(422)
  })

  it('quotes a shipment before it exists, and billing later charges exactly that', async () => {
    const t = await demoToken()
    const q = await api('POST', 'quote', {
      token: t,
      body: { country_id: 1, delivery_service: 1, parcels: [{ weight: '1.500', dimensions: { height: '10.0', width: '20.0', length: '30.0' } }], cash_on_delivery_value: '0.00', declared_value: '120.00' },
    })
    expect(q.status, JSON.stringify(q.body)).toBe(200)
    expect(q.body.amount).toMatch(/^\d+\.\d{2}$/)
    expect(Number(q.body.amount)).toBeGreaterThan(0)
    expect(q.body.lines.length).toBeGreaterThan(0)
    // created[1] is that very shipment (service 1, Romania, one 1.5 kg parcel 10×20×30, value 120): bill today.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' })
    // A statement waits for today's buffer parcels of the demo data to get their client: give them one.
    const waiting = await h.db.query<{ id: number; processable: boolean }>(
      `select id, processable from parcels where buffer_number is not null and client_id is null and deleted_at is null and cancelled_at is null
          and coalesce(shipping_warehouse_received_at, return_warehouse_received_at) >= now() - interval '2 days'`,
    )
    for (const w of waiting) {
      const adopted = await h.call(w.processable ? E.parcelAdoptBuffer : E.parcelAdoptUnprocessable, { token: h.tokens.admin, body: { id_parcel: w.id, id_client: p.budapest, is_emag_parcel: false } })
      expect(adopted.status, JSON.stringify(adopted.body)).toBe(200)
    }
    const order = await h.call(E.exportOrder, { token: h.tokens.admin, body: { type: 'billing', client_id: p.demoShop, start: today, end: today } })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    const until = Date.now() + 60_000
    for (;;) {
      const s = await h.call(E.exportFind, { token: h.tokens.admin, params: { uuid: order.body.uuid } })
      if (!['order_accepted', 'accounting'].includes(s.body.status)) break
      if (Date.now() > until) throw new Error('statement still running')
      await new Promise((r) => setTimeout(r, 200))
    }
    const charged = await h.call(E.shipmentAccountedAmounts, { token: h.tokens.admin, params: { internalNumber: created[1]!.waybill } })
    expect(charged.status).toBe(200)
    expect(charged.body.accounted_amounts.main.summary).toBe(q.body.amount)
    expect(charged.body.accounted_amounts.main.currency).toBe(q.body.currency)
    expect((await api('POST', 'quote', { token: t, body: { country_id: 1, delivery_service: 1, parcels: [{ weight: 1.5, dimensions: { height: '1', width: '1', length: '1' } }] } })).status).toBe(422)
  })
})

describe('who may call', () => {
  it('another client\'s credential sees none of Demo Shop\'s shipments', async () => {
    const other = await credentialOf(p.budapest)
    await h.db.query(`update clients set api_enabled = 1 where id = $1`, [p.budapest])
    const t = (await token({ username: other.username, password: other.password })).body.access_token as string
    expect(t).toBeTruthy()
    const r = await api('GET', `shipments/${created[1]!.waybill}/tracking`, { token: t })
    expect(r.status).toBe(404)
    expect(r.body.message).toBe(SHIPMENT_MSG.notFound)
    const label = await api('GET', `shipments/${created[1]!.waybill}/labels/dl`, { token: t })
    expect(label.status).toBe(404)
    const changes = await api('GET', 'changes?cursor=0&limit=500', { token: t })
    expect(changes.status).toBe(200)
    const theirs = new Set((await h.db.query<{ internal_waybill: string }>(`select internal_waybill from shipments where client_id = $1`, [p.budapest])).map((r) => r.internal_waybill))
    for (const c of changes.body.changes) expect(theirs.has(c.internal_waybill)).toBe(true)
    for (const s of [1, 2, 3, 4]) expect(changes.body.changes.some((c: { internal_waybill: string }) => c.internal_waybill === created[s]!.waybill)).toBe(false)
    // The same idempotency key is the other client's own.
    const body = wire(1, `INT-other-${Date.now()}`)
    const mine = await api('POST', 'shipments', { token: t, body, headers: { [INTEGRATION.idempotencyHeader]: 'shared-key' } })
    const theirsKey = await api('POST', 'shipments', { token: await demoToken(), body: wire(1, `INT-demo-${Date.now()}`), headers: { [INTEGRATION.idempotencyHeader]: 'shared-key' } })
    expect([mine.status, theirsKey.status]).not.toContain(422)
  })

  it('refuses API access off, a wrong password, a wrong address and a revoked credential, each with its own message', async () => {
    const wrong = await token({ username: DEMO_API_CREDENTIAL.username, password: 'zle-haslo' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe(INTEGRATION_MSG.wrongLogin)
    expect((await token({ username: 'nobody-here', password: 'x' })).body.message).toBe(INTEGRATION_MSG.wrongLogin)
    // Guessing a password is throttled as people's sign-in is: past the limit 429, even for the right one.
    const guessed = await credentialOf(p.demoShop)
    const guesses = []
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) guesses.push((await token({ username: guessed.username, password: `zgaduj-${i}` }, `10.77.0.${i + 1}`)).status)
    expect(guesses.every((s) => s === 401)).toBe(true)
    const locked = await token({ username: guessed.username, password: guessed.password }, '10.77.1.1')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)

    const t = await demoToken()
    await h.db.query(`update clients set api_enabled = 0 where id = $1`, [p.demoShop])
    const off = await token()
    expect(off.status).toBe(403)
    expect(off.body.message).toBe(INTEGRATION_MSG.apiDisabled)
    // A token got before is refused too.
    expect((await api('GET', 'changes', { token: t })).body.message).toBe(INTEGRATION_MSG.apiDisabled)
    await h.db.query(`update clients set api_enabled = 1 where id = $1`, [p.demoShop])

    const fenced = await credentialOf(p.demoShop, '192.0.2.10, 198.51.100.0/24')
    const login = { username: fenced.username, password: fenced.password }
    const far = await token(login, '203.0.113.7')
    expect(far.status).toBe(403)
    expect(far.body.message).toBe(INTEGRATION_MSG.ipNotAllowed('203.0.113.7'))
    expect((await token(login, '192.0.2.10')).status).toBe(200)
    const near = await token(login, '198.51.100.42')
    expect(near.status).toBe(200)
    expect((await api('GET', 'changes', { token: near.body.access_token, address: '203.0.113.7' })).status).toBe(403)

    const revoked = await h.call(E.externalCredentialRevoke, { token: h.tokens.admin, params: { id: p.demoShop, credId: fenced.id } })
    expect(revoked.status).toBe(200)
    expect(revoked.body.revoked_at).not.toBeNull()
    const gone = await token(login, '192.0.2.10')
    expect(gone.status).toBe(403)
    expect(gone.body.message).toBe(INTEGRATION_MSG.revoked)
    expect((await api('GET', 'changes', { token: near.body.access_token, address: '198.51.100.42' })).status).toBe(401)
    expect((await api('GET', 'changes', { token: fenced.token, address: '198.51.100.42' })).body.message).toBe(INTEGRATION_MSG.revoked)
  })

  it('limits the calls of one credential (429 with Retry-After) and records every call with its credential and last use', async () => {
    const c = await credentialOf(p.demoShop)
    const before = await h.call(E.externalCredentialGet, { token: h.tokens.admin, params: { id: p.demoShop, credId: c.id } })
    expect(before.body.last_used_at).toBeNull()
    const answers = []
    for (let i = 0; i < INTEGRATION.rateLimitPoints + 1; i++) answers.push(await api('GET', 'changes?cursor=0&limit=1', { token: c.token }))
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true)
    const last = answers[answers.length - 1]!
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    const [logged] = await h.db.query<{ n: number }>(`select count(*)::int as n from integration_calls where credential_id = $1`, [c.id])
    expect(logged!.n).toBe(INTEGRATION.rateLimitPoints + 1)
    const after = await h.call(E.externalCredentials, { token: h.tokens.admin, params: { id: p.demoShop } })
    expect(after.body.find((x: { id: number }) => x.id === c.id).last_used_at).not.toBeNull()
  })
})

describe('hostile input', () => {
  it('no integration endpoint answers 5xx to junk bodies, parameters or headers', async () => {
    const junk: unknown[] = [null, 1, 'x', [], {}, { delivery_service: 9 }, { parcels: 'a' }, { country_id: 2 ** 40 }, { username: '\u0000' }, '{"a":', { token: 'x'.repeat(10_000) }]
    const params = ['RE000000001', '%00', 'x'.repeat(500), '..%2F..', '1e400']
    for (const [name, ep] of Object.entries(integrationEndpoints)) {
      // A credential per endpoint keeps every call under the rate limit (a 429 would test nothing).
      const t = (await credentialOf(p.demoShop)).token
      for (const param of params) {
        const path = ep.path.slice(base.length).replace('{internalNumber}', param).replace('{format}', param === 'RE000000001' ? 'dl' : param)
        for (const body of ep.method === 'GET' ? [undefined] : junk) {
          const r = await api(ep.method, `${path}?cursor=${encodeURIComponent(param)}&limit=${encodeURIComponent(param)}`, { token: t, body, headers: { [INTEGRATION.idempotencyHeader]: param } })
          expect(r.status, `${name} ${path} ${JSON.stringify(body)}`).toBeLessThan(500)
          expect(r.status, name).not.toBe(429)
          if (r.status >= 400) expect(typeof r.body.message, name).toBe('string')
        }
      }
    }
  }, 120_000)

  it('records a call whose path carries a NUL byte (as %00)', async () => {
    const c = await credentialOf(p.demoShop)
    const r = await api('GET', 'shipments/%00/tracking', { token: c.token })
    // The parameter is refused as text with a NUL (422); the call is recorded all the same.
    expect(r.status).toBe(422)
    const rows = await h.db.query<{ path: string; status: number }>(`select path, status from integration_calls where credential_id = $1`, [c.id])
    expect(rows).toEqual([{ path: `/api/${base}shipments/%00/tracking`, status: 422 }])
  })
})

describe('the document for integrators', () => {
  it('serves an OpenAPI 3.1 document that validates and names every integration endpoint', async () => {
    const r = await api('GET', 'openapi.json')
    expect(r.status).toBe(200)
    expect(r.body.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(r.body))
    expect(result.valid, result.valid ? '' : JSON.stringify(result.errors)).toBe(true)
    for (const [name, ep] of Object.entries(integrationEndpoints)) {
      const op = r.body.paths['/' + ep.path.slice(base.length)]?.[ep.method.toLowerCase()]
      expect(op?.operationId, name).toBe(name)
    }
    const create = r.body.paths['/shipments'].post
    expect(create.parameters.map((x: { name: string }) => x.name)).toContain(INTEGRATION.idempotencyHeader)
    // Money is a decimal string, and the document says which.
    const content = create.requestBody.content['application/json'].schema.properties.content.properties
    expect(content.declared_value).toMatchObject({ type: 'string', pattern: expect.stringContaining('\\d') })
  })

  it('serves the reference page with swagger-ui\'s own files (no CDN)', async () => {
    const page = await h.app.request(`/api/${INTEGRATION_DOCS_PATH}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toMatch(/https?:\/\//)
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      const res = await h.app.request(src)
      expect(res.status, src).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
  })
})
