import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INPUT } from '../../../src/contract/constants/platform.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { MSG } from '../../../src/contract/messages.ts'
import { type TestApp, startApp } from '../support.ts'
import { ALIAS_MSG } from '../../../src/contract/messages/aliases.ts'

/**
 * Unknown client aliases across intake: RE100000006's label alias (Budapest Kft's)
 * is not its client's (Demo Shop's), so intake answers 208 "wrong alias" and the alias appears in
 * the list; resolving it to Demo Shop ends that answer.
 */

let app: TestApp
let demoShop: number
let budapest: number
const admin = () => app.tokens.admin
const scan = () => app.call(E.parcelScan, { token: app.tokens.worker, body: { barcode: 'RE100000006', id_status_type: 55 } })
const aliases = async () => (await app.call(E.unknownAliasList, { token: admin() })).body as Array<{ id: number; alias: string; proposed_client_id: number | null; waybill: string | null }>

beforeAll(async () => {
  app = await startApp()
  ;[{ id: demoShop }] = await app.db.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  ;[{ id: budapest }] = await app.db.query<{ id: number }>(`select id from clients where name = 'Budapest Kft'`)
  expect((await app.call(E.setWorkstation, { token: app.tokens.worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
})
afterAll(() => app?.close())

describe('unknown client aliases', () => {
  it('the demo list holds the eMAG alias only; admin only', async () => {
    const list = await aliases()
    expect(list.map((a) => a.alias)).toEqual(['EMAGMARKETPLACE'])
    expect(list[0]).toMatchObject({ proposed_client_id: demoShop, is_emag: 1 })
    for (const who of ['worker', 'client'] as const) {
      expect((await app.call(E.unknownAliasList, { token: app.tokens[who] })).status).toBe(403)
      expect((await app.call(E.unknownAliasGet, { token: app.tokens[who], params: { id: list[0]!.id } })).status).toBe(403)
      expect((await app.call(E.unknownAliasResolve, { token: app.tokens[who], body: { id: list[0]!.id, client_id: demoShop, is_emag: 1, resolved_type: 'proposition' } })).status).toBe(403)
    }
    expect((await app.call(E.unknownAliasList)).status).toBe(401)
  })

  it('intake: RE100000006 answers 208 wrong alias and its alias appears once in the list; resolving it ends the 208', async () => {
    const first = await scan()
    expect(first.status).toBe(208)
    expect(first.body.message).toBe(WAREHOUSE_ANSWER.aliasNotAllowed)
    expect((await scan()).status).toBe(208)
    const entry = (await aliases()).filter((a) => a.alias === 'BUDAPESTKFT')
    expect(entry).toEqual([expect.objectContaining({ proposed_client_id: demoShop, waybill: 'RE100000006' })])
    const id = entry[0]!.id
    expect((await app.call(E.unknownAliasGet, { token: admin(), params: { id } })).body).toMatchObject({ alias: 'BUDAPESTKFT', client_name: 'Demo Shop SRL', is_emag: 0 })

    // resolved_type must agree with the client chosen: changed → manual, proposed → proposition.
    const mismatch = await app.call(E.unknownAliasResolve, { token: admin(), body: { id, client_id: budapest, is_emag: 0, resolved_type: 'proposition' } })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.errors.resolved_type).toEqual([ALIAS_MSG.aliasTypeMismatch])
    const unknownClient = await app.call(E.unknownAliasResolve, { token: admin(), body: { id, client_id: 999999, is_emag: 0, resolved_type: 'manual' } })
    expect(unknownClient.status).toBe(422)
    expect(unknownClient.body.errors.client_id).toEqual([ALIAS_MSG.clientNotFound])
    expect((await aliases()).some((a) => a.id === id)).toBe(true)

    const resolved = await app.call(E.unknownAliasResolve, { token: admin(), body: { id, client_id: demoShop, is_emag: 0, resolved_type: 'proposition' } })
    expect(resolved.status).toBe(200)
    expect(resolved.body).toEqual({ message: ALIAS_MSG.aliasResolved, id, client_id: demoShop })
    const [row] = await app.db.query(`select resolved_type, resolved_client_id, resolved_by_user_id is not null as by from unknown_client_aliases where id = $1`, [id])
    expect(row).toEqual({ resolved_type: 'proposition', resolved_client_id: demoShop, by: true })
    expect((await aliases()).some((a) => a.id === id)).toBe(false)
    expect((await app.call(E.unknownAliasGet, { token: admin(), params: { id } })).status).toBe(404)
    expect((await app.call(E.unknownAliasResolve, { token: admin(), body: { id, client_id: demoShop, is_emag: 0, resolved_type: 'proposition' } })).status).toBe(409)

    // The same parcel at intake: no longer the wrong-alias answer.
    const again = await scan()
    expect(again.status).toBe(201)
    expect(again.body.message).not.toBe(WAREHOUSE_ANSWER.aliasNotAllowed)
  })

  it('a manual resolution to another client is recorded as manual', async () => {
    const [{ id }] = await app.db.query<{ id: number }>(`select id from unknown_client_aliases where alias = 'EMAGMARKETPLACE'`)
    const res = await app.call(E.unknownAliasResolve, { token: admin(), body: { id, client_id: budapest, is_emag: 1, resolved_type: 'manual' } })
    expect(res.status).toBe(200)
    const [a] = await app.db.query(`select count(*)::int as n from client_aliases where client_id = $1 and alias = 'EMAGMARKETPLACE'`, [budapest])
    expect(a).toEqual({ n: 1 })
  })

  it.each([
    [{ id: 1, client_id: 1, is_emag: 2, resolved_type: 'manual' }, 'is_emag', MSG.invalidValue],
    [{ id: 1, client_id: 1, is_emag: 0, resolved_type: 'auto' }, 'resolved_type', MSG.invalidValue],
    [{ id: 2 ** 31, client_id: 1, is_emag: 0, resolved_type: 'manual' }, 'id', MSG.numberTooLarge(INPUT.int4Max)],
    [{ id: 1, is_emag: 0, resolved_type: 'manual' }, 'client_id', MSG.required],
    [{ id: 1, client_id: '1', is_emag: 0, resolved_type: 'manual' }, 'client_id', MSG.invalidValue],
  ])('bad resolution %j: 422 on %s', async (body, field, message) => {
    const res = await app.call(E.unknownAliasResolve, { token: admin(), body })
    expect(res.status).toBe(422)
    expect(res.body.errors[field]).toContain(message)
  })

  it('unknown ids: 404', async () => {
    for (const id of ['999999', 'abc', '0']) expect((await app.request('GET', `app/v1/unknown_client_alias/${id}`, { token: admin() })).status).toBe(404)
    expect((await app.call(E.unknownAliasResolve, { token: admin(), body: { id: 999999, client_id: 1, is_emag: 0, resolved_type: 'manual' } })).status).toBe(404)
  })
})
