import type * as Schema from 'effect/Schema'
import { type Role, PUBLIC } from './access.ts'
import type { ScanLogKind } from './constants/floor.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<B extends Schema.Top = Schema.Top, S extends Replies = Replies, P extends string = string> {
  readonly method: Method
  /** Path exactly as the spec names it, relative to the API base; `{name}` marks a parameter. */
  readonly path: P
  /** Roles allowed; `PUBLIC` needs no token. Checked on the server, mirrored by the route table. */
  readonly roles: readonly Role[] | typeof PUBLIC
  readonly body: B
  /**
   * The body schema of every answer code the endpoint gives, e.g. `{ 201: ScanReply, 204: NoBody,
   * 409: ScanErrorBody }`. A handler may return only these (checked by the compiler); `request()`
   * in the web client answers a union discriminated on `status`, each body decoded with its schema.
   * Codes every endpoint may answer (401, 403, a 422 of the request's schema, 419) are not listed.
   */
  readonly replies: S
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
  /** What each answer code means (every code listed here has a schema in `replies`). */
  readonly statuses?: Readonly<Record<number, string>>
  /**
   * On an update (PUT/PATCH) whose find is not the GET at `<its path>/{id}`: the find whose reply
   * it takes back unchanged, and `part`, the member of that reply that is the body. The
   * round-trip pairs come from these and from the paths (src/contract/roundTrip.ts).
   */
  readonly updates?: { readonly find: string; readonly part?: string }
  /** A floor request: each call, answered or refused, goes to the scan log under this kind (docs/floor.md). */
  readonly scanLog?: ScanLogKind
}

/** Status → body schema. `NoBody` for 204/205 (null-body statuses). */
export type Replies = { readonly [status: number]: Schema.Top }

/** Answer codes that end the call normally (2xx); every other declared code is an error answer. */
export type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208

export const ep = <B extends Schema.Top, const S extends Replies, P extends string, Q extends Schema.Top = never>(
  e: Endpoint<B, S, P> & { query?: Q },
) => e as Endpoint<B, S, P> & ([Q] extends [never] ? unknown : { query: Q })

/** Status → body type of an endpoint, from its `replies` table. */
export type ReplyTable<E extends Endpoint> = {
  [K in keyof E['replies'] as number extends K ? never : K]: E['replies'][K] extends Schema.Top ? E['replies'][K]['Type'] : never
}

/** One answer of an endpoint as the web client sees it: `{ status, data }`, discriminated on `status`. */
export type Answer<E extends Endpoint> = {
  [K in keyof ReplyTable<E> & number]: { readonly status: K; readonly data: ReplyTable<E>[K] }
}[keyof ReplyTable<E> & number]

/** The answers of an endpoint with a 2xx code (what a machine's `onDone` sees). */
export type SuccessAnswer<E extends Endpoint> = Extract<Answer<E>, { status: SuccessStatus }>

/** The body of any 2xx answer of an endpoint (what `call` resolves to). */
export type SuccessBody<E extends Endpoint> = SuccessAnswer<E>['data']

/** Fills `{name}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k]
    if (v === undefined) throw new Error(`Missing path parameter ${k} for ${path}`)
    return encodeURIComponent(String(v))
  })
}
