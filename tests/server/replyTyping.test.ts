import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract/endpoints.ts'
import type { Answer, ReplyTable, SuccessAnswer } from '../../src/contract/endpoint.ts'
import { type Handler, reply } from '../../src/server/http/handler.ts'
import { scanData } from '../../src/contract/schemas/warehouse.ts'
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

// Entries without a table: any code, but a non-error code carries the entry's `reply` body (the
// client decodes every 2xx with it); error codes may carry anything.
type PublicToken = typeof endpoints.publicToken
const token = { public_token: 't', expires_at: '2026-01-01T00:00:00Z' }
export const oldCreated: Handler<PublicToken> = async () => reply(201, token)
export const oldDynamic: Handler<PublicToken> = async () => reply(Number('202'), token)
export const oldRefusal: Handler<PublicToken> = async () => reply(409, { message: 'no', reason: 1 })
// @ts-expect-error 201 of an entry without a table carries its reply schema
export const oldWrongBody: Handler<PublicToken> = async () => reply(201, { anything: true })

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
// Entries without a table answer `{ 200: reply }`.
export const oldEntry: keyof ReplyTable<typeof endpoints.publicToken> = 200

describe('reply tables', () => {
  it('declare a schema for every code the scan endpoints name', () => {
    for (const e of [endpoints.parcelScan, endpoints.parcelClassify, endpoints.problematicSectorResolve]) {
      const declared = Object.keys(e.statuses ?? {}).filter((k) => k !== '200' || '200' in e.replies)
      expect(Object.keys(e.replies).sort()).toEqual(declared.sort())
    }
  })
})

// The actor of an endpoint outputs its success answers: a machine's onDone narrows on status.
export const actorOutput = (out: OutputFrom<ReturnType<typeof fromRequest<Classify>>>): number =>
  out.status === 201 ? out.data.data.accepted_scans : 0
