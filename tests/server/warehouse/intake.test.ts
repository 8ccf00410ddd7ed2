import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { instructionCode } from '../../../src/contract/barcodes.ts'
import { WAREHOUSE } from '../../../src/contract/constants/warehouse.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { FLOOR_MSG } from '../../../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { ScanErrorBody, ScanReply } from '../../../src/contract/schemas/floor.ts'
import { decode } from '../../../src/contract/validation.ts'
import { SECTOR_CODE, STATUS } from '../../../src/server/seed/warehouse.ts'
import { type Harness, age, one, startHarness } from './support.ts'

/**
 * Intake scan (POST app/v1/parcel/scan, PUT .../scan-and-assign-to-client): every row of the
 * docs/demo-data.md parcel table, and every answer code of docs/domain.md "Intake scan".
 */
let h: Harness
let worker: string
let admin: string
const sector: Record<string, number> = {}
let demoShop: number

const scan = (body: Record<string, unknown>, token = worker) => h.call(E.parcelScan, { token, body })
const assign = (body: Record<string, unknown>, token = worker) => h.call(E.parcelScanAssign, { token, body })
const historyCount = async (internal: string) =>
  (await one<{ n: number }>(h.db, `select count(*)::int as n from parcel_status_history h join parcels p on p.id = h.parcel_id where p.internal_number = $1`, [internal])).n

/** Every answer with a body has the contract's shape. */
function shaped(res: { status: number; body: unknown }) {
  const schema = res.status < 300 ? ScanReply : ScanErrorBody
  const d = decode(schema, res.body)
  if (!d.ok) throw new Error(`reply ${res.status} does not match the contract: ${JSON.stringify(d.errors)} ${JSON.stringify(res.body)}`)
  return d.value as any
}

