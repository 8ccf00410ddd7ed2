import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { endpoints } from '../../../contract/endpoints.ts'
import { href } from '../../../contract/routes.ts'
import type { ScreenProps } from '../../screen.ts'
import { call } from '../../api/client.ts'
import { t } from '../../i18n/index.ts'

type Outcome = 'checking' | 'valid' | 'invalid'

/**
 * A token is single-use on the server: one request per token per page load, however often the
 * effect runs (React StrictMode runs effects twice in development).
 */
const checks = new Map<string, Promise<boolean>>()
const check = (token: string) => {
  let p = checks.get(token)
  if (!p) {
    p = call(endpoints.confirmEmail, undefined, { token }).then(
      (r) => r.message === 'mail_valid',
      () => false,
    )
    checks.set(token, p)
  }
  return p
}

/** /email/check/{token} (public): red alert on failure; green alert and a link to the login page on success. */
export default function EmailCheckView({ params }: ScreenProps) {
  const token = params.token ?? ''
  const [outcome, setOutcome] = useState<Outcome>('checking')
  useEffect(() => {
    let live = true
    setOutcome('checking')
    if (!token) setOutcome('invalid')
    else void check(token).then((ok) => live && setOutcome(ok ? 'valid' : 'invalid'))
    return () => {
      live = false
    }
  }, [token])
  return (
    <main className="public-page" data-testid="email-check-page" data-outcome={outcome}>
      <div className="card public-card">
        <h1>Potwierdzenie adresu e-mail</h1>
        {outcome === 'checking' && <p className="loading">Sprawdzanie linku…</p>}
        {outcome === 'invalid' && (
          <>
            <div className="alert alert-danger" role="alert" data-testid="mail-invalid">
              {t('mail_invalid')}
            </div>
            <Link href={href('home')}>Strona logowania</Link>
          </>
        )}
        {outcome === 'valid' && (
          <>
            <div className="alert alert-success" role="status" data-testid="mail-valid">
              {t('mail_valid')}
            </div>
            <Link href={href('home')} className="btn btn-primary" data-testid="to-login">
              Przejdź do logowania
            </Link>
          </>
        )}
      </div>
    </main>
  )
}
