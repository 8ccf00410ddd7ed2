/**
 * Headers, transport and static files: security headers (CSP without inline script, nosniff,
 * no framing, referrer policy), no-store on API JSON, immutable caching of hashed assets,
 * brotli/gzip, no source maps, 404 for unknown assets, HOST.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE } from '../../src/contract/constants/platform.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { buildServer } from '../../src/server/server.ts'
import viteConfig from '../../vite.config.ts'
import { DEMO, TEST_CREDENTIALS_KEY, type TestApp, startApp } from './support.ts'

let t: TestApp
let app: Hono
let dir: string
const JS = `export const big = ${JSON.stringify('x'.repeat(4000))};\n`
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>'

beforeAll(async () => {
  t = await startApp()
  dir = mkdtempSync(join(tmpdir(), 'static-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'assets/app-1a2b3c.js'), JS)
  writeFileSync(join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(JS))
  writeFileSync(join(dir, 'assets/app-1a2b3c.js.gz'), gzipSync(JS))
  writeFileSync(join(dir, 'assets/app-1a2b3c.js.map'), '{"version":3,"sources":["secret.ts"]}')
  ;({ app } = await buildServer({ ...configFromEnv({ CREDENTIALS_KEY: TEST_CREDENTIALS_KEY }), staticDir: dir }, t.db))
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await t?.close()
})

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })

describe('pages', () => {
  it('an address no route matches is the app (its not-found screen) with 404; every route of the table is 200', async () => {
    for (const path of ['/nie-ma-takiej-strony', '/users/user/5/extra', '/tracking/RE1/x', '/profile/x']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      expect(await res.text()).toBe(INDEX)
    }
    for (const path of ['/', '/users/user/5', '/tracking/RE100000001', '/client/3/credentail', '/client/3/credentail/7', '/profile/', '/workstations-list']) {
      expect((await get(path)).status, path).toBe(200)
    }
  })

  it.each(['/', '/parcel-list', '/index.html'])('%s: CSP with scripts from this origin only, no framing, nosniff, referrer policy', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `))
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(directive('default-src')).toBe("default-src 'self'")
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive('object-src')).toBe("object-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })
})

describe('hashed assets', () => {
  it('are cached for good and sent brotli or gzip as the browser accepts', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toMatch(/javascript/)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(JS.length / 10)
    expect(brotliDecompressSync(brBytes).toString()).toBe(JS)

    const gz = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(JS)

    const plain = await get('/assets/app-1a2b3c.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(JS)
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it.each(['/assets/app-deadbeef.js', '/assets/nested/none.css', '/assets/app-1a2b3c.js.map'])('%s → 404, not the SPA page, not cached', async (path) => {
    const res = await get(path, { 'accept-encoding': 'br' })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<div id="root">')
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/)
  })

  it('the production build writes no source maps', () => {
    expect(viteConfig.build?.sourcemap).toBe(false)
  })
})

describe('API replies', () => {
  it('JSON is never stored; nosniff and no framing; no CSP (PDF viewers must run)', async () => {
    const login = await t.call(endpoints.login, { body: { email: DEMO.admin.email, password: DEMO.admin.password } })
    expect(login.headers.get('cache-control')).toBe('no-store')
    const res = await app.request(`${API_BASE}whoami`, { headers: { authorization: `Bearer ${t.tokens.admin}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('content-security-policy')).toBeNull()
    const missing = await app.request(`${API_BASE}no/such/endpoint`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })

  it('JSON is gzip-compressed when the client accepts it', async () => {
    const path = `${API_BASE}${endpoints.statusTypeList.path}`
    const headers = { authorization: `Bearer ${t.tokens.admin}` }
    const plainText = await (await app.request(path, { headers })).text()
    expect(plainText.length).toBeGreaterThan(1024)
    const gz = await app.request(path, { headers: { ...headers, 'accept-encoding': 'gzip' } })
    expect(gz.status).toBe(200)
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const bytes = Buffer.from(await gz.arrayBuffer())
    expect(bytes.length).toBeLessThan(plainText.length)
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(JSON.parse(plainText))
    // Every reply says its length (the compressed one its compressed length).
    expect(Number(gz.headers.get('content-length'))).toBe(bytes.length)
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(gz.headers.get('cache-control')).toBe('no-store')
  })

  it('a short JSON reply goes uncompressed, with its length, whatever the client accepts', async () => {
    const res = await app.request(`${API_BASE}${endpoints.whoami.path}`, { headers: { authorization: `Bearer ${t.tokens.admin}`, 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(Buffer.byteLength(text)).toBeLessThan(1024)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    expect(JSON.parse(text)).toMatchObject({ role: 0, workstation: null })
  })
})

describe('server timing', () => {
  it('SERVER_TIMING=1: every API reply says the server\'s own time; off by default, so replies do not reveal it', async () => {
    expect(configFromEnv({}).serverTiming).toBe(false)
    expect(configFromEnv({ SERVER_TIMING: '1', CREDENTIALS_KEY: TEST_CREDENTIALS_KEY }).serverTiming).toBe(true)
    const timed = (await buildServer({ ...configFromEnv({ SERVER_TIMING: '1', CREDENTIALS_KEY: TEST_CREDENTIALS_KEY }), staticDir: dir }, t.db)).app
    const path = `${API_BASE}${endpoints.whoami.path}`
    const headers = { authorization: `Bearer ${t.tokens.admin}` }
    const res = await timed.request(path, { headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d{2}$/)
    // An error reply carries it too.
    expect((await timed.request(`${API_BASE}no-such-endpoint`, { headers })).headers.get('server-timing')).toMatch(/^app;dur=/)
    expect((await app.request(path, { headers })).headers.get('server-timing')).toBeNull()
  })
})

describe('HOST', () => {
  it('is read from the environment; all IPv4 interfaces by default', () => {
    expect(configFromEnv({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1')
    expect(configFromEnv({}).host).toBe('0.0.0.0')
  })
})
