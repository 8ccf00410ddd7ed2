import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMailer, queueMail } from '../../src/server/mail.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * The outbox sends attachments: an e-mail queued with a PDF goes out through SMTP (a real SMTP
 * server, smtp-server, on this helper's port) and arrives with the same bytes attached.
 */
const PORT = 3135
let h: TestApp
let server: SMTPServer
const received: Buffer[] = []

beforeAll(async () => {
  h = await startApp()
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push(Buffer.concat(chunks))
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve))
}, 60_000)
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await h?.close()
})

it('an e-mail with a PDF attachment is sent with it and marked sent', async () => {
  const pdf = new Uint8Array(Buffer.from('%PDF-1.3\n% test invoice\n%%EOF\n', 'latin1'))
  const id = await h.db.tx((q) => queueMail(q, 'faktury@demoshop.example.com', 'Faktura FV/9/2026', 'Treść', [{ filename: 'faktura-FV-9-2026.pdf', contentType: 'application/pdf', data: pdf }]))
  const mailer = createMailer(h.db, { SMTP_URL: `smtp://127.0.0.1:${PORT}`, MAIL_FROM: 'no-reply@example.com' })
  expect(await mailer.flush()).toBeGreaterThanOrEqual(1)
  const mail = (await Promise.all(received.map((r) => simpleParser(r)))).find((m) => m.subject === 'Faktura FV/9/2026')
  expect(mail).toBeDefined()
  expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([['faktura-FV-9-2026.pdf', 'application/pdf']])
  expect(Buffer.from(mail!.attachments[0]!.content).equals(Buffer.from(pdf))).toBe(true)
  const [row] = await h.db.query<{ sent_at: unknown }>(`select sent_at from outbox where id = $1`, [id])
  expect(row!.sent_at).not.toBeNull()
})
