import { INTEGRATION } from '../../contract/constants/integration.ts'
import type { Db, Queryable } from '../db/db.ts'
import { enqueueJob, registerJob } from './billing/queue.ts'

/**
 * Retention of the integration API's records: calls older than INTEGRATION.callsKeepDays,
 * idempotency keys older than INTEGRATION.idempotencyKeepHours (a retry after that makes a new
 * shipment, as docs/integration.md says) and expired tokens are deleted. Each server orders the job
 * every INTEGRATION.retentionEverySeconds on the job queue; two runs at once delete disjoint rows
 * or nothing, so several servers need no coordination.
 */
export const INTEGRATION_RETENTION_JOB = 'integration-retention'

export interface RetentionResult {
  calls: number
  idempotencyKeys: number
  tokens: number
}

/** Deletes what is past its keeping time; returns how many rows of each kind went. */
export async function pruneIntegrationRecords(q: Queryable): Promise<RetentionResult> {
  const count = async (sql: string, values: unknown[] = []) => (await q.query<{ n: number }>(`with d as (${sql} returning 1) select count(*)::int as n from d`, values))[0]?.n ?? 0
  return {
    calls: await count(`delete from integration_calls where at < now() - make_interval(days => $1)`, [INTEGRATION.callsKeepDays]),
    idempotencyKeys: await count(`delete from integration_idempotency_keys where created_at < now() - make_interval(hours => $1)`, [INTEGRATION.idempotencyKeepHours]),
    tokens: await count(`delete from integration_tokens where expires_at < now()`),
  }
}

/** Registers the retention job's handler (src/server/jobs.ts). */
export function registerIntegrationJobs(): void {
  registerJob(INTEGRATION_RETENTION_JOB, async (db) => {
    await pruneIntegrationRecords(db)
  })
}

/** Orders the retention job periodically on the job queue; returns the stop. */
export function scheduleIntegrationRetention(db: Db, everyMs = INTEGRATION.retentionEverySeconds * 1000): () => void {
  const timer = setInterval(() => {
    enqueueJob(db, INTEGRATION_RETENTION_JOB, {}).catch((e) => console.error(`[jobs] ${INTEGRATION_RETENTION_JOB}:`, (e as Error).message))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
