import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * Courier and external credentials in the audit trail: old → new per field, a new password only
 * as changed, and never a password or token value anywhere in the log.
 */
let t: TestApp
let sofia: number
const admin = () => t.tokens.admin
const logOf = async (entity: string, id: number) =>
  (await t.call(E.auditData, { token: admin(), body: { start: 0, length: 50, entity, entity_id: String(id) } })).body.data as Array<{
    action: string; changes: Record<string, [unknown, unknown]>
  }>
const wholeLog = async () => JSON.stringify(await t.db.query(`select changes from audit_log`))

beforeAll(async () => {
  t = await startApp()
  sofia = (await t.db.query<{ id: number }>(`select id from clients where name = 'Sofia EOOD'`))[0]!.id
})
afterAll(() => t?.close())

describe('credentials', () => {
  it('courier account: create, update (password only as changed), delete', async () => {
    const types = (await t.call(E.credentialTypes, { token: admin() })).body as Array<{ id: number; assign: string }>
    const clientType = types.find((x) => x.assign === 'dpd_ro_client')!.id
    const created = await t.call(E.credentialCreate, { token: admin(), body: { id_client: sofia, id_type: clientType, username: 'sandbox', password: 'sandbox123', service: 'Classic', note: 'n' } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    const noted = await t.call(E.credentialUpdate, { token: admin(), body: { id, id_type: clientType, username: 'sandbox', note: 'zmiana', service: 'Classic', password: 'sandbox123' } })
    expect(noted.status).toBe(200)
    expect((await t.call(E.credentialDelete, { token: admin(), body: { id } })).status).toBe(200)
    const [del, upd, add] = await logOf('courier_credential', id)
    expect(add).toMatchObject({ action: 'create', changes: { username: [null, 'sandbox'], note: [null, 'n'], password: [null, 'changed'] } })
    expect(upd).toMatchObject({ action: 'update', changes: { note: ['n', 'zmiana'], password: [null, 'changed'] } })
    expect(del).toMatchObject({ action: 'delete', changes: { username: ['sandbox', null] } })
    expect(await wholeLog()).not.toContain('sandbox123')
  })

  it('external credential: create, update, revoke, delete; no password or token in the log', async () => {
    const created = await t.call(E.externalCredentialCreate, { token: admin(), params: { id: sofia }, body: { type: 'baselinker', username: 'audyt-login', password: 'Haslo-Zewn-1', ip: '10.0.0.1' } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await t.call(E.externalCredentialUpdate, { token: admin(), params: { id: sofia }, body: { id, type: 'baselinker', username: 'audyt-login-2', ip: '10.0.0.1' } })).status).toBe(200)
    expect((await t.call(E.externalCredentialRevoke, { token: admin(), params: { id: sofia, credId: id } })).status).toBe(200)
    expect((await t.call(E.externalCredentialDelete, { token: admin(), params: { id: sofia }, body: { credentialsId: id } })).status).toBe(200)
    const [del, rev, upd, add] = await logOf('external_credential', id)
    expect(add).toMatchObject({ action: 'create', changes: { username: [null, 'audyt-login'], password: [null, 'changed'] } })
    expect(upd!.changes).toEqual({ username: ['audyt-login', 'audyt-login-2'] })
    expect(rev!.action).toBe('deactivate')
    expect(rev!.changes.revoked_at![0]).toBeNull()
    expect(del).toMatchObject({ action: 'delete', changes: { username: ['audyt-login-2', null] } })
    const log = await wholeLog()
    expect(log).not.toContain('Haslo-Zewn-1')
    expect(log).not.toContain(created.body.token)
  })
})
