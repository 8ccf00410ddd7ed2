import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { MAIL_MSG } from '../../../contract/messages/mail.ts'
import { href } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { userDates, userForm, userFormInput } from '../../wiring/users.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormCard, useLeaveGuard } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { SelectField, TextField, FormActions } from '../../ui/recordKit.tsx'
import { USERS_TEXT } from '../../../contract/messages/users.ts'
import { WithHistory } from '../audit/AuditTable.tsx'

/** /users/new and /users/user/{id} (admin): e-mail and role; in edit mode also block / unblock. */
export default function UserFormView({ params }: ScreenProps) {
  return <UserForm key={params.id ?? 'new'} id={params.id === undefined ? null : Number(params.id)} />
}

function UserForm({ id }: { id: number | null }) {
  const [state, send] = useMachine(userForm, { input: userFormInput(id), inspect })
  const p = connectForm(state, send)
  useLeaveGuard(p.isDirty)
  const blocked = p.values.blocked === true
  const dates = userDates(p.values)
  const shell = (children: React.ReactNode) => (
    <section className="page" data-testid="user-form" data-mode={p.isNew ? 'new' : 'edit'} data-machine="recordForm" data-state={stateString(state.value)}>
      {children}
    </section>
  )
  if (p.problem)
    return shell(
      <>
        <h1>{UI_TEXT.user}</h1>
        <div className="alert alert-danger" role="alert">
          {p.error}
        </div>
        <Link href={href('users')}>{USERS_TEXT.backToList}</Link>
      </>,
    )
  if (p.loading) return <div className="loading">{UI_TEXT.loading}</div>
  return shell(
    <>
      <div className="page-header">
        <h1>{p.isNew ? USERS_TEXT.newUser : USERS_TEXT.userNumber(id)}</h1>
        {!p.isNew &&
          (blocked ? (
            <span className="badge badge-danger" data-testid="user-status">
              {USERS_TEXT.blocked}
            </span>
          ) : (
            <span className="badge badge-success" data-testid="user-status">
              {USERS_TEXT.active}
            </span>
          ))}
      </div>
      <WithHistory record={p.isNew || id === null ? null : { entity: 'user', entity_id: String(id) }}>
        <FormCard onSubmit={p.submit}>
          {!p.isNew && (
            <p className="hint">
              {USERS_TEXT.emailConfirmedLabel} <span data-testid="user-verified">{dates.verified}</span>
              {blocked && <> · {USERS_TEXT.blockedSince} {dates.blockedAt}</>}
            </p>
          )}
          {p.readOnly && (
            <div className="alert alert-warning" role="status">
              {USERS_TEXT.clientAccount}
            </div>
          )}
          <TextField p={p} name="email" label={UI_TEXT.email} />
          <SelectField p={p} name="role" label={USERS_TEXT.role} />
          {p.isNew && <p className="hint">{MAIL_MSG.newUserHint}</p>}
          <FormActions
            submit={{ label: UI_TEXT.save, busyLabel: UI_TEXT.saving, busy: p.isSaving, disabled: !p.canSubmit || p.busy, name: 'save' }}
            back={href('users')}
            backLabel={UI_TEXT.cancel}
            end={
              !p.isNew &&
              p.actable && (
                <button
                  type="button"
                  name="block"
                  className={blocked ? 'btn btn-success' : 'btn btn-danger'}
                  data-testid={blocked ? 'user-unblock' : 'user-block'}
                  onClick={p.act}
                  disabled={!p.canAct}
                >
                  {blocked ? UI_TEXT.unblock : UI_TEXT.block}
                </button>
              )
            }
          />
        </FormCard>
      </WithHistory>
      <Confirm open={p.confirming} busy={p.busy} onCancel={p.cancel} onConfirm={p.confirm} />
    </>,
  )
}
