import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_MAX_ATTEMPTS_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_SLOWDOWN_MS, LOGIN_THROTTLE_WINDOW_MS, PASSWORD_MIN_LENGTH } from '../../src/contract/constants/session.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { MSG } from '../../src/contract/messages.ts'
import { sha256 } from '../../src/server/domain/session.ts'
import { DEMO, type TestApp, linkToken, startApp, uniqueAddress, uniqueEmail } from './support.ts'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(async () => {
  await t?.close()
})

const E = endpoints

describe('login', () => {
  it.each([
    ['admin', 0],
    ['worker', 1],
    ['worker2', 1],
    ['client', 3],
  ] as const)('%s logs in with the demo password', async (name, role) => {
    const res = await t.call(E.login, { body: { email: DEMO[name].email, password: DEMO[name].password } })
    expect(res.status).toBe(200)
    expect(res.body._token).toEqual(expect.any(String))
    expect(res.body._token.length).toBeGreaterThanOrEqual(32)
    expect(res.body.role).toBe(role)
    expect(res.body.user).toMatchObject({ id: t.ids[name], email: DEMO[name].email, role, deleted_at: null, workstation: null })
  })

  it('ignores the case of the e-mail', async () => {
    const res = await t.call(E.login, { body: { email: 'ADMIN@Example.com', password: DEMO.admin.password } })
    expect(res.status).toBe(200)
    expect(res.body.user.email).toBe(DEMO.admin.email)
  })

  it.each([
    ['wrong password', DEMO.admin.email, 'wrong-password'],
    ['unknown e-mail', 'nobody@example.com', 'admin123'],
    ['another user’s password', DEMO.worker.email, DEMO.admin.password],
  ])('%s → 401 login_error', async (_, email, password) => {
    const res = await t.call(E.login, { body: { email, password }, address: uniqueAddress() })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'login_error' })
  })

  it('a blocked user cannot log in: the right password → 403 user_blocked, a wrong one → 401 login_error', async () => {
    const res = await t.call(E.login, { body: { email: DEMO.blocked.email, password: DEMO.blocked.password }, address: uniqueAddress() })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: 'user_blocked' })
    // Without the password nobody learns that the account exists and is blocked.
    const wrong = await t.call(E.login, { body: { email: DEMO.blocked.email, password: 'wrong-password' }, address: uniqueAddress() })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ message: 'login_error' })
  })

  it('an empty body → 422 with every field required', async () => {
    const res = await t.call(E.login, { body: {} })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(MSG.invalidData)
    expect(res.body.errors).toEqual({ email: [MSG.required], password: [MSG.required] })
  })

  it('an invalid e-mail and a short password → 422 per field', async () => {
    const res = await t.call(E.login, { body: { email: 'not-an-email', password: '12345' } })
    expect(res.status).toBe(422)
    expect(res.body.errors.email).toEqual([MSG.invalidEmail])
    expect(res.body.errors.password).toEqual([MSG.minLength(PASSWORD_MIN_LENGTH)])
  })

  it('e-mails longer than the limits are rejected', async () => {
    const longLocal = `${'a'.repeat(65)}@example.com`
    const longTotal = `a@${'b'.repeat(250)}.com`
    for (const email of [longLocal, longTotal]) {
      const res = await t.call(E.login, { body: { email, password: 'secret123' } })
      expect(res.status).toBe(422)
      expect(res.body.errors.email).toEqual([MSG.invalidEmail])
    }
  })

  it('a body that is not JSON → 422, not 500', async () => {
    const res = await t.request('POST', 'user/login', { body: 'email=admin@example.com' })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password'])
  })

  it('a body of the wrong types → 422', async () => {
    const res = await t.call(E.login, { body: { email: 42, password: ['x'] } })
    expect(res.status).toBe(422)
    expect(res.body.errors.email).toEqual([MSG.invalidValue])
    expect(res.body.errors.password).toEqual([MSG.invalidValue])
  })
})

