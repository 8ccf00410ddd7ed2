import { hostname } from 'node:os'
import PgBoss from 'pg-boss'
import { JOB_QUEUE } from '../../../contract/constants/billing.ts'
import type { Db, Queryable } from '../../db/db.ts'

/**
 * The job queue: pg-boss on the server's database (PostgreSQL, or PGlite through pg-boss's
 * `db: { executeSql }` adapter; tables in the `pgboss` schema). Jobs are rows: they outlive the
 * process, and servers sharing one PostgreSQL fetch with SKIP LOCKED.
 *
 * A job whose process died stays `active` until JOB_QUEUE.expireSeconds, is retried
 * (JOB_QUEUE.retryLimit), then goes to the dead-letter queue, whose worker calls the job's
 * `onDead`. On PGlite only one process holds the data directory, so a job found active at start
 * was lost: it is failed at once (and retried by pg-boss's rule).
 */

export type JobHandler = (db: Db, data: unknown) => Promise<void>
export interface JobOptions {
  /** Called once a job failed for good (its process died too often, or the handler threw on every try). */
  onDead?: (db: Db, data: unknown) => Promise<void>
}

const defs = new Map<string, { handler: JobHandler; options: JobOptions }>()
const running = new Set<JobQueue>()
/** The instance label of each started queue's database handle: host:pid:n. */
const instances = new WeakMap<Db, string>()
let started = 0
export const instanceOf = (db: Db): string => instances.get(db) ?? `${hostname()}:${process.pid}`

/** Names whose queues every server creates at start even without a handler here (e.g. ordered by one area, worked by another). */
const declared = new Set<string>()
export function declareJob(name: string): void {
  declared.add(name)
  for (const q of running) void q.ensure(name).catch((e) => console.error(`[jobs] ${name}:`, e))
}

/** The job names this process has a handler for. */
export const registeredJobs = (): string[] => [...defs.keys()]

/**
 * Registers the handler of a job name (before or after the queue started). Returns what takes it
 * back for queues started later (a test's own job); a queue already running keeps its workers.
 */
export function registerJob(name: string, handler: JobHandler, options: JobOptions = {}): () => void {
  const def = { handler, options }
  defs.set(name, def)
  for (const q of running) void q.add(name).catch((e) => console.error(`[jobs] ${name}:`, e))
  return () => {
    if (defs.get(name) === def) defs.delete(name)
  }
}

/**
 * Puts a job in the queue through `db` (a server with the job's handler registered runs it) — inside the caller's transaction when `db` is one, so
 * the job exists exactly when what ordered it does.
 */
export async function enqueueJob(db: Queryable, name: string, data: unknown): Promise<void> {
  const queue = [...running][0]
  if (!queue) throw new Error('The job queue is not running')
  // The queue exists already (created when the job was registered or declared): creating it here
  // would go through the queue's own connection and, on PGlite, wait for the caller's transaction.
  const id = await queue.boss.send(name, { data }, { db: executor(db) })
  if (!id) throw new Error(`The job ${name} was not queued (no queue of that name: declare or register it first)`)
  // Wake the local workers: on PGlite the fetch waits for the caller's transaction and sees the job.
  setTimeout(() => running.forEach((q) => q.wake(name)), 0)
}

/** pg-boss's SQL through our query surface: a locked multi-statement command goes as a script. */
function executor(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: await q.query(text, values) }
      if (/^\s*BEGIN;/.test(text)) {
        await q.exec(text)
        return { rows: [] }
      }
      return { rows: await q.query(text) }
    },
  }
}

export interface JobQueue {
  readonly boss: PgBoss
  add(name: string): Promise<void>
  ensure(name: string): Promise<void>
  wake(name: string): void
  stop(): Promise<void>
}

export interface QueueConfig {
  /** Seconds after which an active job counts as lost (env JOB_EXPIRE_SECONDS, for tests). */
  expireSeconds?: number
  maintenanceSeconds?: number
}

