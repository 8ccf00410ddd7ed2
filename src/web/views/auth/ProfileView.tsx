import { useState } from 'react'
import { endpoints } from '../../../contract/endpoints.ts'
import { PasswordChangeRequest } from '../../../contract/schemas.ts'
import { ApiError, call, messagesOf } from '../../api/client.ts'
import { Field, useForm } from '../../ui/form.tsx'
import { notify } from '../../ui/toast.tsx'

const EMPTY = { password: '', confirmation: '' }

/** /profile: password change: password and confirmation, at least 6 characters, equal. */
export default function ProfileView() {
  const form = useForm(PasswordChangeRequest, EMPTY)
  const [saving, setSaving] = useState(false)
  const submit = async () => {
    form.markSubmitted()
    if (!form.decoded) return
    setSaving(true)
    try {
      const reply = await call(endpoints.changePassword, form.decoded)
      notify.success(reply.message || 'password_changed')
      form.reset(EMPTY)
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.data.errors) form.setServerErrors(e.data.errors)
      else if (!(e instanceof ApiError && (e.status === 401 || e.status === 419)))
        notify.error(messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>') || (e as Error).message)
    } finally {
      setSaving(false)
    }
  }
  return (
    <section className="page" data-testid="profile-page">
      <h1>Zmiana hasła</h1>
      <form
        className="card form-narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <Field label="Nowe hasło" type="password" autoComplete="new-password" {...form.field('password')} />
        <Field label="Powtórz hasło" type="password" autoComplete="new-password" {...form.field('confirmation')} />
        <div className="form-actions">
          <button type="submit" name="save" className="btn btn-primary" disabled={!form.valid || saving}>
            {saving ? 'Zapisywanie…' : 'Zmień hasło'}
          </button>
        </div>
      </form>
    </section>
  )
}
