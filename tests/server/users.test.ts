import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '../../src/contract/constants/tables.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { MSG } from '../../src/contract/messages.ts'
import { DEMO, type TestApp, linkToken, startApp, uniqueAddress, uniqueEmail } from './support.ts'

let t: TestApp
const E = endpoints
/** Extra active users inserted for paging; with the 4 active demo users they fill more than one page. */
const EXTRA = 30

beforeAll(async () => {
  t = await startApp()
  // Fast bulk insert (no login needed for them): pager.NN@example.com, half of them unverified.
  await t.db.query(
    `insert into users (email, password_hash, role, email_verified_at)
     select 'pager.' || lpad(i::text, 2, '0') || '@example.com', 'x', 1, case when i % 2 = 0 then now() - make_interval(days => i) end
       from generate_series(1, ${EXTRA}) i`,
  )
})
afterAll(async () => {
  await t?.close()
})

const page = (body: Record<string, unknown>, deleted = false) =>
  t.call(deleted ? E.usersDataDeleted : E.usersData, { token: t.tokens.admin, body: { draw: 1, start: 0, length: PAGE_SIZE.users, ...body } })

describe('users/data paging', () => {
  it('first page: 25 rows ordered by id, totals of all active users', async () => {
    const res = await page({ draw: 7 })
    expect(res.status).toBe(200)
    expect(res.body.draw).toBe(7)
    expect(res.body.recordsTotal).toBe(4 + EXTRA)
    expect(res.body.recordsFiltered).toBe(4 + EXTRA)
    expect(res.body.data).toHaveLength(PAGE_SIZE.users)
    const ids = res.body.data.map((r: { id: number }) => r.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(res.body.data.every((r: { deleted_at: unknown }) => r.deleted_at === null)).toBe(true)
    expect(res.body.data.map((r: { email: string }) => r.email)).not.toContain(DEMO.blocked.email)
  })

  it('second page holds the rest; pages do not overlap', async () => {
    const first = await page({ start: 0 })
    const second = await page({ start: PAGE_SIZE.users })
    expect(second.body.data).toHaveLength(4 + EXTRA - PAGE_SIZE.users)
    const a = new Set(first.body.data.map((r: { id: number }) => r.id))
    expect(second.body.data.some((r: { id: number }) => a.has(r.id))).toBe(false)
    const beyond = await page({ start: 1000 })
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.recordsTotal).toBe(4 + EXTRA)
  })

  it('length sets the page size', async () => {
    const res = await page({ start: 3, length: 5 })
    const all = await page({ start: 0, length: 100 })
    expect(res.body.data).toEqual(all.body.data.slice(3, 8))
  })

  it('search filters by e-mail (case-insensitive) or id; recordsTotal stays', async () => {
    const res = await page({ search: { value: 'PAGER.1' } })
    expect(res.body.recordsTotal).toBe(4 + EXTRA)
    expect(res.body.recordsFiltered).toBe(10) // pager.10 … pager.19
    expect(res.body.data.every((r: { email: string }) => r.email.startsWith('pager.1'))).toBe(true)

    const byId = await page({ search: { value: String(t.ids.worker2) } })
    expect(byId.body.data.map((r: { id: number }) => r.id)).toContain(t.ids.worker2)

    const none = await page({ search: { value: 'no-such-user' } })
    expect(none.body).toMatchObject({ data: [], recordsFiltered: 0, recordsTotal: 4 + EXTRA })
  })

  it('search is not a pattern: % and _ match themselves', async () => {
    expect((await page({ search: { value: '%' } })).body.recordsFiltered).toBe(0)
    expect((await page({ search: { value: 'pager_1' } })).body.recordsFiltered).toBe(0)
    expect((await page({ search: { value: 'pager.1' } })).body.recordsFiltered).toBe(10)
  })

  it('orders by the column index: email desc', async () => {
    const res = await page({ length: 100, order: [{ column: 1, dir: 'desc' }] })
    const emails = res.body.data.map((r: { email: string }) => r.email)
    expect(emails).toEqual([...emails].sort().reverse())
    expect(emails[0]).toBe('worker@example.com')
  })

  it('orders by email_verified_at with the unverified last', async () => {
    const res = await page({ length: 100, order: [{ column: 2, dir: 'asc' }] })
    const dates = res.body.data.map((r: { email_verified_at: string | null }) => r.email_verified_at)
    const firstNull = dates.indexOf(null)
    expect(firstNull).toBeGreaterThan(0)
    expect(dates.slice(firstNull).every((d: unknown) => d === null)).toBe(true)
    const set = dates.slice(0, firstNull).map((d: string) => Date.parse(d))
    expect(set).toEqual([...set].sort((a, b) => a - b))
  })

  it('an unknown column is ignored, not an error', async () => {
    const res = await page({ order: [{ column: 99, dir: 'desc' }] })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(PAGE_SIZE.users)
  })

  it('a bad paging payload → 422', async () => {
    for (const body of [{ start: -1 }, { length: 0 }, { length: 100000 }, { start: 'x' }, { order: [{ column: 1, dir: 'sideways' }] }]) {
      const res = await page(body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.errors).toBeDefined()
    }
  })

  it('users/data/deleted lists only blocked users', async () => {
    const res = await page({}, true)
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: { email: string }) => r.email)).toContain(DEMO.blocked.email)
    expect(res.body.data.every((r: { deleted_at: unknown }) => r.deleted_at !== null)).toBe(true)
    expect(res.body.recordsTotal).toBe(res.body.data.length)
  })
})

