import { useMachine } from '@xstate/react'
import { stateString } from '../../../../machines/graph/describe.ts'
import { type PasswordChangeProps, connectPasswordChange } from '../../../../machines/sessionPasswordChange.ts'
import { PasswordChangeRequest } from '../../../contract/schemas.ts'
import { inspect } from '../../inspector/index.ts'
import { PROFILE_TEXT } from '../../../contract/messages.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { useDataLoad } from '../../wiring/load.ts'
import { passwordChangeScreen, profileSessions } from '../../wiring/sessionPassword.ts'
import { Confirm } from '../../ui/modal.tsx'
import { Field, useForm } from '../../ui/form.tsx'

const EMPTY = { current_password: '', password: '', confirmation: '' }

/** The fields (checked with the contract's schema before sending); a fresh one after each change. */
function PasswordForm({ api }: { api: PasswordChangeProps }) {
  const { isBusy: busy, serverErrors } = api
  const form = useForm(PasswordChangeRequest, EMPTY)
  const field = (name: keyof typeof EMPTY) => {
    const f = form.field(name)
    return {
      ...f,
      errors: [...f.errors, ...(serverErrors[name] ?? [])],
      onChange: (e: { target: { value: string } }) => {
        f.onChange(e)
        api.edited(name)
      },
    }
  }
  return (
    <form
      className="card form-narrow"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        form.markSubmitted()
        if (form.decoded) api.submit(form.decoded)
      }}
    >
      <Field label="Obecne hasło" type="password" autoComplete="current-password" {...field('current_password')} />
      <Field label="Nowe hasło" type="password" autoComplete="new-password" {...field('password')} />
      <Field label="Powtórz hasło" type="password" autoComplete="new-password" {...field('confirmation')} />
      <div className="form-actions">
        <button type="submit" name="save" className="btn btn-primary" disabled={!form.valid || busy}>
          {busy ? 'Zapisywanie…' : 'Zmień hasło'}
        </button>
      </div>
    </form>
  )
}

/**
 * /profile: password change: the current password, the new one and its confirmation
 * (at least 6 characters, equal). The workflow is machines/sessionPasswordChange.ts.
 */
export default function ProfileView() {
  const [state, send] = useMachine(passwordChangeScreen, { inspect })
  const api = connectPasswordChange(state, send)
  return (
    <section className="page" data-testid="profile-page" data-machine="passwordChange" data-state={stateString(state.value)}>
      <h1>Zmiana hasła</h1>
      <PasswordForm key={api.formKey} api={api} />
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
      <div className="form-actions">
        <button type="button" className="btn" data-testid="sessions-end-others" disabled={list.isBusy || rows.length < 2} onClick={() => list.ask(null)}>
          {PROFILE_TEXT.endOthers}
        </button>
      </div>
      <Confirm open={list.isConfirming} busy={list.isBusy} onCancel={list.cancel} onConfirm={list.confirm} />
    </div>
  )
}
