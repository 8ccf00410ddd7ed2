import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Db, openPglite, openPostgres } from '../src/server/db/db.ts'

/**
 * A database of its own on the PostgreSQL server at `url`, made now (a copy of `template` when
 * given: a database of the same server no one is connected to); `drop()` removes it.
 */
export async function throwawayDatabase(url: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  if (template && !/^\w+$/.test(template)) throw new Error(`Bad template name ${template}`)
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  const u = new URL(url)
  u.pathname = '/' + name
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/**
 * The database a benchmark runs on: a throwaway database on the PostgreSQL server of DATABASE_URL
 * when it is set, else an in-memory PGlite.
 */
export async function openBenchDb(prefix: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) return { db: await openPglite(), drop: async () => {} }
  const made = await throwawayDatabase(url, prefix)
  return { db: await openPostgres(made.url), drop: made.drop }
}
