import type { Transporter } from 'nodemailer'
import type { MailDelivery } from '../contract/schemas/mail.ts'
import type { Db, Queryable } from './db/db.ts'

/** A file sent with an e-mail (kept in outbox_attachments until sent). */
export interface MailAttachment {
  filename: string
  contentType: string
  data: Uint8Array
}

/** Queues an e-mail (with its attachments) in the outbox inside the caller's transaction; answers its outbox id. */
export async function queueMail(
  q: Queryable, to: string, subject: string, body: string, attachments: readonly MailAttachment[] = [], options: MailOptions = {},
): Promise<number> {
  const [row] = await q.query<{ id: number }>(`insert into outbox (to_address, subject, body, holds_secret) values ($1, $2, $3, $4) returning id`, [
    to, subject, body, options.secret ?? false,
  ])
  for (const a of attachments) {
    await q.query(`insert into outbox_attachments (outbox_id, filename, content_type, data) values ($1, $2, $3, $4)`, [row!.id, a.filename, a.contentType, a.data])
  }
  return row!.id
}

/** `secret`: the body carries a password or a one-time link; it is cleared from the outbox once sent. */
export interface MailOptions {
  secret?: boolean
}

/** What stays of a secret-bearing mail's body once it is sent. */
export const SENT_SECRET_BODY = ''

export interface Mailer {
  /** How mail leaves: by SMTP, or it stays in the outbox (no SMTP_URL). */
  readonly delivery: MailDelivery
  /** Queues an e-mail in the outbox inside the caller's transaction; answers its outbox id. */
  queue(q: Queryable, to: string, subject: string, body: string, attachments?: readonly MailAttachment[], options?: MailOptions): Promise<number>
  /** Sends what waits in the outbox (SMTP when configured, else logs and keeps it). */
  flush(): Promise<number>
}

/**
 * SMTP_URL (e.g. smtp://user:pass@host:587) and MAIL_FROM configure sending. Without SMTP the
 * e-mails stay in the outbox table and their subject is logged, so nothing is lost.
 */
export function createMailer(db: Db, env: { SMTP_URL?: string; MAIL_FROM?: string } = process.env): Mailer {
  const smtpUrl = env.SMTP_URL
  // nodemailer loads at the first flush with SMTP configured, not with the server.
  let transport: Promise<Transporter> | null = null
  const transportTo = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)))
  const from = env.MAIL_FROM ?? 'no-reply@example.com'
  let running: Promise<number> | null = null
  const flushOnce = async () => {
    if (!smtpUrl) return 0
    const smtp = await transportTo(smtpUrl)
    const rows = await db.query<{ id: number; to_address: string; subject: string; body: string }>(
      `select id, to_address, subject, body from outbox where sent_at is null and attempts < 10 order by id limit 50`,
    )
    let sent = 0
    for (const m of rows) {
      try {
        const files = await db.query<{ filename: string; content_type: string; data: Uint8Array }>(
          `select filename, content_type, data from outbox_attachments where outbox_id = $1 order by id`,
          [m.id],
        )
        const attachments = files.map((f) => ({ filename: f.filename, contentType: f.content_type, content: Buffer.from(f.data) }))
        await smtp.sendMail({ from, to: m.to_address, subject: m.subject, text: m.body, attachments })
        await db.query(
          `update outbox set sent_at = now(), attempts = attempts + 1, body = case when holds_secret then $2 else body end where id = $1`,
          [m.id, SENT_SECRET_BODY],
        )
        sent++
      } catch (e) {
        await db.query(`update outbox set attempts = attempts + 1, last_error = $2 where id = $1`, [m.id, String(e)])
      }
    }
    return sent
  }
  return {
    delivery: smtpUrl ? 'smtp' : 'outbox',
    async queue(q, to, subject, body, attachments = [], options = {}) {
      const id = await queueMail(q, to, subject, body, attachments, options)
      if (!smtpUrl && process.env.NODE_ENV !== 'test') console.log(`[mail] queued for ${to}: ${subject}`)
      return id
    },
    flush() {
      running ??= flushOnce().finally(() => (running = null))
      return running
    },
  }
}
