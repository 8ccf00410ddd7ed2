/**
 * Access and input rules over EVERY endpoint of the contract table, so endpoints added later are
 * covered without touching this file: 401 without a session, 403 for each role not allowed, 422
 * (never 500) for bodies that miss required fields, and the XSRF double-submit rule.
 */
import type { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC } from '../../src/contract/access.ts'
import { ALL_ROLES, type Role } from '../../src/contract/constants/access.ts'
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/contract/constants/platform.ts'
import { type EndpointName, endpoints } from '../../src/contract/endpoints.ts'
import { type Endpoint, fillPath } from '../../src/contract/endpoint.ts'
import { MSG } from '../../src/contract/messages.ts'
import { decode } from '../../src/contract/validation.ts'
import { openSession } from '../../src/server/domain/session.ts'
import { DEMO, type TestApp, startApp, uniqueEmail } from './support.ts'

let t: TestApp
/** A session per role; role 2 (the second client role) has no demo user, one is made here. */
const tokenOf = {} as Record<Role, string>
let blockedToken: string

beforeAll(async () => {
  t = await startApp()
  const client2 = uniqueEmail('client2')
  await t.createUser({ email: client2, password: 'client2pass', role: 2 })
  Object.assign(tokenOf, { 0: t.tokens.admin, 1: t.tokens.worker, 2: await t.login(client2, 'client2pass'), 3: t.tokens.client })
  // A session that outlived the block (opened directly): it must not get through either.
  blockedToken = await t.db.tx((q) => openSession(q, t.ids.blocked))
})
afterAll(async () => {
  await t?.close()
})

const all = Object.entries(endpoints) as Array<[EndpointName, Endpoint]>

/** Path parameters of an endpoint, filled with a plausible value (an id-like 1). */
const paramsOf = (path: string, value = '1') => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, value]))
const urlOf = (ep: Endpoint, value?: string) => fillPath(ep.path, paramsOf(ep.path, value))
const requiresFields = (ep: Endpoint) => !decode(ep.body as Schema.Decoder<unknown>, {}).ok
const allowedRole = (ep: Endpoint): Role | null => (ep.roles === PUBLIC ? null : ep.roles[0]!)
const label = (ep: Endpoint) => `${ep.method} ${ep.path}`

const guarded = all.filter(([, ep]) => ep.roles !== PUBLIC)
const forbiddenCases = guarded.flatMap(([name, ep]) =>
  ALL_ROLES.filter((r) => !(ep.roles as readonly Role[]).includes(r)).map((role) => [label(ep), role, name] as const),
)
/** Bodies that are not what any endpoint with required fields accepts. */
const JUNK: Array<[string, unknown]> = [
  ['{}', {}],
  ['not JSON', 'this is not json'],
  ['an array', [1, 2, 3]],
  ['null', 'null'],
  ['a number', '42'],
  ['wrong types', { id: 'x', email: 1, password: false, roles: 'all', start: 'a', length: {} }],
]
const invalidCases = all
  .filter(([, ep]) => ep.method !== 'GET' && requiresFields(ep))
  .flatMap(([name, ep]) => JUNK.map(([what, body]) => [label(ep), what, name, body] as const))
const paramGets = all.filter(([, ep]) => ep.method === 'GET' && /\{\w+\}/.test(ep.path))

describe('the endpoint table', () => {
  it('is registered as a whole: every endpoint answers something but the catch-all 404', async () => {
    for (const [, ep] of all) {
      const res = await t.request(ep.method, urlOf(ep), { body: {} })
      // PUBLIC endpoints may well 404 on a made-up parameter, but with their own message.
      if (res.status === 404) expect(ep.roles, label(ep)).toBe(PUBLIC)
      expect(res.status, label(ep)).toBeLessThan(500)
    }
  })

  it('unknown API paths → 404 JSON', async () => {
    const res = await t.request('GET', 'no/such/endpoint', { token: t.tokens.admin })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: MSG.notFound })
  })
})

describe('without a session → 401', () => {
  it.each(guarded.map(([name, ep]) => [label(ep), name] as const))('%s', async (_, name) => {
    const ep = endpoints[name] as Endpoint
    for (const token of [null, 'junk-token', blockedToken]) {
      const res = await t.request(ep.method, urlOf(ep), { token, body: {} })
      expect(res.status, `token ${token}`).toBe(401)
      expect(res.body).toEqual({ message: MSG.unauthenticated })
    }
  })
})

