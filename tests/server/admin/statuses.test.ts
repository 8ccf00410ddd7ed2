import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INPUT } from '../../../src/contract/constants/platform.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { MSG } from '../../../src/contract/messages.ts'
import { STATUS } from '../../../src/server/seed/warehouse.ts'
import { type TestApp, startApp } from '../support.ts'
import { STATUS_MSG } from '../../../src/contract/messages/statuses.ts'

/** Status types: table, form, create, update, delete (only courier 1, unused), by role and bad input. */

let app: TestApp
const admin = () => app.tokens.admin
const fresh = { name: 'Test status', displayed_name: 'Status testowy', displayed_name_ro: 'Stare de test', internal: 1 }

beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('status types', () => {
  it('the table: 25 a page, counts, order by column, search; admin only', async () => {
    const res = await app.call(E.statusTypeDatatable, { token: admin(), body: { draw: 3, start: 0, length: 25, order: [{ column: 0, dir: 'desc' }] } })
    expect(res.status).toBe(200)
    const [{ n }] = await app.db.query<{ n: number }>(`select count(*)::int as n from status_types`)
    expect(res.body).toMatchObject({ draw: 3, recordsTotal: n, recordsFiltered: n })
    const ids = res.body.data.map((r: { id: number }) => r.id)
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a))
    const found = await app.call(E.statusTypeDatatable, { token: admin(), body: { start: 0, length: 25, search: { value: 'anulowana' } } })
    expect(found.body.data.map((r: { id: number }) => r.id)).toEqual([STATUS.cancelled])
    expect(found.body.recordsFiltered).toBe(1)
    for (const who of ['worker', 'client'] as const) {
      expect((await app.call(E.statusTypeDatatable, { token: app.tokens[who], body: { start: 0, length: 25 } })).status).toBe(403)
    }
    expect((await app.call(E.statusTypeDatatable, { body: { start: 0, length: 25 } })).status).toBe(401)
    expect((await app.call(E.statusTypeDatatable, { token: admin(), body: { start: -1, length: 25 } })).status).toBe(422)
    expect((await app.call(E.statusTypeDatatable, { token: admin(), body: { start: 0, length: 0 } })).status).toBe(422)
  })

  it('create (201, courier 1), read, update, delete; the toasts name what happened', async () => {
    const created = await app.call(E.statusTypeCreate, { token: admin(), body: { ...fresh, status_type_group_id: 6 } })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe(STATUS_MSG.statusCreated)
    const id = created.body.id
    const read = await app.call(E.statusTypeGet, { token: admin(), params: { id } })
    expect(read.body).toMatchObject({ ...fresh, id, id_courier: 1, status_type_group_id: 6, system_id: null, deletable: true })
    const updated = await app.call(E.statusTypeUpdate, { token: admin(), body: { id, ...fresh, name: 'Zmieniony', internal: 0, status_type_group_id: null } })
    expect(updated.status).toBe(200)
    expect((await app.call(E.statusTypeGet, { token: admin(), params: { id } })).body).toMatchObject({ name: 'Zmieniony', internal: 0, status_type_group_id: null })
    const removed = await app.call(E.statusTypeDelete, { token: admin(), body: { id } })
    expect(removed.status).toBe(200)
    expect(removed.body.message).toBe(STATUS_MSG.statusRemoved)
    expect((await app.call(E.statusTypeGet, { token: admin(), params: { id } })).status).toBe(404)
    expect((await app.call(E.statusTypeDelete, { token: admin(), body: { id } })).status).toBe(404)
  })

  it('only the operator\'s (courier 1) statuses that nothing uses can be deleted: 409 with the reason, nothing removed', async () => {
    const cases: Array<[number, string]> = [
      [STATUS.dpdDelivered, STATUS_MSG.statusNotOperator],
      [STATUS.cancelled, STATUS_MSG.statusSystem],
      [STATUS.received, STATUS_MSG.statusSystem],
      [STATUS.sorted, STATUS_MSG.statusInUse],
    ]
    for (const [id, message] of cases) {
      const res = await app.call(E.statusTypeDelete, { token: admin(), body: { id } })
      expect(res.status, `status ${id}`).toBe(409)
      expect(res.body.message).toBe(message)
      expect((await app.call(E.statusTypeGet, { token: admin(), params: { id } })).body.deletable).toBe(false)
    }
  })

  it.each([
    [{ ...fresh, name: '' }, 'name', MSG.required],
    [{ ...fresh, displayed_name: '  ' }, 'displayed_name', MSG.required],
    [{ ...fresh, displayed_name_ro: 'x'.repeat(256) }, 'displayed_name_ro', MSG.maxLength(255)],
    [{ ...fresh, name: 'x'.repeat(101) }, 'name', MSG.maxLength(100)],
    [{ ...fresh, displayed_name: 'Status \ud800' }, 'displayed_name', MSG.forbiddenCharacters],
    [{ ...fresh, internal: 2 }, 'internal', MSG.invalidValue],
    [{ ...fresh, status_type_group_id: 999 }, 'status_type_group_id', STATUS_MSG.statusGroupNotFound],
    [{ ...fresh, status_type_group_id: 2 ** 31 }, 'status_type_group_id', MSG.numberTooLarge(INPUT.int4Max)],
    [{ name: 'x' }, 'displayed_name', MSG.required],
  ])('bad status %j: 422 on %s, nothing written', async (body, field, message) => {
    const [{ n: before }] = await app.db.query<{ n: number }>(`select count(*)::int as n from status_types`)
    const res = await app.call(E.statusTypeCreate, { token: admin(), body })
    expect(res.status).toBe(422)
    expect(res.body.errors[field]).toContain(message)
    const [{ n: after }] = await app.db.query<{ n: number }>(`select count(*)::int as n from status_types`)
    expect(after).toBe(before)
  })

  it('writes are admin only; unknown ids are not found', async () => {
    expect((await app.call(E.statusTypeCreate, { token: app.tokens.worker, body: fresh })).status).toBe(403)
    expect((await app.call(E.statusTypeUpdate, { token: app.tokens.client, body: { id: 1, ...fresh } })).status).toBe(403)
    expect((await app.call(E.statusTypeDelete, { token: app.tokens.worker, body: { id: 1 } })).status).toBe(403)
    expect((await app.call(E.statusTypeUpdate, { token: admin(), body: { id: 99999, ...fresh } })).status).toBe(404)
    for (const id of ['abc', '0', '99999999999']) expect((await app.request('GET', `app/v1/status_type/${id}`, { token: admin() })).status).toBe(404)
  })

  it('status type group by identifier: its statuses (clients: not the internal ones); unknown → 404', async () => {
    const staff = await app.call(E.statusTypeGroupOne, { token: app.tokens.worker, params: { identifier: 'problems' } })
    expect(staff.status).toBe(200)
    expect(staff.body).toMatchObject({ identifier: 'problems', name: 'Problemy' })
    const [{ n }] = await app.db.query<{ n: number }>(`select count(*)::int as n from status_types where status_type_group_id = 6`)
    expect(staff.body.status_types).toHaveLength(n)
    const client = await app.call(E.statusTypeGroupOne, { token: app.tokens.client, params: { identifier: 'problems' } })
    expect(client.body.status_types.every((s: { internal: number }) => s.internal === 0)).toBe(true)
    expect((await app.call(E.statusTypeGroupOne, { token: admin(), params: { identifier: 'nope' } })).status).toBe(404)
    expect((await app.call(E.statusTypeGroupOne, { params: { identifier: 'problems' } })).status).toBe(401)
  })
})
