import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { stateString } from '../../../../machines/graph/state.ts'
import { type RecordFormProps, connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { PROFILE_TEXT } from '../../../contract/messages.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { useDataLoad } from '../../ui/load.ts'
import { passwordChangeForm, passwordChangeInput, profileSessions } from '../../wiring/sessionPassword.ts'
import { Confirm } from '../../ui/modal.tsx'
import { Field } from '../../ui/form.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { AUTH_TEXT } from '../../../contract/messages/session.ts'

/** The fields (checked with the contract's schema before sending); empty again after each change. */
function PasswordForm({ form }: { form: RecordFormProps }) {
  // Messages show once a field was typed in and left, or after a submit attempt.
  const field = (name: 'current_password' | 'password' | 'confirmation') => ({
    name,
    value: form.text(name),
    errors: form.errorsOf(name),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    onBlur: () => form.text(name) !== '' && form.touch(name),
  })
  return (
    <form
      className="card form-narrow"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        form.submit()
      }}
    >
      <Field label={AUTH_TEXT.currentPassword} type="password" autoComplete="current-password" {...field('current_password')} />
      <Field label={AUTH_TEXT.newPassword} type="password" autoComplete="new-password" {...field('password')} />
      <Field label={AUTH_TEXT.repeatPassword} type="password" autoComplete="new-password" {...field('confirmation')} />
      <FormActions submit={{ label: AUTH_TEXT.changePassword, busyLabel: UI_TEXT.saving, busy: form.isSaving, disabled: !form.canSubmit || form.busy, name: 'save' }} />
    </form>
  )
}

/**
 * /profile: password change: the current password, the new one and its confirmation
 * (at least 6 characters, equal), on the generic record form (machines/recordForm.ts).
 */
export default function ProfileView() {
  const [state, send] = useMachine(passwordChangeForm, { input: passwordChangeInput, inspect })
  const form = connectForm(state, send)
  return (
    <section className="page" data-testid="profile-page" data-machine="recordForm" data-state={stateString(state.value)}>
      <h1>{AUTH_TEXT.changeTitle}</h1>
      <PasswordForm form={form} />
      <Sessions />
    </section>
  )
}

/** The live sessions: when and from where each began; "log out everywhere else" after a confirmation. */
function Sessions() {
  const list = useDataLoad(profileSessions)
  const rows = list.data ?? []
  return (
    <div className="card form-narrow" data-testid="profile-sessions">
      <h2>{PROFILE_TEXT.sessions}</h2>
      {list.problem ? <p role="alert">{list.problem}</p> : null}
      <ul>
        {rows.map((s) => (
          <li key={s.started_at + (s.address ?? '')} data-testid="profile-session">
            {formatDateTime(s.started_at)} · {s.address ?? PROFILE_TEXT.unknownAddress}
            {s.current ? ` · ${PROFILE_TEXT.current}` : ''}
          </li>
        ))}
      </ul>
      <FormActions>
        <button type="button" className="btn" data-testid="sessions-end-others" disabled={list.isBusy || rows.length < 2} onClick={() => list.ask(null)}>
          {PROFILE_TEXT.endOthers}
        </button>
      </FormActions>
      <Confirm open={list.isConfirming} busy={list.isBusy} onCancel={list.cancel} onConfirm={list.confirm} />
    </div>
  )
}
