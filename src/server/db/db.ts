import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { Writable } from 'node:stream'
import pg from 'pg'

/** One query surface for PGlite (embedded) and PostgreSQL (DATABASE_URL). Same SQL on both. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations, seed). */
  exec(sql: string): Promise<void>
  /**
   * A hot-path statement the database parses and plans once per connection and then reuses
   * (scans, session lookup). `name` must be unique per SQL text; every parameter must have a
   * type the statement fixes (a cast or a column it is compared with or stored into).
   * Planning a many-join statement in PGlite (WebAssembly) costs far more than running it.
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: unknown[]): Promise<T[]>
  /**
   * Inside a transaction only: `prepared` as the transaction's last statement, its COMMIT sent
   * with it (PostgreSQL: pipelined, one round trip for both). When the statement fails, the
   * COMMIT ends the transaction as a rollback and the statement's error is thrown. No statement
   * may follow, and the caller must not fail after it (what it wrote is committed).
   */
  preparedLast?<T = Record<string, unknown>>(name: string, sql: string, params: unknown[]): Promise<T[]>
  /**
   * Values a process may keep per database handle (the same map in and out of transactions),
   * e.g. the floor's fixed data (domain/floorFixedData.ts). Absent on ad-hoc wrappers: nothing cached.
   */
  readonly memo?: Map<string, unknown>
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
 * A value as an SQL literal, for EXECUTE of a prepared statement on PGlite (EXECUTE takes no
 * protocol parameters). Strings are quoted with '' doubling, which is complete with
 * standard_conforming_strings on (PostgreSQL's default, and PGlite's); anything else is refused.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL'
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE'
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Not a finite number: ${v}`)
    return String(v)
  }
  if (v instanceof Date) return `'${v.toISOString()}'`
  if (typeof v === 'string') {
    if (v.includes('\0')) throw new Error('NUL in a string literal')
    return `'${v.replace(/'/g, "''")}'`
  }
  throw new Error(`No SQL literal for ${typeof v}`)
}

/** PostgreSQL's type oid of bytea. */
const BYTEA_OID = 17
/**
 * bytea on PGlite through Buffer's native hex codec. PGlite's own serializer and parser go byte by
 * byte through arrays of strings (a statement's 8 MB file took seconds and hundreds of MB of
 * garbage). Same text format (`\x` + hex), same values; read back as a Buffer, as node-postgres does.
 */
const PGLITE_TYPES = {
  serializers: {
    [BYTEA_OID]: (x: unknown) => {
      if (!(x instanceof Uint8Array)) throw new Error('Invalid input for bytea type')
      return '\\x' + Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString('hex')
    },
  },
  parsers: { [BYTEA_OID]: (x: string) => Buffer.from(x.slice(2), 'hex') },
}

/**
 * `dataDir` undefined = in memory (tests). `options.loadDataDir` starts from a dump; `lite` is the
 * PGlite instance itself (tests dump a seeded database once and start each file from it).
 */
export async function openPglite(dataDir?: string, options: Omit<PGliteOptions, 'dataDir'> = {}): Promise<Db & { readonly lite: PGlite }> {
  const lite = new PGlite(dataDir, options)
  await lite.waitReady
  const [scs] = (await lite.query<{ standard_conforming_strings: string }>(`show standard_conforming_strings`)).rows
  if (scs?.standard_conforming_strings !== 'on') throw new Error('standard_conforming_strings must be on')
  // Prepared statements live for the session (PGlite has one) and survive a rolled-back transaction.
  const ready = new Set<string>()
  const memo = new Map<string, unknown>()
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    memo,
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params, PGLITE_TYPES)
      return r.rows
    },
    async exec(sql: string) {
      await q.exec(sql, PGLITE_TYPES)
    },
    async prepared<T>(name: string, sql: string, params: unknown[]) {
      if (!/^\w+$/.test(name)) throw new Error(`Bad statement name ${name}`)
      if (!ready.has(name)) {
        await q.exec(`prepare ${name} as ${sql}`)
        ready.add(name)
      }
      // The simple query protocol (exec) runs EXECUTE with fewer protocol messages than query().
      const [r] = await q.exec(params.length ? `execute ${name}(${params.map(sqlLiteral).join(', ')})` : `execute ${name}`, PGLITE_TYPES)
      return (r?.rows ?? []) as T[]
    },
  })
  return {
    kind: 'pglite',
    ...wrap(lite),
    // The transaction commits when `fn` returns: its last statement needs nothing more.
    tx: (fn) =>
      lite.transaction((t) => {
        const q = wrap(t)
        return fn({ ...q, preparedLast: q.prepared })
      }),
    close: () => lite.close(),
    lite,
  }
}

export async function openPostgres(url: string): Promise<Db> {
  // numeric → JS number, bigint counts → number, timestamptz stays a Date (serialised by the domain).
  pg.types.setTypeParser(1700, (v) => Number(v))
  pg.types.setTypeParser(20, (v) => Number(v))
  // Pipeline mode: statements given to one connection go out without waiting for the previous
  // answer (each with its own Sync), so a transaction's BEGIN travels with its first statement.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10), pipeline: true })
  const memo = new Map<string, unknown>()
  // An idle connection the server drops (restart, admin termination) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (e) => console.error('[db] idle connection lost:', e.message))
  // node-postgres writes each protocol message (Bind, Execute, Sync, …) to the socket on its own;
  // corked until the end of the tick they leave in one write (a scan's pipelined statements too).
  pool.on('connect', (client) => {
    const stream = (client as { connection?: { stream?: Writable } }).connection?.stream
    if (!stream || typeof stream.cork !== 'function') return
    const write = stream.write.bind(stream)
    let corked = false
    const uncork = () => {
      corked = false
      stream.uncork()
    }
    stream.write = ((...args: Parameters<Writable['write']>) => {
      if (!corked) {
        corked = true
        stream.cork()
        process.nextTick(uncork)
      }
      return write(...args)
    }) as Writable['write']
  })
  await pool.query('select 1')
  return {
    kind: 'postgres',
    memo,
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pool.query(sql, params)
      return r.rows as T[]
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async prepared<R>(name: string, sql: string, params: unknown[]) {
      // node-postgres prepares a named statement once per connection and reuses it.
      return (await pool.query({ name, text: sql, values: params })).rows as R[]
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect()
      // Not awaited: BEGIN is pipelined with the transaction's first statement (one round trip).
      const begun = client.query('BEGIN')
      begun.catch(() => {})
      // Set once preparedLast sent the COMMIT: nothing may follow it.
      let ended = false
      const open = () => {
        if (ended) throw new Error('The transaction has ended (preparedLast): no statement may follow')
      }
      try {
        const result = await fn({
          memo,
          async query<R>(sql: string, params: unknown[] = []) {
            open()
            return (await client.query(sql, params)).rows as R[]
          },
          async exec(sql: string) {
            open()
            await client.query(sql)
          },
          async prepared<R>(name: string, sql: string, params: unknown[]) {
            open()
            return (await client.query({ name, text: sql, values: params })).rows as R[]
          },
          async preparedLast<R>(name: string, sql: string, params: unknown[]) {
            open()
            ended = true
            const last = client.query({ name, text: sql, values: params })
            // In an aborted transaction PostgreSQL answers COMMIT with ROLLBACK (not an error).
            const commit = client.query('COMMIT')
            commit.catch(() => {})
            last.catch(() => {})
            const [result] = await Promise.all([last, commit])
            return result.rows as R[]
          },
        })
        await begun
        if (!ended) await client.query('COMMIT')
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
