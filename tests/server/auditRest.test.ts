import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT } from '../../src/contract/constants/audit.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { openPostgres } from '../../src/server/db/db.ts'
import { migrate } from '../../src/server/db/migrate.ts'
import { today } from '../../src/server/domain/calendar.ts'
import { type TestApp, POSTGRES_URL, freshPostgres, linkToken, postgresAnswers, startApp, uniqueAddress, uniqueEmail } from './support.ts'

/**
 * Audit entries of courier account pins, resignations, alias resolutions, password changes and
 * resets, and the job's invoice sending: each changed through the API and read back through the
 * admin's log endpoint with its old → new values, actor and address. Then the log's grants on
 * PostgreSQL: the role that ran the migrations may insert and select, not update or delete.
 */
let t: TestApp
const admin = () => t.tokens.admin
type Entry = { action: string; address: string; user_id: number | null; user_email: string; changes: Record<string, [unknown, unknown]> }
const logOf = async (entity: string, id: number | string) =>
  (await t.call(E.auditData, { token: admin(), body: { start: 0, length: 50, entity, entity_id: String(id) } })).body.data as Entry[]
const clientNamed = async (name: string) => (await t.db.query<{ id: number }>(`select id from clients where name = $1`, [name]))[0]!.id

beforeAll(async () => {
  t = await startApp()
}, 300_000)
afterAll(() => t?.close())