/** Sends `n` wrong-password logins for `email` from `address` at once. */
const wrongLogins = (n: number, email: string, address: () => string) =>
  Promise.all(Array.from({ length: n }, () => t.call(E.login, { body: { email, password: 'wrong-password' }, address: address() })))

describe('login guessing protection: refuses per account and address, slows the account', () => {
  it(`${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures of one account from one address → 429 with Retry-After there; parallel guesses are all counted`, async () => {
    const email = uniqueEmail('guess')
    await t.createUser({ email, password: 'right-password' })
    const address = uniqueAddress()
    // Twice the limit at once from one address.
    const started = Date.now()
    const replies = await wrongLogins(2 * LOGIN_MAX_FAILURES_PER_ACCOUNT, email, () => address)
    const codes = replies.map((r) => r.status)
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT)
    expect(codes.filter((c) => c === 429)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT)
    // Refused, not delayed: the whole burst takes about as long as its password checks (generous bound for a busy machine).
    expect(Date.now() - started).toBeLessThan(10_000)

    // From that address even the right password is refused at once, with the wait in seconds and in Polish.
    const locked = await t.call(E.login, { body: { email: email.toUpperCase(), password: 'right-password' }, address })
    expect(locked.status).toBe(429)
    const retry = Number(locked.headers.get('retry-after'))
    expect(retry).toBeGreaterThan(LOGIN_THROTTLE_WINDOW_MS / 1000 - 60)
    expect(retry).toBeLessThanOrEqual(LOGIN_THROTTLE_WINDOW_MS / 1000)
    expect(locked.body).toEqual({ message: MSG.tooManyAttempts(LOGIN_THROTTLE_WINDOW_MS / 60_000) })
    expect(locked.ms).toBeLessThan(1000)
  })

  it('lockout is no weapon: guesses from one address do not lock the owner out of another', async () => {
    const attacker = uniqueAddress()
    await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT + 2, DEMO.admin.email, () => attacker)
    expect((await t.call(E.login, { body: { email: DEMO.admin.email, password: DEMO.admin.password }, address: attacker })).status).toBe(429)
    // The operator, elsewhere, signs in (slowed at most, never refused).
    const owner = await t.call(E.login, { body: { email: DEMO.admin.email, password: DEMO.admin.password }, address: uniqueAddress() })
    expect(owner.status).toBe(200)
    await t.db.query(`delete from rate_limits where key like 'login_%' and key like $1`, [`%${DEMO.admin.email}%`])
  })

  it(`past ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures from many addresses the account is slowed by ${LOGIN_SLOWDOWN_MS} ms, not refused`, async () => {
    const email = uniqueEmail('spread')
    await t.createUser({ email, password: 'right-password' })
    const spread = await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT + 1, email, uniqueAddress)
    expect(spread.map((r) => r.status)).toEqual(Array(LOGIN_MAX_FAILURES_PER_ACCOUNT + 1).fill(401))
    const wrong = await t.call(E.login, { body: { email, password: 'wrong-password' }, address: uniqueAddress() })
    expect(wrong.status).toBe(401)
    expect(wrong.ms).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50)
    const right = await t.call(E.login, { body: { email, password: 'right-password' }, address: uniqueAddress() })
    expect(right.status).toBe(200)
    expect(right.ms).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50)
    // The success cleared the account: the next sign-in is not slowed.
    expect((await t.call(E.login, { body: { email, password: 'right-password' }, address: uniqueAddress() })).ms).toBeLessThan(LOGIN_SLOWDOWN_MS)
  })

  it('an admin unlocks a user: the lockout and the slow-down end at once; 404 for an unknown user; admins only', async () => {
    const email = uniqueEmail('unlock')
    const id = await t.createUser({ email, password: 'right-password' })
    const address = uniqueAddress()
    await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT, email, () => address)
    await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT, email, uniqueAddress)
    expect((await t.call(E.login, { body: { email, password: 'right-password' }, address })).status).toBe(429)
    expect((await t.call(E.userUnlock, { token: t.tokens.worker, body: { id } })).status).toBe(403)
    const unlocked = await t.call(E.userUnlock, { token: t.tokens.admin, body: { id } })
    expect(unlocked.status).toBe(200)
    expect(unlocked.body).toEqual({ message: MSG.userUnlocked })
    const after = await t.call(E.login, { body: { email, password: 'right-password' }, address })
    expect(after.status).toBe(200)
    expect(after.ms).toBeLessThan(LOGIN_SLOWDOWN_MS)
    expect((await t.call(E.userUnlock, { token: t.tokens.admin, body: { id: 999_999 } })).status).toBe(404)
  })

  it('other accounts and right passwords from the same address are not slowed or refused', async () => {
    const victim = uniqueEmail('victim')
    await t.createUser({ email: victim, password: 'right-password' })
    const address = uniqueAddress()
    await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT + 2, victim, () => address)
    expect((await t.call(E.login, { body: { email: victim, password: 'right-password' }, address })).status).toBe(429)
    // Another account from the very same address signs in at once.
    const other = await t.call(E.login, { body: { email: DEMO.worker2.email, password: DEMO.worker2.password }, address })
    expect(other.status).toBe(200)
    expect(other.ms).toBeLessThan(2500)
    // Right passwords are not counted: many sign-ins in a row keep working.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT + 2; i++) {
      expect((await t.call(E.login, { body: { email: DEMO.worker2.email, password: DEMO.worker2.password }, address })).status).toBe(200)
    }
  })

  it('a success clears the account\'s failures', async () => {
    const email = uniqueEmail('reset')
    await t.createUser({ email, password: 'right-password' })
    await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT - 1, email, uniqueAddress)
    expect((await t.call(E.login, { body: { email, password: 'right-password' }, address: uniqueAddress() })).status).toBe(200)
    const again = await wrongLogins(LOGIN_MAX_FAILURES_PER_ACCOUNT, email, uniqueAddress)
    expect(again.map((r) => r.status)).toEqual(Array(LOGIN_MAX_FAILURES_PER_ACCOUNT).fill(401))
  })

  it(`one address gets ${LOGIN_MAX_ATTEMPTS_PER_ADDRESS} attempts on any accounts (password spraying), then 429`, async () => {
    const address = uniqueAddress()
    // Counted directly up to one short of the limit (fast), then two real attempts.
    await t.db.query(`insert into rate_limits (key, points, expire) values ($1, $2, $3)`, [
      `login_address:${address}`,
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS - 1,
      Date.now() + LOGIN_THROTTLE_WINDOW_MS,
    ])
    const last = await t.call(E.login, { body: { email: uniqueEmail('spray'), password: 'wrong-password' }, address })
    expect(last.status).toBe(401)
    const refused = await t.call(E.login, { body: { email: DEMO.admin.email, password: DEMO.admin.password }, address })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Other addresses are untouched.
    expect((await t.call(E.login, { body: { email: DEMO.admin.email, password: DEMO.admin.password }, address: uniqueAddress() })).status).toBe(200)
  })

  it('the window ends: an expired count starts again', async () => {
    const email = uniqueEmail('expired')
    await t.createUser({ email, password: 'right-password' })
    await t.db.query(`insert into rate_limits (key, points, expire) values ($1, $2, $3)`, [
      `login_account:${email}`,
      LOGIN_MAX_FAILURES_PER_ACCOUNT * 3,
      Date.now() - 1000,
    ])
    expect((await t.call(E.login, { body: { email, password: 'right-password' }, address: uniqueAddress() })).status).toBe(200)
  })
})

