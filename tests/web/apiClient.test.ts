import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { call } from '../../src/web/api/client.ts'

/** The browser client reads its base address on every call: a base set after its import is used. */
afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

describe('API client base address', () => {
  it('each call goes to the VITE_API_BASE of that moment', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (req: Request | string) => {
      asked.push(typeof req === 'string' ? req : req.url)
      return new Response(JSON.stringify({ public_token: 't', expires_at: '2026-01-01T00:00:00Z' }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    vi.stubEnv('VITE_API_BASE', 'http://first.test/api/')
    await call(E.publicToken)
    vi.stubEnv('VITE_API_BASE', 'http://second.test/api/')
    await call(E.publicToken)
    expect(asked).toEqual([`http://first.test/api/${E.publicToken.path}`, `http://second.test/api/${E.publicToken.path}`])
  })
})