describe('courier account pins, on the client', () => {
  it('create pins, main demotes the old main, a pin already in place is not recorded, unpin', async () => {
    const address = uniqueAddress()
    const [sofia, budapest] = [await clientNamed('Sofia EOOD'), await clientNamed('Budapest Kft')]
    const types = (await t.call(E.credentialTypes, { token: admin() })).body as Array<{ id: number; assign: string }>
    const clientType = types.find((x) => x.assign === 'dpd_ro_client')!.id
    const sofiaMain = await t.db.query(`select 1 from client_courier_credentials where client_id = $1 and is_main`, [sofia])
    const created = await t.call(E.credentialCreate, { token: admin(), address, body: { id_client: sofia, id_type: clientType, username: 'sandbox', password: 'sandbox123', service: 'Classic' } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    const field = `courier_credential.${id}`
    expect((await logOf('client', sofia))[0]).toMatchObject({
      action: 'pin', address, user_id: t.ids.admin, changes: { [field]: [null, sofiaMain.length ? AUDIT.pin.pinned : AUDIT.pin.main] },
    })

    const [oldMain] = await t.db.query<{ credential_id: number }>(`select credential_id from client_courier_credentials where client_id = $1 and is_main`, [budapest])
    const before = (await logOf('client', budapest)).length
    expect((await t.call(E.credentialMainSet, { token: admin(), address, body: { id, id_client: budapest } })).status).toBe(200)
    const [main] = await logOf('client', budapest)
    const expected: Record<string, [unknown, unknown]> = { [field]: [null, AUDIT.pin.main] }
    if (oldMain) expected[`courier_credential.${oldMain.credential_id}`] = [AUDIT.pin.main, AUDIT.pin.pinned]
    expect(main).toMatchObject({ action: 'pin', address, user_id: t.ids.admin })
    expect(main!.changes).toEqual(expected)

    // Pinning it again as a plain pin changes nothing (it stays main): no entry.
    expect((await t.call(E.credentialReuse, { token: admin(), body: { id, id_client: budapest } })).status).toBe(200)
    expect((await logOf('client', budapest)).length).toBe(before + 1)

    expect((await t.call(E.credentialUnpin, { token: admin(), address, body: { id, id_client: budapest } })).status).toBe(200)
    expect((await logOf('client', budapest))[0]).toMatchObject({ action: 'unpin', address, changes: { [field]: [AUDIT.pin.main, null] } })
    // A refused unpin (not pinned there) leaves none.
    expect((await t.call(E.credentialUnpin, { token: admin(), body: { id, id_client: budapest } })).status).toBe(404)
    expect((await logOf('client', budapest)).length).toBe(before + 2)
  }, 120_000)
})

describe('resignations', () => {
  it('staff create, update, delete; a client creates and deletes its own', async () => {
    const address = uniqueAddress()
    const budapest = await clientNamed('Budapest Kft')
    const created = await t.call(E.resignationCreate, { token: admin(), address, body: { client_id: budapest, waybill: ' RE100000128 ', note: 'Telefon od klienta' } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await t.call(E.resignationUpdate, { token: admin(), address, body: { id, waybill: '61326529480', note: '' } })).status).toBe(200)
    expect((await t.call(E.resignationDelete, { token: admin(), address, body: { id } })).status).toBe(200)
    const [del, upd, add] = await logOf('resignation', id)
    expect(add).toMatchObject({ action: 'create', address, user_id: t.ids.admin, changes: { client_id: [null, budapest], waybill: [null, 'RE100000128'], note: [null, 'Telefon od klienta'] } })
    expect(upd!.changes).toEqual({ waybill: ['RE100000128', '61326529480'], note: ['Telefon od klienta', ''] })
    expect(del).toMatchObject({ action: 'delete', changes: { client_id: [budapest, null], waybill: ['61326529480', null] } })

    const [own] = await t.db.query<{ client_id: number; waybill: string }>(
      `select p.client_id, p.internal_number as waybill from parcels p join users u on u.client_id = p.client_id
        where u.id = $1 and p.deleted_at is null and p.internal_number is not null
          and not exists (select 1 from parcel_reported_resignations r where upper(r.waybill) = upper(p.internal_number))
        order by p.id limit 1`,
      [t.ids.client],
    )
    const mine = await t.call(E.clientResignationCreate, { token: t.tokens.client, address, body: { waybill: own!.waybill, note: 'Nie chcę' } })
    expect(mine.status).toBe(201)
    expect((await t.call(E.clientResignationDelete, { token: t.tokens.client, address, body: { id: mine.body.id } })).status).toBe(200)
    const [cdel, cadd] = await logOf('resignation', mine.body.id)
    expect(cadd).toMatchObject({ action: 'create', address, user_id: t.ids.client, changes: { client_id: [null, own!.client_id], waybill: [null, own!.waybill], note: [null, 'Nie chcę'] } })
    expect(cdel).toMatchObject({ action: 'delete', user_id: t.ids.client, changes: { waybill: [own!.waybill, null] } })
  }, 120_000)
})

describe('alias resolutions', () => {
  it('resolve: the client chosen, how, and the marketplace flag', async () => {
    const address = uniqueAddress()
    const [a] = await t.db.query<{ id: number; proposed_client_id: number | null; is_emag: boolean }>(
      `select id, proposed_client_id, is_emag from unknown_client_aliases where resolved_at is null order by id limit 1`,
    )
    expect(a, 'the demo data has an unresolved alias').toBeDefined()
    const [other] = await t.db.query<{ id: number }>(`select id from clients where id is distinct from $1 order by id limit 1`, [a!.proposed_client_id])
    const res = await t.call(E.unknownAliasResolve, { token: admin(), address, body: { id: a!.id, client_id: other!.id, is_emag: a!.is_emag ? 0 : 1, resolved_type: 'manual' } })
    expect(res.status).toBe(200)
    const [e] = await logOf('alias', a!.id)
    expect(e).toMatchObject({ action: 'resolve', address, user_id: t.ids.admin })
    expect(e!.changes).toEqual({ resolved_client_id: [null, other!.id], resolved_type: [null, 'manual'], is_emag: [a!.is_emag, !a!.is_emag] })
    // Resolving it twice is refused: no second entry.
    expect((await t.call(E.unknownAliasResolve, { token: admin(), body: { id: a!.id, client_id: other!.id, is_emag: 0, resolved_type: 'manual' } })).status).toBe(409)
    expect(await logOf('alias', a!.id)).toHaveLength(1)
  }, 120_000)
})

describe('passwords: that they changed, never the value', () => {
  it('a change by the user and a reset through the recovery link', async () => {
    const email = uniqueEmail('audit')
    const id = await t.createUser({ email, password: 'stare-haslo-1' })
    const address = uniqueAddress()
    const token = await t.login(email, 'stare-haslo-1')
    expect((await t.call(E.changePassword, { token, address, body: { current_password: 'stare-haslo-1', password: 'nowe-haslo-22', confirmation: 'nowe-haslo-22' } })).status).toBe(200)
    expect((await logOf('user', id))[0]).toMatchObject({ action: 'update', address, user_id: id, user_email: email, changes: { password: [null, AUDIT.secretChanged] } })

    expect((await t.call(E.recover, { address, body: { email } })).status).toBe(200)
    const link = linkToken((await t.mails(email)).filter((m) => m.subject === 'Odzyskiwanie hasła').at(-1)!.body)
    expect((await t.call(E.confirmEmail, { address, params: { token: link } })).status).toBe(200)
    const [reset] = await logOf('user', id)
    expect(reset).toMatchObject({ action: 'password_reset', address, user_id: id, changes: { password: [null, AUDIT.secretChanged] } })
    const whole = JSON.stringify(await t.db.query(`select changes from audit_log`))
    expect(whole).not.toContain('nowe-haslo-22')
    expect(whole).not.toContain('stare-haslo-1')
  }, 120_000)
})

describe('invoice sending (a job)', () => {
  it('recorded without an actor: status issued → send and the e-mail', async () => {
    const res = await t.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: today() } })
    expect(res.status).toBe(200)
    const [inv] = await t.db.query<{ id: number }>(
      `select i.id from invoices i join clients c on c.id = i.client_id where c.name = 'Demo Shop SRL' and i.id = any($1::int[])`,
      [res.body.created],
    )
    const until = Date.now() + 90_000
    for (;;) {
      const [r] = await t.db.query<{ status: string; email_id: number | null }>(`select status, email_id from invoices where id = $1`, [inv!.id])
      if (r!.status === 'send') {
        const [e] = await logOf('invoice', inv!.id)
        expect(e).toMatchObject({ action: 'send', user_id: null, user_email: '', address: '' })
        expect(e!.changes).toEqual({ status: ['issued', 'send'], email_id: [null, r!.email_id] })
        break
      }
      if (Date.now() > until) expect.fail(`invoice ${inv!.id} still ${r!.status}`)
      await new Promise((ok) => setTimeout(ok, 200))
    }
  }, 120_000)
})