describe('tokens', () => {
  it('whoami answers the role, no workstation and the user', async () => {
    const res = await t.call(E.whoami, { token: t.tokens.worker })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ role: 1, workstation: null, user: { id: t.ids.worker, email: DEMO.worker.email } })
    const client = await t.call(E.whoami, { token: t.tokens.client })
    expect(client.body.role).toBe(3)
    expect(client.body.user.client_id).toEqual(expect.any(Number))
  })

  it('without a token, with a junk token or a malformed header → 401', async () => {
    expect((await t.call(E.whoami)).status).toBe(401)
    expect((await t.call(E.whoami, { token: 'not-a-token' })).status).toBe(401)
    const basic = await t.call(E.whoami, { headers: { authorization: `Basic ${t.tokens.admin}` } })
    expect(basic.status).toBe(401)
    expect(basic.body).toEqual({ message: MSG.unauthenticated })
  })

  it('tokens are stored hashed', async () => {
    const token = await t.login(DEMO.admin.email, DEMO.admin.password)
    const raw = await t.db.query(`select 1 from sessions where token_hash = $1`, [token])
    expect(raw).toHaveLength(0)
    const all = await t.db.query<{ token_hash: string }>(`select token_hash from sessions`)
    expect(all.some((r) => r.token_hash.includes(token))).toBe(false)
    expect(await t.db.query(`select 1 from sessions where token_hash = $1`, [sha256(token)])).toHaveLength(1)
  })

  it('each login gets its own token', async () => {
    const a = await t.login(DEMO.worker.email, DEMO.worker.password)
    const b = await t.login(DEMO.worker.email, DEMO.worker.password)
    expect(a).not.toBe(b)
  })

  it('an expired token → 401', async () => {
    const token = await t.login(DEMO.worker2.email, DEMO.worker2.password)
    expect((await t.call(E.whoami, { token })).status).toBe(200)
    await t.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(token)])
    expect((await t.call(E.whoami, { token })).status).toBe(401)
  })
})

