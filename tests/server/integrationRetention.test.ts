/**
 * Retention of the integration API's records: the periodic job on the queue deletes calls older than
 * INTEGRATION.callsKeepDays, idempotency keys older than INTEGRATION.idempotencyKeepHours and expired
 * tokens; recent rows stay, and a key still within its hours still replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INTEGRATION } from '../../src/contract/constants/integration.ts'
import { INTEGRATION_RETENTION_JOB, pruneIntegrationRecords, scheduleIntegrationRetention } from '../../src/server/domain/integrationRetention.ts'
import { enqueueJob } from '../../src/server/domain/billing/queue.ts'
import { type TestApp, startApp } from './support.ts'

let h: TestApp
let credentialId: number
let clientId: number
beforeAll(async () => {
  h = await startApp()
  const [c] = await h.db.query<{ id: number; client_id: number }>(`select id, client_id from external_api_credentials order by id limit 1`)
  credentialId = c!.id
  clientId = c!.client_id
}, 60_000)
afterAll(() => h?.close())

const DAY = 24

/** One row of each kind `hoursAgo` old (tokens: expired that long ago, or still valid when negative), tagged. */
async function rows(tag: string, hoursAgo: number) {
  await h.db.query(
    `insert into integration_calls (credential_id, client_id, method, path, status, ip, at) values ($1, $2, 'GET', $3, 200, '127.0.0.1', now() - make_interval(hours => $4))`,
    [credentialId, clientId, `/retention/${tag}`, hoursAgo],
  )
  await h.db.query(
    `insert into integration_idempotency_keys (client_id, key, request_hash, state, status, body, credential_id, created_at)
     values ($1, $2, 'h', 'done', 201, '{}'::jsonb, $3, now() - make_interval(hours => $4))`,
    [clientId, `retention-${tag}`, credentialId, hoursAgo],
  )
  await h.db.query(`insert into integration_tokens (token_hash, credential_id, expires_at) values ($1, $2, now() - make_interval(hours => $3))`, [
    `retention-${tag}`, credentialId, hoursAgo,
  ])
}

async function left(tag: string) {
  const n = async (sql: string, v: unknown) => (await h.db.query<{ n: number }>(sql, [v]))[0]!.n
  return {
    calls: await n(`select count(*)::int as n from integration_calls where path = $1`, `/retention/${tag}`),
    keys: await n(`select count(*)::int as n from integration_idempotency_keys where key = $1`, `retention-${tag}`),
    tokens: await n(`select count(*)::int as n from integration_tokens where token_hash = $1`, `retention-${tag}`),
  }
}

describe('integration records retention', () => {
  it('deletes calls past their days, keys past their hours and expired tokens; recent ones stay', async () => {
    await rows('old', (INTEGRATION.callsKeepDays + 1) * DAY)
    // Past the key's hours but well within the calls' days: the key and the token go, the call stays.
    await rows('day-old', INTEGRATION.idempotencyKeepHours + 1)
    // Within the key's hours; the token has not expired yet.
    await rows('fresh', -1)
    await h.db.query(`update integration_idempotency_keys set created_at = now() - make_interval(hours => $1) where key = 'retention-fresh'`, [INTEGRATION.idempotencyKeepHours - 1])
    const gone = await pruneIntegrationRecords(h.db)
    expect(gone.calls).toBeGreaterThanOrEqual(1)
    expect(await left('old')).toEqual({ calls: 0, keys: 0, tokens: 0 })
    expect(await left('day-old')).toEqual({ calls: 1, keys: 0, tokens: 0 })
    expect(await left('fresh')).toEqual({ calls: 1, keys: 1, tokens: 1 })
    // A call one day short of the limit stays.
    await rows('edge', (INTEGRATION.callsKeepDays - 1) * DAY)
    await pruneIntegrationRecords(h.db)
    expect((await left('edge')).calls).toBe(1)
  })

  it('runs as a job on the queue, ordered periodically by the server', async () => {
    await rows('queued', (INTEGRATION.callsKeepDays + 2) * DAY)
    await enqueueJob(h.db, INTEGRATION_RETENTION_JOB, {})
    const until = Date.now() + 20_000
    while ((await left('queued')).calls && Date.now() < until) await new Promise((r) => setTimeout(r, 200))
    expect(await left('queued')).toEqual({ calls: 0, keys: 0, tokens: 0 })

    await rows('scheduled', (INTEGRATION.callsKeepDays + 3) * DAY)
    const stop = scheduleIntegrationRetention(h.db, 300)
    try {
      const until2 = Date.now() + 20_000
      while ((await left('scheduled')).calls && Date.now() < until2) await new Promise((r) => setTimeout(r, 200))
    } finally {
      stop()
    }
    expect(await left('scheduled')).toEqual({ calls: 0, keys: 0, tokens: 0 })
    expect((await left('fresh')).keys).toBe(1)
  }, 60_000)
})
