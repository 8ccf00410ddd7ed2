import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import * as client from '../../src/web/api/client.ts'
import { type ListeningApp, listenApp } from './support.ts'

/**
 * The browser client's `request()` against the real server over HTTP: each 2xx body decoded with
 * the schema its code declares, the answer discriminated on `status`, declared error bodies read
 * back with `errorAnswer()`.
 */
let open: ListeningApp

beforeAll(async () => {
  open = await listenApp()
  vi.stubEnv('VITE_API_BASE', open.base)
  client.setApiHooks({ onUnauthorized() {}, onPageExpired() {}, token: () => open.t.tokens.worker })
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await open?.close()
})

describe('request(): answers discriminated on the code', () => {
  it('external inbound: 201 accepted, then 200 for the same waybill; both bodies typed without casts', async () => {
    const first = await client.request(E.externalInboundScan, { barcode: '12345678901299' })
    expect(first.status).toBe(201)
    // Narrowing on status: `data` is ExternalInboundScanReply here, checked by tsc.
    const id = first.status === 201 ? first.data.data?.id : undefined
    expect(typeof id).toBe('number')
    expect(first.data.message).toBe(WAREHOUSE_MSG.inboundAccepted)
    const again = await client.request(E.externalInboundScan, { barcode: '12345678901299' })
    expect(again).toMatchObject({ status: 200, data: { message: WAREHOUSE_MSG.alreadyInSystem, data: { id } } })
  })

  it('a declared error code throws ApiError; errorAnswer() reads its body with the declared schema', async () => {
    const error = await client.request(E.externalInboundScan, { barcode: 'NOTACOURIER' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(client.ApiError)
    const answer = client.errorAnswer(E.externalInboundScan, error)
    expect(answer).toEqual({ status: 422, data: { message: WAREHOUSE_ANSWER.inboundUnknownCourier } })
  })

  it('call() answers the body of the declared 2xx', async () => {
    const token = await client.request(E.publicToken)
    expect(token.status).toBe(200)
    expect(typeof token.data.public_token).toBe('string')
    expect(typeof (await client.call(E.publicToken)).public_token).toBe('string')
  })
})
