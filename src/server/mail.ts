import nodemailer from 'nodemailer'
import type { Db, Queryable } from './db/db.ts'

export interface Mailer {
  /** Queues an e-mail in the outbox inside the caller's transaction. */
  queue(q: Queryable, to: string, subject: string, body: string): Promise<void>
  /** Sends what waits in the outbox (SMTP when configured, else logs and keeps it). */
  flush(): Promise<number>
}

/**
 * SMTP_URL (e.g. smtp://user:pass@host:587) and MAIL_FROM configure sending. Without SMTP the
 * e-mails stay in the outbox table and their subject is logged, so nothing is lost.
 */
export function createMailer(db: Db, env: { SMTP_URL?: string; MAIL_FROM?: string } = process.env): Mailer {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null
  const from = env.MAIL_FROM ?? 'no-reply@example.com'
  let running: Promise<number> | null = null
  const flushOnce = async () => {
    if (!transport) return 0
    const rows = await db.query<{ id: number; to_address: string; subject: string; body: string }>(
      `select id, to_address, subject, body from outbox where sent_at is null and attempts < 10 order by id limit 50`,
    )
    let sent = 0
    for (const m of rows) {
      try {
        await transport.sendMail({ from, to: m.to_address, subject: m.subject, text: m.body })
        await db.query(`update outbox set sent_at = now(), attempts = attempts + 1 where id = $1`, [m.id])
        sent++
      } catch (e) {
        await db.query(`update outbox set attempts = attempts + 1, last_error = $2 where id = $1`, [m.id, String(e)])
      }
    }
    return sent
  }
  return {
    async queue(q, to, subject, body) {
      await q.query(`insert into outbox (to_address, subject, body) values ($1, $2, $3)`, [to, subject, body])
      if (!transport && process.env.NODE_ENV !== 'test') console.log(`[mail] queued for ${to}: ${subject}`)
    },
    flush() {
      running ??= flushOnce().finally(() => (running = null))
      return running
    },
  }
}
