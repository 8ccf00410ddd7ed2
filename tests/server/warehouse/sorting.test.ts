import type { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { ClassifyErrorBody, ClassifyReply, ResolveReply, ScanErrorBody } from '../../../src/contract/schemas/floor.ts'
import { decode } from '../../../src/contract/validation.ts'
import { SECTOR_CODE, STATUS } from '../../../src/server/seed/warehouse.ts'
import { type Harness, age, one, startHarness } from './support.ts'

/**
 * Sorting (POST app/v1/parcel/classify/courier) over every row of the docs/demo-data.md table with a
 * sorting answer, every error code of sorting, and problem resolution at PRBL_01.
 */
let h: Harness
let sorter: string
let receiver: string
let resolver: string
const sector: Record<string, number> = {}

const sort = (barcode: string, extra: Record<string, unknown> = {}, token = sorter) =>
  h.call(E.parcelClassify, { token, body: { barcode, status_type_id: STATUS.sorted, ...extra } })
const intake = (barcode: string) => h.call(E.parcelScan, { token: receiver, body: { barcode, id_status_type: 55 } })
const resolve = (body: Record<string, unknown>) => h.call(E.problematicSectorResolve, { token: resolver, body })

function shaped(res: { status: number; body: unknown }, ok: Schema.Top = ClassifyReply, err: Schema.Top = ClassifyErrorBody) {
  const d = decode((res.status < 300 ? ok : err) as Schema.Decoder<unknown>, res.body)
  if (!d.ok) throw new Error(`reply ${res.status} does not match the contract: ${JSON.stringify(d.errors)} ${JSON.stringify(res.body)}`)
  return d.value as any
}

beforeAll(async () => {
  h = await startHarness()
  sorter = await h.login('worker2@example.com')
  receiver = await h.login('worker@example.com')
  resolver = await h.login('admin@example.com')
  for (const r of await h.db.query<{ code: string; id: number }>(`select code, id from problematic_sectors where warehouse_id = 1`)) sector[r.code] = r.id
  expect((await h.call(E.setWorkstation, { token: sorter, body: { code: 'SRTW_01' } })).status).toBe(200)
  expect((await h.call(E.setWorkstation, { token: receiver, body: { code: 'PRZJ_01' } })).status).toBe(200)
  expect((await h.call(E.setWorkstation, { token: resolver, body: { code: 'PRBL_01' } })).status).toBe(200)
})
afterAll(() => h?.close())

describe('DEMO-DATA parcel table at sorting (SRTW_01)', () => {
  it('RE100000001: 425 before intake (receiving suggested), 201 with bucket "DPD RO" after', async () => {
    const early = await sort('RE100000001')
    expect(early.status).toBe(425)
    expect(shaped(early)).toMatchObject({ message: WAREHOUSE_ANSWER.sortTooEarly, data: { suggested_status_type_id: STATUS.unknownProblem, suggested_problematic_sector_id: sector[SECTOR_CODE.receiving] } })
    expect((await intake('RE100000001')).status).toBe(201)
    const res = await sort('RE100000001')
    expect(res.status).toBe(201)
    const body = shaped(res)
    expect(body.data).toMatchObject({ bucket: { name: 'DPD RO', identifier: 'DPD_RO' }, completed_multi_pack_waybill: null, status_type_id: STATUS.sorted, accepted_scans: 1 })
    expect(body.messages[0]).toEqual({ text: WAREHOUSE_ANSWER.sortInto('DPD RO'), type: 'info', duration: 1500 })
    const p = await one<{ sorted: boolean; status: number }>(h.db, `select sorted_at is not null as sorted, last_status_type_id as status from parcels where internal_number = 'RE100000001'`)
    expect(p).toEqual({ sorted: true, status: STATUS.sorted })
  })

  it.each([
    ['RE100000004', 410, WAREHOUSE_ANSWER.sortDeleted, STATUS.knownProblem, SECTOR_CODE.cancelled],
    ['RE100000005', 405, WAREHOUSE_ANSWER.sortBlocked, STATUS.knownProblem, SECTOR_CODE.blockedDispatch],
    ['RE100000006', 402, WAREHOUSE_ANSWER.sortAliasNotAllowed, STATUS.knownProblem, SECTOR_CODE.verification],
    ['RE100000009', 406, WAREHOUSE_ANSWER.sortNoBucket, null, null],
    ['BUF00000001', 412, WAREHOUSE_ANSWER.sortMultiPackInBuffer, STATUS.knownProblem, SECTOR_CODE.waitingRoom],
  ])('%s: %i with its suggestions, nothing written', async (barcode, status, message, suggestedStatus, suggestedSector) => {
    const before = (await one<{ n: number }>(h.db, `select count(*)::int as n from parcel_status_history`)).n
    const res = await sort(barcode)
    expect(res.status).toBe(status)
    expect(shaped(res)).toMatchObject({
      message,
      data: { suggested_status_type_id: suggestedStatus, suggested_problematic_sector_id: suggestedSector ? sector[suggestedSector] : null },
    })
    expect((await one<{ n: number }>(h.db, `select count(*)::int as n from parcel_status_history`)).n).toBe(before)
  })

  it('RE100000009 still 406 after intake (no route for a delivery inside Poland)', async () => {
    expect((await intake('RE100000009')).status).toBe(201)
    expect((await sort('RE100000009')).status).toBe(406)
  })

  it('RE100000007 / RE100000008: 424 until both are in, then 201 each; the second completes the multi-pack', async () => {
    expect((await sort('RE100000007')).status).toBe(424)
    expect((await intake('RE100000007')).status).toBe(201)
    const half = await sort('RE100000007')
    expect(half.status).toBe(424)
    expect(shaped(half).data.suggested_problematic_sector_id).toBe(sector[SECTOR_CODE.waitingRoom])
    expect((await sort('RE100000008')).status).toBe(424)
    expect((await intake('RE100000008')).status).toBe(201)
    const first = await sort('RE100000007')
    expect(first.status).toBe(201)
    expect(shaped(first).data.completed_multi_pack_waybill).toBeNull()
    const second = await sort('RE100000008')
    expect(second.status).toBe(201)
    const body = shaped(second)
    expect(body.data).toMatchObject({ completed_multi_pack_waybill: 'RE100000007', bucket: { name: 'DPD RO' } })
    expect(body.messages[1]).toEqual({ text: WAREHOUSE_ANSWER.multiPackSorted('RE100000007'), type: 'success', duration: 15_000 })
  })
})

describe('other sorting answers', () => {
  it('404 for a parcel not in the system (receiving suggested)', async () => {
    const res = await sort('UNKNOWN0001')
    expect(res.status).toBe(404)
    expect(shaped(res).data.suggested_problematic_sector_id).toBe(sector[SECTOR_CODE.receiving])
  })

  it('a problem status sends the parcel to the chosen sector: 201 without bucket, history with the sector', async () => {
    const res = await sort('RE100000005', { status_type_id: STATUS.knownProblem, problematic_sector_id: sector[SECTOR_CODE.blockedDispatch] })
    expect(res.status).toBe(201)
    expect(shaped(res).data).toMatchObject({ bucket: null, problematic_sector: { id: sector[SECTOR_CODE.blockedDispatch] } })
    const hist = await h.call(E.parcelHistory, { token: sorter, params: { idType: 'internal_number', value: 'RE100000005' } })
    expect(hist.body[0]).toMatchObject({ status_type_id: STATUS.knownProblem, workstation: 'SRTW_01', email: 'worker2@example.com', problematic_sector: { code: '5' } })
  })

  it('204 for a repeated sort within 3 s', async () => {
    await age(h.db, 'worker2@example.com')
    expect((await intake('RE100000002')).status).toBe(201)
    expect((await sort('RE100000002')).status).toBe(201)
    const again = await sort('RE100000002')
    expect(again.status).toBe(204)
  })

  it('422 without status or with a status sorting does not offer', async () => {
    const none = await h.call(E.parcelClassify, { token: sorter, body: { barcode: 'RE100000002' } })
    expect(none.status).toBe(422)
    expect(none.body.errors.status_type_id).toEqual([WAREHOUSE_ANSWER.statusRequired])
    const other = await sort('RE100000002', { status_type_id: 55 })
    expect(other.status).toBe(422)
    expect(other.body.message).toBe(WAREHOUSE_ANSWER.statusNotOffered)
  })

  it('403 at an intake workstation, in Polish without any (no English text); 205 for a workstation code', async () => {
    const wrong = await sort('RE100000002', {}, receiver)
    expect(wrong.status).toBe(403)
    expect(wrong.body.message).toBe(WAREHOUSE_MSG.otherWorkstation)
    const client = await h.login('client@example.com')
    expect((await sort('RE100000002', {}, client)).status).toBe(403)
    expect((await h.call(E.endWorkflow, { token: sorter, body: { type: 'manual' } })).body).toEqual({ message: WAREHOUSE_MSG.workflowEnded, ended: true })
    const none = await sort('RE100000002')
    expect(none.status).toBe(403)
    expect(none.body.message).toBe(WAREHOUSE_MSG.workstationRequired)
    expect(none.body.message).toBe('Przed rozpoczęciem pracy musisz zeskanować stanowisko!')
    const set = await sort('SRTW_02')
    expect(set.status).toBe(205)
    expect((await h.call(E.whoami, { token: sorter })).body.workstation.code).toBe('SRTW_02')
  })
})

describe('problem resolution at PRBL_01', () => {
  it('RE100000010: 202 with the sector and the statuses offered, then 200 with a status (sector cleared)', async () => {
    const first = await resolve({ barcode: 'RE100000010' })
    expect(first.status).toBe(202)
    const body = shaped(first, ResolveReply, ScanErrorBody)
    expect(body.data.problematic_sector).toMatchObject({ id: sector[SECTOR_CODE.blockedDispatch], code: '5', name: 'Blokada nadawania' })
    expect(body.data.status_types.map((s: { id: number }) => s.id)).toEqual([61, 55, 56, 2, 59, 60])
    const done = await resolve({ barcode: 'RE100000010', status_type_id: STATUS.problemResolved })
    expect(done.status).toBe(200)
    expect(shaped(done, ResolveReply, ScanErrorBody)).toMatchObject({ message: WAREHOUSE_MSG.statusSet, data: { problematic_sector: null, status_type_id: STATUS.problemResolved } })
    const p = await one<{ sector: number | null; status: number }>(h.db, `select problematic_sector_id as sector, last_status_type_id as status from parcels where internal_number = 'RE100000010'`)
    expect(p).toEqual({ sector: null, status: STATUS.problemResolved })
    const hist = await h.call(E.parcelHistory, { token: resolver, params: { idType: 'internal_number', value: 'RE100000010' } })
    expect(hist.body[0]).toMatchObject({ email: 'admin@example.com', workstation: 'PRBL_01', problematic_sector: null })
  })

  it('a parcel in no sector: 422 without status; a problem status moves it into a sector (200)', async () => {
    const none = await resolve({ barcode: 'RE100000010' })
    expect(none.status).toBe(422)
    expect(none.body.message).toBe(WAREHOUSE_ANSWER.notInSector)
    const moved = await resolve({ barcode: 'RE100000010', status_type_id: STATUS.knownProblem, problematic_sector_id: sector['14'] })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ message: WAREHOUSE_MSG.sectorSet, data: { problematic_sector: { id: sector['14'] } } })
    expect((await resolve({ barcode: 'RE100000010' })).status).toBe(202)
  })

  it('404 unknown parcel, 205 workstation code, 403 at another workstation type', async () => {
    expect((await resolve({ barcode: 'UNKNOWN0001' })).status).toBe(404)
    expect((await resolve({ barcode: 'PRBL_01' })).status).toBe(205)
    const wrong = await h.call(E.problematicSectorResolve, { token: receiver, body: { barcode: 'RE100000010' } })
    expect(wrong.status).toBe(403)
  })

  it('a parcel given the cancelled status stays cancelled: intake 409, sorting 410, also after it was sent to a sector', async () => {
    expect((await resolve({ barcode: 'RE100000003', status_type_id: STATUS.cancelled })).status).toBe(200)
    expect((await intake('RE100000003')).status).toBe(409)
    const moved = await h.call(E.parcelScan, { token: receiver, body: { barcode: 'RE100000003', id_status_type: STATUS.knownProblem, id_problematic_sector: sector[SECTOR_CODE.cancelled] } })
    expect(moved.status).toBe(201)
    await age(h.db, 'worker@example.com')
    expect((await intake('RE100000003')).status).toBe(409)
    expect((await sort('RE100000003')).status).toBe(410)
  })
})
