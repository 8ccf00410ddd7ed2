/**
 * One-time and short-lived tokens end when they should: recovery links (a newer link, a used one
 * or a password change voids the rest), mails carrying a secret (their body leaves the outbox once
 * sent) and file tokens (they end with the session that asked for them).
 */
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { SENT_SECRET_BODY, createMailer } from '../../src/server/mail.ts'
import { type TestApp, linkToken, startApp, uniqueEmail } from './support.ts'

const PORT = 3147
let t: TestApp
let smtp: SMTPServer
beforeAll(async () => {
  t = await startApp()
  smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _session, done) => s.on('data', () => {}).on('end', () => done()) })
  await new Promise<void>((ok) => smtp.listen(PORT, '127.0.0.1', ok))
}, 60_000)
afterAll(async () => {
  await new Promise<void>((ok) => smtp?.close(() => ok()))
  await t?.close()
})

const recoveryLinks = async (email: string) => (await t.mails(email)).filter((m) => m.subject === 'Odzyskiwanie hasła').map((m) => linkToken(m.body))
const confirm = (token: string) => t.call(E.confirmEmail, { params: { token } })

describe('recovery links', () => {
  it('a second link voids the first; using a link voids every other one', async () => {
    const email = uniqueEmail('recover')
    await t.createUser({ email, password: 'right-password' })
    for (let i = 0; i < 3; i++) await t.call(E.recover, { body: { email } })
    const [first, second, third] = await recoveryLinks(email)
    expect((await confirm(first!)).status).toBe(404)
    expect((await confirm(third!)).status).toBe(200)
    expect((await confirm(second!)).status).toBe(404)
  })

  it('a password change voids outstanding links', async () => {
    const email = uniqueEmail('changed')
    await t.createUser({ email, password: 'right-password' })
    await t.call(E.recover, { body: { email } })
    const token = await t.login(email, 'right-password')
    expect((await t.call(E.changePassword, { token, body: { current_password: 'right-password', password: 'other-password', confirmation: 'other-password' } })).status).toBe(200)
    const [link] = await recoveryLinks(email)
    expect((await confirm(link!)).status).toBe(404)
  })
})

describe('mails carrying a secret', () => {
  it('once sent, the new password and the links leave the outbox; other mails keep their body', async () => {
    const email = uniqueEmail('mailed')
    await t.createUser({ email, password: 'right-password' })
    await t.call(E.recover, { body: { email } })
    const [link] = await recoveryLinks(email)
    expect((await confirm(link!)).status).toBe(200)
    const plain = await t.db.tx((q) => createMailer(t.db).queue(q, email, 'Zwykła wiadomość', 'Treść bez sekretów'))
    const mailer = createMailer(t.db, { SMTP_URL: `smtp://127.0.0.1:${PORT}`, MAIL_FROM: 'no-reply@example.com' })
    while ((await mailer.flush()) > 0) {}
    const rows = await t.db.query<{ id: number; subject: string; body: string; sent: boolean }>(
      `select id, subject, body, sent_at is not null as sent from outbox where to_address = $1 order by id`,
      [email],
    )
    expect(rows.every((r) => r.sent)).toBe(true)
    const bodies = Object.fromEntries(rows.map((r) => [r.subject, r.body]))
    expect(bodies['Odzyskiwanie hasła']).toBe(SENT_SECRET_BODY)
    expect(bodies['Nowe hasło']).toBe(SENT_SECRET_BODY)
    expect(rows.find((r) => r.id === plain)!.body).toBe('Treść bez sekretów')
  })
})

describe('file tokens', () => {
  it('end with the session that asked for them: logout and password change', async () => {
    const email = uniqueEmail('files')
    await t.createUser({ email, password: 'right-password', role: 0 })
    const file = (tok: string) => t.request('GET', `app/v1/locker/ido_sell/RO?_public_token=${tok}`)

    const session = await t.login(email, 'right-password')
    const before = (await t.call(E.publicToken, { token: session })).body.public_token as string
    expect((await file(before)).status).toBe(200)
    await t.call(E.logout, { token: session, body: {} })
    expect((await file(before)).status).toBe(401)

    const other = await t.login(email, 'right-password')
    const current = await t.login(email, 'right-password')
    const fromOther = (await t.call(E.publicToken, { token: other })).body.public_token as string
    const fromCurrent = (await t.call(E.publicToken, { token: current })).body.public_token as string
    expect((await t.call(E.changePassword, { token: current, body: { current_password: 'right-password', password: 'other-password', confirmation: 'other-password' } })).status).toBe(200)
    expect((await file(fromOther)).status).toBe(401)
    expect((await file(fromCurrent)).status).toBe(200)
  })
})
