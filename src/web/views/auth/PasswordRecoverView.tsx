import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { endpoints } from '../../../contract/endpoints.ts'
import { href } from '../../../contract/routes.ts'
import { RecoverRequest } from '../../../contract/schemas.ts'
import { ApiError, call, messagesOf } from '../../api/client.ts'
import { Field, useForm } from '../../ui/form.tsx'
import { notify } from '../../ui/toast.tsx'

/** /password-recover (public): an e-mail; after sending a toast and back to `/`; cancel goes to `/`. */
export default function PasswordRecoverView() {
  const [, navigate] = useLocation()
  const form = useForm(RecoverRequest, { email: '' })
  const [sending, setSending] = useState(false)
  const submit = async () => {
    form.markSubmitted()
    if (!form.decoded) return
    setSending(true)
    try {
      const reply = await call(endpoints.recover, form.decoded)
      notify.success(reply.message || 'password_recover_email_sent')
      navigate(href('home'))
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.data.errors) form.setServerErrors(e.data.errors)
      else notify.error(messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>') || (e as Error).message)
    } finally {
      setSending(false)
    }
  }
  return (
    <main className="public-page" data-testid="password-recover-page">
      <form
        className="card public-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <h1>Odzyskiwanie hasła</h1>
        <p className="hint">Podaj adres e-mail konta. Wyślemy na niego link, po którego otwarciu otrzymasz nowe hasło.</p>
        <Field label="E-mail" type="email" autoComplete="username" autoFocus {...form.field('email')} />
        <div className="form-actions">
          <button type="submit" name="send" className="btn btn-primary" disabled={!form.valid || sending}>
            {sending ? 'Wysyłanie…' : 'Wyślij'}
          </button>
          <Link href={href('home')} className="btn" data-testid="cancel">
            Anuluj
          </Link>
        </div>
      </form>
    </main>
  )
}
