import { useState } from 'react'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { MODERNIZATION_NOTICE } from '../../../contract/constants/ui.ts'
import { ROUTES } from '../../../contract/routes.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { t } from '../../i18n/index.ts'
import { inspect } from '../../inspector/index.ts'
import { loginForm, loginFormInput, useSessionApi } from '../../machines/session.ts'
import { Field } from '../../ui/form.tsx'
import { LazyModal as Modal } from '../../ui/lazyModal.tsx'
import { noticePhase, noticeText } from './notice.ts'

/**
 * Login page: e-mail and password, error area, reset link, public tracking link and the
 * modernization notice (offered until the downtime is over).
 */
function LoginView() {
  const session = useSessionApi()
  const [state, send] = useMachine(loginForm, { input: loginFormInput, inspect })
  const form = connectRecordForm(state, send)
  // Messages show once a field was typed in and left, or after a submit attempt.
  const field = (name: 'email' | 'password') => ({
    name,
    value: form.text(name),
    errors: form.errorsOf(name),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    onBlur: () => form.text(name) !== '' && form.touch(name),
  })
  const [notice, setNotice] = useState(false)
  const phase = noticePhase(new Date())
  const busy = session.isSigningIn
  return (
    <main className="login-page">
      <form
        className="card login-card"
        noValidate
        // The button waits for a valid form, so Enter does not submit: it shows what is missing instead.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !form.canSubmit) form.submit()
        }}
        onSubmit={(e) => {
          e.preventDefault()
          form.submit()
        }}
      >
        <h1>Logowanie</h1>
        {session.error && (
          <div className="alert alert-danger" role="alert" data-testid="login-error">
            {t(session.error)}
          </div>
        )}
        <Field label="E-mail" type="email" autoComplete="username" autoFocus {...field('email')} />
        <Field label="Hasło" type="password" autoComplete="current-password" {...field('password')} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!form.canSubmit || busy}>
          {busy ? 'Logowanie…' : 'Zaloguj'}
        </button>
        <p className="login-links">
          <Link href={ROUTES.passwordRecover.path}>Nie pamiętasz hasła?</Link>
          <Link href={ROUTES.tracking.path}>Śledzenie przesyłki</Link>
          {phase !== 'over' && (
            <button type="button" className="link" onClick={() => setNotice(true)}>
              Komunikat o modernizacji systemu
            </button>
          )}
        </p>
      </form>
      {phase !== 'over' && (
        <Modal open={notice} onClose={() => setNotice(false)} title="Modernizacja systemu" footer={<button className="btn btn-primary" onClick={() => setNotice(false)}>Zamknij</button>}>
          <p>
            {noticeText(phase)} W pilnych sprawach prosimy o kontakt: <a href={`mailto:${MODERNIZATION_NOTICE.email}`}>{MODERNIZATION_NOTICE.email}</a>.
          </p>
        </Modal>
      )}
    </main>
  )
}

export { LoginView }
export default LoginView
