import { holdDataDirOrExit } from './db/dataDirLock.ts'
import { openDb } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { dropAll } from './db/reset.ts'
import { seed } from './seed.ts'
import { MissingKey, openVault } from './domain/secrets.ts'
import { configFromEnv } from './config.ts'

// npm run seed [-- --reset]: seeds an empty database; --reset drops everything first.
const config = configFromEnv()
// Never while a server has the embedded database open (it would not see these writes).
const unlock = holdDataDirOrExit(config)
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
if (process.argv.includes('--reset')) await dropAll(db)
await migrate(db)
const { vault } = await openVault(db, config.dataDir, { CREDENTIALS_KEY: config.credentialsKey, CREDENTIALS_KEY_FILE: config.credentialsKeyFile }).catch(
  async (e: unknown) => {
    if (!(e instanceof MissingKey)) throw e
    console.error(`Not seeded: ${e.message}`)
    await db.close()
    unlock()
    process.exit(1)
  },
)
console.log((await seed(db, undefined, vault)) ? 'Seeded demo data.' : 'Database already holds data; nothing seeded (use --reset).')
await db.close()
unlock()
