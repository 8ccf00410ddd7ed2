import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SANDBOX_ACCOUNT, courierApiFromEnv, realCourierApi, sandboxCourierApi } from '../../src/server/domain/courierApi.ts'
import { PLAINTEXT_PREFIX, openVault, parseKey, vaultOf } from '../../src/server/domain/secrets.ts'

/** Where the credentials key comes from, AES-256-GCM round trips, and the courier adapters. */
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A stand-in database holding app_secrets in memory. */
function memoryDb(kind: 'pglite' | 'postgres') {
  const rows = new Map<string, string>()
  return {
    kind,
    rows,
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      if (sql.startsWith('insert')) {
        if (!rows.has(String(params[0]))) rows.set(String(params[0]), String(params[1]))
        return []
      }
      return [{ value: rows.get(String(params[0])) }] as T[]
    },
    async exec() {},
    async prepared<T>(): Promise<T[]> {
      return []
    },
  }
}

describe('vault', () => {
  it('encrypts with a fresh IV each time, decrypts, and refuses a tampered value', () => {
    const v = vaultOf(parseKey('ab'.repeat(32)))
    const a = v.encrypt('sandbox123')
    const b = v.encrypt('sandbox123')
    expect(a).not.toBe(b)
    expect(a).not.toContain('sandbox123')
    expect(v.decrypt(a)).toBe('sandbox123')
    const raw = Buffer.from(a, 'base64')
    raw[raw.length - 1]! ^= 1
    expect(() => v.decrypt(raw.toString('base64'))).toThrow()
    expect(() => vaultOf(parseKey('cd'.repeat(32))).decrypt(a)).toThrow()
    expect(v.decrypt(PLAINTEXT_PREFIX + 'x')).toBe('x')
    expect(() => parseKey('short')).toThrow()
  })

  it('CREDENTIALS_KEY wins; PGlite with a data directory keeps a 0600 key file; PostgreSQL keeps it in app_secrets', async () => {
    const key = Buffer.alloc(32, 7).toString('base64')
    const fromEnv = await openVault(memoryDb('postgres'), '', { CREDENTIALS_KEY: key })
    expect(vaultOf(parseKey(key)).decrypt(fromEnv.encrypt('x'))).toBe('x')

    const dir = mkdtempSync(join(tmpdir(), 'vault-'))
    dirs.push(dir)
    const first = await openVault(memoryDb('pglite'), dir, {})
    const again = await openVault(memoryDb('pglite'), dir, {})
    expect(again.decrypt(first.encrypt('y'))).toBe('y')
    expect(statSync(join(dir, 'credentials.key')).mode & 0o777).toBe(0o600)
    expect(parseKey(readFileSync(join(dir, 'credentials.key'), 'utf8'))).toHaveLength(32)

    const db = memoryDb('postgres')
    const one = await openVault(db, '/ignored', {})
    const two = await openVault(db, '/ignored', {})
    expect(two.decrypt(one.encrypt('z'))).toBe('z')
    expect(db.rows.has('credentials_key')).toBe(true)
  })
})

describe('courier adapters', () => {
  it('the sandbox accepts only sandbox/sandbox123 for courier 2 and is the default', async () => {
    expect(await sandboxCourierApi.check(2, { username: 'sandbox', password: 'sandbox123', service: '' })).toEqual(SANDBOX_ACCOUNT.info)
    expect(await sandboxCourierApi.check(2, { username: 'sandbox', password: 'x', service: '' })).toBeNull()
    expect(await sandboxCourierApi.check(3, { username: 'sandbox', password: 'sandbox123', service: '' })).toBeNull()
    expect(courierApiFromEnv({})).toBe(sandboxCourierApi)
    expect(courierApiFromEnv({ COURIER_API: 'real' })).not.toBe(sandboxCourierApi)
  })

  it('the real adapter asks DPD Romania client/contract and reads the contract; refusals and failures are null', async () => {
    const seen: Array<{ url: string; body: unknown }> = []
    const answer = (status: number, body: unknown) => async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), body: JSON.parse(String(init?.body)) })
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }
    const ok = realCourierApi({ DPD_RO_API_URL: 'https://dpd.test/v1' }, answer(200, { clients: [{ clientId: 42, email: 'a@b.ro', phones: [{ number: '0700' }] }] }))
    expect(await ok.check(2, { username: 'u', password: 'p', service: '' })).toEqual({ client_id: '42', contract_number: '42', email: 'a@b.ro', phone_number: '0700' })
    expect(seen[0]).toEqual({ url: 'https://dpd.test/v1/client/contract', body: { userName: 'u', password: 'p', language: 'EN' } })
    expect(await realCourierApi({}, answer(200, { error: { message: 'Invalid username or password' } })).check(2, { username: 'u', password: 'p', service: '' })).toBeNull()
    expect(await realCourierApi({}, answer(500, {})).check(2, { username: 'u', password: 'p', service: '' })).toBeNull()
    const offline = realCourierApi({}, async () => {
      throw new TypeError('fetch failed')
    })
    expect(await offline.check(2, { username: 'u', password: 'p', service: '' })).toBeNull()
    expect(await ok.check(4, { username: 'u', password: 'p', service: '' })).toBeNull()
  })
})
