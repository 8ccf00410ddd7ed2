import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { AHEAD_FRESH_MS } from '../../src/contract/constants/ui.ts'
import { askAhead, call } from '../../src/web/api/client.ts'

/** The browser client without a server: `fetch` answers a public token and records what was asked. */
function fakeServer() {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (req: Request | string) => {
    asked.push(typeof req === 'string' ? req : req.url)
    return new Response(JSON.stringify({ public_token: `t${asked.length}`, expires_at: '2026-01-01T00:00:00Z' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  return asked
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

describe('API client base address', () => {
  it('each call goes to the VITE_API_BASE of that moment', async () => {
    const asked = fakeServer()
    vi.stubEnv('VITE_API_BASE', 'http://first.test/api/')
    await call(E.publicToken)
    vi.stubEnv('VITE_API_BASE', 'http://second.test/api/')
    await call(E.publicToken)
    expect(asked).toEqual([`http://first.test/api/${E.publicToken.path}`, `http://second.test/api/${E.publicToken.path}`])
  })
})

describe('a call asked ahead (FIRST_PAGE_AHEAD) is fresh for AHEAD_FRESH_MS', () => {
  const askedAhead = () => askAhead(() => void call(E.publicToken))

  it('the same call within the window takes the reply asked ahead: one round trip', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const asked = fakeServer()
    askedAhead()
    vi.advanceTimersByTime(AHEAD_FRESH_MS - 1)
    expect((await call(E.publicToken)).public_token).toBe('t1')
    expect(asked).toHaveLength(1)
  })

  it('after the window the call goes to the server again', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const asked = fakeServer()
    askedAhead()
    vi.advanceTimersByTime(AHEAD_FRESH_MS + 1)
    expect((await call(E.publicToken)).public_token).toBe('t2')
    expect(asked).toHaveLength(2)
  })
})
