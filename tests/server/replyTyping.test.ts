import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract/endpoints.ts'
import type { Answer, Endpoint, ReplyTable, SuccessAnswer } from '../../src/contract/endpoint.ts'
import { FileBody } from '../../src/contract/schemas/common.ts'
import { type Handler, reply } from '../../src/server/http/handler.ts'
import { scanData } from '../../src/contract/schemas/floor.ts'
import { fromRequest } from '../../src/web/api/actors.ts'
import type { OutputFrom } from 'xstate'

/**
 * The reply table is checked by the compiler: `npx tsc -p tsconfig.json` fails when a line marked
 * `@ts-expect-error` compiles (the wrong reply would be accepted). The runtime part keeps vitest
 * honest about the table's codes.
 */
type Classify = typeof endpoints.parcelClassify
type Resolve = typeof endpoints.problematicSectorResolve

const body = { message: 'ok', messages: [], data: { ...scanData(), bucket: null } }

// A declared code with its body compiles.
export const good: Handler<Classify> = async () => reply(201, body)
// A null-body code with no body compiles.
export const repeat: Handler<Classify> = async () => reply(204, null)

// @ts-expect-error 200 is not a code of classification (it answers 201)
export const plain200: Handler<Classify> = async () => body
// @ts-expect-error 202 is not declared for classification
export const undeclared: Handler<Classify> = async () => reply(202, body)
// @ts-expect-error 201 carries a ClassifyReply, not a bare message
export const wrongBody: Handler<Classify> = async () => reply(201, { message: 'ok' })
// @ts-expect-error 204 has no body
export const bodyOn204: Handler<Classify> = async () => reply(204, body)

// Every endpoint declares its table: a plain body only where 200 is declared, other codes only as declared.
type PublicToken = typeof endpoints.publicToken
type UserCreate = typeof endpoints.userCreate
const token = { public_token: 't', expires_at: '2026-01-01T00:00:00Z' }
export const tokenPlain: Handler<PublicToken> = async () => token
export const tokenReply: Handler<PublicToken> = async () => reply(200, token)
// @ts-expect-error 201 is not declared for the public token
export const tokenCreated: Handler<PublicToken> = async () => reply(201, token)
// @ts-expect-error a code known only at run time is not a declared one
export const tokenDynamic: Handler<PublicToken> = async () => reply(Number('202'), token)
// @ts-expect-error 409 is not declared for the public token
export const tokenRefusal: Handler<PublicToken> = async () => reply(409, { message: 'no' })
// @ts-expect-error 200 carries the token reply
export const tokenWrongBody: Handler<PublicToken> = async () => reply(200, { anything: true })
// @ts-expect-error a new user is answered with 201, never a plain 200 body
export const userPlain: Handler<UserCreate> = async () => ({ ...user, password_mail: 'outbox' as const })
export const userCreated: Handler<UserCreate> = async () => reply(201, { ...user, password_mail: 'outbox' as const })
const user = { id: 1, email: 'a@b.pl', role: 0 as const, email_verified_at: null, deleted_at: null, client_id: null, workstation: null }

// The client's answer is a union discriminated on the code.
export function narrow(a: SuccessAnswer<Resolve>): string | null {
  if (a.status === 204 || a.status === 205) {
    // @ts-expect-error no body on 204/205
    return a.data.message
  }
  return a.data.data.status_types.length ? a.data.message : null
}
// @ts-expect-error 201 is not an answer of resolution
export const notAnAnswer: SuccessAnswer<Resolve>['status'] = 201
// Error codes are in the full answer union, not in the success one.
export const errorCode: Answer<Resolve>['status'] = 404
// @ts-expect-error 404 is an error answer
export const errorNotSuccess: SuccessAnswer<Resolve>['status'] = 404
// The codes of a table are its keys.
export const tokenCode: keyof ReplyTable<PublicToken> = 200
// @ts-expect-error 201 is not a code of the public token
export const tokenNotCode: keyof ReplyTable<PublicToken> = 201

describe('reply tables', () => {
  const all = Object.entries(endpoints) as [string, Endpoint][]

  it('declare a schema for every code an endpoint names, and at least one 2xx', () => {
    for (const [name, e] of all) {
      const codes = Object.keys(e.replies).map(Number)
      expect(codes.filter((c) => c >= 200 && c < 300), name).not.toEqual([])
      for (const c of Object.keys(e.statuses ?? {}).map(Number)) expect(codes, `${name} names ${c}`).toContain(c)
    }
  })

  it('declare files as files', () => {
    for (const [name, e] of all) if (e.file) expect(e.replies[200], name).toBe(FileBody)
  })
})

// The actor of an endpoint outputs its success answers: a machine's onDone narrows on status.
export const actorOutput = (out: OutputFrom<ReturnType<typeof fromRequest<Classify>>>): number =>
  out.status === 201 ? out.data.data.accepted_scans : 0
