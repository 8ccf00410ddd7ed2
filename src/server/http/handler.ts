import type * as Schema from 'effect/Schema'
import type { EndpointName, Endpoints } from '../../contract/endpoints.ts'
import type { Endpoint, ReplyTable } from '../../contract/endpoint.ts'
import type { Deps, SessionUser } from '../domain/context.ts'
import type { SessionCheck } from '../domain/session.ts'


export interface Ctx<E extends Endpoint> {
  body: E['body']['Type']
  params: Record<string, string>
  query: Record<string, string>
  /** Query decoded with the endpoint's `query` schema (`name[]` keys arrive as arrays under `name`). */
  queryData: E extends { query: infer Q extends Schema.Top } ? Q['Type'] : undefined
  /** Non-null on every endpoint that is not PUBLIC (the middleware guarantees it). */
  user: SessionUser
  token: string | null
  /**
   * Set when the user came from the session cache (endpoints in SESSION_CHECKED_IN_TX only): the
   * handler's scan must check its workstation's session epoch (openScan's `session`).
   */
  session: SessionCheck | null
  ip: string
  deps: Deps
}

/**
 * A reply with a status other than 200 (201–208, 409, 420, ...). Typed by status and body: a
 * handler may return only the pairs its endpoint's `replies` table declares.
 */
export class Reply<S extends number = number, B = unknown> {
  constructor(
    readonly status: S,
    readonly body: B,
  ) {}
}
/** `reply(201, body)`; a union of codes gives a union of replies (`Reply<204, null> | Reply<205, null>`), one per code. */
export const reply = <const S extends number, B>(status: S, body: B): S extends number ? Reply<S, B> : never =>
  // The one place a code union is split per code: at run time there is one code, one Reply.
  new Reply(status, body) as S extends number ? Reply<S, B> : never

/** A file answer: bytes, or a stream sent as it is produced (a big export). */
export class FileReply {
  constructor(
    readonly data: Uint8Array | ReadableStream<Uint8Array>,
    readonly filename: string,
    readonly contentType: string,
    readonly inline = false,
  ) {}
}

/** Every `Reply` an endpoint's table allows: one per declared status, with that status's body. */
export type TableReply<E extends Endpoint> = { [K in keyof ReplyTable<E> & number]: Reply<K, ReplyTable<E>[K]> }[keyof ReplyTable<E> & number]

/** What a handler may return: a plain body for 200 (when declared), a `Reply` of a declared status and its body, or a file. */
export type HandlerResult<E extends Endpoint> =
  | (200 extends keyof ReplyTable<E> ? ReplyTable<E>[200 & keyof ReplyTable<E>] : never)
  | TableReply<E>
  | FileReply

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<HandlerResult<E>>
export type Handlers<K extends EndpointName = EndpointName> = { [N in K]: Handler<Endpoints[N]> }

/** What serving a request saw, for a route that records it (the floor's scan log): the caller, the body sent, the answer. */
export interface Seen {
  user: SessionUser | null
  body: unknown
  status: number
  reply: unknown
}
