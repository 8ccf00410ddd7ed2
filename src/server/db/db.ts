import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import pg from 'pg'

/** One query surface for PGlite (embedded) and PostgreSQL (DATABASE_URL). Same SQL on both. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations, seed). */
  exec(sql: string): Promise<void>
}
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl)
  return openPglite(opts.dataDir)
}

/**
 * `dataDir` undefined = in memory (tests). `options.loadDataDir` starts from a dump; `lite` is the
 * PGlite instance itself (tests dump a seeded database once and start each file from it).
 */
export async function openPglite(dataDir?: string, options: Omit<PGliteOptions, 'dataDir'> = {}): Promise<Db & { readonly lite: PGlite }> {
  const lite = new PGlite(dataDir, options)
  await lite.waitReady
  return { ...wrapPglite(lite), lite }
}

function wrapPglite(lite: PGlite): Db {
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params)
      return r.rows
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  return {
    kind: 'pglite',
    ...wrap(lite),
    tx: (fn) => lite.transaction((t) => fn(wrap(t))),
    close: () => lite.close(),
  }
}

export async function openPostgres(url: string): Promise<Db> {
  // numeric → JS number, bigint counts → number, timestamptz stays a Date (serialised by the domain).
  pg.types.setTypeParser(1700, (v) => Number(v))
  pg.types.setTypeParser(20, (v) => Number(v))
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) })
  // An idle connection the server drops (restart, admin termination) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (e) => console.error('[db] idle connection lost:', e.message))
  await pool.query('select 1')
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pool.query(sql, params)
      return r.rows as T[]
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as R[]
          },
          async exec(sql: string) {
            await client.query(sql)
          },
        })
        await client.query('COMMIT')
        return result
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {})
        throw e
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
