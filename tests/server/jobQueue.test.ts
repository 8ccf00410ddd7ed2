/**
 * The job queue on PGlite polls only as a safety net (JOB_QUEUE.pollSecondsAlone): an order, a
 * retry and a failure wake the workers at once. A job whose handler throws is run again at once
 * (JOB_QUEUE.retryLimit), and once its tries are spent its onDead runs at once too, not at the
 * next poll.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { JOB_QUEUE } from '../../src/contract/constants/billing.ts'
import { type Db, openPglite } from '../../src/server/db/db.ts'
import { type JobQueue, enqueueJob, registerJob, startJobQueue } from '../../src/server/domain/billing/queue.ts'

const JOB = 'test-job-that-always-fails'
const tries: number[] = []
const dead: Array<{ at: number; data: unknown }> = []
let unregister: () => void
let db: Db
let queue: JobQueue

beforeAll(async () => {
  unregister = registerJob(
    JOB,
    async () => {
      tries.push(Date.now())
      throw new Error('the handler refuses')
    },
    { onDead: async (_db, data) => void dead.push({ at: Date.now(), data }) },
  )
  db = await openPglite()
  queue = await startJobQueue(db)
}, 120_000)

afterAll(async () => {
  unregister()
  await queue?.stop()
  await db?.close()
})

it('a failing job is tried again and then handed to onDead at once, not at the next poll', async () => {
  // The first idle poll has passed: only a wake-up can bring the job in within the time below.
  await new Promise((r) => setTimeout(r, 1_500))
  const ordered = Date.now()
  await enqueueJob(db, JOB, { n: 7 })
  await expect.poll(() => dead.length, { timeout: 10_000, interval: 50 }).toBe(1)
  expect(tries).toHaveLength(1 + JOB_QUEUE.retryLimit)
  expect(dead[0]!.data).toEqual({ n: 7 })
  // Far below the poll on PGlite (30 s): each step was a wake-up.
  expect(dead[0]!.at - ordered).toBeLessThan(5_000)
  expect(JOB_QUEUE.pollSecondsAlone * 1000).toBeGreaterThan(5_000)
})
