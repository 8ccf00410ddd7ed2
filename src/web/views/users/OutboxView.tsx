import { TABLE_TEXT, UI_TEXT } from '../../../contract/messages/ui.ts'
import { useState } from 'react'
import { MAIL_MSG } from '../../../contract/messages/mail.ts'
import type { OutboxMessage } from '../../../contract/schemas/mail.ts'
import { outboxLoad } from '../../wiring/users.ts'
import { useDataLoad } from '../../ui/load.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { USERS_TEXT } from '../../../contract/messages/users.ts'

/** /outbox (admin): "Poczta wychodząca" — the newest e-mails, sent or waiting; without SMTP they wait here (a new user's password too). */
export default function OutboxView() {
  const load = useDataLoad(outboxLoad)
  const data = load.data
  const [open, setOpen] = useState<OutboxMessage | null>(null)
  return (
    <section className="page" data-testid="outbox-page">
      <div className="page-header">
        <h1>{MAIL_MSG.outboxTitle}</h1>
        <span className="spacer" />
        <button type="button" className="btn" onClick={load.reload}>
          {UI_TEXT.refresh}
        </button>
      </div>
      {load.isBusy && !data && <p className="loading">{UI_TEXT.loading}</p>}
      {load.problem !== null && (
        <div className="alert alert-danger" role="alert">
          {load.problem}{' '}
          <button type="button" className="btn btn-sm" onClick={load.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      {data && (
        <>
          <div className={`alert ${data.delivery === 'smtp' ? 'alert-success' : 'alert-warning'}`} role="status">
            {data.delivery === 'smtp' ? MAIL_MSG.outboxSmtp : MAIL_MSG.outboxNoSmtp}
          </div>
          <div className="table-wrap">
            <table className="table" data-testid="outbox-table">
              <thead>
                <tr>
                  <th>{UI_TEXT.created}</th>
                  <th className="wrap">{USERS_TEXT.recipient}</th>
                  <th className="wrap">{USERS_TEXT.subject}</th>
                  <th>{UI_TEXT.sent}</th>
                  <th>
                    <span className="sr-only">{USERS_TEXT.body}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.messages.length === 0 && (
                  <tr>
                    <td colSpan={5} className="empty">
                      {MAIL_MSG.outboxEmpty}
                    </td>
                  </tr>
                )}
                {data.messages.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(m.created_at)}</td>
                    <td className="wrap">{m.to_address}</td>
                    <td className="wrap">{m.subject}</td>
                    <td title={m.last_error ?? undefined}>{m.sent_at ? formatDateTime(m.sent_at) : MAIL_MSG.notSent}</td>
                    <td>
                      <button type="button" className="btn btn-sm" onClick={() => setOpen(open?.id === m.id ? null : m)}>
                        {open?.id === m.id ? USERS_TEXT.hide : TABLE_TEXT.show}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {open && (
            <div className="card" data-testid="outbox-message">
              <h2 className="wrap">{open.subject}</h2>
              <p className="hint">{open.to_address}</p>
              <pre className="payload" data-testid="outbox-body">
                {open.body}
              </pre>
            </div>
          )}
        </>
      )}
    </section>
  )
}
