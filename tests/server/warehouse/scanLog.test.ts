import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLOOR } from '../../../src/contract/constants/floor.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import type { ScanLogRow } from '../../../src/contract/schemas/floorRecords.ts'
import { enqueueJob } from '../../../src/server/domain/billing/queue.ts'
import { SCAN_LOG_RETENTION_JOB, pruneScanLog } from '../../../src/server/domain/floorScanLog.ts'
import { JOBS } from '../../../src/server/jobs.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type Harness, startHarness } from './support.ts'

/**
 * The scan log (issue 24): every floor request, scanned through the API, is read back through the
 * scan log endpoint with the barcode, worker, workstation, what was sent and what the answer gave;
 * refused scans included; rows past FLOOR.scanLogKeepDays go with the job on the queue.
 */
let h: Harness
let worker: string
let worker2: string
let admin: string

const log = async (filter: Record<string, unknown>, token = admin): Promise<ScanLogRow[]> => {
  const res = await h.call(E.scanLogList, { token, body: { start: 0, length: 100, ...filter } })
  expect(res.status).toBe(200)
  return res.body.data
}

beforeAll(async () => {
  h = await startHarness()
  worker = await h.login('worker@example.com')
  worker2 = await h.login('worker2@example.com')
  admin = await h.login('admin@example.com')
})
afterAll(() => h?.close())

