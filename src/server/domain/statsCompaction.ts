import { STATS } from '../../contract/constants/stats.ts'
import type { Db, Queryable } from '../db/db.ts'
import { enqueueJob, registerJob } from './billing/queue.ts'

/**
 * The receipt counters behind /stats are written insert-only: every receipt adds a delta row
 * (migration 170), readers sum the compacted rows and the deltas together. This job moves the
 * deltas into the compacted rows, so the deltas stay few. Each server orders it every
 * STATS.compactEverySeconds on the job queue; two runs at once are harmless (each moves what the
 * other did not), so several servers need no coordination.
 */
export const RECEIPT_COMPACTION_JOB = 'receipt-counter-compaction'

/** Moves the deltas visible now into the compacted rows; returns how many delta rows were moved. */
export async function compactReceiptCounters(q: Queryable): Promise<number> {
  const [r] = await q.query<{ moved: number }>(`select parcel_receipt_days_compact() as moved`)
  return r?.moved ?? 0
}

/** Registers the compaction job on this process's queue (src/server/jobs.ts calls it). */
export function registerStatsJobs(): void {
  registerJob(RECEIPT_COMPACTION_JOB, async (db) => {
    await compactReceiptCounters(db)
  })
}

/** Orders the compaction periodically on the job queue; returns the stop. */
export function scheduleReceiptCompaction(db: Db): () => void {
  const timer = setInterval(() => {
    enqueueJob(db, RECEIPT_COMPACTION_JOB, {}).catch((e) => console.error(`[jobs] ${RECEIPT_COMPACTION_JOB}:`, (e as Error).message))
  }, STATS.compactEverySeconds * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
