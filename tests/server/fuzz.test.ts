/**
 * Hostile input never gets a 5xx: every endpoint of the contract table, with a fixed set of
 * hostile values (NUL bytes, lone surrogates, 20,000 characters, prototype keys, numbers beyond
 * int4 and beyond every numeric column, 1.5 and 1e400 where ids go, wrong types) put in turn into
 * every body field, path parameter and query parameter, as admin, worker and client, and
 * anonymously. The other fields keep a baseline value the endpoint accepts, so each hostile value
 * reaches as deep as the rules let it. fast-check adds a few random strings and numbers (fixed seed,
 * so every run sends the same calls).
 */
import fc from 'fast-check'
import { Schema, SchemaAST } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC, allows } from '../../src/contract/access.ts'
import { type EndpointName, endpoints } from '../../src/contract/endpoints.ts'
import { type Endpoint } from '../../src/contract/endpoint.ts'
import { decode } from '../../src/contract/validation.ts'
import { type TestApp, startApp } from './support.ts'

/** Stands for a JSON number no double can hold: written into the body text as `1e400`. */
const HUGE = '\u0001HUGE\u0001'

const STRINGS: unknown[] = [
  '',
  'a\u0000b',
  'abc\ud800',
  'x'.repeat(20_000),
  '__proto__',
  'constructor',
  "'; drop table users; --",
  '99999999999',
  '2147483648',
  ...fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), { seed: 20261125, numRuns: 1 }),
]
const NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  1e20,
  HUGE,
  ...fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { seed: 20261125, numRuns: 1 }),
]
const OTHERS: unknown[] = [null, true, [], {}, [[[['deep']]]], { __proto__: null, toString: 1 }]
/** Every hostile value once. */
export const HOSTILE: unknown[] = [...STRINGS, ...NUMBERS, ...OTHERS]
/** The values tried in one field: those of its kind, and some of the wrong kind. */
const valuesFor = (baseline: unknown): unknown[] =>
  typeof baseline === 'string' ? [...STRINGS, 2 ** 31, null]
  : typeof baseline === 'number' ? [...NUMBERS, '2147483648', null]
  : [null, 'a\u0000b', 2 ** 31, 1.5, {}, []]
/** What every caller sends in all fields at once, on every endpoint. */
const ALL_FIELDS: unknown[] = ['a\u0000b', 2 ** 31, '__proto__', {}]

const toJson = (v: unknown) => JSON.stringify(v).replaceAll(JSON.stringify(HUGE), '1e400')
/** URI-encodes text; a lone surrogate goes as the bytes a careless client would send (%ED%A0%80). */
const enc = (s: string) =>
  s.replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff) return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => '%' + b.toString(16).toUpperCase()).join('')
    return encodeURIComponent(ch)
  })
/** Path and query parameters are text: numbers as their JSON text, the others as their JSON. */
const toParam = (v: unknown) => (typeof v === 'string' ? (v === HUGE ? '1e400' : v) : toJson(v))

// ---- a baseline body the endpoint accepts, built from its schema --------------------------------

const CANDIDATES: unknown[] = [
  'RE100000001', 'admin@example.com', 'Abcdef123', '2026-01-05', '2026-01-05 10:00:00', '+48', '123456789', 'Demo', '1',
  1, 10, 0, true, false, null,
]

const accepts = (ast: SchemaAST.AST, v: unknown) => decode(Schema.make<Schema.Decoder<unknown>>(ast), v).ok

function sample(ast: SchemaAST.AST, depth = 0): unknown {
  if (depth > 8) return null
  switch (ast._tag) {
    case 'Literal':
      return ast.literal
    case 'Suspend':
      return sample(ast.thunk(), depth + 1)
    case 'Objects': {
      const out: Record<string, unknown> = {}
      for (const ps of ast.propertySignatures) {
        const v = sample(ps.type, depth + 1)
        if (v !== undefined) out[String(ps.name)] = v
      }
      return out
    }
    case 'Arrays':
      return [...ast.elements.map((e) => sample(e, depth + 1)), ...ast.rest.slice(0, 1).map((e) => sample(e, depth + 1))]
    case 'Union': {
      const options = ast.types.map((t) => sample(t, depth + 1)).filter((v) => v !== undefined)
      return options.find((v) => v !== null && accepts(ast, v)) ?? options.find((v) => accepts(ast, v)) ?? options[0]
    }
    case 'Undefined':
    case 'Void':
      return undefined
    default:
      return CANDIDATES.find((c) => accepts(ast, c)) ?? 'abc'
  }
}

