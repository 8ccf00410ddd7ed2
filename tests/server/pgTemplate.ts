/**
 * Global setup of the server tests on PostgreSQL (DATABASE_URL set): one migrated and seeded
 * database per run, `t_tpl_<time>_<random>`, that every test file's fresh database is created
 * from (`create database … template …`, a file copy). Migrating and seeding took seconds per file;
 * the copy takes a fraction of one. Nobody connects to the template after this setup (PostgreSQL
 * refuses to copy a database that has sessions). Dropped at the end of the run; templates left by
 * a run that was killed are dropped by the next one after an hour.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../../src/server/db/db.ts'
import { migrate } from '../../src/server/db/migrate.ts'
import { seed } from '../../src/server/seed.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database of this run ('' on PGlite). */
    pgTemplate: string
  }
}

const PREFIX = 't_tpl_'
const STALE_MS = 60 * 60 * 1000

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (!url) {
    project.provide('pgTemplate', '')
    return
  }
  const name = `${PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await admin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${PREFIX}%`])
    for (const { datname } of rows) {
      const born = parseInt(datname.slice(PREFIX.length).split('_')[0]!, 36)
      if (Date.now() - born > STALE_MS) await c.query(`drop database if exists ${datname} with (force)`)
    }
    await c.query(`create database ${name}`)
  })
  const u = new URL(url)
  u.pathname = '/' + name
  // The same steps as the PGlite snapshot (tests/server/support.ts): the server's own start then
  // seals the seeded credentials with its key, as it would on a fresh database.
  const db = await openPostgres(u.toString())
  try {
    await migrate(db)
    await seed(db)
  } finally {
    await db.close()
  }
  project.provide('pgTemplate', name)
  return async () => {
    await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`))
  }
}