// The grants: only where a PostgreSQL server answers (npm run test:pg, or a local one).
const pgUp = await postgresAnswers(POSTGRES_URL)
describe.skipIf(!pgUp)('PostgreSQL: the application role may insert and select the log, not change it', () => {
  it('UPDATE and DELETE by the role that ran the migrations fail on the grants', async () => {
    const fresh = await freshPostgres(POSTGRES_URL)
    const role = `audit_app_${randomBytes(4).toString('hex')}`
    const su = new pg.Client({ connectionString: fresh.url })
    await su.connect()
    await su.query(`create role ${role} login nosuperuser`)
    await su.query(`grant all on database ${new URL(fresh.url).pathname.slice(1)} to ${role}`)
    await su.query(`grant all on schema public to ${role}`)
    // pg_trgm needs a superuser: made here, as a DBA would, before the app's role migrates.
    await su.query(`create extension if not exists pg_trgm`)
    const url = new URL(fresh.url)
    url.username = role
    const app = await openPostgres(url.toString())
    try {
      await migrate(app)
      await app.query(
        `insert into audit_log (id, at, entity, entity_id, action, prev_hash, hash) values (nextval('audit_log_id_seq'), now(), 'client', '1', 'update', '', 'h')`,
      )
      expect(await app.query(`select entity from audit_log`)).toEqual([{ entity: 'client' }])
      const [rights] = await app.query<{ update: boolean; delete: boolean; insert: boolean }>(
        `select has_table_privilege('audit_log', 'UPDATE') as update, has_table_privilege('audit_log', 'DELETE') as delete, has_table_privilege('audit_log', 'INSERT') as insert`,
      )
      expect(rights).toEqual({ update: false, delete: false, insert: true })
      await expect(app.query(`update audit_log set entity_id = '2'`)).rejects.toThrow(/permission denied/)
      await expect(app.query(`delete from audit_log`)).rejects.toThrow(/permission denied/)
      expect(await app.query(`select entity_id from audit_log`)).toEqual([{ entity_id: '1' }])
    } finally {
      await app.close()
      await su.query(`reassign owned by ${role} to current_user`)
      await su.query(`drop owned by ${role}`)
      await su.end()
      await fresh.drop()
      const c = new pg.Client({ connectionString: POSTGRES_URL })
      await c.connect()
      await c.query(`drop role if exists ${role}`)
      await c.end()
    }
  }, 120_000)
})