type Path = Array<string | number>
/** Every leaf of a JSON value, by path. */
function leaves(v: unknown, at: Path = []): Path[] {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leaves(x, [...at, i])) : [at]
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v)
    return keys.length ? keys.flatMap((k) => leaves((v as Record<string, unknown>)[k], [...at, k])) : [at]
  }
  return [at]
}
function setAt(v: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value
  const copy: any = Array.isArray(v) ? [...v] : { ...(v as object) }
  const [head, ...rest] = path
  copy[head!] = setAt(copy[head!], rest, value)
  return copy
}

/** A valid value of each path parameter (the demo data has these). */
const PATH_SAMPLES: Record<string, string> = {
  id: '1', internalNumber: 'RE999999999', idType: 'internal_number', value: 'RE100000001', token: 'abc', barcode: 'RE100000001',
  isoCode: 'RO', uuid: '00000000-0000-4000-8000-000000000000', identifier: '00000000-0000-4000-8000-000000000000', warehouse: '1',
  type: '1', systemId: 'CREATED', text: 'Demo', localityId: '1',
}
const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)

interface Call {
  body?: unknown
  params: Record<string, string>
  query: Record<string, string>
}

/**
 * The calls for one endpoint: each field (body leaf, path or query parameter) with each value of
 * its kind, the other fields at their baseline (`slotted`); and each hostile value in every field
 * at once (`allAtOnce`, one per value).
 */
function callsFor(ep: Endpoint): { slotted: Call[]; allAtOnce: Call[] } {
  const names = pathParams(ep.path)
  const params = Object.fromEntries(names.map((n) => [n, PATH_SAMPLES[n] ?? '1']))
  const baseQuery = ep.query ? (sample(ep.query.ast) as Record<string, unknown>) : {}
  const query = Object.fromEntries(Object.entries(baseQuery).filter(([, v]) => typeof v !== 'object').map(([k, v]) => [k, toParam(v)]))
  const queryKeys = ep.query && SchemaAST.isObjects(ep.query.ast) ? ep.query.ast.propertySignatures.map((ps) => String(ps.name)) : []
  const hasBody = ep.method !== 'GET'
  const body = hasBody ? sample(ep.body.ast) : undefined
  const bodyLeaves = hasBody ? leaves(body).filter((p) => p.length) : []
  const slotted: Call[] = []
  for (const at of bodyLeaves) {
    const baseline = at.reduce<any>((v, k) => v[k], body)
    for (const value of valuesFor(baseline)) slotted.push({ body: setAt(body, at, value), params, query })
  }
  if (hasBody) for (const value of [...OTHERS, 'a\u0000b', 2 ** 31]) slotted.push({ body: value, params, query })
  for (const n of names) for (const value of valuesFor('')) slotted.push({ body, params: { ...params, [n]: toParam(value) }, query })
  for (const k of queryKeys) for (const value of valuesFor('')) slotted.push({ body, params, query: { ...query, [k]: toParam(value) } })
  const allAtOnce = ALL_FIELDS.map((value) => ({
    body: hasBody ? bodyLeaves.reduce((b, at) => setAt(b, at, value), body) : undefined,
    params: Object.fromEntries(names.map((n) => [n, toParam(value)])),
    query: Object.fromEntries(queryKeys.map((k) => [k, toParam(value)])),
  }))
  return { slotted, allAtOnce }
}

/** Logout and password change go last: they end or change the sessions the walk uses. */
const LAST: EndpointName[] = ['changePassword', 'logout']
const ORDER = [...(Object.keys(endpoints) as EndpointName[]).filter((n) => !LAST.includes(n)), ...LAST]