describe('user/{id}', () => {
  it('answers the user', async () => {
    const res = await t.call(E.userGet, { token: t.tokens.admin, params: { id: t.ids.client } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: t.ids.client, email: DEMO.client.email, role: 3, workstation: null })
    expect(res.body.client_id).toEqual(expect.any(Number))
    expect(res.body).not.toHaveProperty('password_hash')
  })

  // Decimal digits only: hexadecimal, exponents, signs, blanks and decimals are not ids (user 1 exists).
  it.each(['999999', 'abc', '1.5', '-1', '0', '1e3x', '0x1', '1e0', '%201', '1%20', '+1', '1.0', '0b1'])('%s → 404', async (id) => {
    const res = await t.request('GET', `user/${id}`, { token: t.tokens.admin })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: MSG.notFound })
  })
})

describe('create and edit', () => {
  it('POST user creates a staff account and mails its first password', async () => {
    const email = uniqueEmail('new')
    const res = await t.call(E.userCreate, { token: t.tokens.admin, body: { email, role: 1 } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ email, role: 1, email_verified_at: null, deleted_at: null })
    const [mail] = await t.mails(email)
    expect(mail).toBeDefined()
    const password = /Hasło: (\S+)/.exec(mail!.body)?.[1]
    expect(password).toBeDefined()
    const token = await t.login(email, password!)
    expect((await t.call(E.whoami, { token })).body.user.id).toBe(res.body.id)
    // The verification link in the same mail verifies the address.
    expect((await t.call(E.confirmEmail, { params: { token: linkToken(mail!.body) } })).status).toBe(200)
    expect((await t.call(E.userGet, { token: t.tokens.admin, params: { id: res.body.id } })).body.email_verified_at).not.toBeNull()
  })

  it('without SMTP the reply says the password waits in the outbox, which the admin (only) lists, newest first', async () => {
    const email = uniqueEmail('outbox')
    const res = await t.call(E.userCreate, { token: t.tokens.admin, body: { email, role: 1 } })
    expect(res.status).toBe(201)
    expect(res.body.password_mail).toBe('outbox')
    const outbox = await t.call(E.outboxList, { token: t.tokens.admin })
    expect(outbox.status).toBe(200)
    expect(outbox.body.delivery).toBe('outbox')
    const first = outbox.body.messages[0]
    expect(first).toMatchObject({ to_address: email, subject: 'Twoje konto zostało utworzone', sent_at: null })
    expect(first.body).toMatch(/Hasło: \S+/)
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    for (const who of ['worker', 'client'] as const) expect((await t.call(E.outboxList, { token: t.tokens[who] })).status).toBe(403)
    expect((await t.call(E.outboxList)).status).toBe(401)
  })

  it('a duplicate e-mail (any case) → 422 on email, nothing mailed', async () => {
    const before = (await t.mails('worker@example.com')).length
    const res = await t.call(E.userCreate, { token: t.tokens.admin, body: { email: 'WORKER@example.com', role: 1 } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ email: [MSG.emailTaken] })
    expect(await t.mails('worker@example.com')).toHaveLength(before)
  })

  it('an invalid body → 422 per field', async () => {
    const res = await t.call(E.userCreate, { token: t.tokens.admin, body: { email: 'x', role: 7 } })
    expect(res.status).toBe(422)
    expect(res.body.errors.email).toEqual([MSG.invalidEmail])
    expect(res.body.errors.role).toBeDefined()
    const empty = await t.call(E.userCreate, { token: t.tokens.admin, body: {} })
    expect(empty.body.errors).toEqual({ email: [MSG.required], role: [MSG.required] })
  })

  it('PUT user changes e-mail and role; a new e-mail is unverified again', async () => {
    const email = uniqueEmail('edit')
    const id = await t.createUser({ email, password: 'secret123', role: 1 })
    const newEmail = uniqueEmail('edited')
    const res = await t.call(E.userUpdate, { token: t.tokens.admin, body: { id, email: newEmail, role: 0 } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, email: newEmail, role: 0, email_verified_at: null })
    const token = await t.login(newEmail, 'secret123')
    expect((await t.call(E.whoami, { token })).body.role).toBe(0)
  })

  it('PUT user with the same e-mail keeps the verification', async () => {
    const email = uniqueEmail('keep')
    const id = await t.createUser({ email, role: 1 })
    const res = await t.call(E.userUpdate, { token: t.tokens.admin, body: { id, email, role: 1 } })
    expect(res.status).toBe(200)
    expect(res.body.email_verified_at).not.toBeNull()
  })

  it('PUT user: a taken e-mail → 422, an unknown id → 404, a client user cannot be edited here', async () => {
    const id = await t.createUser({ email: uniqueEmail('clash') })
    const taken = await t.call(E.userUpdate, { token: t.tokens.admin, body: { id, email: DEMO.admin.email, role: 1 } })
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ email: [MSG.emailTaken] })
    const unknown = await t.call(E.userUpdate, { token: t.tokens.admin, body: { id: 999999, email: uniqueEmail(), role: 1 } })
    expect(unknown.status).toBe(404)
    const client = await t.call(E.userUpdate, { token: t.tokens.admin, body: { id: t.ids.client, email: DEMO.client.email, role: 1 } })
    expect(client.status).toBe(422)
    expect((await t.call(E.userGet, { token: t.tokens.admin, params: { id: t.ids.client } })).body.role).toBe(3)
  })
})