beforeAll(async () => {
  h = await startHarness()
  worker = await h.login('worker@example.com')
  admin = await h.login('admin@example.com')
  for (const r of await h.db.query<{ code: string; id: number }>(`select code, id from problematic_sectors where warehouse_id = 1`)) sector[r.code] = r.id
  demoShop = (await one<{ id: number }>(h.db, `select id from clients where name = 'Demo Shop SRL'`)).id
  expect((await h.call(E.setWorkstation, { token: worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
})
afterAll(() => h?.close())

describe('DEMO-DATA parcel table at intake (PRZJ_01)', () => {
  it('RE100000001: 201, empty messages (big success), status row with user, workstation, where', async () => {
    const before = await historyCount('RE100000001')
    const res = await scan({ barcode: 'RE100000001', id_status_type: 55, where: 'TYCHY' })
    expect(res.status).toBe(201)
    const body = shaped(res)
    expect(body.message).toBe(WAREHOUSE_MSG.statusSet)
    expect(body.messages).toEqual([])
    expect(body.data).toMatchObject({ waybill: 'RE100000001', out_number: '-', re_pasting_required: false, status_type_id: 55, client: { id: demoShop, name: 'Demo Shop SRL' } })
    expect(await historyCount('RE100000001')).toBe(before + 1)
    const row = await one<{ email: string; code: string; where_name: string; sector: number | null; received: boolean }>(
      h.db,
      `select u.email, w.code, h.where_name, h.problematic_sector_id as sector, p.shipping_warehouse_received_at is not null as received
         from parcel_status_history h join parcels p on p.id = h.parcel_id join users u on u.id = h.user_id join workstations w on w.id = h.workstation_id
        where p.internal_number = 'RE100000001' order by h.id desc limit 1`,
    )
    expect(row).toEqual({ email: 'worker@example.com', code: 'PRZJ_01', where_name: 'TYCHY', sector: null, received: true })
  })

  it('RE100000002: 201 with re_pasting_required and its outbound number; the re-paste label is a PDF; printed once, no more re-paste', async () => {
    const res = await scan({ barcode: 'RE100000002', id_status_type: 55 })
    expect(res.status).toBe(201)
    expect(shaped(res).data).toMatchObject({ re_pasting_required: true, out_number: '80012345678902' })
    const { body: tok } = await h.call(E.publicToken, { token: worker })
    const pdf = await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' }, query: { _public_token: tok.public_token } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-')
    await age(h.db, 'worker@example.com')
    const again = await scan({ barcode: 'RE100000002', id_status_type: 55 })
    expect(again.status).toBe(201)
    expect(again.body.data.re_pasting_required).toBe(false)
  })

  it('RE100000003: 201 with re_pasting_required and out_number "-"; its label answers "Przesyłka nie posiada numeru wyjściowego"', async () => {
    const res = await scan({ barcode: 'RE100000003', id_status_type: 55 })
    expect(res.status).toBe(201)
    expect(shaped(res).data).toMatchObject({ re_pasting_required: true, out_number: '-' })
    const label = await h.call(E.parcelRepasteLabel, { token: worker, params: { internalNumber: 'RE100000003' } })
    expect(label.status).toBe(404)
    expect(label.body.message).toBe(WAREHOUSE_MSG.missingOutNumber)
  })

  it('RE100000004: 409 deleted, cancelled sector and known problem suggested, nothing written', async () => {
    const before = await historyCount('RE100000004')
    const res = await scan({ barcode: 'RE100000004', id_status_type: 55 })
    expect(res.status).toBe(409)
    const body = shaped(res)
    expect(body.message).toBe(WAREHOUSE_ANSWER.deletedParcel)
    expect(body.messages[0]).toMatchObject({ text: WAREHOUSE_ANSWER.deletedParcel, duration: WAREHOUSE.toastMs.scanError })
    expect(body.data).toMatchObject({ suggested_status_type_id: STATUS.knownProblem, suggested_problematic_sector_id: sector[SECTOR_CODE.cancelled] })
    expect(await historyCount('RE100000004')).toBe(before)
  })

  it('RE100000005: 208 "Blokada nadawania" for 3.95 s, blocked-dispatch sector suggested', async () => {
    const res = await scan({ barcode: 'RE100000005', id_status_type: 55 })
    expect(res.status).toBe(208)
    const body = shaped(res)
    expect(body.messages).toEqual([{ text: 'Blokada nadawania', type: 'warning', duration: 3950 }])
    expect(body.data).toMatchObject({ suggested_status_type_id: STATUS.knownProblem, suggested_problematic_sector_id: sector[SECTOR_CODE.blockedDispatch] })
  })

  it('RE100000006: 208, verification zone (sector 14) suggested', async () => {
    const res = await scan({ barcode: 'RE100000006', id_status_type: 55 })
    expect(res.status).toBe(208)
    const body = shaped(res)
    expect(body.message).toBe(WAREHOUSE_ANSWER.aliasNotAllowed)
    expect(body.data.suggested_problematic_sector_id).toBe(sector['14'])
  })

  it('RE100000007 then RE100000008: 201 + waiting room, then 201 + completed; the waiting room empties', async () => {
    const first = await scan({ barcode: 'RE100000007', id_status_type: 55 })
    expect(first.status).toBe(201)
    const a = shaped(first)
    expect(a.messages[0]).toMatchObject({ text: WAREHOUSE_ANSWER.multiPackIncomplete, duration: 15_000 })
    expect(a.data.problematic_sector).toMatchObject({ id: sector[SECTOR_CODE.waitingRoom] })
    expect(a.data.completed_multi_pack_waybill).toBeNull()
    const second = await scan({ barcode: 'RE100000008', id_status_type: 55 })
    expect(second.status).toBe(201)
    const b = shaped(second)
    expect(b.messages[0]).toMatchObject({ text: WAREHOUSE_ANSWER.multiPackCompleted, duration: 15_000 })
    expect(b.data.completed_multi_pack_waybill).toBe('RE100000007')
    expect(b.data.problematic_sector).toBeNull()
    const left = await one<{ n: number }>(h.db, `select count(*)::int as n from parcels where internal_number in ('RE100000007','RE100000008') and problematic_sector_id is not null`)
    expect(left.n).toBe(0)
  })

  it('RE100000009: 201', async () => {
    expect((await scan({ barcode: 'RE100000009', id_status_type: 55 })).status).toBe(201)
  })

  it('RE100000010: 206 with the list of messages, out of the blocked-dispatch sector', async () => {
    const res = await scan({ barcode: 'RE100000010', id_status_type: 55 })
    expect(res.status).toBe(206)
    const body = shaped(res)
    expect(body.messages[0].text).toContain('Problem rozwiązany')
    expect(body.data.problematic_sector).toBeNull()
    expect((await one<{ s: number | null }>(h.db, `select problematic_sector_id as s from parcels where internal_number = 'RE100000010'`)).s).toBeNull()
  })

  it('BUF00000001: 208 without client; with a client chosen the buffer multi-pack is adopted (201)', async () => {
    const res = await scan({ barcode: 'BUF00000001', id_status_type: 55 })
    expect(res.status).toBe(208)
    expect(shaped(res).data).toMatchObject({ client: null, suggested_problematic_sector_id: sector['14'] })
    const adopted = await assign({ barcode: 'BUF00000001', id_status_type: 55, id_client: demoShop })
    expect(adopted.status).toBe(201)
    expect(shaped(adopted).data.client).toEqual({ id: demoShop, name: 'Demo Shop SRL' })
    const clients = await h.db.query<{ client_id: number }>(`select client_id from parcels where buffer_number in ('BUF00000001','BUF00000002')`)
    expect(clients.map((c) => c.client_id)).toEqual([demoShop, demoShop])
  })

  it('1ONB24000010001: 203 with the external inbound; then with the client the parcel is created (201) and linked', async () => {
    const res = await scan({ barcode: '1ONB24000010001', id_status_type: 55 })
    expect(res.status).toBe(203)
    const ext = shaped(res).data.external_inbound
    expect(ext).toMatchObject({ barcode: '1ONB24000010001' })
    const inbound = await h.call(E.externalInboundGet, { token: worker, params: { id: ext.id } })
    expect(inbound.body).toMatchObject({ waybill: '1ONB24000010001', inbound_courier: { name: 'Sameday Romania' }, scanned_by_user: { email: 'worker@example.com' }, parcels: [] })
    const created = await assign({ barcode: '1ONB24000010001', id_status_type: 55, id_client: demoShop, external_inbound_id: ext.id })
    expect(created.status).toBe(201)
    const data = shaped(created).data
    expect(data.external_inbound).toEqual({ id: ext.id, barcode: '1ONB24000010001' })
    const after = await h.call(E.externalInboundGet, { token: worker, params: { id: ext.id } })
    expect(after.body.parcels).toEqual([{ id: data.parcel_id, waybill: data.waybill }])
    const p = await one<{ creator: string; in_number: string; shipment_id: number | null }>(h.db, `select creator, in_number, shipment_id from parcels where id = $1`, [data.parcel_id])
    expect(p).toEqual({ creator: 'init_scan', in_number: '1ONB24000010001', shipment_id: null })
  })

  it('UNKNOWN0001: 208 without client (unknown problem, receiving sector); 201 with a client, and found afterwards', async () => {
    const res = await scan({ barcode: 'UNKNOWN0001', id_status_type: 55 })
    expect(res.status).toBe(208)
    const body = shaped(res)
    expect(body.message).toBe(WAREHOUSE_ANSWER.notInSystem)
    expect(body.data).toMatchObject({ parcel_id: null, suggested_status_type_id: STATUS.unknownProblem, suggested_problematic_sector_id: sector[SECTOR_CODE.receiving] })
    const created = await assign({ barcode: 'UNKNOWN0001', id_status_type: 55, id_client: demoShop })
    expect(created.status).toBe(201)
    expect(created.body.data.waybill).toMatch(/^RE\d{9}$/)
    await age(h.db, 'worker@example.com')
    const again = await scan({ barcode: 'UNKNOWN0001', id_status_type: 55 })
    expect(again.status).toBe(201)
    expect(again.body.data.parcel_id).toBe(created.body.data.parcel_id)
  })
})

describe('other intake answers', () => {
  it('204: the same barcode and status within 3 s writes nothing; another status is a new scan', async () => {
    await age(h.db, 'worker@example.com')
    expect((await scan({ barcode: 'RE100000009', id_status_type: 55 })).status).toBe(201)
    const count = await historyCount('RE100000009')
    const repeat = await scan({ barcode: 'RE100000009', id_status_type: 55 })
    expect(repeat.status).toBe(204)
    expect(repeat.bytes.length).toBe(0)
    expect(await historyCount('RE100000009')).toBe(count)
    const other = await scan({ barcode: 'RE100000009', id_status_type: STATUS.knownProblem, id_problematic_sector: sector['14'] })
    expect(other.status).toBe(201)
    expect(await historyCount('RE100000009')).toBe(count + 1)
    // Back to 55 straight away: a different status, so not a repeat; it takes the parcel out of sector 14.
    const back = await scan({ barcode: 'RE100000009', id_status_type: 55 })
    expect(back.status).toBe(206)
    expect(await historyCount('RE100000009')).toBe(count + 2)
    // The window is WAREHOUSE.scanIdempotencyMs from the last accepted scan: 2 s later still a repeat, past it a new scan.
    await age(h.db, 'worker@example.com', WAREHOUSE.scanIdempotencyMs - 1_000)
    expect((await scan({ barcode: 'RE100000009', id_status_type: 55 })).status).toBe(204)
    await age(h.db, 'worker@example.com', 1_500)
    expect((await scan({ barcode: 'RE100000009', id_status_type: 55 })).status).not.toBe(204)
    expect(await historyCount('RE100000009')).toBe(count + 3)
  })

  it('counts accepted scans per workflow (scan replies and GET workflow/current agree)', async () => {
    await age(h.db, 'worker@example.com')
    const before = (await h.call(E.currentWorkflow, { token: worker })).body.workflow.accepted_scans
    const res = await scan({ barcode: 'RE100000001', id_status_type: 55 })
    expect(res.status).toBe(201)
    expect(res.body.data.accepted_scans).toBe(before + 1)
    const rows = await one<{ n: number }>(
      h.db,
      `select count(*)::int as n from parcel_status_history where workflow_id = (select id from workflows where user_id = (select id from users where email = 'worker@example.com') and end_at is null)`,
    )
    expect(rows.n).toBe(before + 1)
    expect((await h.call(E.currentWorkflow, { token: worker })).body.workflow.accepted_scans).toBe(before + 1)
  })

  it('205: a workstation code occupies it (the scanner dash maps to underscore); 423 when taken', async () => {
    const res = await scan({ barcode: 'PRZJ-02', id_status_type: 55 })
    expect(res.status).toBe(205)
    expect(res.bytes.length).toBe(0)
    const who = await h.call(E.whoami, { token: worker })
    expect(who.body.workstation).toMatchObject({ code: 'PRZJ_02', type: { code: 'PRZJ' } })
    expect((await h.call(E.currentWorkflow, { token: worker })).body.workflow).toMatchObject({ accepted_scans: 0, workstation: { code: 'PRZJ_02' } })
    const worker2 = await h.login('worker2@example.com')
    const taken = await scan({ barcode: 'PRZJ_02' }, worker2)
    expect(taken.status).toBe(423)
    expect(taken.body.message).toBe(WAREHOUSE_MSG.workstationTaken)
    expect((await scan({ barcode: 'PRZJ_99' }, worker2)).status).toBe(404)
    expect((await scan({ barcode: 'PRZJ_01' }, worker)).status).toBe(205)
  })

  it('403 without workstation (the message that sends to /set-workstation) and at a workstation of another type', async () => {
    const worker2 = await h.login('worker2@example.com')
    const none = await scan({ barcode: 'RE100000001' }, worker2)
    expect(none.status).toBe(403)
    expect(shaped(none)).toMatchObject({ message: WAREHOUSE_MSG.workstationRequired, data: { workstation: null } })
    expect((await h.call(E.setWorkstation, { token: worker2, body: { code: 'SRTW_02' } })).status).toBe(200)
    const other = await scan({ barcode: 'RE100000001' }, worker2)
    expect(other.status).toBe(403)
    expect(shaped(other)).toMatchObject({ message: WAREHOUSE_MSG.otherWorkstation, data: { workstation: { code: 'SRTW_02' } } })
  })

  it('202: an internal instruction selects the client; a bad one is 422', async () => {
    const res = await scan({ barcode: instructionCode('Demo Shop SRL', { client_id: demoShop }) })
    expect(res.status).toBe(202)
    expect(shaped(res)).toMatchObject({ message: WAREHOUSE_ANSWER.clientSet, data: { client: { id: demoShop, name: 'Demo Shop SRL' } } })
    expect((await scan({ barcode: 'ABC|not-base64!!' })).status).toBe(422)
    const decoded = await h.call(E.internalInstructionCode, { token: worker, body: { code: instructionCode('x', { client_id: demoShop }) } })
    expect(decoded.body).toEqual({ message: WAREHOUSE_MSG.clientChosen, data: { client: { id: demoShop, name: 'Demo Shop SRL' }, problematic_sector: null } })
    expect((await h.call(E.internalInstructionCode, { token: worker, body: { code: instructionCode('x', { client_id: 999999 }) } })).status).toBe(404)
  })

  it('an old label (0000 + internal number + routing) asks for a re-paste', async () => {
    await age(h.db, 'worker@example.com')
    const res = await scan({ barcode: '0000RE1000000090201001001001', id_status_type: 55 })
    expect(res.body?.message).toBe(WAREHOUSE_MSG.statusSet)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ waybill: 'RE100000009', re_pasting_required: true })
    await age(h.db, 'worker@example.com')
    const fresh = await scan({ barcode: '1000RE1000000090201001001001', id_status_type: 55 })
    expect(fresh.body.data).toMatchObject({ waybill: 'RE100000009', re_pasting_required: false })
  })

  it('problem statuses: known needs a sector (422); unknown goes to receiving; sectors 3 and 4 make a duplicated row', async () => {
    await age(h.db, 'worker@example.com')
    const missing = await scan({ barcode: 'RE100000009', id_status_type: STATUS.knownProblem })
    expect(missing.status).toBe(422)
    expect(missing.body.errors.id_problematic_sector).toEqual([WAREHOUSE_MSG.sectorRequired])
    const unknown = await scan({ barcode: 'RE100000009', id_status_type: STATUS.unknownProblem })
    expect(unknown.status).toBe(201)
    expect(unknown.body.data.problematic_sector.id).toBe(sector[SECTOR_CODE.receiving])
    const dup = await scan({ barcode: 'RE100000009', id_status_type: STATUS.knownProblem, id_problematic_sector: sector['3'] })
    expect(dup.status).toBe(201)
    const d = shaped(dup).data.duplicated_parcel
    expect(d.waybill).toMatch(/^RE\d{9}$/)
    const row = await one<{ duplicated_number: string; sector: number; status: number }>(
      h.db,
      `select duplicated_number, problematic_sector_id as sector, last_status_type_id as status from parcels where id = $1`,
      [d.id],
    )
    expect(row).toEqual({ duplicated_number: 'RE100000009', sector: sector['3'], status: STATUS.knownProblem })
    // A blocked client's parcel can be sent to the blocked sector (acting on the suggestion).
    const blocked = await scan({ barcode: 'RE100000005', id_status_type: STATUS.knownProblem, id_problematic_sector: sector['5'] })
    expect(blocked.status).toBe(201)
    expect(blocked.body.message).toBe(WAREHOUSE_MSG.sectorSet)
  })

  it('422 on where: a place that is not the warehouse\'s (a barcode typed into Miejsce) records nothing; its own place in any case is recorded as the warehouse', async () => {
    await age(h.db, 'worker@example.com')
    const before = await historyCount('RE100000001')
    for (const where of ['TYCHYRE100000170', 'GLIWICE', 'TYCHYSRTW_01']) {
      const res = await scan({ barcode: 'RE100000001', id_status_type: 55, where })
      expect(res.status).toBe(422)
      const body = shaped(res)
      expect(body.message).toBe(FLOOR_MSG.unknownPlace)
      expect(body.errors).toEqual({ where: [FLOOR_MSG.unknownPlace] })
      expect(body.messages.map((m: { text: string }) => m.text)).toEqual([FLOOR_MSG.unknownPlace])
    }
    expect(await historyCount('RE100000001')).toBe(before)
    const assigned = await assign({ barcode: 'UNKNOWNPLACE1', id_status_type: 55, id_client: demoShop, where: 'KATOWICE' })
    expect(assigned.status).toBe(422)
    expect((await one<{ n: number }>(h.db, `select count(*)::int as n from parcels where in_number = 'UNKNOWNPLACE1'`)).n).toBe(0)
    const ok = await scan({ barcode: 'RE100000001', id_status_type: 55, where: ' tychy ' })
    expect(ok.status).toBe(201)
    const row = await one<{ where_name: string }>(
      h.db,
      `select h.where_name from parcel_status_history h join parcels p on p.id = h.parcel_id where p.internal_number = 'RE100000001' order by h.id desc limit 1`,
    )
    expect(row.where_name).toBe('TYCHY')
  })

  it('422: bad body, status not offered here, a date in the future; when and where are recorded', async () => {
    await age(h.db, 'worker@example.com')
    const bad = await scan({ id_status_type: 55 })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.barcode).toBeDefined()
    const notOffered = await scan({ barcode: 'RE100000009', id_status_type: STATUS.sorted })
    expect(notOffered.status).toBe(422)
    expect(notOffered.body.message).toBe(WAREHOUSE_ANSWER.statusNotOffered)
    const future = await scan({ barcode: 'RE100000009', id_status_type: 55, when: '2999-01-01 10:00:00' })
    expect(future.status).toBe(422)
    const dated = await scan({ barcode: 'RE100000002', id_status_type: 55, when: '2025-03-01 10:15:00', where: 'TYCHY' })
    expect(dated.status).toBe(201)
    const summer = await scan({ barcode: 'RE100000003', id_status_type: 55, when: '2025-07-01 10:15:00' })
    expect(summer.status).toBe(201)
    const hist3 = await h.call(E.parcelHistory, { token: worker, params: { idType: 'internal_number', value: 'RE100000003' } })
    // Summer time in Warsaw is UTC+2 (winter +1, below); history is newest first by that date.
    expect(hist3.body.at(-1).when).toBe('2025-07-01T08:15:00.000Z')
    expect(hist3.body.map((r: { when: string }) => r.when)).toContain('2025-07-01T08:15:00.000Z')
    const hist = await h.call(E.parcelHistory, { token: worker, params: { idType: 'internal_number', value: 'RE100000002' } })
    const row = hist.body.find((r: { when: string }) => r.when === '2025-03-01T09:15:00.000Z')
    expect(row).toMatchObject({ where: 'TYCHY', when: '2025-03-01T09:15:00.000Z', email: 'worker@example.com', workstation: 'PRZJ_01', status_type_id: 55 })
  })

  it('hostile text is only data: quotes travel safely through the prepared statements; control characters are refused', async () => {
    await age(h.db, 'worker@example.com')
    const evil = "X'); delete from parcels; --"
    const res = await scan({ barcode: evil, id_status_type: 55 })
    expect(res.status).toBe(208)
    expect((await one<{ n: number }>(h.db, `select count(*)::int as n from parcels where internal_number = 'RE100000001'`)).n).toBe(1)
    const created = await assign({ barcode: "O'BRIEN-1", id_status_type: 55, id_client: demoShop })
    expect(created.status).toBe(201)
    expect((await one<{ in_number: string }>(h.db, `select in_number from parcels where id = $1`, [created.body.data.parcel_id])).in_number).toBe("O'BRIEN-1")
    expect((await scan({ barcode: 'RE1\u0000', id_status_type: 55 })).status).toBe(422)
    expect((await scan({ barcode: 'R'.repeat(201), id_status_type: 55 })).status).toBe(422)
  })

  it('clients cannot scan (403); admins can once they hold a workstation', async () => {
    const client = await h.login('client@example.com')
    expect((await scan({ barcode: 'RE100000001' }, client)).status).toBe(403)
    expect((await scan({ barcode: 'ZWRT_01' }, admin)).status).toBe(205)
    expect((await scan({ barcode: 'RE100000001', id_status_type: 56 }, admin)).status).toBe(201)
    const p = await one<{ ret: boolean }>(h.db, `select return_warehouse_received_at is not null as ret from parcels where internal_number = 'RE100000001'`)
    expect(p.ret).toBe(true)
  })
})

