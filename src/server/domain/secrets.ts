import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Queryable } from '../db/db.ts'

/**
 * Passwords of courier accounts and external API credentials are stored encrypted at rest with
 * AES-256-GCM (random 12-byte IV per value, 16-byte tag). The stored text is base64 of
 * iv | tag | ciphertext.
 *
 * The key (32 bytes) comes from, in order:
 *  1. the environment variable CREDENTIALS_KEY (64 hex digits or base64 of 32 bytes) — the
 *     choice for production: the key then lives apart from the data;
 *  2. PGlite with a data directory: the file `credentials.key` in DATA_DIR, generated on first
 *     start with mode 0600;
 *  3. PostgreSQL (or an in-memory PGlite): the row `credentials_key` of table app_secrets,
 *     generated once, so that several instances on one database share it.
 */
export interface Vault {
  encrypt(plain: string): string
  decrypt(stored: string): string
}

const KEY_NAME = 'credentials_key'
const KEY_FILE = 'credentials.key'

export function parseKey(raw: string): Buffer {
  const s = raw.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64')
  if (key.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes: 64 hex digits or base64')
  return key
}

/**
 * A value written by the demo seed, which does not know the key: plaintext behind this marker.
 * `sealPlaintext` encrypts such values when the server starts; until then they read as themselves.
 */
export const PLAINTEXT_PREFIX = 'plain:'

export function vaultOf(key: Buffer): Vault {
  return {
    encrypt(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    decrypt(stored) {
      if (stored.startsWith(PLAINTEXT_PREFIX)) return stored.slice(PLAINTEXT_PREFIX.length)
      const raw = Buffer.from(stored, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

async function keyFromDatabase(db: Queryable): Promise<Buffer> {
  await db.query(`insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing`, [KEY_NAME, randomBytes(32).toString('base64')])
  const [row] = await db.query<{ value: string }>(`select value from app_secrets where name = $1`, [KEY_NAME])
  return parseKey(row!.value)
}

function keyFromFile(dataDir: string): Buffer {
  const file = join(dataDir, KEY_FILE)
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
    chmodSync(file, 0o600)
  }
  return parseKey(readFileSync(file, 'utf8'))
}

/** The vault of this installation (see above for where its key comes from). */
export async function openVault(db: Queryable & { kind: 'pglite' | 'postgres' }, dataDir: string, env = process.env): Promise<Vault> {
  if (env.CREDENTIALS_KEY) return vaultOf(parseKey(env.CREDENTIALS_KEY))
  if (db.kind === 'pglite' && dataDir) return vaultOf(keyFromFile(dataDir))
  return vaultOf(await keyFromDatabase(db))
}

/** Encrypts the passwords the seed wrote in plaintext (see PLAINTEXT_PREFIX). */
export async function sealPlaintext(db: Queryable, vault: Vault) {
  for (const table of ['courier_credentials', 'external_api_credentials']) {
    const rows = await db.query<{ id: number; password_enc: string }>(`select id, password_enc from ${table} where password_enc like $1`, [PLAINTEXT_PREFIX + '%'])
    for (const r of rows) await db.query(`update ${table} set password_enc = $2 where id = $1`, [r.id, vault.encrypt(vault.decrypt(r.password_enc))])
  }
}
