import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { type Harness, age, one, startHarness } from './support.ts'

/**
 * Two workers racing for one workstation, many rounds: exactly one wins, the other gets 423 and
 * keeps the workstation it held (its transaction rolled back). On PostgreSQL the requests really
 * run at once (pool of connections); the database decides (row lock, unique indexes).
 */
let h: Harness
const tokens: string[] = []
const ids: number[] = []
const own = ['PRZJ_01', 'SRTW_01']
const ROUNDS = 40

beforeAll(async () => {
  h = await startHarness()
  for (const email of ['worker@example.com', 'worker2@example.com']) {
    tokens.push(await h.login(email))
    ids.push((await one<{ id: number }>(h.db, `select id from users where email = $1`, [email])).id)
  }
})
afterAll(() => h?.close())

const invariants = async () => {
  const open = await h.db.query<{ workstation_id: number; n: number }>(
    `select workstation_id, count(*)::int as n from workflows where end_at is null group by workstation_id having count(*) > 1`,
  )
  expect(open).toEqual([])
  // Every holder has exactly one open workflow on the workstation they hold, and nobody else.
  const mismatch = await h.db.query(
    `select w.code from workstations w
      where (w.active_user_id is null) <> not exists (select 1 from workflows f where f.workstation_id = w.id and f.end_at is null)
         or exists (select 1 from workflows f where f.workstation_id = w.id and f.end_at is null and f.user_id <> w.active_user_id)`,
  )
  expect(mismatch).toEqual([])
}

describe('race for one workstation', () => {
  it(`${ROUNDS} rounds, two sessions: exactly one wins each round, the loser gets 423 and keeps its own workstation`, async () => {
    const wins = [0, 0]
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < 2; i++) expect((await h.call(E.setWorkstation, { token: tokens[i], body: { code: own[i] } })).status).toBe(200)
      // One racer uses the set-workstation call, the other scans the code at intake (205); alternate.
      const attempt = (i: number) =>
        (round + i) % 2 === 0
          ? h.call(E.setWorkstation, { token: tokens[i], body: { code: 'PRZJ_02' } })
          : h.call(E.parcelScan, { token: tokens[i], body: { barcode: 'PRZJ_02' } })
      const answers = await Promise.all([attempt(0), attempt(1)])
      const won = answers.map((a) => a.status === 200 || a.status === 205)
      expect(answers.map((a) => a.status).filter((s) => s === 423)).toHaveLength(1)
      expect(won.filter(Boolean)).toHaveLength(1)
      const winner = won.indexOf(true)
      const loser = 1 - winner
      wins[winner]!++
      const ws = await one<{ active_user_id: number }>(h.db, `select active_user_id from workstations where code = 'PRZJ_02'`)
      expect(ws.active_user_id).toBe(ids[winner])
      const kept = await one<{ code: string }>(h.db, `select code from workstations where active_user_id = $1`, [ids[loser]])
      expect(kept.code).toBe(own[loser])
      const winnersOld = await one<{ active_user_id: number | null }>(h.db, `select active_user_id from workstations where code = $1`, [own[winner]])
      expect(winnersOld.active_user_id).toBeNull()
      await invariants()
    }
    expect(wins[0]! + wins[1]!).toBe(ROUNDS)
    const switches = await one<{ n: number }>(h.db, `select count(*)::int as n from workflows where end_type = 'switch'`)
    expect(switches.n).toBeGreaterThanOrEqual(ROUNDS)
  })

  it('the same scan sent twice at once is written once (201 + 204)', async () => {
    expect((await h.call(E.setWorkstation, { token: tokens[0], body: { code: 'PRZJ_01' } })).status).toBe(200)
    for (const barcode of ['RE100000001', 'RE100000002', 'RE100000009']) {
      await age(h.db, 'worker@example.com')
      const before = (await one<{ n: number }>(h.db, `select count(*)::int as n from parcel_status_history`)).n
      const body = { barcode, id_status_type: 55 }
      const answers = await Promise.all([h.call(E.parcelScan, { token: tokens[0], body }), h.call(E.parcelScan, { token: tokens[0], body })])
      expect(answers.map((a) => a.status).sort()).toEqual([201, 204])
      expect((await one<{ n: number }>(h.db, `select count(*)::int as n from parcel_status_history`)).n).toBe(before + 1)
    }
  })

  it('two workers scan the two parcels of a multi-pack at once (15 multi-packs): exactly one completes each, at intake and at sorting', async () => {
    const packs = Array.from({ length: 15 }, (_, i) => [`RE9000${String(i).padStart(3, '0')}01`, `RE9000${String(i).padStart(3, '0')}02`] as const)
    for (const [first, second] of packs) {
      const [sh] = await h.db.query<{ id: number }>(
        `insert into shipments (internal_waybill, client_id, delivery_service, origin_country_id, destination_country_id, last_mile_courier_id)
         values ($1, (select id from clients where name = 'Demo Shop SRL'), 1, 2, 1, 2) returning id`,
        [first],
      )
      await h.db.query(
        `insert into parcels (shipment_id, client_id, internal_number, in_shipment_order) select $1, client_id, unnest($2::text[]), unnest('{1,2}'::int[]) from shipments where id = $1`,
        [sh!.id, [first, second]],
      )
    }
    const race = async (ep: typeof E.parcelScan | typeof E.parcelClassify, codes: [string, string], body: (barcode: string) => object) => {
      for (let i = 0; i < 2; i++) expect((await h.call(E.setWorkstation, { token: tokens[i], body: { code: codes[i] } })).status).toBe(200)
      for (const [first, second] of packs) {
        const answers = await Promise.all([h.call(ep, { token: tokens[0], body: body(first) }), h.call(ep, { token: tokens[1], body: body(second) })])
        expect(answers.map((r) => r.status)).toEqual([201, 201])
        expect(answers.filter((r) => r.body.data.completed_multi_pack_waybill === first)).toHaveLength(1)
      }
    }
    await race(E.parcelScan, ['PRZJ_01', 'PRZJ_02'], (barcode) => ({ barcode, id_status_type: 55 }))
    const inRoom = await one<{ n: number }>(h.db, `select count(*)::int as n from parcels where internal_number like 'RE9000%' and problematic_sector_id is not null`)
    expect(inRoom.n).toBe(0)
    await race(E.parcelClassify, ['SRTW_01', 'SRTW_02'], (barcode) => ({ barcode, status_type_id: 57 }))
  })
})
