import { Link } from 'wouter'
import { href } from '../../../contract/routes.ts'
import type { ScreenProps } from '../../screen.ts'
import { t } from '../../i18n/index.ts'
import { emailCheck } from '../../wiring/sessionRecover.ts'
import { useDataLoad } from '../../ui/load.ts'
import { AUTH_TEXT } from '../../../contract/messages/session.ts'

/** /email/check/{token} (public): red alert on failure; green alert and a link to the login page on success. */
export default function EmailCheckView({ params }: ScreenProps) {
  const checked = useDataLoad(emailCheck, params.token ?? '')
  const outcome = checked.loaded.status === 'ready' && !checked.isBusy ? (checked.data ? 'valid' : 'invalid') : checked.problem !== null ? 'invalid' : 'checking'
  return (
    <main className="public-page" data-testid="email-check-page" data-outcome={outcome}>
      <div className="card public-card">
        <h1>{AUTH_TEXT.emailCheck}</h1>
        {outcome === 'checking' && <p className="loading">{AUTH_TEXT.checkingLink}</p>}
        {outcome === 'invalid' && (
          <>
            <div className="alert alert-danger" role="alert" data-testid="mail-invalid">
              {t('mail_invalid')}
            </div>
            <Link href={href('home')}>{AUTH_TEXT.loginPage}</Link>
          </>
        )}
        {outcome === 'valid' && (
          <>
            <div className="alert alert-success" role="status" data-testid="mail-valid">
              {t('mail_valid')}
            </div>
            <Link href={href('home')} className="btn btn-primary" data-testid="to-login">
              {AUTH_TEXT.toLogin}
            </Link>
          </>
        )}
      </div>
    </main>
  )
}
