import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SANDBOX_ACCOUNT, courierApiFromEnv, realCourierApi, sandboxCourierApi } from '../../src/server/domain/clientsCourierApi.ts'
import { type Db, openPglite } from '../../src/server/db/db.ts'
import { migrate } from '../../src/server/db/migrate.ts'
import { buildServer } from '../../src/server/server.ts'
import { seed } from '../../src/server/seed.ts'
import {
  MissingKey, PLAINTEXT_PREFIX, SECRET_COLUMNS, defaultKeyFile, openVault, parseKey, pendingFile, reencryptAll, sealPlaintext, vaultOf,
} from '../../src/server/domain/secrets.ts'
import { POSTGRES_URL, freshPostgres, postgresAnswers, seedDataDir } from './support.ts'

const pgUp = await postgresAnswers()

/** Where the credentials key comes from, AES-256-GCM round trips, and the courier adapters. */
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

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

  it('decrypts with an older key while a rotation runs, encrypts with the new one only', () => {
    const [old, next] = [parseKey('01'.repeat(32)), parseKey('02'.repeat(32))]
    const during = vaultOf(next, [old])
    const stored = vaultOf(old).encrypt('haslo')
    expect(during.decrypt(stored)).toBe('haslo')
    expect(vaultOf(next).decrypt(during.encrypt('haslo'))).toBe('haslo')
    expect(() => vaultOf(old).decrypt(during.encrypt('haslo'))).toThrow()
  })
})

/** A migrated in-memory database holding one secret of each kind, written under `key`. */
async function withSecrets(key: Buffer | null) {
  const db = await openPglite()
  await migrate(db)
  await seed(db)
  if (key) await reencryptAll(db, vaultOf(key))
  return db
}
const storedSecrets = async (db: Db) =>
  (await db.query<{ v: string }>(SECRET_COLUMNS.map(({ table, column }) => `select ${column} as v from ${table} where ${column} is not null`).join(' union all '))).map((r) => r.v)

describe('where the credentials key comes from', () => {
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'vault-'))
    dirs.push(d)
    return d
  }

  it('CREDENTIALS_KEY wins, then CREDENTIALS_KEY_FILE; a named file that is missing stops the start', async () => {
    const db = await withSecrets(null)
    const key = Buffer.alloc(32, 7).toString('base64')
    const fromEnv = await openVault(db, '', { CREDENTIALS_KEY: key, CREDENTIALS_KEY_FILE: '/nowhere' })
    expect(vaultOf(parseKey(key)).decrypt(fromEnv.vault.encrypt('x'))).toBe('x')
    const file = join(tmp(), 'key')
    writeFileSync(file, 'cd'.repeat(32))
    const fromFile = await openVault(db, '', { CREDENTIALS_KEY_FILE: file })
    expect(vaultOf(parseKey('cd'.repeat(32))).decrypt(fromFile.vault.encrypt('y'))).toBe('y')
    await expect(openVault(db, '', { CREDENTIALS_KEY_FILE: join(tmp(), 'missing') })).rejects.toBeInstanceOf(MissingKey)
    await db.close()
  })

  it('PostgreSQL without a key refuses with a message naming CREDENTIALS_KEY and CREDENTIALS_KEY_FILE', async () => {
    const db = await withSecrets(null)
    const asPostgres = { kind: 'postgres' as const, query: db.query.bind(db), tx: db.tx.bind(db) }
    const refused = await openVault(asPostgres, '', {}).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(MissingKey)
    expect((refused as Error).message).toMatch(/CREDENTIALS_KEY .*CREDENTIALS_KEY_FILE/)
    await db.close()
  })

  it('PGlite with a data directory: a 0600 key file beside the directory, never in it, named in the notices with the backup warning', async () => {
    const db = await withSecrets(null)
    const dataDir = join(tmp(), 'data')
    const first = await openVault(db, dataDir, {})
    const file = defaultKeyFile(dataDir)
    expect(first.file).toBe(file)
    expect(existsSync(join(dataDir, 'credentials.key'))).toBe(false)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(first.notices.join('\n')).toContain(file)
    expect(first.notices.join('\n')).toMatch(/backup/)
    expect((await openVault(db, dataDir, {})).vault.decrypt(first.vault.encrypt('z'))).toBe('z')
    await db.close()
  })

  it('takes over the keys of earlier versions: DATA_DIR/credentials.key moves out; a key row in app_secrets re-encrypts every secret and goes', async () => {
    const db = await withSecrets(null)
    const dataDir = tmp()
    const legacy = 'ef'.repeat(32)
    writeFileSync(join(dataDir, 'credentials.key'), legacy, { mode: 0o600 })
    const moved = await openVault(db, dataDir, {})
    expect(existsSync(join(dataDir, 'credentials.key'))).toBe(false)
    expect(readFileSync(defaultKeyFile(dataDir), 'utf8')).toBe(legacy)
    expect(moved.key.equals(parseKey(legacy))).toBe(true)

    const inDb = Buffer.alloc(32, 9)
    await reencryptAll(db, vaultOf(inDb))
    await db.query(`insert into app_secrets (name, value) values ('credentials_key', $1)`, [inDb.toString('base64')])
    const before = await storedSecrets(db)
    expect(before.length).toBeGreaterThan(0)
    const configured = Buffer.alloc(32, 3)
    const taken = await openVault(db, '', { CREDENTIALS_KEY: configured.toString('hex') })
    expect(await db.query(`select 1 from app_secrets where name = 'credentials_key'`)).toEqual([])
    const after = await storedSecrets(db)
    expect(after.map((v) => vaultOf(configured).decrypt(v))).toEqual(before.map((v) => vaultOf(inDb).decrypt(v)))
    expect(taken.notices.join('\n')).toContain(`${after.length} stored secrets`)
    await db.close()
  })
})

