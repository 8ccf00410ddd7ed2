import { registerBillingJobs } from './domain/billing/statement.ts'
import { registerInvoicing } from './domain/invoicing/index.ts'
import { registerStatsJobs } from './domain/statsCompaction.ts'
import { registerIntegrationJobs } from './domain/integrationRetention.ts'
import { registerScanLogJobs } from './domain/floorScanLog.ts'

/**
 * Every background job this server runs on its job queue (domain/billing/queue.ts), by area. The
 * server registers them all before the queue starts; a job runs only if it is listed here.
 */
export const JOBS = {
  /** The billing statement of an export (docs/billing.md). */
  billing: registerBillingJobs,
  /** Preparing, issuing and sending invoices, and the statement listeners (docs/invoicing.md). */
  invoicing: registerInvoicing,
  /** Compacting the receipt counters behind /stats (each server orders it periodically). */
  stats: registerStatsJobs,
  /** Deleting old integration calls, idempotency keys and expired tokens (docs/integration.md). */
  integration: registerIntegrationJobs,
  /** Deleting scan log rows past FLOOR.scanLogKeepDays (docs/speed.md, "Scan log"). */
  floor: registerScanLogJobs,
} as const

export function registerJobs(): void {
  for (const register of Object.values(JOBS)) register()
}