describe('scan log', () => {
  it('records a refused scan (no workstation) with its answer, holding no transaction', async () => {
    const res = await h.call(E.parcelScan, { token: worker, body: { barcode: 'RE100000005', id_status_type: STATUS.received } })
    expect(res.status).toBe(403)
    const [row] = await log({ barcode: 'RE100000005' })
    expect(row).toMatchObject({
      kind: 'intake', barcode: 'RE100000005', worker: 'worker@example.com', workstation: null, answer_code: 403,
      answer_message: res.body.message, sector: null,
    })
    expect(row!.answer_message).toBeTruthy()
  })

  it('takes a workstation, scans at intake: why the parcel went to sector 5', async () => {
    const take = await h.call(E.setWorkstation, { token: worker, body: { code: 'PRZJ_01' } })
    expect(take.status).toBe(200)
    const scan = await h.call(E.parcelScan, { token: worker, body: { barcode: 'RE100000005', id_status_type: STATUS.received, where: 'TYCHY' } })
    expect(scan.status).toBe(208)
    const rows = await log({ barcode: 'RE100000005' })
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      kind: 'intake', worker: 'worker@example.com', workstation: 'PRZJ_01', answer_code: 208, answer_message: scan.body.message,
      sent_where: 'TYCHY', sector: 'Blokada nadawania', parcel_id: scan.body.data.parcel_id, waybill: 'RE100000005',
    })
    expect(rows[0]!.sent_status).toBeTruthy()
    expect(rows[0]!.status).toBeTruthy()
    const takes = await log({ workstation: 'PRZJ_01' })
    expect(takes.map((r) => r.kind)).toEqual(['intake', 'workstation_take'])
    expect(takes[1]).toMatchObject({ barcode: 'PRZJ_01', answer_code: 200, worker: 'worker@example.com' })
    // The parcel's page asks by its internal number: the refused scan (no parcel read) and the 208.
    const byParcel = await log({ parcel: 'RE100000005' })
    expect(byParcel.map((r) => r.answer_code)).toEqual([208, 403])
  })

  it('records sorting (refused 405, the sector suggested), resolve and external inbound', async () => {
    expect((await h.call(E.setWorkstation, { token: worker2, body: { code: 'SRTW_01' } })).status).toBe(200)
    const sort = await h.call(E.parcelClassify, { token: worker2, body: { barcode: 'RE100000005', status_type_id: STATUS.sorted } })
    expect(sort.status).toBe(405)
    expect(sort.body.message).toBe(WAREHOUSE_ANSWER.sortBlocked)
    const [s] = await log({ barcode: 'RE100000005', workstation: 'SRTW_01' })
    expect(s).toMatchObject({ kind: 'sorting', worker: 'worker2@example.com', answer_code: 405, answer_message: WAREHOUSE_ANSWER.sortBlocked, sector: 'Blokada nadawania' })

    expect((await h.call(E.setWorkstation, { token: admin, body: { code: 'PRBL_01' } })).status).toBe(200)
    const res = await h.call(E.problematicSectorResolve, { token: admin, body: { barcode: 'RE100000010' } })
    expect(res.status).toBe(202)
    const [r] = await log({ barcode: 'RE100000010' })
    expect(r).toMatchObject({ kind: 'resolve', workstation: 'PRBL_01', answer_code: 202, worker: 'admin@example.com' })

    const ext = await h.call(E.externalInboundScan, { token: worker2, body: { barcode: '2SDY12340009' } })
    expect(ext.status).toBe(201)
    const [x] = await log({ barcode: '2SDY12340009' })
    expect(x).toMatchObject({ kind: 'external_inbound', answer_code: 201, answer_message: ext.body.message, worker: 'worker2@example.com' })
  })

  it('records an invalid request (422) with what the screen sent, and the end of the workstation', async () => {
    const bad = await h.call(E.parcelScan, { token: worker, body: { barcode: 'RE100000002', id_status_type: 'x' } })
    expect(bad.status).toBe(422)
    const [b] = await log({ barcode: 'RE100000002' })
    expect(b).toMatchObject({ kind: 'intake', answer_code: 422, answer_message: bad.body.message, workstation: 'PRZJ_01' })

    // A NUL (which PostgreSQL text cannot hold) is dropped from what is logged; the batch is written.
    const nul = await h.call(E.parcelScan, { token: worker, body: { barcode: 'NUL\u0000SCAN', id_status_type: STATUS.received } })
    expect(nul.status).toBe(422)
    expect(await log({ barcode: 'NULSCAN' })).toHaveLength(1)
    // An id that is no int4 (the answer is 422) is logged without it; the listing still reads every row.
    const frac = await h.call(E.parcelScan, { token: worker, body: { barcode: 'FRACSCAN', id_status_type: 1.5, id_problematic_sector: 1e12 } })
    expect(frac.status).toBe(422)
    expect(await log({ barcode: 'FRACSCAN' })).toMatchObject([{ answer_code: 422, sent_status: null, sent_sector: null }])
    // A lone surrogate (not valid in jsonb) is replaced; the batch is written.
    const lone = await h.call(E.parcelScan, { token: worker, body: { barcode: 'LONE\uD800SCAN', id_status_type: STATUS.received } })
    expect(lone.status).toBe(422)
    expect(await log({ barcode: 'LONE\uFFFDSCAN' })).toHaveLength(1)

    const end = await h.call(E.endWorkflow, { token: worker, body: { type: 'manual' } })
    expect(end.status).toBe(200)
    const [e] = await log({ workstation: 'PRZJ_01' })
    expect(e).toMatchObject({ kind: 'workstation_end', answer_code: 200, worker: 'worker@example.com' })
  })

  it('is for staff only', async () => {
    const client = await h.login('client@example.com')
    expect((await h.call(E.scanLogList, { token: client, body: { start: 0, length: 10 } })).status).toBe(403)
  })

  it(`keeps ${FLOOR.scanLogKeepDays} days: older rows go with the job on the queue`, async () => {
    expect(Object.keys(JOBS)).toContain('floor')
    const count = async (b: string) => (await h.db.query<{ n: number }>(`select count(*)::int as n from scan_log where barcode = $1`, [b]))[0]!.n
    const old = (b: string, days: number) =>
      h.db.query(`insert into scan_log (at, kind, barcode, answer_code) values (now() - make_interval(days => $2), 'intake', $1, 201)`, [b, days])
    await old('OLD1', FLOOR.scanLogKeepDays + 1)
    await old('EDGE1', FLOOR.scanLogKeepDays - 1)
    expect(await pruneScanLog(h.db)).toBe(1)
    expect([await count('OLD1'), await count('EDGE1'), await count('RE100000005')]).toEqual([0, 1, 3])

    await old('OLD2', FLOOR.scanLogKeepDays + 2)
    await enqueueJob(h.db, SCAN_LOG_RETENTION_JOB, {})
    const until = Date.now() + 20_000
    while ((await count('OLD2')) && Date.now() < until) await new Promise((r) => setTimeout(r, 200))
    expect(await count('OLD2')).toBe(0)
    expect(await count('EDGE1')).toBe(1)
  }, 60_000)
})
