import { ofetch, FetchError } from 'ofetch'
import type * as Schema from 'effect/Schema'
import { API_BASE, XSRF_COOKIE, XSRF_HEADER } from '../../contract/constants/platform.ts'
import { AHEAD_FRESH_MS } from '../../contract/constants/ui.ts'
import { type Answer, type Endpoint, type SuccessAnswer, type SuccessBody, fillPath } from '../../contract/endpoint.ts'
import { decode, type FieldErrors } from '../../contract/validation.ts'

/** A failed call: HTTP status and the server's JSON body (message, messages, errors, data...). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: { message?: string; messages?: unknown[]; errors?: FieldErrors; [k: string]: unknown },
  ) {
    super(data?.message ?? `HTTP ${status}`)
  }
}

export interface ApiHooks {
  /** Any call but login answered 401: sign out with 'auto_logout'. */
  onUnauthorized(): void
  /** 419: show every message of the body as an error toast. */
  onPageExpired(messages: string[]): void
  token(): string | null
}

let hooks: ApiHooks = { onUnauthorized() {}, onPageExpired() {}, token: () => null }
export const setApiHooks = (h: ApiHooks) => (hooks = h)

/** The API's base address, read on every call (VITE_API_BASE, else the page's own /api/). */
export const apiBase = () => (import.meta.env?.VITE_API_BASE as string | undefined) ?? API_BASE

const readCookie = (name: string) =>
  typeof document === 'undefined'
    ? null
    : decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(name + '='))?.slice(name.length + 1) ?? '') || null

const fetcher = ofetch.create({
  retry: 0,
  onRequest({ options }) {
    const headers = new Headers(options.headers)
    const token = hooks.token()
    if (token) headers.set('Authorization', `Bearer ${token}`)
    // XSRF cookie sent back as a header on non-GET calls to our own (relative) base.
    if ((options.method ?? 'GET') !== 'GET' && !/^https?:/.test(options.baseURL ?? '')) {
      const xsrf = readCookie(XSRF_COOKIE)
      if (xsrf) headers.set(XSRF_HEADER, xsrf)
    }
    options.headers = headers
  },
})

/** Flattens the message shapes a server may send: strings, {text}, {message}. */
export function messagesOf(data: ApiError['data'] | undefined): string[] {
  if (!data) return []
  const list = Array.isArray(data.messages) ? data.messages : data.message ? [data.message] : []
  return list
    .map((m) => (typeof m === 'string' ? m : ((m as { text?: string; message?: string })?.text ?? (m as { message?: string })?.message ?? '')))
    .filter(Boolean)
}

/** Query values; arrays repeat their key (`{ 'fields[]': ['weight', 'height'] }` → `fields[]=weight&fields[]=height`). */
export type Query = Record<string, string | number | readonly (string | number)[] | undefined>

export interface CallResult<T> {
  status: number
  data: T
}

/** What every call sends: the endpoint, its body, path parameters and query. */
type Sent = { ep: Endpoint; body: unknown; params?: Record<string, string | number>; query?: Query }

/** The schema of the body a 2xx answer carries (its `replies` entry), or null when it carries none (files, 204, 205). */
function successSchema(ep: Endpoint, status: number): Schema.Top | null | undefined {
  if (ep.file || status === 204 || status === 205) return null
  return ep.replies[status]
}

/** One round trip: 2xx → `{ status, data }` decoded; anything else throws ApiError after the 401 and 419 rules. */
async function send({ ep, body, params, query }: Sent): Promise<CallResult<unknown>> {
  const path = fillPath(ep.path, params)
  try {
    const res = await fetcher.raw(path, {
      baseURL: apiBase(),
      method: ep.method,
      body: ep.method === 'GET' ? undefined : ((body ?? {}) as Record<string, unknown>),
      query,
      responseType: ep.file ? 'blob' : 'json',
    })
    const schema = successSchema(ep, res.status)
    // 204 and 205 never carry a body (205: a scan set the workstation; reload it).
    if (schema === null) return { status: res.status, data: ep.file ? res._data : null }
    if (schema === undefined) {
      console.error(`Undeclared answer ${res.status} from ${ep.method} ${path}`)
      throw new ApiError(res.status, { message: `Nieprawidłowa odpowiedź serwera (${ep.path})` })
    }
    const decoded = decode(schema as Schema.Decoder<unknown>, res._data)
    if (!decoded.ok) {
      console.error(`Malformed reply from ${ep.method} ${path}`, decoded.errors)
      throw new ApiError(res.status, { message: `Nieprawidłowa odpowiedź serwera (${ep.path})` })
    }
    return { status: res.status, data: decoded.value }
  } catch (e) {
    if (e instanceof ApiError) throw e
    if (e instanceof FetchError && e.response) {
      const status = e.response.status
      const data = (e.data ?? {}) as ApiError['data']
      if (status === 401 && ep.path !== 'user/login') hooks.onUnauthorized()
      if (status === 419) hooks.onPageExpired(messagesOf(data))
      throw new ApiError(status, data)
    }
    throw new ApiError(0, { message: 'Brak połączenia z serwerem' })
  }
}

