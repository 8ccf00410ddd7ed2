import { useState } from 'react'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { MODERNIZATION_NOTICE } from '../../../contract/constants/ui.ts'
import { ROUTES } from '../../../contract/routes.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { t } from '../../i18n/index.ts'
import { inspect } from '../../inspector/index.ts'
import { useSessionApi } from '../../wiring/session.ts'
import { loginForm, loginFormInput } from '../../wiring/sessionLogin.ts'
import { Field } from '../../ui/form.tsx'
import { LazyModal as Modal } from '../../ui/lazyModal.tsx'
import { noticePhase, noticeText } from './notice.ts'
import { AUTH_TEXT } from '../../../contract/messages/session.ts'

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
        <h1>{AUTH_TEXT.loginTitle}</h1>
        {session.error && (
          <div className="alert alert-danger" role="alert" data-testid="login-error">
            {t(session.error)}
          </div>
        )}
        <Field label={AUTH_TEXT.email} type="email" autoComplete="username" autoFocus {...field('email')} />
        <Field label={AUTH_TEXT.password} type="password" autoComplete="current-password" {...field('password')} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!form.canSubmit || busy}>
          {busy ? AUTH_TEXT.signingIn : AUTH_TEXT.signIn}
        </button>
        <p className="login-links">
          <Link href={ROUTES.passwordRecover.path}>{AUTH_TEXT.forgotPassword}</Link>
          <Link href={ROUTES.tracking.path}>{AUTH_TEXT.tracking}</Link>
          {phase !== 'over' && (
            <button type="button" className="link" onClick={() => setNotice(true)}>
              {AUTH_TEXT.noticeLink}
            </button>
          )}
        </p>
      </form>
      {phase !== 'over' && (
        <Modal open={notice} onClose={() => setNotice(false)} title={AUTH_TEXT.noticeTitle} footer={<button className="btn btn-primary" onClick={() => setNotice(false)}>{AUTH_TEXT.close}</button>}>
          <p>
            {noticeText(phase)} {AUTH_TEXT.noticeContact} <a href={`mailto:${MODERNIZATION_NOTICE.email}`}>{MODERNIZATION_NOTICE.email}</a>.
          </p>
        </Modal>
      )}
    </main>
  )
}

export { LoginView }
export default LoginView
