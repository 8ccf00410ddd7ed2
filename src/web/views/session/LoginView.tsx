import { useState } from 'react'
import { Link } from 'wouter'
import { MODERNIZATION_NOTICE } from '../../../contract/constants/ui.ts'
import { ROUTES } from '../../../contract/routes.ts'
import { LoginRequest } from '../../../contract/schemas.ts'
import { t } from '../../i18n/index.ts'
import { useSessionApi } from '../../wiring/session.ts'
import { Field, useForm } from '../../ui/form.tsx'
import { LazyModal as Modal } from '../../ui/lazyModal.tsx'
import { noticePhase, noticeText } from './notice.ts'

/**
 * Login page: e-mail and password, error area, reset link, public tracking link and the
 * modernization notice (offered until the downtime is over).
 */
function LoginView() {
  const session = useSessionApi()
  const form = useForm(LoginRequest, { email: '', password: '' })
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
          if (e.key === 'Enter' && !form.valid) form.markSubmitted()
        }}
        onSubmit={(e) => {
          e.preventDefault()
          form.markSubmitted()
          if (form.decoded) session.login(form.decoded.email, form.decoded.password)
        }}
      >
        <h1>Logowanie</h1>
        {session.error && (
          <div className="alert alert-danger" role="alert" data-testid="login-error">
            {t(session.error)}
          </div>
        )}
        <Field label="E-mail" type="email" autoComplete="username" autoFocus {...form.field('email')} />
        <Field label="Hasło" type="password" autoComplete="current-password" {...form.field('password')} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!form.valid || busy}>
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