describe('logout', () => {
  it('revokes the token; other sessions of the same user live on', async () => {
    const token = await t.login(DEMO.client.email, DEMO.client.password)
    const res = await t.call(E.logout, { token, body: {} })
    expect(res.status).toBe(200)
    expect((await t.call(E.whoami, { token })).status).toBe(401)
    expect((await t.call(E.logout, { token, body: {} })).status).toBe(401)
    expect((await t.call(E.whoami, { token: t.tokens.client })).status).toBe(200)
  })

  it('of staff ends the open workflow (end type logout) and frees the workstation', async () => {
    const token = await t.login(DEMO.worker.email, DEMO.worker.password)
    const [ws] = await t.db.query<{ id: number }>(`select id from workstations where code = 'PRZJ_01'`)
    const [wf] = await t.db.query<{ id: number }>(`insert into workflows (workstation_id, user_id) values ($1, $2) returning id`, [ws!.id, t.ids.worker])
    await t.db.query(`update workstations set active_user_id = $2 where id = $1`, [ws!.id, t.ids.worker])

    const before = await t.call(E.whoami, { token })
    expect(before.body.workstation).toMatchObject({ id: ws!.id, code: 'PRZJ_01', type: { code: 'PRZJ' }, warehouse: { id: 1, name: 'TYCHY' } })

    expect((await t.call(E.logout, { token, body: {} })).status).toBe(200)
    const [after] = await t.db.query<{ end_at: unknown; end_type: string }>(`select end_at, end_type from workflows where id = $1`, [wf!.id])
    expect(after!.end_at).not.toBeNull()
    expect(after!.end_type).toBe('logout')
    const [station] = await t.db.query<{ active_user_id: number | null }>(`select active_user_id from workstations where id = $1`, [ws!.id])
    expect(station!.active_user_id).toBeNull()
    expect((await t.call(E.whoami, { token })).status).toBe(401)
    expect((await t.call(E.whoami, { token: t.tokens.worker })).body.workstation).toBeNull()
  })

  it('of staff without a workflow leaves other workflows alone', async () => {
    const [ws] = await t.db.query<{ id: number }>(`select id from workstations where code = 'SRTW_01'`)
    const [wf] = await t.db.query<{ id: number }>(`insert into workflows (workstation_id, user_id) values ($1, $2) returning id`, [ws!.id, t.ids.worker2])
    await t.db.query(`update workstations set active_user_id = $2 where id = $1`, [ws!.id, t.ids.worker2])
    const token = await t.login(DEMO.admin.email, DEMO.admin.password)
    expect((await t.call(E.logout, { token, body: {} })).status).toBe(200)
    const [still] = await t.db.query<{ end_at: unknown }>(`select end_at from workflows where id = $1`, [wf!.id])
    expect(still!.end_at).toBeNull()
    // clean up for later tests
    await t.db.query(`update workflows set end_at = now(), end_type = 'manual' where id = $1`, [wf!.id])
    await t.db.query(`update workstations set active_user_id = null where id = $1`, [ws!.id])
  })
})

