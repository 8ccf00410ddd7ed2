import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

const dir = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Applies `migrations/NNN_name.sql` in order, each once, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`)
  // Serialise concurrent starters against one PostgreSQL server.
  if (db.kind === 'postgres') await db.query(`select pg_advisory_lock(4242)`)
  try {
    const done = new Set((await db.query<{ name: string }>(`select name from schema_migrations`)).map((r) => r.name))
    const applied: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      if (done.has(file)) continue
      const sql = readFileSync(join(dir, file), 'utf8')
      await db.tx(async (q) => {
        await q.exec(sql)
        await q.query(`insert into schema_migrations(name) values ($1)`, [file])
      })
      applied.push(file)
    }
    return applied
  } finally {
    if (db.kind === 'postgres') await db.query(`select pg_advisory_unlock(4242)`)
  }
}
