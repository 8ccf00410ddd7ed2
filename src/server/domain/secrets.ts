import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Db, Queryable } from '../db/db.ts'

/**
 * Passwords of courier accounts, external API credentials and clients' IAI passwords are stored
 * encrypted at rest with AES-256-GCM: base64 of iv (12 random bytes) | tag (16) | ciphertext.
 *
 * The key (32 bytes) never lives with the data. It comes from, in order: CREDENTIALS_KEY (64 hex
 * digits or base64); CREDENTIALS_KEY_FILE; with a PGlite data directory, the file
 * `<DATA_DIR>.credentials.key` beside it (made on first start, mode 0600); in-memory PGlite (tests),
 * a random key for the process. PostgreSQL without the first two refuses to start (MissingKey).
 * A key left in an older place (`DATA_DIR/credentials.key`, the `app_secrets` row) is taken over
 * once: docs/clients.md.
 */
export interface Vault {
  encrypt(plain: string): string
  decrypt(stored: string): string
}

/** Where the key came from (logged at start) and what was done on the way. */
export interface VaultInfo {
  vault: Vault
  key: Buffer
  /** The file the key was read from (the rotation replaces it), null when it came from CREDENTIALS_KEY or memory. */
  file: string | null
  /** Lines for the start log. */
  notices: string[]
}

/** The server cannot start without a key that lives apart from the data. */
export class MissingKey extends Error {}

const LEGACY_ROW = 'credentials_key'
const LEGACY_FILE = 'credentials.key'

export function parseKey(raw: string): Buffer {
  const s = raw.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64')
  if (key.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes: 64 hex digits or base64')
  return key
}

/** A new random key as written to key files (base64 and a newline). */
export const newKeyText = () => randomBytes(32).toString('base64') + '\n'

/**
 * A value written by the demo seed of earlier versions: plaintext behind this marker.
 * `sealPlaintext` encrypts such values when the server starts; until then they read as themselves.
 */
export const PLAINTEXT_PREFIX = 'plain:'

/** Encrypts with `key`; decrypts with it or, while a rotation or take-over runs, with one of `older`. */
export function vaultOf(key: Buffer, older: Buffer[] = []): Vault {
  const open = (k: Buffer, raw: Buffer) => {
    const decipher = createDecipheriv('aes-256-gcm', k, raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  }
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
      let failure: unknown
      for (const k of [key, ...older]) {
        try {
          return open(k, raw)
        } catch (e) {
          failure ??= e
        }
      }
      throw failure
    },
  }
}

/** Every stored secret: table and column (rotation and take-over re-encrypt them all). */
export const SECRET_COLUMNS = [
  { table: 'courier_credentials', column: 'password_enc' },
  { table: 'external_api_credentials', column: 'password_enc' },
  { table: 'clients', column: 'iai_password_enc' },
] as const

/** Re-encrypts every stored secret under `to`'s key (reading with whatever `to` accepts); answers how many. */
export async function reencryptAll(q: Queryable, to: Vault): Promise<number> {
  let n = 0
  for (const { table, column } of SECRET_COLUMNS) {
    const rows = await q.query<{ id: number; v: string }>(`select id, ${column} as v from ${table} where ${column} is not null and ${column} <> ''`)
    for (const r of rows) {
      await q.query(`update ${table} set ${column} = $2 where id = $1`, [r.id, to.encrypt(to.decrypt(r.v))])
      n++
    }
  }
  return n
}

/** Where a rotation writes the new key before its transaction (renamed over the key file after it). */
export const pendingFile = (file: string) => `${file}.new`

/** The key file used with PGlite when no key is configured: beside the data directory, not in it. */
export const defaultKeyFile = (dataDir: string) => `${resolve(dataDir).replace(/[\\/]+$/, '')}.credentials.key`

function readKeyFile(file: string): Buffer {
  if (!existsSync(file)) throw new MissingKey(`CREDENTIALS_KEY_FILE ${file} does not exist: put the 32-byte key there (64 hex digits or base64), or unset it.`)
  return parseKey(readFileSync(file, 'utf8'))
}

export function writeKeyFile(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
}

export interface KeySource {
  CREDENTIALS_KEY?: string | undefined
  CREDENTIALS_KEY_FILE?: string | undefined
}