describe('password change', () => {
  it('changes the password: the old one fails, the new one works', async () => {
    const email = uniqueEmail('pw')
    await t.createUser({ email, password: 'old-secret' })
    const token = await t.login(email, 'old-secret')
    const res = await t.call(E.changePassword, { token, body: { current_password: 'old-secret', password: 'new-secret', confirmation: 'new-secret' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'password_changed' })
    const old = await t.call(E.login, { body: { email, password: 'old-secret' }, address: uniqueAddress() })
    expect(old.status).toBe(401)
    expect(await t.login(email, 'new-secret')).toEqual(expect.any(String))
  })

  it('a confirmation that differs → 422 on confirmation', async () => {
    const email = uniqueEmail('pw')
    await t.createUser({ email, password: 'old-secret' })
    const token = await t.login(email, 'old-secret')
    const res = await t.call(E.changePassword, { token, body: { current_password: 'old-secret', password: 'new-secret', confirmation: 'other-secret' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ confirmation: [MSG.passwordsDiffer] })
    expect(await t.login(email, 'old-secret')).toEqual(expect.any(String))
  })

  it('missing and short fields → 422 per field', async () => {
    const res = await t.call(E.changePassword, { token: t.tokens.worker, body: { password: '123' } })
    expect(res.status).toBe(422)
    expect(res.body.errors.password).toEqual([MSG.minLength(PASSWORD_MIN_LENGTH)])
    expect(res.body.errors.confirmation).toEqual([MSG.required])
    expect(res.body.errors.current_password).toEqual([MSG.required])
  })

  it('a wrong current password → 422 on current_password, nothing changes', async () => {
    const email = uniqueEmail('pw')
    await t.createUser({ email, password: 'old-secret' })
    const token = await t.login(email, 'old-secret')
    const res = await t.call(E.changePassword, { token, body: { current_password: 'not-my-password', password: 'new-secret', confirmation: 'new-secret' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ current_password: [MSG.wrongCurrentPassword] })
    expect(await t.login(email, 'old-secret')).toEqual(expect.any(String))
    expect((await t.call(E.whoami, { token })).status).toBe(200)
  })

  it('ends the other sessions of the user; the current one and other users go on', async () => {
    const email = uniqueEmail('pw')
    await t.createUser({ email, password: 'old-secret' })
    const current = await t.login(email, 'old-secret')
    const otherA = await t.login(email, 'old-secret')
    const otherB = await t.login(email, 'old-secret')
    const res = await t.call(E.changePassword, { token: current, body: { current_password: 'old-secret', password: 'new-secret', confirmation: 'new-secret' } })
    expect(res.status).toBe(200)
    expect((await t.call(E.whoami, { token: otherA })).status).toBe(401)
    expect((await t.call(E.whoami, { token: otherB })).status).toBe(401)
    expect((await t.call(E.whoami, { token: current })).status).toBe(200)
    expect((await t.call(E.whoami, { token: t.tokens.admin })).status).toBe(200)
  })

  it('needs a session', async () => {
    const res = await t.call(E.changePassword, { body: { current_password: 'x', password: 'new-secret', confirmation: 'new-secret' } })
    expect(res.status).toBe(401)
  })
})

describe('recover and e-mail confirmation', () => {
  it('always answers 200; an unknown or blocked address gets no e-mail', async () => {
    for (const email of ['nobody@example.com', DEMO.blocked.email]) {
      const res = await t.call(E.recover, { body: { email } })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ message: 'password_recover_email_sent' })
      expect(await t.mails(email)).toHaveLength(0)
    }
  })

  it(`is refused with 429 after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} requests for one e-mail, known or not, alike`, async () => {
    const known = uniqueEmail('recover-limit')
    await t.createUser({ email: known, password: 'secret123' })
    for (const email of [known, uniqueEmail('recover-unknown')]) {
      const replies = await Promise.all(
        Array.from({ length: LOGIN_MAX_FAILURES_PER_ACCOUNT + 3 }, () => t.call(E.recover, { body: { email }, address: uniqueAddress() })),
      )
      const codes = replies.map((r) => r.status)
      expect(codes.filter((c) => c === 200)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT)
      expect(codes.filter((c) => c === 429)).toHaveLength(3)
      const refused = replies.find((r) => r.status === 429)!
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.body.message).toBe(MSG.tooManyAttempts(LOGIN_THROTTLE_WINDOW_MS / 60_000))
    }
    expect(await t.mails(known)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT)
  })

  it(`is refused after ${LOGIN_MAX_ATTEMPTS_PER_ADDRESS} requests from one address`, async () => {
    const address = uniqueAddress()
    await t.db.query(`insert into rate_limits (key, points, expire) values ($1, $2, $3)`, [
      `recover_address:${address}`,
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      Date.now() + LOGIN_THROTTLE_WINDOW_MS,
    ])
    expect((await t.call(E.recover, { body: { email: uniqueEmail('r') }, address })).status).toBe(429)
    expect((await t.call(E.recover, { body: { email: uniqueEmail('r') }, address: uniqueAddress() })).status).toBe(200)
  })

  it('needs a valid e-mail', async () => {
    const res = await t.call(E.recover, { body: { email: 'nope' } })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ email: [MSG.invalidEmail] })
  })

  it('mails a one-time link; opening it verifies the address and mails a new password', async () => {
    const email = uniqueEmail('recover')
    const id = await t.createUser({ email, password: 'forgotten' })
    await t.db.query(`update users set email_verified_at = null where id = $1`, [id])
    const before = await t.login(email, 'forgotten')

    const res = await t.call(E.recover, { body: { email: email.toUpperCase() } })
    expect(res.status).toBe(200)
    const [mail] = await t.mails(email)
    expect(mail).toBeDefined()
    expect(mail!.body).toContain(`${'http://courier.test'}/email/check/`)
    const token = linkToken(mail!.body)
    // The link token is stored hashed too.
    expect(await t.db.query(`select 1 from email_tokens where token_hash = $1`, [token])).toHaveLength(0)

    const confirm = await t.call(E.confirmEmail, { params: { token } })
    expect(confirm.status).toBe(200)
    expect(confirm.body).toEqual({ message: 'mail_valid' })
    const [u] = await t.db.query<{ email_verified_at: unknown }>(`select email_verified_at from users where id = $1`, [id])
    expect(u!.email_verified_at).not.toBeNull()

    const again = await t.call(E.confirmEmail, { params: { token } })
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ message: 'mail_invalid' })

    const mails = await t.mails(email)
    expect(mails).toHaveLength(2)
    const password = /hasło: (\S+)/i.exec(mails[1]!.body)?.[1]
    expect(password).toBeDefined()
    expect(await t.login(email, password!)).toEqual(expect.any(String))
    expect((await t.call(E.login, { body: { email, password: 'forgotten' }, address: uniqueAddress() })).status).toBe(401)
    // Whoever was signed in with the old password is signed out.
    expect((await t.call(E.whoami, { token: before })).status).toBe(401)
  })

  it('an unknown or expired link → 404 mail_invalid', async () => {
    const unknown = await t.call(E.confirmEmail, { params: { token: 'no-such-token' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'mail_invalid' })

    const email = uniqueEmail('expired')
    const id = await t.createUser({ email })
    await t.call(E.recover, { body: { email } })
    const token = linkToken((await t.mails(email))[0]!.body)
    await t.db.query(`update email_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [id])
    const expired = await t.call(E.confirmEmail, { params: { token } })
    expect(expired.status).toBe(404)
    expect(expired.body).toEqual({ message: 'mail_invalid' })
  })
})

describe('register', () => {
  it('an admin registers a user who can then log in', async () => {
    const email = uniqueEmail('reg')
    const res = await t.call(E.register, { token: t.tokens.admin, body: { email, password: 'first-pass', role: 1 } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ email, role: 1, deleted_at: null, email_verified_at: null, workstation: null })
    const token = await t.login(email, 'first-pass')
    expect((await t.call(E.whoami, { token })).body.role).toBe(1)
    // A verification link goes out; it verifies the address.
    const [mail] = await t.mails(email)
    expect((await t.call(E.confirmEmail, { params: { token: linkToken(mail!.body) } })).status).toBe(200)
    expect((await t.call(E.userGet, { token: t.tokens.admin, params: { id: res.body.id } })).body.email_verified_at).not.toBeNull()
  })

  it('is for admins only', async () => {
    const body = { email: uniqueEmail('reg'), password: 'first-pass', role: 1 }
    expect((await t.call(E.register, { token: t.tokens.worker, body })).status).toBe(403)
    expect((await t.call(E.register, { token: t.tokens.client, body })).status).toBe(403)
    expect((await t.call(E.register, { body })).status).toBe(401)
    expect(await t.mails(body.email)).toHaveLength(0)
  })

  it('rejects a taken e-mail and a client role', async () => {
    const taken = await t.call(E.register, { token: t.tokens.admin, body: { email: 'Worker@Example.com', password: 'first-pass', role: 1 } })
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ email: [MSG.emailTaken] })
    const client = await t.call(E.register, { token: t.tokens.admin, body: { email: uniqueEmail('reg'), password: 'first-pass', role: 3 } })
    expect(client.status).toBe(422)
    expect(Object.keys(client.body.errors)).toEqual(['role'])
  })
})

describe('sessions on /profile: log out everywhere', () => {
  it('lists the live sessions with when and from where each began; ending the others keeps this one', async () => {
    const email = uniqueEmail('everywhere')
    await t.createUser({ email, password: 'right-password' })
    const [home, phone] = [uniqueAddress(), uniqueAddress()]
    const before = Date.now() - 1000
    const a = (await t.call(E.login, { body: { email, password: 'right-password' }, address: home })).body._token as string
    const b = (await t.call(E.login, { body: { email, password: 'right-password' }, address: phone })).body._token as string
    const list = await t.call(E.sessionsMine, { token: a })
    expect(list.status).toBe(200)
    expect(list.body.map((s: { address: string; current: boolean }) => [s.address, s.current])).toEqual([[phone, false], [home, true]])
    for (const s of list.body as Array<{ started_at: string }>) expect(Date.parse(s.started_at)).toBeGreaterThan(before)
    const ended = await t.call(E.sessionsEndOthers, { token: a, body: {} })
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ message: MSG.sessionsEnded(1), ended: 1 })
    expect((await t.call(E.whoami, { token: b })).status).toBe(401)
    expect((await t.call(E.whoami, { token: a })).status).toBe(200)
    expect((await t.call(E.sessionsMine, { token: a })).body).toHaveLength(1)
    expect((await t.call(E.sessionsMine)).status).toBe(401)
  })

  it('an admin ends every session of a user; only admins may', async () => {
    const email = uniqueEmail('ended')
    const id = await t.createUser({ email, password: 'right-password' })
    const tokens = [await t.login(email, 'right-password'), await t.login(email, 'right-password')]
    expect((await t.call(E.userSessionsEnd, { token: t.tokens.worker, body: { id } })).status).toBe(403)
    const res = await t.call(E.userSessionsEnd, { token: t.tokens.admin, body: { id } })
    expect(res.body).toEqual({ message: MSG.userSessionsEnded(2), ended: 2 })
    for (const token of tokens) expect((await t.call(E.whoami, { token })).status).toBe(401)
    expect((await t.call(E.whoami, { token: t.tokens.admin })).status).toBe(200)
    expect((await t.call(E.userSessionsEnd, { token: t.tokens.admin, body: { id: 999_999 } })).status).toBe(404)
  })
})