describe('intake screen data', () => {
  it('choose-client: search from 3 characters; verify by postal code and phone', async () => {
    expect((await h.call(E.clientSearch, { token: worker, params: { text: 'De' } })).body).toEqual([])
    const found = await h.call(E.clientSearch, { token: worker, params: { text: 'demo s' } })
    expect(found.body).toContainEqual({ id: demoShop, name: 'Demo Shop SRL' })
    const ok = await h.call(E.clientVerifyChoose, { token: worker, body: { client_id: demoShop, postal_code: '010 011', phone_number: '721 000 111' } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ message: WAREHOUSE_MSG.clientChosen, client: { id: demoShop, name: 'Demo Shop SRL' } })
    const bad = await h.call(E.clientVerifyChoose, { token: worker, body: { client_id: demoShop, postal_code: '010011', phone_number: '721000112' } })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe(WAREHOUSE_MSG.clientVerifyFailed)
  })

  it('parcel find with fields[] and its history, newest first', async () => {
    const some = await h.call(E.parcelFind, {
      token: worker,
      params: { idType: 'barcode', value: 'RE100000002' },
      query: { 'fields[]': ['out_number', 'weight'] },
    })
    expect(some.body).toEqual({ id: expect.any(Number), out_number: '80012345678902', weight: 2.5 })
    const all = await h.call(E.parcelFind, { token: worker, params: { idType: 'internal_number', value: 'RE100000007' } })
    expect(all.body).toEqual({
      id: expect.any(Number),
      weight: 4,
      weight_value: 4,
      height: 15,
      width: 20,
      length: 30,
      volumetric_weight: 1.8,
      out_number: '-',
      internal_number: 'RE100000007',
    })
    expect((await h.call(E.parcelFind, { token: worker, params: { idType: 'internal_number', value: 'RE999999999' } })).status).toBe(404)
    expect((await h.call(E.parcelFind, { token: worker, params: { idType: 'id', value: '1' }, query: { 'fields[]': ['nope'] } })).status).toBe(422)
    const hist = await h.call(E.parcelHistory, { token: worker, params: { idType: 'internal_number', value: 'RE100000010' } })
    expect(hist.body.map((r: { status_type_id: number }) => r.status_type_id).slice(0, 3)).toEqual([55, STATUS.knownProblem, 55])
    expect(hist.body[1]).toMatchObject({ email: 'worker2@example.com', workstation: 'PRZJ_01', problematic_sector: { code: '5' } })
  })

  it('check-dimensions: 200, 406 with a message to confirm, 422; update and selective update', async () => {
    const id = (await one<{ id: number }>(h.db, `select id from parcels where internal_number = 'RE100000007'`)).id
    const ok = await h.call(E.parcelCheckDimensions, { token: worker, body: { id, weight: 4.2, length: 30, height: 15, width: 20 } })
    expect(ok.status).toBe(200)
    const heavy = await h.call(E.parcelCheckDimensions, { token: worker, body: { id, weight: '40', length: 30, height: 15, width: 20 } })
    expect(heavy.status).toBe(406)
    expect(heavy.body.message).toBe(heavy.body.messages[0])
    expect(heavy.body.messages).toContain(WAREHOUSE_ANSWER.confirmHeavy(40, WAREHOUSE.dimensions.confirmWeightKg))
    const impossible = await h.call(E.parcelCheckDimensions, { token: worker, body: { id, weight: 0, length: 30, height: 15, width: 20 } })
    expect(impossible.status).toBe(422)
    expect(impossible.body.message).toBe(WAREHOUSE_MSG.dimensionsInvalid)
    const saved = await h.call(E.parcelDimensions, { token: worker, body: { id, weight: 4.2, length: 50, height: 40, width: 30 } })
    expect(saved.body).toMatchObject({ message: WAREHOUSE_MSG.dimensionsUpdated, data: { weight: 4.2, volumetric_weight: 12, weight_value: 12, length: 50 } })
    const selective = await h.call(E.parcelDimensionsSelective, { token: worker, body: { id, height: 10 } })
    expect(selective.body.data).toMatchObject({ weight: 4.2, height: 10, length: 50, width: 30, volumetric_weight: 3 })
  })
})
