import type { Db } from './db.ts'

/** Drops every table (for `npm run seed -- --reset`). */
export async function dropAll(db: Db) {
  await db.exec(`drop schema public cascade; create schema public;`)
}