export function queueConfigFromEnv(env = process.env): QueueConfig {
  const n = (v: string | undefined) => (v && Number(v) >= 1 ? Number(v) : undefined)
  return { expireSeconds: n(env.JOB_EXPIRE_SECONDS), maintenanceSeconds: n(env.JOB_MAINTENANCE_SECONDS) }
}

/** Starts pg-boss on `db` and works every registered job name. */
export async function startJobQueue(db: Db, config: QueueConfig = {}): Promise<JobQueue> {
  const expireSeconds = config.expireSeconds ?? JOB_QUEUE.expireSeconds
  instances.set(db, `${hostname()}:${process.pid}:${++started}`)
  const boss = new PgBoss({
    db: executor(db),
    schema: JOB_QUEUE.schema,
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: config.maintenanceSeconds ?? JOB_QUEUE.maintenanceSeconds,
  })
  boss.on('error', (e) => console.error('[jobs]', e.message))
  await boss.start()
  const created = new Set<string>()
  /** The worker ids of each job name: its own queue's and its dead-letter queue's. */
  const workers = new Map<string, string[]>()
  const pollingIntervalSeconds = db.kind === 'pglite' ? JOB_QUEUE.pollSecondsAlone : JOB_QUEUE.pollSeconds
  // Handlers running on this instance, and whether it is stopping: a job fetched while stopping is
  // handed back at once (failed, so another server or the next start runs it), and the stop waits
  // for the handlers so that pg-boss records their end before the database closes — a job whose
  // end could not be recorded would stay active until it expires.
  let stopping = false
  let inFlight = 0
  const guarded = async (run: () => Promise<void>) => {
    if (stopping) throw new Error('the server is stopping: the job goes back to the queue')
    inFlight++
    try {
      await run()
    } finally {
      inFlight--
    }
  }
  const ensure = async (name: string) => {
    if (created.has(name)) return
    const dead = name + JOB_QUEUE.deadSuffix
    await boss.createQueue(dead, { name: dead })
    await boss.createQueue(name, { name, retryLimit: JOB_QUEUE.retryLimit, expireInSeconds: expireSeconds, deadLetter: dead })
    created.add(name)
  }
  if (db.kind === 'pglite') {
    // Only this process holds the data directory: every active job belonged to a dead process.
    const lost = await db.query<{ id: string; name: string }>(`select id::text as id, name from ${JOB_QUEUE.schema}.job where state = 'active'`)
    for (const j of lost) await boss.fail(j.name, j.id, { message: 'server restarted while the job ran' })
  }
  const queue: JobQueue = {
    boss,
    ensure,
    async add(name) {
      const def = defs.get(name)
      if (!def || workers.has(name)) return
      await ensure(name)
      workers.set(name, [])
      const dead = name + JOB_QUEUE.deadSuffix
      // A job that fails is failed here, before the callback returns (pg-boss would fail it without
      // waiting), so that the workers woken next find its retry or its dead letter at once.
      const run = async (queueName: string, id: string, work: () => Promise<void>) => {
        try {
          await guarded(work)
        } catch (e) {
          await boss.fail(queueName, id, e instanceof Error ? e : { message: String(e) })
          queue.wake(name)
        }
      }
      const id = await boss.work<{ data: unknown }>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (job) await run(name, job.id, () => def.handler(db, job.data.data))
      })
      const deadId = await boss.work<{ data: unknown }>(dead, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (job) await run(dead, job.id, async () => def.options.onDead?.(db, job.data.data))
      })
      workers.set(name, [id, deadId])
    },
    wake(name) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id)
    },
    async stop() {
      if (!running.delete(queue)) return
      stopping = true
      // Jobs still running are failed (and so retried by another server or the next start).
      await boss.stop({ graceful: false, close: false, wait: true })
      // A fetch already sent may still bring a job (handed back by `guarded`); running handlers end.
      const until = Date.now() + JOB_QUEUE.stopWaitMs
      do await new Promise((r) => setTimeout(r, JOB_QUEUE.stopSettleMs))
      while (inFlight > 0 && Date.now() < until)
    },
  }
  running.add(queue)
  for (const name of declared) await ensure(name)
  for (const name of defs.keys()) await queue.add(name)
  return queue
}
