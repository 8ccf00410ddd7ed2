import * as Schema from 'effect/Schema'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip, gzipSync } from 'node:zlib'
import { IncomingMessage } from 'node:http'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie, setCookie } from 'hono/cookie'
import { PUBLIC, allows } from '../../contract/access.ts'
import { INTEGRATION } from '../../contract/constants/integration.ts'
import { INPUT, XSRF_COOKIE, XSRF_HEADER } from '../../contract/constants/platform.ts'
import { type EndpointName, endpoints } from '../../contract/endpoints.ts'
import { type Endpoint } from '../../contract/endpoint.ts'
import { MSG } from '../../contract/messages.ts'
import { type FieldErrors, ParamText, decode } from '../../contract/validation.ts'
import { type TrustProxy, clientAddress } from './clientAddress.ts'
import { userForPublicToken } from '../domain/publicTokens.ts'
import { type SessionCheck, StaleSession, cachedUserForToken, forgetSession, userForToken } from '../domain/session.ts'
import { SESSION_CHECKED_IN_TX, scanLogRoute } from './areas/floor.ts'
import { DomainError, forbidden, invalid, unauthenticated } from '../domain/errors.ts'
import type { Deps, SessionUser } from '../domain/context.ts'
import { FileReply, type Handlers, Reply, type Seen } from './handler.ts'
import { handlers } from './handlers.ts'
import { registerIntegration } from './areas/integration.ts'

const INTEGRATION_PREFIX = `/api/${INTEGRATION.base}`

const honoPath = (path: string) => '/api/' + path.replace(/\{(\w+)\}/g, ':$1')

/**
 * Query parameters as an object: repeated keys and `name[]` keys become arrays (`fields[]` →
 * `fields`). Collected in a Map, so a key like `__proto__` is an own property like any other.
 */
function queryObject(url: string): Record<string, string | string[]> {
  const out = new Map<string, string | string[]>()
  for (const [rawKey, value] of new URL(url).searchParams) {
    const isArray = rawKey.endsWith('[]')
    const key = isArray ? rawKey.slice(0, -2) : rawKey
    const prev = out.get(key)
    if (prev === undefined) out.set(key, isArray ? [value] : value)
    else out.set(key, Array.isArray(prev) ? [...prev, value] : [prev, value])
  }
  return Object.fromEntries(out)
}

/** Every query value is bounded text, whether or not the endpoint reads it. */
function queryErrors(query: Record<string, string | string[]>): FieldErrors | null {
  const errors: FieldErrors = {}
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const d = decode(ParamText, v)
      if (!d.ok) errors[key] = d.errors._ ?? [MSG.invalidValue]
    }
  }
  return Object.keys(errors).length ? errors : null
}

/** The schema of an endpoint's path parameters: its own, or bounded text for each `{name}`. */
const paramsSchema = (ep: Endpoint): Schema.Decoder<unknown> =>
  (ep.params as Schema.Decoder<unknown> | undefined) ??
  Schema.Struct(Object.fromEntries([...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, ParamText])))

/** `application/json`, or a JSON-based type such as `application/problem+json`. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i

/** The bytes of a file reply as a Fetch body: the same memory when it lies in an ArrayBuffer, else a copy. */
const responseBytes = (data: Uint8Array): Uint8Array<ArrayBuffer> => {
  const { buffer } = data
  return buffer instanceof ArrayBuffer ? new Uint8Array(buffer, data.byteOffset, data.byteLength) : new Uint8Array(data)
}

/** Replies shorter than this go uncompressed (gzip would save little and cost more than it saves). */
const COMPRESS_MIN_BYTES = 1024
/** Up to this size gzip runs at once; a bigger reply is compressed on libuv's thread pool. */
const COMPRESS_INLINE_MAX_BYTES = 64 * 1024
const gzipAsync = promisify(gzip)

/**
 * A JSON reply, compressed here with gzip when the client accepts it and it is worth it. Every
 * reply says its length, so the generic compression middleware leaves it alone: that one turned
 * each reply, a scan's included, into a web Response and pushed it through a compression stream —
 * a third of a browser scan's server time.
 */
