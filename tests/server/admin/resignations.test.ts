import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INPUT } from '../../../src/contract/constants/platform.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { MSG } from '../../../src/contract/messages.ts'
import { type TestApp, startApp } from '../support.ts'
import { ALIAS_MSG } from '../../../src/contract/messages/aliases.ts'
import { RESIGNATION_MSG } from '../../../src/contract/messages/resignations.ts'

/**
 * Reported resignations: the admin's calls, the client's own (others' → 404),
 * bad input, and intake: scanning a parcel with a reported resignation says it goes back and
 * stamps the report's scan date and who scanned it.
 */

let app: TestApp
let demoShop: number
let budapest: number
const admin = () => app.tokens.admin
const client = () => app.tokens.client
const page = { start: 0, length: 25 }

beforeAll(async () => {
  app = await startApp()
  ;[{ id: demoShop }] = await app.db.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  ;[{ id: budapest }] = await app.db.query<{ id: number }>(`select id from clients where name = 'Budapest Kft'`)
})
afterAll(() => app?.close())

describe('back office', () => {
  it('the demo list: two reports, newest first; 25 a page; search by waybill or client; admin only', async () => {
    const res = await app.call(E.resignationList, { token: admin(), body: { ...page, order: [{ column: 4, dir: 'desc' }] } })
    expect(res.status).toBe(200)
    expect(res.body.recordsTotal).toBe(2)
    expect(res.body.data.map((r: { client_name: string }) => r.client_name).sort()).toEqual(['Budapest Kft', 'Demo Shop SRL'])
    const found = await app.call(E.resignationList, { token: admin(), body: { ...page, search: { value: 'budapest' } } })
    expect(found.body).toMatchObject({ recordsFiltered: 1, data: [{ client_name: 'Budapest Kft' }] })
    for (const who of ['worker', 'client'] as const) expect((await app.call(E.resignationList, { token: app.tokens[who], body: page })).status).toBe(403)
    expect((await app.call(E.resignationList, { body: page })).status).toBe(401)
  })

  it('create (client required), read, update, delete', async () => {
    const created = await app.call(E.resignationCreate, { token: admin(), body: { client_id: budapest, waybill: ' RE100000128 ', note: 'Telefon od klienta' } })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe(RESIGNATION_MSG.resignationCreated)
    const id = created.body.id
    const read = await app.call(E.resignationGet, { token: admin(), params: { id } })
    expect(read.body).toMatchObject({ id, client_id: budapest, client_name: 'Budapest Kft', waybill: 'RE100000128', note: 'Telefon od klienta', user_name: 'admin@example.com', scanned_at: null, resend_at: null })
    // The same waybill of the same client again: 422.
    const twice = await app.call(E.resignationCreate, { token: admin(), body: { client_id: budapest, waybill: 're100000128' } })
    expect(twice.status).toBe(422)
    expect(twice.body.errors.waybill).toEqual([RESIGNATION_MSG.resignationTaken])
    const updated = await app.call(E.resignationUpdate, { token: admin(), body: { id, waybill: '61326529480', note: '' } })
    expect(updated.status).toBe(200)
    expect((await app.call(E.resignationGet, { token: admin(), params: { id } })).body).toMatchObject({ waybill: '61326529480', note: '' })
    expect((await app.call(E.resignationDelete, { token: admin(), body: { id } })).status).toBe(200)
    expect((await app.call(E.resignationGet, { token: admin(), params: { id } })).status).toBe(404)
    expect((await app.call(E.resignationDelete, { token: admin(), body: { id } })).status).toBe(404)
    expect((await app.call(E.resignationUpdate, { token: admin(), body: { id, waybill: 'X' } })).status).toBe(404)
  })

  it.each([
    [{ waybill: 'RE1' }, 'client_id', MSG.required],
    [{ client_id: 999999, waybill: 'RE1' }, 'client_id', ALIAS_MSG.clientNotFound],
    [{ client_id: 1, waybill: '' }, 'waybill', MSG.required],
    [{ client_id: 1, waybill: 'x'.repeat(65) }, 'waybill', MSG.maxLength(64)],
    [{ client_id: 1, waybill: 'RE1', note: 'x'.repeat(1001) }, 'note', MSG.maxLength(1000)],
    [{ client_id: 1, waybill: 'RE\u00001' }, 'waybill', MSG.forbiddenCharacters],
    [{ client_id: 2 ** 31, waybill: 'RE1' }, 'client_id', MSG.numberTooLarge(INPUT.int4Max)],
  ])('bad report %j: 422 on %s, nothing written', async (body, field, message) => {
    const [{ n: before }] = await app.db.query<{ n: number }>(`select count(*)::int as n from parcel_reported_resignations`)
    const res = await app.call(E.resignationCreate, { token: admin(), body })
    expect(res.status).toBe(422)
    expect(res.body.errors[field]).toContain(message)
    const [{ n: after }] = await app.db.query<{ n: number }>(`select count(*)::int as n from parcel_reported_resignations`)
    expect(after).toBe(before)
  })
})