describe('a role not allowed → 403', () => {
  it.each(forbiddenCases)('%s as role %i', async (_, role, name) => {
    const ep = endpoints[name] as Endpoint
    const res = await t.request(ep.method, urlOf(ep), { token: tokenOf[role], body: {} })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: MSG.forbidden })
  })
})

describe('a body missing required fields → 422 with errors, never 500', () => {
  it.each(invalidCases)('%s with %s', async (_, __, name, body) => {
    const ep = endpoints[name] as Endpoint
    const role = allowedRole(ep)
    const res = await t.request(ep.method, urlOf(ep), { token: role == null ? null : tokenOf[role], body })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(MSG.invalidData)
    expect(Object.keys(res.body.errors).length).toBeGreaterThan(0)
    for (const messages of Object.values(res.body.errors as Record<string, unknown>)) {
      expect(messages).toEqual(expect.arrayContaining([expect.any(String)]))
    }
  })
})

describe('GET with a nonsense path parameter never answers 500', () => {
  it.each(paramGets.map(([name, ep]) => [label(ep), name] as const))('%s', async (_, name) => {
    const ep = endpoints[name] as Endpoint
    const role = allowedRole(ep)
    for (const value of ['zz-not-a-thing', '0', '-1', '99999999999999999999', "1' or '1'='1"]) {
      const res = await t.request('GET', urlOf(ep, value), { token: role == null ? null : tokenOf[role] })
      expect(res.status, value).toBeLessThan(500)
      // A search by free text finds nothing (200, empty); an id or number that does not exist is refused.
      if (!/\/search\//.test(ep.path)) expect(res.status, value).toBeGreaterThanOrEqual(400)
    }
  })
})

describe('XSRF double submit', () => {
  const login = { email: DEMO.worker.email, password: DEMO.worker.password }

  it('hands out the cookie to calls without a bearer token, not to bearer calls (API clients, stations)', async () => {
    const res = await t.request('POST', 'user/login', { body: login })
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${XSRF_COOKIE}=[\\w-]{16,}`))
    const bearer = await t.request('GET', 'whoami', { token: t.tokens.admin })
    expect(bearer.status).toBe(200)
    expect(bearer.headers.get('set-cookie')).toBeNull()
  })

  it('a non-GET call with the cookie but without the header → 419 with messages', async () => {
    const res = await t.request('POST', 'user/login', { body: login, headers: { cookie: `${XSRF_COOKIE}=abc123` } })
    expect(res.status).toBe(419)
    expect(res.body.messages).toEqual([MSG.xsrfMismatch])
  })

  it('a header that does not match the cookie → 419', async () => {
    const res = await t.request('POST', 'user/login', { body: login, headers: { cookie: `${XSRF_COOKIE}=abc123`, [XSRF_HEADER]: 'other' } })
    expect(res.status).toBe(419)
  })

  it('the matching header passes', async () => {
    const res = await t.request('POST', 'user/login', { body: login, headers: { cookie: `${XSRF_COOKIE}=abc123`, [XSRF_HEADER]: 'abc123' } })
    expect(res.status).toBe(200)
    expect(res.body._token).toEqual(expect.any(String))
  })

  it('is checked before anything else: a signed-in logout without the header does nothing', async () => {
    const token = await t.login(DEMO.worker2.email, DEMO.worker2.password)
    const res = await t.request('POST', 'user/logout', { token, body: {}, headers: { cookie: `${XSRF_COOKIE}=abc123` } })
    expect(res.status).toBe(419)
    expect((await t.request('GET', 'whoami', { token })).status).toBe(200)
  })

  it('GET calls and calls without the cookie (API clients) pass', async () => {
    const get = await t.request('GET', 'whoami', { token: t.tokens.admin, headers: { cookie: `${XSRF_COOKIE}=abc123` } })
    expect(get.status).toBe(200)
    const noCookie = await t.request('POST', 'user/login', { body: login })
    expect(noCookie.status).toBe(200)
  })
})
