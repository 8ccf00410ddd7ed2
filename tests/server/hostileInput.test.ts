/**
 * Hostile input (the cases a fuzz pass found): every request schema bounds its texts and numbers;
 * NUL bytes, lone surrogates, numbers beyond int4 or beyond a numeric column, prototype keys and
 * oversized or mistyped bodies get a 4xx with a Polish message naming the field, never a 500.
 */
import { SchemaAST } from 'effect'
import { serve } from '@hono/node-server'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INPUT } from '../../src/contract/constants/platform.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type Endpoint } from '../../src/contract/endpoint.ts'
import { MSG } from '../../src/contract/messages.ts'
import { CHECK_ID } from '../../src/contract/validation.ts'
import { type TestApp, startApp } from './support.ts'

const hasCheck = (ast: SchemaAST.AST, ids: string[]): boolean =>
  (ast.checks ?? []).some((c) => ids.includes(String(c.annotations?.identifier)))

/** Paths of the texts and numbers of a request schema that carry no shared bound. */
function unbounded(ast: SchemaAST.AST, at: string, out: string[], depth = 0) {
  if (depth > 12) return
  switch (ast._tag) {
    case 'String':
      if (!hasCheck(ast, [CHECK_ID.text])) out.push(`${at}: text without BoundedText`)
      return
    case 'Number':
      if (!hasCheck(ast, [CHECK_ID.int4, CHECK_ID.decimal])) out.push(`${at}: number without Int4 or Decimal`)
      return
    case 'Objects':
      for (const ps of ast.propertySignatures) unbounded(ps.type, `${at}.${String(ps.name)}`, out, depth + 1)
      for (const is of ast.indexSignatures) unbounded(is.type, `${at}[*]`, out, depth + 1)
      return
    case 'Arrays':
      for (const e of [...ast.elements, ...ast.rest]) unbounded(e, `${at}[]`, out, depth + 1)
      return
    case 'Union':
      for (const t of ast.types) unbounded(t, at, out, depth + 1)
      return
    case 'Suspend':
      unbounded(ast.thunk(), at, out, depth + 1)
      return
    default:
  }
}

describe('request schemas', () => {
  it('bound every text (length, no NUL, no lone surrogate) and every number (int4 or its numeric column)', () => {
    const out: string[] = []
    for (const [name, e] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
      if (e.method !== 'GET') unbounded(e.body.ast, `${name}.body`, out)
      if (e.query) unbounded(e.query.ast, `${name}.query`, out)
    }
    expect(out).toEqual([])
  })
})