describe('hostile input on every endpoint', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp()
  })
  afterAll(() => t?.close())

  it('answers no 5xx to any hostile value in any field, as any role', async () => {
    const roles = [
      { name: 'admin', role: 0, token: () => t.tokens.admin },
      { name: 'worker', role: 1, token: () => t.tokens.worker },
      { name: 'client', role: 2, token: () => t.tokens.client },
      { name: 'anonymous', role: null, token: () => null },
    ] as const
    const failures: string[] = []
    let calls = 0
    let fives = 0
    const send = async (name: EndpointName, roleName: string, token: string | null, c: Call) => {
      const ep = endpoints[name] as Endpoint
      const qs = Object.entries(c.query).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')
      const path = ep.path.replace(/\{(\w+)\}/g, (_, k: string) => enc(c.params[k]!)) + (qs ? `?${qs}` : '')
      const res = await t.request(ep.method, path, {
        token,
        body: c.body === undefined ? undefined : toJson(c.body),
        headers: { 'content-type': 'application/json' },
      })
      calls++
      // Ten failed logins are refused with 429: clear the counters so every value reaches the login check.
      if (name === 'login') await t.db.query(`delete from rate_limits`)
      if (res.status >= 500) {
        fives++
        if (failures.length < 60) failures.push(`${res.status} ${ep.method} ${ep.path} as ${roleName}: ${path.slice(0, 100)} ${toJson(c.body ?? null).slice(0, 200)}`)
      }
    }
    const started = performance.now()
    const failingEndpoints = new Set<string>()
    for (const name of ORDER) {
      const ep = endpoints[name] as Endpoint
      const t0 = performance.now()
      const c0 = calls
      const f0 = fives
      const { slotted, allAtOnce } = callsFor(ep)
      const allowed = roles.filter((r) => ep.roles === PUBLIC || (r.role !== null && allows(ep.roles, r.role)))
      // Each field × value once, taking turns among the callers the endpoint allows.
      for (const [i, c] of slotted.entries()) {
        const r = allowed[i % allowed.length]
        if (r) await send(name, r.name, r.token(), c)
      }
      // Every caller, allowed or not, sends a few hostile values in every field at once.
      for (const r of roles) for (const c of allAtOnce) await send(name, r.name, r.token(), c)
      if (fives > f0) failingEndpoints.add(name)
      if (process.env.FUZZ_VERBOSE) console.log(`[fuzz] ${name}: ${calls - c0} calls, ${fives - f0} 5xx, ${(performance.now() - t0).toFixed(0)} ms`)
    }
    // After the hostile writes every list still answers (a stored value must not break a read).
    for (const name of ORDER.filter((n) => endpoints[n].method === 'GET')) {
      const ep = endpoints[name] as Endpoint
      const params = Object.fromEntries(pathParams(ep.path).map((n) => [n, PATH_SAMPLES[n] ?? '1']))
      for (const r of roles) await send(name, r.name, r.token(), { params, query: {} })
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const count = Object.keys(endpoints).length
    console.log(
      `[fuzz] ${calls} calls on ${count} endpoints (every field × its ${STRINGS.length + 2} or ${NUMBERS.length + 2} hostile values, ` +
        `and ${ALL_FIELDS.length} values in all fields × 4 callers) in ${seconds} s: ${fives} × 5xx on ${failingEndpoints.size} endpoints`,
    )
    expect(failures).toEqual([])
  }, 120_000)
})