/** Calls sent ahead of the code that will ask them (`askAhead`), by what is sent. */
const ahead = new Map<string, { at: number; reply: Promise<CallResult<unknown>> }>()
let recordingAhead = false
const sentKey = ({ ep, body, params, query }: Sent) => JSON.stringify([ep.method, ep.path, params ?? null, query ?? null, body ?? null])

/**
 * Runs `start` (code that calls the API at once, e.g. a table's first page) and keeps each call it
 * sends: the first identical call within AHEAD_FRESH_MS is answered with it instead of a second
 * round trip. A screen's first page then goes out with the screen's code, not after its first render.
 */
export function askAhead(start: () => void) {
  recordingAhead = true
  try {
    start()
  } finally {
    recordingAhead = false
  }
}

/** One round trip, or the same call asked ahead and not yet taken. */
function sendOrTake(sent: Sent): Promise<CallResult<unknown>> {
  const key = sentKey(sent)
  if (recordingAhead) {
    const reply = send(sent)
    reply.catch(() => undefined) // a failure is the taker's to see; nobody may take it
    ahead.set(key, { at: performance.now(), reply })
    return reply
  }
  const early = ahead.get(key)
  if (early) {
    ahead.delete(key)
    if (performance.now() - early.at <= AHEAD_FRESH_MS) return early.reply
  }
  return send(sent)
}

/** Calls an endpoint and answers the body of its 2xx answer (use `request` where the code matters). */
export const call = async <E extends Endpoint>(
  ep: E,
  body?: E['body']['Encoded'],
  params?: Record<string, string | number>,
  query?: Query,
): Promise<SuccessBody<E>> => (await request(ep, body, params, query)).data

/**
 * Calls an endpoint of the contract table and answers `{ status, data }` discriminated on the 2xx
 * code its `replies` table declares, each body decoded with its own schema (a malformed reply is a
 * clear error rather than a broken screen): `if (answer.status === 201) answer.data.message`
 * narrows without casts, and so does a machine's `onDone` given `fromPromise<SuccessAnswer<E>, …>`
 * (`fromRequest`). A 2xx code the table does not declare is a malformed reply. Error codes throw ApiError as with `call`; `errorAnswer` reads
 * their declared body.
 */
export function request<E extends Endpoint>(
  ep: E,
  body?: E['body']['Encoded'],
  params?: Record<string, string | number>,
  query?: Query,
): Promise<SuccessAnswer<E>>
export function request(ep: Endpoint, body?: unknown, params?: Record<string, string | number>, query?: Query): Promise<CallResult<unknown>> {
  return sendOrTake({ ep, body, params, query })
}

/**
 * The error answer of an endpoint as its `replies` table declares it: `{ status, data }` when the
 * error is an ApiError whose code the table names and whose body fits that code's schema, else null
 * (a generic 422, a 401, no connection...).
 */
export function errorAnswer<E extends Endpoint>(ep: E, error: unknown): Exclude<Answer<E>, SuccessAnswer<E>> | null
export function errorAnswer(ep: Endpoint, error: unknown): CallResult<unknown> | null {
  if (!(error instanceof ApiError)) return null
  const schema = ep.replies[error.status]
  if (!schema) return null
  const decoded = decode(schema as Schema.Decoder<unknown>, error.data)
  return decoded.ok ? { status: error.status, data: decoded.value } : null
}