describe('hostile values', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp()
  })
  afterAll(() => t?.close())

  it('refuses a NUL byte in a text with 422 naming the field', async () => {
    const res = await t.call(endpoints.setWorkstation, { token: t.tokens.worker, body: { code: 'PRZJ\u000001' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ code: [MSG.forbiddenCharacters] })
  })

  it('refuses a lone surrogate instead of storing U+FFFD', async () => {
    const res = await t.call(endpoints.externalInboundComment, { token: t.tokens.worker, body: { id: 1, comment: 'ok \ud800' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ comment: [MSG.forbiddenCharacters] })
  })

  it('refuses a text longer than its maximum', async () => {
    const res = await t.call(endpoints.problematicSectorCreate, {
      token: t.tokens.admin,
      body: { warehouse_id: 1, code: 'x'.repeat(20_000), name: 'Długi', internal: 0 },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ code: [MSG.maxLength(INPUT.textMax)] })
  })

  it('refuses integers beyond int4 and non-integers where an id goes', async () => {
    for (const id of [2 ** 31, 1e20, 1.5]) {
      const res = await t.call(endpoints.userBlock, { token: t.tokens.admin, body: { id } })
      expect(res.status, String(id)).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['id'])
    }
    const huge = await t.request('DELETE', 'user', { token: t.tokens.admin, body: '{"id": 1e400}' })
    expect(huge.status).toBe(422)
    expect(huge.body.errors).toEqual({ id: [MSG.integerExpected] })
  })

  it('refuses shipment values beyond their numeric column', async () => {
    const res = await t.call(endpoints.shipmentCreate, {
      token: t.tokens.client,
      body: {
        delivery_service: 1,
        sender: null,
        recipient: null,
        content: { declared_content: 'Buty', declared_value: 1e20, cash_on_delivery_value: 0, currency: 'RON' },
        parcels: [{ in_shipment_order: 1, weight: { declared: 1e9 }, dimensions: { declared: { height: 10, width: 1e12, length: 10 } } }],
      },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors['content.declared_value']).toEqual([MSG.numberTooLarge(9_999_999_999.99)])
    expect(res.body.errors['parcels.0.weight.declared']).toEqual([MSG.numberTooLarge(9_999_999.999)])
    expect(res.body.errors['parcels.0.dimensions.declared.width']).toEqual([MSG.numberTooLarge(999_999_999.9)])
  })

  it('answers prototype keys in a lookup path with 422, not a query built from them', async () => {
    for (const idType of ['__proto__', 'constructor', 'toString']) {
      const find = await t.request('GET', `app/v1/parcel/find/${idType}/RE100000001`, { token: t.tokens.worker })
      expect(find.status, idType).toBe(422)
      expect(Object.keys(find.body.errors)).toEqual(['idType'])
      const history = await t.request('GET', `app/v1/parcel/find/${idType}/RE100000001/history`, { token: t.tokens.worker })
      expect(history.status, idType).toBe(422)
    }
  })

  it('keeps the sector list answering after a sector with a long numeric code', async () => {
    const created = await t.call(endpoints.problematicSectorCreate, {
      token: t.tokens.admin,
      body: { warehouse_id: 1, code: '99999999999', name: 'Liczbowy', internal: 0 },
    })
    expect(created.status).toBe(201)
    for (const token of [t.tokens.admin, t.tokens.worker]) {
      const list = await t.call(endpoints.problematicSectorList, { token })
      expect(list.status).toBe(200)
      expect(list.body.map((s: { code: string }) => s.code)).toContain('99999999999')
    }
  })

  it('treats an instruction carrying client_id 2^31 as not an instruction (422), not a database error', async () => {
    const code = `KLIENT|${Buffer.from(JSON.stringify({ client_id: 2 ** 31 })).toString('base64')}`
    const res = await t.call(endpoints.internalInstructionCode, { token: t.tokens.worker, body: { code } })
    expect(res.status).toBe(422)
  })

  it('refuses a body over 1 MB with 413 before reading it whole', async () => {
    const big = JSON.stringify({ type: 'client', label: 'x'.repeat(INPUT.maxBodyBytes), value: 1 })
    const res = await t.request('POST', 'app/v1/tag', { token: t.tokens.worker, body: big })
    expect(res.status).toBe(413)
    expect(res.body.message).toBe(MSG.bodyTooLarge(1))
    // Sent in chunks without a length: counted while it arrives.
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > 5 * INPUT.maxBodyBytes) return c.close()
        sent += 65_536
        c.enqueue(new Uint8Array(65_536).fill(32))
      },
    })
    const streamed = await t.app.request('/api/app/v1/tag', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.worker}` },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(sent).toBeLessThan(2 * INPUT.maxBodyBytes)
  })

  it("through node's own HTTP server: a declared length over 1 MB is refused from the header, a chunked body is counted as it arrives, a scan body is read", async () => {
    const server = serve({ fetch: (req, env) => t.app.fetch(req, env), port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    const port = (server.address() as AddressInfo).port
    /** Sends `chunks` (or one body with its length) and answers the status, the message and the bytes the server let through. */
    const post = (path: string, body: { length: number } | { chunks: number }) =>
      new Promise<{ status: number; message: string; sent: number }>((resolve, reject) => {
        let sent = 0
        const req = httpRequest({
          host: '127.0.0.1', port, method: 'POST', path: `/api/${path}`,
          headers: {
            'content-type': 'application/json', authorization: `Bearer ${t.tokens.worker}`,
            ...('length' in body ? { 'content-length': body.length } : {}),
          },
        }, (res) => {
          let text = ''
          res.on('data', (d: Buffer) => (text += d))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text || '{}') as { message?: string }).message ?? '', sent }))
        })
        req.on('error', () => {}) // the server may close the connection on a refused body
        req.on('close', () => reject(new Error('no answer')))
        if ('length' in body) {
          // Only the header goes: the answer must come without the body.
          req.flushHeaders()
          return
        }
        const pump = () => {
          while (sent < body.chunks * 65_536) {
            sent += 65_536
            if (!req.write(Buffer.alloc(65_536, 32))) return void req.once('drain', pump)
          }
          req.end()
        }
        pump()
      })
    try {
      const declared = await post('app/v1/tag', { length: INPUT.maxBodyBytes + 1 })
      expect(declared.status).toBe(413)
      expect(declared.message).toBe(MSG.bodyTooLarge(1))
      const chunked = await post('app/v1/tag', { chunks: 5 * (INPUT.maxBodyBytes / 65_536) })
      expect(chunked.status).toBe(413)
      expect(chunked.message).toBe(MSG.bodyTooLarge(1))
      // An ordinary body with its length is read (the route answers on its content: 422, not 413).
      const small = await t.request('POST', 'app/v1/tag', { token: t.tokens.worker, body: { type: 'client', label: '', value: 1 } })
      const res = await fetch(`http://127.0.0.1:${port}/api/app/v1/tag`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.worker}` },
        body: JSON.stringify({ type: 'client', label: '', value: 1 }),
      })
      expect(res.status).toBe(small.status)
      expect(res.status).not.toBe(413)
    } finally {
      await new Promise((r) => server.close(r))
    }
  })

  it('takes JSON only with a JSON content type (415): a cross-site form cannot post it', async () => {
    for (const [path, body] of [
      ['user/login', { email: 'admin@example.com', password: 'admin123' }],
      ['users/data', { start: 0, length: 10 }],
    ] as const) {
      const res = await t.request('POST', path, { token: t.tokens.admin, body: JSON.stringify(body), headers: { 'content-type': 'text/plain' } })
      expect(res.status, path).toBe(415)
      expect(res.body.message).toBe(MSG.jsonExpected)
    }
    const ok = await t.request('POST', 'users/data', { token: t.tokens.admin, body: { start: 0, length: 10 }, headers: { 'content-type': 'application/json; charset=utf-8' } })
    expect(ok.status).toBe(200)
  })

  it('caps the tag label', async () => {
    const res = await t.call(endpoints.tag, { token: t.tokens.worker, body: { type: 'client', label: 'x'.repeat(INPUT.tagLabelMax + 1), value: 1 } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ label: [MSG.maxLength(INPUT.tagLabelMax)] })
  })
})