describe('the waybill must be a parcel of that client', () => {
  const count = async () => (await app.db.query<{ n: number }>(`select count(*)::int as n from parcel_reported_resignations`))[0]!.n

  it('a number no parcel has: 422 on waybill naming it, nothing recorded (admin and client)', async () => {
    const before = await count()
    const admin404 = await app.call(E.resignationCreate, { token: admin(), body: { client_id: demoShop, waybill: 'RE999999999' } })
    expect(admin404.status).toBe(422)
    expect(admin404.body.errors.waybill).toEqual([RESIGNATION_MSG.resignationNoParcel('RE999999999')])
    const own = await app.call(E.clientResignationCreate, { token: client(), body: { waybill: 'RE999999999' } })
    expect(own.status).toBe(422)
    expect(own.body.errors.waybill).toEqual([RESIGNATION_MSG.resignationNoParcel('RE999999999')])
    expect(await count()).toBe(before)
  })

  it("another client's parcel: the admin is told whose it is; a client hears only that it has no such parcel; nothing recorded", async () => {
    const before = await count()
    // Budapest Kft's parcel, by its internal and by its courier's number, reported for Demo Shop
    for (const waybill of ['RE100000124', '1ONB95663112668']) {
      const res = await app.call(E.resignationCreate, { token: admin(), body: { client_id: demoShop, waybill } })
      expect(res.status, waybill).toBe(422)
      expect(res.body.errors.waybill).toEqual([RESIGNATION_MSG.resignationOtherClient(waybill, 'Budapest Kft')])
      const own = await app.call(E.clientResignationCreate, { token: client(), body: { waybill } })
      expect(own.status, waybill).toBe(422)
      expect(own.body.errors.waybill).toEqual([RESIGNATION_MSG.resignationNoParcel(waybill)])
    }
    // changing a report's waybill to another client's parcel: refused the same way
    const [{ id }] = await app.db.query<{ id: number }>(`select id from parcel_reported_resignations where client_id = $1 limit 1`, [demoShop])
    const moved = await app.call(E.resignationUpdate, { token: admin(), body: { id, waybill: 'RE100000124' } })
    expect(moved.status).toBe(422)
    expect(moved.body.errors.waybill).toEqual([RESIGNATION_MSG.resignationOtherClient('RE100000124', 'Budapest Kft')])
    expect(await count()).toBe(before)
  })

  it("the client's own parcel by any of its numbers is accepted", async () => {
    const res = await app.call(E.resignationCreate, { token: admin(), body: { client_id: budapest, waybill: '80058825389350' } })
    expect(res.status).toBe(201)
    expect((await app.call(E.resignationDelete, { token: admin(), body: { id: res.body.id } })).status).toBe(200)
  })
})

describe("the client's own", () => {
  it('a client sees, creates and deletes only its own reports; others answer 404; no update', async () => {
    const mine = await app.call(E.clientResignationList, { token: client(), body: page })
    expect(mine.status).toBe(200)
    expect(mine.body.data.every((r: { client_id: number }) => r.client_id === demoShop)).toBe(true)
    expect(mine.body.recordsTotal).toBe(1)
    // A client_id in the body is not the client's to choose: the report is for its own company.
    const created = await app.call(E.clientResignationCreate, { token: client(), body: { waybill: 'RE100000002', note: 'Nie chcę', client_id: budapest } })
    expect(created.status).toBe(201)
    const own = await app.call(E.clientResignationGet, { token: client(), params: { id: created.body.id } })
    expect(own.body).toMatchObject({ client_id: demoShop, waybill: 'RE100000002', user_name: 'client@example.com' })
    const [{ id: other }] = await app.db.query<{ id: number }>(`select id from parcel_reported_resignations where client_id = $1 limit 1`, [budapest])
    expect((await app.call(E.clientResignationGet, { token: client(), params: { id: other } })).status).toBe(404)
    expect((await app.call(E.clientResignationDelete, { token: client(), body: { id: other } })).status).toBe(404)
    expect((await app.call(E.resignationGet, { token: admin(), params: { id: other } })).status).toBe(200)
    expect((await app.call(E.resignationUpdate, { token: client(), body: { id: created.body.id, waybill: 'X' } })).status).toBe(403)
    expect((await app.call(E.clientResignationDelete, { token: client(), body: { id: created.body.id } })).status).toBe(200)
    expect((await app.call(E.clientResignationGet, { token: client(), params: { id: created.body.id } })).status).toBe(404)
    // Staff do not use the client's calls.
    expect((await app.call(E.clientResignationList, { token: admin(), body: page })).status).toBe(403)
    expect((await app.call(E.clientResignationCreate, { token: client(), body: { waybill: '' } })).status).toBe(422)
  })
})

describe('at intake', () => {
  it('a reported parcel is scanned: the answer says it goes back, the report gets its scan date and scanner', async () => {
    const created = await app.call(E.resignationCreate, { token: admin(), body: { client_id: demoShop, waybill: 'RE100000009' } })
    expect(created.status).toBe(201)
    expect((await app.call(E.setWorkstation, { token: app.tokens.worker, body: { code: 'PRZJ_02' } })).status).toBe(200)
    const res = await app.call(E.parcelScan, { token: app.tokens.worker, body: { barcode: 'RE100000009', id_status_type: 55 } })
    expect(res.status).toBe(201)
    expect(res.body.messages).toContainEqual({ text: RESIGNATION_MSG.resignationAtIntake('RE100000009'), type: 'warning', duration: 15_000 })
    const read = (await app.call(E.resignationGet, { token: admin(), params: { id: created.body.id } })).body
    expect(read.scanned_at).not.toBeNull()
    expect(read.scanned_by_user_name).toBe('worker@example.com')
    // A parcel without a report says nothing of the kind.
    const plain = await app.call(E.parcelScan, { token: app.tokens.worker, body: { barcode: 'RE100000001', id_status_type: 55 } })
    expect(plain.status).toBe(201)
    expect(plain.body.messages).toEqual([])
  })
})
