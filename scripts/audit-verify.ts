/**
 * `npm run audit:verify`: walks the audit trail's hash chain (domain/audit.ts) and names the first
 * row whose content or link to the previous row does not match. Exit code 1 when the chain is broken.
 */
import { holdDataDirOrExit } from '../src/server/db/dataDirLock.ts'
import { openDb } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { verifyChain } from '../src/server/domain/audit.ts'
import { configFromEnv } from '../src/server/config.ts'

const config = configFromEnv()
const unlock = holdDataDirOrExit(config)
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrate(db)
  const r = await verifyChain(db)
  if (r.ok) console.log(`Audit chain intact: ${r.rows} rows.`)
  else {
    console.error(`Audit chain broken at row id ${r.brokenId} (${r.reason === 'hash' ? 'its content was altered' : 'its link to the previous row does not match: a row before it was removed or altered'}); ${r.rows} rows before it are intact.`)
    process.exitCode = 1
  }
} finally {
  await db.close()
  unlock()
}
