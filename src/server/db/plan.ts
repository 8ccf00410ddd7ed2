import { type Queryable, sqlLiteral } from './db.ts'

/**
 * The plan a prepared statement runs with once it is generic (as a server's long-lived connection
 * runs its statements after the first executions): the statement prepared with its parameters'
 * types, executed under `explain` with these values, then dropped. Inside a transaction, so the
 * forced generic plan is the transaction's setting only. `options`: explain's options, e.g.
 * 'costs off' or 'analyze, buffers' (analyze runs the statement: use it on statements that read).
 */
export async function genericPlan(db: { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> }, sql: string, types: readonly string[], values: readonly unknown[], options = 'costs off'): Promise<string> {
  return db.tx(async (q) => {
    await q.exec(`set local plan_cache_mode = force_generic_plan`)
    await q.exec(`prepare generic_plan_of (${types.join(', ')}) as ${sql}`)
    try {
      const rows = await q.query<Record<string, string>>(`explain (${options}) execute generic_plan_of (${values.map(sqlLiteral).join(', ')})`)
      return rows.map((r) => Object.values(r)[0]).join('\n')
    } finally {
      // After a failed explain the transaction is aborted and this fails too: the first error counts.
      await q.exec(`deallocate generic_plan_of`).catch(() => {})
    }
  })
}
