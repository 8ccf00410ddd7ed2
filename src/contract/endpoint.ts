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
}

export const ep = <B extends Schema.Top, R extends Schema.Top, P extends string, Q extends Schema.Top = never>(
  e: Endpoint<B, R, P> & { query?: Q },
) => e as Endpoint<B, R, P> & ([Q] extends [never] ? unknown : { query: Q })

export type BodyOf<E extends Endpoint> = E['body']['Encoded']
export type ReplyOf<E extends Endpoint> = E['reply']['Type']
export type QueryOf<E extends Endpoint> = E extends { query: Schema.Top } ? E['query']['Encoded'] : Record<string, never>

/** Path parameters named in a path: 'user/{id}' → 'id'. */
export type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParams<Rest> : never

/** Fills `{name}` placeholders; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k]
    if (v === undefined) throw new Error(`Missing path parameter ${k} for ${path}`)
    return encodeURIComponent(String(v))
  })
}
