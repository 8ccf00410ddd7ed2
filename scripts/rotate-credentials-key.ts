/**
 * `npm run credentials:rotate [-- --new-key-file PATH]`: re-encrypts every stored secret (courier
 * and external API passwords, IAI passwords) under a new credentials key, in one transaction.
 * Until it commits, servers go on with the old key; the new key is written before the transaction
 * (`<key file>.new`, or PATH) and, where the key came from a file, renamed over that file after
 * it. Then restart the servers (PostgreSQL: with the new key). With PGlite the server must be
 * stopped first (one process per data directory). Interrupted: run it again; values already under
 * the new key are read with it. See docs/clients.md.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { resolve } from 'node:path'
import { holdDataDirOrExit } from '../src/server/db/dataDirLock.ts'
import { openDb } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { MissingKey, newKeyText, openVault, parseKey, pendingFile, reencryptAll, vaultOf, writeKeyFile } from '../src/server/domain/secrets.ts'
import { configFromEnv } from '../src/server/config.ts'

const config = configFromEnv()
const at = process.argv.indexOf('--new-key-file')
const target = at > 0 ? process.argv[at + 1] : undefined
const unlock = holdDataDirOrExit(config)
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrate(db)
  const current = await openVault(db, config.dataDir, { CREDENTIALS_KEY: config.credentialsKey, CREDENTIALS_KEY_FILE: config.credentialsKeyFile })
  const newFile = target ? resolve(target) : current.file ? pendingFile(current.file) : null
  if (!newFile) throw new MissingKey('The key comes from CREDENTIALS_KEY: name a file for the new one with --new-key-file PATH.')
  if (!existsSync(newFile)) writeKeyFile(newFile, newKeyText())
  const next = parseKey(readFileSync(newFile, 'utf8'))
  const count = await db.tx((q) => reencryptAll(q, vaultOf(next, [current.key])))
  if (!target && current.file) renameSync(newFile, current.file)
  console.log(`Re-encrypted ${count} stored secrets under the new key, now in ${target ? newFile : current.file}.`)
  if (target || !current.file || config.credentialsKey) console.log(`Restart every server with the new key (CREDENTIALS_KEY_FILE=${newFile} or its content in CREDENTIALS_KEY); the old key no longer reads them.`)
  else console.log('Restart the servers; they read the new key from the same file.')
} catch (e) {
  if (!(e instanceof MissingKey)) throw e
  console.error(`Rotation not started: ${e.message}`)
  process.exitCode = 1
} finally {
  await db.close()
  unlock()
}
