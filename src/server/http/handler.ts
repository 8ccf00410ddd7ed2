import type { Schema } from 'effect'
import type { Endpoint, EndpointName, Endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/db.ts'
import type { Mailer } from '../mail.ts'
import type { CourierApi } from '../domain/courierApi.ts'
import type { Vault } from '../domain/secrets.ts'
import type { SessionCheck } from '../domain/sessions.ts'

/** The signed-in caller, resolved from the bearer token. */
export interface SessionUser {
  id: number
  email: string
  role: 0 | 1 | 2 | 3
  client_id: number | null
}

export interface Deps {
  db: Db
  mail: Mailer
  /** Origin used in links sent by e-mail, e.g. http://localhost:3000 */
  publicUrl: string
  /** Encrypts and decrypts stored credential passwords. */
  vault: Vault
  /** Checks courier accounts with the courier (sandbox by default). */
  courierApi: CourierApi
}

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
   * handler's transaction must check the session again (openScan's `session`).
   */
  session: SessionCheck | null
  ip: string
  deps: Deps
}

/** A reply with a status other than 200 (201–208, 409, 420, ...). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown) => new Reply(status, body)

/** A file reply (PDF, XLSX). */
export class FileReply {
  constructor(
    readonly data: Uint8Array,
    readonly filename: string,
    readonly contentType: string,
    readonly inline = false,
  ) {}
}

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<E['reply']['Type'] | Reply | FileReply>
export type Handlers<K extends EndpointName = EndpointName> = { [N in K]: Handler<Endpoints[N]> }
