import { type ServerType, serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { buildServer } from '../../src/server/server.ts'
import { DEMO_USERS } from '../../src/server/seed.ts'
import { seededPglite } from './support.ts'

/**
 * The browser client's `request()` against the real server over HTTP (port 3160 + 1): each 2xx
 * body decoded with the schema its code declares, the answer discriminated on `status`, declared
 * error bodies read back with `errorAnswer()`.
 */
const PORT = 3161
let server: ServerType
let close: () => Promise<void>
let client: typeof import('../../src/web/api/client.ts')

beforeAll(async () => {
  const { app, db } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent' }, await seededPglite())
  await new Promise<void>((listening) => {
    server = serve({ fetch: app.fetch, port: PORT, hostname: '127.0.0.1' }, () => listening())
  })
  close = () => db.close()
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${PORT}/api/`)
  // Server files share one module cache (isolate: false): the client must read this base anew.
  vi.resetModules()
  client = await import('../../src/web/api/client.ts')
  const { _token } = await client.call(E.login, { email: 'worker@example.com', password: DEMO_USERS.find((u) => u.email === 'worker@example.com')!.password })
  client.setApiHooks({ onUnauthorized() {}, onPageExpired() {}, token: () => _token })
})
afterAll(async () => {
  server?.close()
  await close?.()
  vi.unstubAllEnvs()
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
    expect(answer).toEqual({ status: 422, data: { message: WAREHOUSE_MSG.inboundUnknownCourier } })
  })

  it('call() answers the body of the declared 2xx', async () => {
    const token = await client.request(E.publicToken)
    expect(token.status).toBe(200)
    expect(typeof token.data.public_token).toBe('string')
    expect(typeof (await client.call(E.publicToken)).public_token).toBe('string')
  })
})