// ---- impossible dates -----------------------------------------------------------------------------

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
/** A day that does not exist: past its month's end, month 0 or 13–99, day 0, or a year outside 2000–2100. */
export const impossibleDate = fc.oneof(
  fc.record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), extra: fc.integer({ min: 1, max: 68 }) })
    .map(({ y, m, extra }) => `${y}-${pad(m)}-${pad(Math.min(99, daysIn(y, m) + extra))}`),
  fc.record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })), d: fc.integer({ min: 1, max: 28 }) })
    .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`),
  fc.record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }) }).map(({ y, m }) => `${y}-${pad(m)}-00`),
  fc.record({ y: fc.oneof(fc.integer({ min: 0, max: 1999 }), fc.integer({ min: 2101, max: 9999 })), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
    .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`),
)
const validTime = fc.record({ h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }) })
/** A date-time that does not exist: an impossible day at a real time, or a real day at hour 24–99, minute or second 60–99. */
export const impossibleDateTime = fc.oneof(
  fc.tuple(impossibleDate, validTime).map(([d, { h, mi, s }]) => `${d} ${pad(h)}:${pad(mi)}:${pad(s)}`),
  fc.tuple(fc.constantFrom('2026-01-05', '2026-02-28', '2024-02-29'), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 60, max: 99 }), validTime)
    .map(([d, which, bad, { h, mi, s }]) => {
      const t = [h, mi, s]
      t[which] = which === 0 ? bad - 36 : bad // hour 24–63, minute or second 60–99
      return `${d} ${t.map((n) => pad(n)).join(':')}`
    }),
)
/** The issue's own examples go first. */
const DATES = ['2026-02-30', '2026-13-45', '0001-01-01', '2101-01-01', ...fc.sample(impossibleDate, { seed: 20261126, numRuns: 8 })]
const DATE_TIMES = ['2026-02-30 25:61:00', '0001-01-01 00:00:00', '2026-13-45 10:00:00', ...fc.sample(impossibleDateTime, { seed: 20261126, numRuns: 8 })]

/** Request fields that carry a date (body leaves and query parameters, by name) and date-times. */
const DATE_KEYS = /^(date|start|end|begin_date|trigger_date)$/
const DATE_TIME_KEYS = /^when$/

describe('impossible dates on every endpoint', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp()
  })
  afterAll(() => t?.close())

  it('refuses every impossible date and date-time with 422 and the date message, in every field that carries one', async () => {
    const { DATE_MSG } = await import('../../src/contract/validation.ts')
    const tokenFor = (ep: Endpoint) =>
      ep.roles === PUBLIC ? null : ([[0, t.tokens.admin], [1, t.tokens.worker], [2, t.tokens.client]] as const).find(([r]) => allows(ep.roles, r))![1]
    const wrong: string[] = []
    let fields = 0
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const ep = endpoints[name] as Endpoint
      const params = Object.fromEntries(pathParams(ep.path).map((n) => [n, PATH_SAMPLES[n] ?? '1']))
      const hasBody = ep.method !== 'GET'
      const body = hasBody ? sample(ep.body.ast) : undefined
      const slots: Array<{ key: string; kind: 'date' | 'dateTime'; put: (v: string) => { body: unknown; query: string } }> = []
      for (const at of hasBody ? leaves(body).filter((p) => p.length) : []) {
        const last = String(at[at.length - 1])
        const baseline = at.reduce<any>((v, k) => v[k], body)
        if (typeof baseline !== 'string' && baseline !== null) continue
        const kind = DATE_TIME_KEYS.test(last) ? 'dateTime' : DATE_KEYS.test(last) ? 'date' : null
        if (kind) slots.push({ key: at.join('.'), kind, put: (v) => ({ body: setAt(body, at, v), query: '' }) })
      }
      const queryKeys = ep.query && SchemaAST.isObjects(ep.query.ast) ? ep.query.ast.propertySignatures.map((ps) => String(ps.name)) : []
      for (const k of queryKeys) {
        const kind = DATE_TIME_KEYS.test(k) ? 'dateTime' : DATE_KEYS.test(k) ? 'date' : null
        if (kind) slots.push({ key: k, kind, put: (v) => ({ body, query: `?${k}=${enc(v)}` }) })
      }
      for (const slot of slots) {
        fields++
        for (const value of slot.kind === 'date' ? DATES : DATE_TIMES) {
          const { body: b, query } = slot.put(value)
          const path = ep.path.replace(/\{(\w+)\}/g, (_, k: string) => enc(params[k]!)) + query
          const res = await t.request(ep.method, path, { token: tokenFor(ep), body: b === undefined ? undefined : toJson(b) })
          const messages = (res.body as { errors?: Record<string, string[]> })?.errors?.[slot.key] ?? []
          if (res.status !== 422 || !messages.includes(DATE_MSG[slot.kind]))
            wrong.push(`${ep.method} ${ep.path} ${slot.key}=${value}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`)
        }
      }
    }
    console.log(`[fuzz] impossible dates: ${fields} date fields`)
    expect(fields).toBeGreaterThan(10)
    expect(wrong).toEqual([])
  }, 120_000)
})
