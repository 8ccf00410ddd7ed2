import type { Schema } from 'effect'
import { type Role, PUBLIC } from './access.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<
  B extends Schema.Top = Schema.Top,
  R extends Schema.Top = Schema.Top,
  P extends string = string,
> {
  readonly method: Method
  /** Path exactly as the spec names it, relative to the API base; `{name}` marks a parameter. */
  readonly path: P
  /** Roles allowed; `PUBLIC` needs no token. Checked on the server, mirrored by the route table. */
  readonly roles: readonly Role[] | typeof PUBLIC
  readonly body: B
  readonly reply: R
  /** Reply is a file (PDF, XLSX) rather than JSON. */
  readonly file?: boolean
  /**
   * Query parameters, decoded on the server (422 on bad input). `name[]` keys arrive as the
   * array `name` (e.g. `fields[]=weight&fields[]=height` → `{ fields: ['weight', 'height'] }`).
   */
  readonly query?: Schema.Top
  /**
   * Path parameters, decoded on the server (422 naming the parameter on bad input). Without it
   * every parameter is bounded text (ParamText); handlers parse ids further (404 when none).
   */
  readonly params?: Schema.Top
  /** File endpoints opened in a new window: `?_public_token=` (GET app/v1/public_token) stands in for the bearer token. */
  readonly publicToken?: boolean
  /** Answer codes the endpoint uses beside 200, with their meaning. 204 and 205 have no body. */
  readonly statuses?: Readonly<Record<number, string>>
  /** Body of error answers when it carries more than `{message}` (e.g. scan suggestions). */
  readonly error?: Schema.Top
  /**
   * The typed form of `reply` + `statuses` + `error`: the body schema of every answer code the
   * endpoint uses, e.g. `{ 201: ScanReply, 204: NoBody, 409: ScanErrorBody }`. When given, the
   * server handler may return only these (checked by the compiler) and `request()` in the web
   * client answers a union discriminated on `status`. Optional: without it the endpoint answers
   * `{ 200: reply }`, and a handler's replies of other codes are checked against `reply` only.
   */
  readonly replies?: Replies
  /**
   * On an update (PUT/PATCH) whose find is not the GET at `<its path>/{id}`: the find whose reply
   * it takes back unchanged, and `part`, the member of that reply that is the body. The
   * round-trip pairs come from these and from the paths (src/contract/roundTrip.ts).
   */
  readonly updates?: { readonly find: string; readonly part?: string }
}

/** Status → body schema. `NoBody` for 204/205 (null-body statuses). */
export type Replies = { readonly [status: number]: Schema.Top }

/** Answer codes that end the call normally (2xx); every other declared code is an error answer. */
export type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208

export const ep = <
  B extends Schema.Top,
  R extends Schema.Top,
  P extends string,
  Q extends Schema.Top = never,
  const S extends Replies = never,
>(
  e: Endpoint<B, R, P> & { query?: Q; replies?: S },
) => e as Endpoint<B, R, P> & ([Q] extends [never] ? unknown : { query: Q }) & ([S] extends [never] ? unknown : { replies: S })

/**
 * Status → body type of an endpoint: its `replies` table, or `{ 200: reply }` for an entry that
 * declares none.
 */
export type ReplyTable<E extends Endpoint> = E extends { replies: infer S extends Replies }
  ? { [K in keyof S as number extends K ? never : K]: S[K] extends Schema.Top ? S[K]['Type'] : never }
  : { 200: E['reply']['Type'] }

/** One answer of an endpoint as the web client sees it: `{ status, data }`, discriminated on `status`. */
export type Answer<E extends Endpoint> = {
  [K in keyof ReplyTable<E> & number]: { readonly status: K; readonly data: ReplyTable<E>[K] }
}[keyof ReplyTable<E> & number]

/** The answers of an endpoint with a 2xx code (what a machine's `onDone` sees). */
export type SuccessAnswer<E extends Endpoint> = Extract<Answer<E>, { status: SuccessStatus }>

/** Fills `{name}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k]
    if (v === undefined) throw new Error(`Missing path parameter ${k} for ${path}`)
    return encodeURIComponent(String(v))
  })
}