describe('the demo seed', () => {
  it('writes its secrets encrypted from the start: no plaintext row version is ever written', async () => {
    const db = await openPglite()
    await migrate(db)
    // Every row version written to the secret columns is recorded as it is written.
    await db.exec(`
      create table seen_secrets (v text);
      create function record_secret() returns trigger language plpgsql as $$
        begin insert into seen_secrets values (new.password_enc); return new; end $$;
      create trigger record_secret before insert or update on courier_credentials for each row execute function record_secret();`)
    const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent', credentialsKey: 'cd'.repeat(32) }, db)
    expect(app).toBeDefined()
    const seen = await db.query<{ v: string }>(`select v from seen_secrets`)
    expect(seen.length).toBeGreaterThan(0)
    for (const { v } of seen) {
      expect(v.startsWith(PLAINTEXT_PREFIX)).toBe(false)
      expect(vaultOf(parseKey('cd'.repeat(32))).decrypt(v)).toBe('sandbox123')
    }
    await db.close()
  })
})

describe('the server process on PostgreSQL', () => {
  it.skipIf(!pgUp)('refuses to start without CREDENTIALS_KEY or CREDENTIALS_KEY_FILE, saying so', async () => {
    const fresh = await freshPostgres(POSTGRES_URL)
    try {
      const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: '0', HOST: '127.0.0.1', DATABASE_URL: fresh.url, STATIC_DIR: join(tmpdir(), 'no-static-dir') }
      delete env.CREDENTIALS_KEY
      delete env.CREDENTIALS_KEY_FILE
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
      const code = await new Promise<number | null>((ok) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
        child.on('exit', (c) => {
          clearTimeout(timer)
          ok(c)
        })
      })
      expect(out).toContain('cannot start')
      expect(out).toMatch(/CREDENTIALS_KEY .*CREDENTIALS_KEY_FILE/)
      expect(out).not.toContain('listening')
      expect(code).toBe(1)
    } finally {
      await fresh.drop()
    }
  }, 90_000)
})

describe('key rotation (npm run credentials:rotate)', () => {
  it('re-encrypts every secret under a new key in the key file; the old key no longer reads them', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'rotate-')), 'data')
    dirs.push(dirname(dataDir))
    await seedDataDir(dataDir)
    const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, DATABASE_URL: '' }
    delete env.CREDENTIALS_KEY
    delete env.CREDENTIALS_KEY_FILE
    // First the key is made (as the first start would), then rotated.
    const db0 = await openPglite(dataDir)
    const { key: old } = await openVault(db0, dataDir, {})
    await sealPlaintext(db0, vaultOf(old))
    await db0.close()
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rotate-credentials-key.ts'], { env, encoding: 'utf8', timeout: 120_000 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const next = parseKey(readFileSync(defaultKeyFile(dataDir), 'utf8'))
    expect(next.equals(old)).toBe(false)
    expect(existsSync(pendingFile(defaultKeyFile(dataDir)))).toBe(false)
    const db = await openPglite(dataDir)
    const stored = await storedSecrets(db)
    await db.close()
    expect(stored.length).toBeGreaterThan(0)
    for (const v of stored) {
      expect(v.startsWith(PLAINTEXT_PREFIX)).toBe(false)
      expect(() => vaultOf(next).decrypt(v)).not.toThrow()
      expect(() => vaultOf(old).decrypt(v)).toThrow()
    }
  }, 180_000)
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