/**
 * The vault of this installation (see above). Takes over keys of earlier versions and answers
 * what it did in `notices`. Throws MissingKey when the server must not start.
 */
export async function openVault(db: Pick<Db, 'kind' | 'query' | 'tx'>, dataDir: string, env: KeySource = process.env): Promise<VaultInfo> {
  const notices: string[] = []
  let key: Buffer
  let keyFile: string | null = null
  if (env.CREDENTIALS_KEY) {
    key = parseKey(env.CREDENTIALS_KEY)
    notices.push('Credentials key: from CREDENTIALS_KEY.')
  } else if (env.CREDENTIALS_KEY_FILE) {
    keyFile = resolve(env.CREDENTIALS_KEY_FILE)
    key = readKeyFile(keyFile)
    notices.push(`Credentials key: from CREDENTIALS_KEY_FILE ${resolve(env.CREDENTIALS_KEY_FILE)}.`)
  } else if (db.kind === 'pglite' && dataDir) {
    const file = defaultKeyFile(dataDir)
    const legacy = join(dataDir, LEGACY_FILE)
    if (!existsSync(file) && existsSync(legacy)) {
      renameSync(legacy, file)
      notices.push(`Credentials key: moved out of the data directory, from ${legacy} to ${file}.`)
    } else if (!existsSync(file)) {
      writeKeyFile(file, newKeyText())
      notices.push(`Credentials key: generated in ${file}.`)
    }
    if (existsSync(legacy) && parseKey(readFileSync(legacy, 'utf8')).equals(parseKey(readFileSync(file, 'utf8')))) rmSync(legacy)
    keyFile = file
    key = parseKey(readFileSync(file, 'utf8'))
    notices.push(
      `Credentials key file: ${file}. It is outside ${resolve(dataDir)} on purpose: keep it, keep it out of backups of the data ` +
        '(a backup that carries it gives away every stored password), or set CREDENTIALS_KEY / CREDENTIALS_KEY_FILE.',
    )
  } else if (db.kind === 'pglite') {
    key = randomBytes(32)
  } else {
    throw new MissingKey(
      'The credentials key is not configured. On PostgreSQL set CREDENTIALS_KEY (64 hex digits or base64 of 32 bytes) or ' +
        'CREDENTIALS_KEY_FILE (a file holding it, kept apart from the database and its backups); see docs/clients.md. ' +
        'Generate one with: node -e "console.log(require(\'crypto\').randomBytes(32).toString(\'base64\'))"',
    )
  }
  // An earlier version kept the key in the database itself: re-encrypt under the configured key, then forget it.
  const [row] = await db.query<{ value: string }>(`select value from app_secrets where name = $1`, [LEGACY_ROW])
  if (row) {
    const old = parseKey(row.value)
    const moved = await db.tx(async (q) => {
      const n = old.equals(key) ? 0 : await reencryptAll(q, vaultOf(key, [old]))
      await q.query(`delete from app_secrets where name = $1`, [LEGACY_ROW])
      return n
    })
    notices.push(`Credentials key: the key kept in the database (app_secrets) is retired; ${moved} stored secrets re-encrypted under the configured key.`)
  }
  // A rotation stopped between its commit and replacing the key file: read with both until it is run again.
  const pending = keyFile && existsSync(pendingFile(keyFile)) ? [parseKey(readFileSync(pendingFile(keyFile), 'utf8'))] : []
  if (pending.length) notices.push(`Credentials key: an unfinished rotation (${pendingFile(keyFile!)}); run npm run credentials:rotate again to finish it.`)
  return { vault: vaultOf(key, pending), key, file: keyFile, notices }
}

/** Encrypts the passwords the seed of an earlier version wrote in plaintext (see PLAINTEXT_PREFIX). */
export async function sealPlaintext(db: Queryable, vault: Vault) {
  for (const { table, column } of SECRET_COLUMNS) {
    const rows = await db.query<{ id: number; v: string }>(`select id, ${column} as v from ${table} where ${column} like $1`, [PLAINTEXT_PREFIX + '%'])
    for (const r of rows) await db.query(`update ${table} set ${column} = $2 where id = $1`, [r.id, vault.encrypt(vault.decrypt(r.v))])
  }
}
