import { createReadStream, existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openDb } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { type AddressKind, ADDRESS_KINDS, ImportRejected, type ImportReport, formatRowErrors, importAddressCsv } from '../src/server/domain/addressImport.ts'
import { configFromEnv } from '../src/server/config.ts'
import { holdDataDirOrExit } from '../src/server/db/dataDirLock.ts'

/**
 * npm run import:addresses -- --localities file.csv --streets file.csv --lockers file.csv [--replace] [--skip-invalid]
 *
 * Imports the address database from CSV files (format: docs/address-import.md) into the database
 * of this configuration (DATABASE_URL, or PGlite in DATA_DIR). Files are imported in the order
 * localities → streets → lockers, each in its own transaction. A file with bad rows is rejected
 * whole (every bad row listed with its line number) unless --skip-invalid is given. Exit code 1
 * when any file was rejected or could not be read.
 */
const { values } = parseArgs({
  options: {
    localities: { type: 'string' },
    streets: { type: 'string' },
    lockers: { type: 'string' },
    replace: { type: 'boolean', default: false },
    'skip-invalid': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const usage = 'Użycie: npm run import:addresses -- [--localities plik.csv] [--streets plik.csv] [--lockers plik.csv] [--replace] [--skip-invalid]'
const files = ADDRESS_KINDS.filter((k) => values[k]).map((k) => [k, values[k]!] as [AddressKind, string])
if (values.help || files.length === 0) {
  console.log(usage)
  process.exit(values.help ? 0 : 2)
}
for (const [, path] of files) {
  if (!existsSync(path)) {
    console.error(`Nie znaleziono pliku: ${path}`)
    process.exit(2)
  }
}

const summary = (r: ImportReport) =>
  `wierszy ${r.rows}: dodano ${r.inserted}, zaktualizowano ${r.updated}, powtórzonych ${r.duplicates}, pominiętych ${r.skipped}, usuniętych ${r.removed}`

const config = configFromEnv()
holdDataDirOrExit(config)
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
let failed = false
try {
  await migrate(db)
  for (const [kind, path] of files) {
    const started = Date.now()
    try {
      const report = await db.tx((q) =>
        importAddressCsv(q, kind, createReadStream(path), { replace: values.replace, skipInvalid: values['skip-invalid'] }),
      )
      console.log(`${kind} (${path}): ${summary(report)} [${Date.now() - started} ms]`)
      if (report.errorCount) {
        console.log(`  pominięte błędne wiersze (${report.errorCount}):`)
        for (const line of formatRowErrors(report)) console.log(line)
      }
    } catch (e) {
      failed = true
      if (e instanceof ImportRejected) {
        console.error(`${kind} (${path}): ${e.message}`)
        for (const line of formatRowErrors(e.report)) console.error(line)
      } else {
        console.error(`${kind} (${path}): ${e instanceof Error ? e.message : String(e)}`)
      }
    }
  }
} finally {
  await db.close()
}
process.exit(failed ? 1 : 0)
