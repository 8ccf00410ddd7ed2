import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { href } from '../../../contract/routes.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { recoverForm, recoverFormInput } from '../../wiring/sessionRecover.ts'
import { Field } from '../../ui/form.tsx'

/** /password-recover (public): an e-mail; after sending a toast and back to `/`; cancel goes to `/`. */
export default function PasswordRecoverView() {
  const [state, send] = useMachine(recoverForm, { input: recoverFormInput, inspect })
  const p = connectForm(state, send)
  return (
    <main className="public-page" data-testid="password-recover-page">
      <form
        className="card public-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          p.submit()
        }}
      >
        <h1>Odzyskiwanie hasła</h1>
        <p className="hint">Podaj adres e-mail konta. Wyślemy na niego link, po którego otwarciu otrzymasz nowe hasło.</p>
        <Field label="E-mail" type="email" autoComplete="username" autoFocus {...p.fieldProps('email')} />
        <div className="form-actions">
          <button type="submit" name="send" className="btn btn-primary" disabled={!p.canSubmit || p.busy}>
            {p.isSaving ? 'Wysyłanie…' : 'Wyślij'}
          </button>
          <Link href={href('home')} className="btn" data-testid="cancel">
            Anuluj
          </Link>
        </div>
      </form>
    </main>
  )
}