async function jsonReply(c: Context, body: unknown, status: number, headers?: Record<string, string>): Promise<Response> {
  const text = JSON.stringify(body)
  const length = Buffer.byteLength(text)
  const out: Record<string, string> = { ...headers, 'content-type': 'application/json' }
  if (length >= COMPRESS_MIN_BYTES && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    const packed = length <= COMPRESS_INLINE_MAX_BYTES ? gzipSync(text) : await gzipAsync(text)
    return c.body(new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength), status as 200, {
      ...out, 'content-encoding': 'gzip', vary: 'Accept-Encoding', 'content-length': String(packed.byteLength),
    })
  }
  return c.body(text, status as 200, { ...out, 'content-length': String(length) })
}

/** Node's own request behind the context (absent, or only its socket, when the app is called directly as in tests). */
const nodeRequest = (c: Context) => (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming

/** The caller's address: the peer, or behind trusted proxies the address they saw (clientAddress.ts). */
const callerAddress = (c: Context, trust: TrustProxy): string =>
  clientAddress(c.req.header('x-forwarded-for'), nodeRequest(c)?.socket?.remoteAddress ?? 'local', trust)

/** The API: every endpoint of the contract table, guarded and decoded the same way. */
export function createApi(deps: Deps, all: Handlers = handlers, options: { serverTiming?: boolean; trustProxy?: TrustProxy } = {}) {
  const app = new Hono()

  // Server timing (SERVER_TIMING=1; the scan benchmark sets it): every API reply says how long the
  // server took, from the request's arrival to the reply, in a Server-Timing header — so a client's
  // latency can be split into the server's part and the rest (network, the client's own work).
  if (options.serverTiming) {
    app.use('/api/*', async (c, next) => {
      const t0 = performance.now()
      await next()
      c.res.headers.set('server-timing', `app;dur=${(performance.now() - t0).toFixed(2)}`)
    })
  }

  // A body over the limit is refused as it arrives. A declared length is judged from the header
  // alone, so the body is later read straight from node's request (no web Request and stream are
  // built for it: that cost a sixth of a scan's server time); a request with neither a length nor
  // a transfer encoding has no body; a chunked body is counted while it is read.
  const tooLarge = (c: Context) => c.json({ message: MSG.bodyTooLarge(INPUT.maxBodyBytes / 1_048_576) }, 413)
  const countedLimit = bodyLimit({ maxSize: INPUT.maxBodyBytes, onError: tooLarge })
  app.use('/api/*', async (c, next) => {
    // Outside node's server (app.request in tests) a streamed body declares nothing: counted too.
    if (!(nodeRequest(c) instanceof IncomingMessage) || c.req.header('transfer-encoding') !== undefined) return countedLimit(c, next)
    const length = c.req.header('content-length')
    if (length !== undefined && !(Number(length) <= INPUT.maxBodyBytes)) return tooLarge(c)
    await next()
  })
  // Bodies are JSON and say so: a cross-site form can only send text/plain, urlencoded or
  // multipart without a preflight, so those never reach a handler.
  app.use('/api/*', async (c, next) => {
    const type = c.req.header('content-type')
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && type !== undefined && !JSON_TYPE.test(type)) {
      return c.json({ message: MSG.jsonExpected }, 415)
    }
    await next()
  })

  // XSRF double-submit: the cookie is issued here; a non-GET call that carries the cookie
  // must echo it in the header, otherwise 419 with messages (the browser shows them all).
  // The integration API is bearer-only (a cookie opens nothing there): no check, no cookie — so its
  // reference page's "try it out" works from a browser that holds the back office's cookie.
  app.use('/api/*', async (c, next) => {
    if (c.req.path.startsWith(INTEGRATION_PREFIX)) return next()
    const cookie = getCookie(c, XSRF_COOKIE)
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && cookie && c.req.header(XSRF_HEADER) !== cookie) {
      return c.json({ message: MSG.xsrfMismatch, messages: [MSG.xsrfMismatch] }, 419 as 400)
    }
    // Bearer calls (API clients, stations) need no cookie: only calls without a token get one.
    if (!cookie && !c.req.header('authorization')) setCookie(c, XSRF_COOKIE, randomBytes(18).toString('base64url'), { path: '/', sameSite: 'Lax' })
    await next()
  })

  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep: Endpoint = endpoints[name]
    const handler = all[name] as (ctx: unknown) => Promise<unknown>
    const pathSchema = paramsSchema(ep)
    const serve = async (c: Context, seen?: Seen): Promise<Response> => {
      try {
        const auth = c.req.header('authorization')
        const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : null
        let user: SessionUser | null = null
        let session: SessionCheck | null = null
        // Scans take the user from the session cache; the scan checks its workstation's session epoch.
        const cached = token && ep.roles !== PUBLIC && SESSION_CHECKED_IN_TX.has(name) ? await cachedUserForToken(deps.db, token) : undefined
        if (ep.roles !== PUBLIC) {
          if (cached) ({ user, check: session } = cached)
          else user = token && cached === undefined ? await userForToken(deps.db, token) : null
          // A file opened in a new window carries a short-lived public token instead.
          const fileToken = ep.publicToken && !token ? c.req.query('_public_token') : undefined
          if (!user && fileToken) user = await userForPublicToken(deps.db, fileToken)
          if (!user) throw unauthenticated()
          if (!allows(ep.roles, user.role)) throw forbidden()
        }
        const params = decode(pathSchema, c.req.param())
        if (!params.ok) throw invalid(params.errors)
        const rawQuery = queryObject(c.req.url)
        const badQuery = queryErrors(rawQuery)
        if (badQuery) throw invalid(badQuery)
        let body: unknown = {}
        if (seen) seen.user = user
        if (ep.method !== 'GET') {
          const raw = await c.req.json().catch(() => undefined)
          if (seen) seen.body = raw
          const decoded = decode(ep.body as Schema.Decoder<unknown>, raw ?? {})
          if (!decoded.ok) throw invalid(decoded.errors)
          body = decoded.value
        }
        let queryData: unknown = undefined
        if (ep.query) {
          const decoded = decode(ep.query as Schema.Decoder<unknown>, rawQuery)
          if (!decoded.ok) throw invalid(decoded.errors)
          queryData = decoded.value
        }
        const run = () =>
          handler({
            body,
            params: params.value as Record<string, string>,
            query: c.req.query(),
            queryData,
            user,
            token,
            session,
            ip: callerAddress(c, options.trustProxy ?? null),
            deps,
          })
        let out: unknown
        try {
          out = await run()
        } catch (e) {
          if (!(e instanceof StaleSession) || !token) throw e
          // The cached session ended (logout, possibly on another server) or changed: ask afresh.
          forgetSession(deps.db, token)
          user = (await cachedUserForToken(deps.db, token))?.user ?? null
          if (!user) throw unauthenticated()
          if (!allows(ep.roles, user.role)) throw forbidden()
          session = null
          out = await run()
        }
        if (out instanceof FileReply) {
          const disposition = `${out.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(out.filename)}`
          return new Response(out.data instanceof ReadableStream ? out.data : responseBytes(out.data), {
            headers: { 'content-type': out.contentType, 'content-disposition': disposition },
          })
        }
        if (out instanceof Reply) {
          // 204 and 205 are null-body statuses (Fetch): they never carry a body.
          if (seen) Object.assign(seen, { user, status: out.status, reply: out.body })
          if (out.status === 204 || out.status === 205) return c.body(null, out.status)
          return jsonReply(c, out.body, out.status)
        }
        if (seen) Object.assign(seen, { user, status: 200, reply: out })
        return jsonReply(c, out, 200)
      } catch (e) {
        if (e instanceof DomainError) {
          if (seen) Object.assign(seen, { status: e.status, reply: e.body })
          return jsonReply(c, e.body, e.status, e.headers)
        }
        console.error(`[api] ${ep.method} ${ep.path}`, e)
        if (seen) seen.reply = { message: MSG.serverError }
        return c.json({ message: MSG.serverError }, 500)
      }
    }
    app.on(ep.method, honoPath(ep.path), scanLogRoute(deps, ep, serve) ?? ((c) => serve(c)))
  }

  // Clients' shop systems: their own table, authenticated by external API credentials.
  registerIntegration(app, deps, (c) => callerAddress(c, options.trustProxy ?? null))

  app.all('/api/*', (c) => c.json({ message: MSG.notFound }, 404))
  return app
}