describe('block and restore', () => {
  it('DELETE user blocks: deleted_at set, sessions die, login fails, workflow ends', async () => {
    const email = uniqueEmail('block')
    const id = await t.createUser({ email, password: 'secret123', role: 1 })
    const token = await t.login(email, 'secret123')
    const [ws] = await t.db.query<{ id: number }>(`select id from workstations where code = 'PRZJ_02'`)
    const [wf] = await t.db.query<{ id: number }>(`insert into workflows (workstation_id, user_id) values ($1, $2) returning id`, [ws!.id, id])
    await t.db.query(`update workstations set active_user_id = $2 where id = $1`, [ws!.id, id])

    const res = await t.call(E.userBlock, { token: t.tokens.admin, body: { id } })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(id)
    expect(res.body.deleted_at).not.toBeNull()
    expect(res.body.workstation).toBeNull()

    expect((await t.call(E.whoami, { token })).status).toBe(401)
    const login = await t.call(E.login, { body: { email, password: 'secret123' }, address: uniqueAddress() })
    expect(login.status).toBe(403)
    expect(login.body).toEqual({ message: 'user_blocked' })

    const [flow] = await t.db.query<{ end_type: string; end_at: unknown }>(`select end_type, end_at from workflows where id = $1`, [wf!.id])
    expect(flow).toMatchObject({ end_type: 'admin' })
    expect(flow!.end_at).not.toBeNull()
    const [station] = await t.db.query<{ active_user_id: number | null }>(`select active_user_id from workstations where id = $1`, [ws!.id])
    expect(station!.active_user_id).toBeNull()

    const active = await page({ length: 100, search: { value: email } })
    expect(active.body.data).toEqual([])
    const deleted = await page({ search: { value: email } }, true)
    expect(deleted.body.data.map((r: { id: number }) => r.id)).toEqual([id])
  })

  it('PATCH user/restore unblocks: the user can log in again', async () => {
    const email = uniqueEmail('restore')
    const id = await t.createUser({ email, password: 'secret123', blocked: true })
    expect((await t.call(E.login, { body: { email, password: 'secret123' }, address: uniqueAddress() })).status).toBe(403)
    const res = await t.call(E.userRestore, { token: t.tokens.admin, body: { id } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, deleted_at: null })
    const token = await t.login(email, 'secret123')
    expect((await t.call(E.whoami, { token })).status).toBe(200)
  })

  it('restore of a blocked user does not revive old sessions', async () => {
    const email = uniqueEmail('revive')
    const id = await t.createUser({ email, password: 'secret123' })
    const token = await t.login(email, 'secret123')
    await t.call(E.userBlock, { token: t.tokens.admin, body: { id } })
    await t.call(E.userRestore, { token: t.tokens.admin, body: { id } })
    expect((await t.call(E.whoami, { token })).status).toBe(401)
  })

  it('an admin cannot block themself (422); the session survives', async () => {
    const res = await t.call(E.userBlock, { token: t.tokens.admin, body: { id: t.ids.admin } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ id: [MSG.cannotBlockSelf] })
    expect((await t.call(E.whoami, { token: t.tokens.admin })).status).toBe(200)
  })

  it('unknown ids → 404; a bad id → 422', async () => {
    expect((await t.call(E.userBlock, { token: t.tokens.admin, body: { id: 999999 } })).status).toBe(404)
    expect((await t.call(E.userRestore, { token: t.tokens.admin, body: { id: 999999 } })).status).toBe(404)
    const bad = await t.call(E.userBlock, { token: t.tokens.admin, body: { id: 'abc' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.id).toBeDefined()
  })

  it('only admins block', async () => {
    const res = await t.call(E.userBlock, { token: t.tokens.worker, body: { id: t.ids.worker2 } })
    expect(res.status).toBe(403)
    expect((await t.call(E.whoami, { token: t.tokens.worker2 })).status).toBe(200)
  })
})

describe('users/employees-emails', () => {
  it('lists active staff of the requested roles, by e-mail', async () => {
    const res = await t.call(E.employeesEmails, { token: t.tokens.admin, body: { roles: [0, 1] } })
    expect(res.status).toBe(200)
    const emails = res.body.map((r: { email: string }) => r.email)
    expect(emails).toEqual(expect.arrayContaining([DEMO.admin.email, DEMO.worker.email, DEMO.worker2.email]))
    expect(emails).not.toContain(DEMO.blocked.email)
    expect(emails).not.toContain(DEMO.client.email)
    expect(emails).toEqual([...emails].sort())
    expect(res.body.every((r: { role: number }) => r.role === 0 || r.role === 1)).toBe(true)
  })

  it('filters by role', async () => {
    const admins = await t.call(E.employeesEmails, { token: t.tokens.admin, body: { roles: [0] } })
    expect(admins.body.every((r: { role: number }) => r.role === 0)).toBe(true)
    expect(admins.body.map((r: { email: string }) => r.email)).toContain(DEMO.admin.email)
    const workers = await t.call(E.employeesEmails, { token: t.tokens.admin, body: { roles: [1] } })
    expect(workers.body.map((r: { email: string }) => r.email)).not.toContain(DEMO.admin.email)
    const none = await t.call(E.employeesEmails, { token: t.tokens.admin, body: { roles: [] } })
    expect(none.body).toEqual([])
  })

  it('never lists client users', async () => {
    const res = await t.call(E.employeesEmails, { token: t.tokens.admin, body: { roles: [2, 3] } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })

  it('rejects unknown roles', async () => {
    const res = await t.call(E.employeesEmails, { token: t.tokens.admin, body: { roles: [9] } })
    expect(res.status).toBe(422)
  })
})
