import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { href } from '../../../contract/routes.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { recoverForm, recoverFormInput } from '../../wiring/sessionRecover.ts'
import { Field } from '../../ui/form.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { AUTH_TEXT } from '../../../contract/messages/session.ts'

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
        <h1>{AUTH_TEXT.recoverTitle}</h1>
        <p className="hint">{AUTH_TEXT.recoverHint}</p>
        <Field label={AUTH_TEXT.email} type="email" autoComplete="username" autoFocus {...p.fieldProps('email')} />
        <FormActions
          submit={{ label: AUTH_TEXT.send, busyLabel: AUTH_TEXT.sending, busy: p.isSaving, disabled: !p.canSubmit || p.busy, name: 'send' }}
          back={href('home')}
          backLabel={UI_TEXT.cancel}
          backTestId="cancel"
        />
      </form>
    </main>
  )
}
