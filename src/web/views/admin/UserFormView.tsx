import { useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { ROLE } from '../../../contract/constants/access.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { href } from '../../../contract/routes.ts'
import { type User, UserCreateRequest, UserUpdateRequest } from '../../../contract/schemas.ts'
import type { ScreenProps } from '../../screen.ts'
import { ApiError, call, messagesOf } from '../../api/client.ts'
import { useSessionUser } from '../../machines/session.ts'
import { formatDateTime } from '../../../contract/time.ts'
import { Field, FormCard, Select, useForm } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { notify } from '../../ui/toast.tsx'

/** Roles offered on the user form (admin = 0, sort_worker = 1). */
const ROLE_OPTIONS = [
  { value: ROLE.admin, label: 'Administrator' },
  { value: ROLE.warehouse_worker, label: 'Magazynier' },
] as const

/** Shows a failed call: 422 messages per field on the form, anything else as an error toast. */
function showError(e: unknown, setServerErrors?: (errors: Record<string, string[]>) => void) {
  if (e instanceof ApiError && e.status === 422 && e.data.errors && setServerErrors) {
    setServerErrors(e.data.errors)
    const unplaced = Object.entries(e.data.errors).filter(([k]) => k !== 'email' && k !== 'role').flatMap(([, m]) => m)
    if (unplaced.length) notify.error(unplaced.join('<br>'))
    return
  }
  // 401 and 419 are shown by the API client already.
  if (e instanceof ApiError && (e.status === 401 || e.status === 419)) return
  notify.error(messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>') || (e as Error).message)
}

/** /users/new and /users/user/{id} (admin): e-mail and role; in edit mode also block / unblock. */
export default function UserFormView({ params }: ScreenProps) {
  const id = params.id ? Number(params.id) : null
  return id === null ? <UserForm user={null} /> : <UserEdit id={id} />
}

function UserEdit({ id }: { id: number }) {
  const [user, setUser] = useState<User | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    setUser(null)
    setFailure(null)
    if (!Number.isInteger(id) || id <= 0) {
      setFailure('Nie znaleziono użytkownika')
      return
    }
    call(endpoints.userGet, undefined, { id }).then(
      (u) => live && setUser(u),
      (e: unknown) => live && setFailure(e instanceof ApiError && e.status === 404 ? 'Nie znaleziono użytkownika' : (e as Error).message),
    )
    return () => {
      live = false
    }
  }, [id])
  if (failure)
    return (
      <section className="page" data-testid="user-form">
        <h1>Użytkownik</h1>
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
        <Link href={href('users')}>Wróć do listy użytkowników</Link>
      </section>
    )
  if (!user) return <div className="loading">Ładowanie…</div>
  return <UserForm key={user.id} user={user} onChanged={setUser} />
}

function UserForm({ user, onChanged }: { user: User | null; onChanged?: (u: User) => void }) {
  const [, navigate] = useLocation()
  const me = useSessionUser()
  const editing = user !== null
  const isClient = editing && user.role !== ROLE.admin && user.role !== ROLE.warehouse_worker
  const form = useForm(editing ? UserUpdateRequest : UserCreateRequest, editing ? { id: user.id, email: user.email, role: user.role } : { email: '', role: ROLE.warehouse_worker })
  const [saving, setSaving] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [toggling, setToggling] = useState(false)
  const blocked = editing && user.deleted_at !== null

  const save = async () => {
    form.markSubmitted()
    if (!form.decoded) return
    setSaving(true)
    try {
      if (editing) {
        const saved = await call(endpoints.userUpdate, form.decoded as typeof UserUpdateRequest.Type)
        notify.success('user_saved')
        onChanged?.(saved)
        form.reset({ id: saved.id, email: saved.email, role: saved.role })
      } else {
        await call(endpoints.userCreate, form.decoded as typeof UserCreateRequest.Type)
        notify.success('user_created')
        navigate(href('users'))
      }
    } catch (e) {
      showError(e, form.setServerErrors)
    } finally {
      setSaving(false)
    }
  }

  const toggleBlock = async () => {
    if (!user) return
    setToggling(true)
    try {
      const changed = blocked ? await call(endpoints.userRestore, { id: user.id }) : await call(endpoints.userBlock, { id: user.id })
      notify.success(blocked ? 'user_unblocked_done' : 'user_blocked_done')
      onChanged?.(changed)
    } catch (e) {
      showError(e)
    } finally {
      setToggling(false)
      setConfirming(false)
    }
  }

  return (
    <section className="page" data-testid="user-form" data-mode={editing ? 'edit' : 'new'}>
      <div className="page-header">
        <h1>{editing ? `Użytkownik #${user.id}` : 'Nowy użytkownik'}</h1>
        {editing &&
          (blocked ? (
            <span className="badge badge-danger" data-testid="user-status">
              Zablokowany
            </span>
          ) : (
            <span className="badge badge-success" data-testid="user-status">
              Aktywny
            </span>
          ))}
      </div>
      <FormCard onSubmit={save}>
        {editing && (
          <p className="hint">
            E-mail potwierdzony: <span data-testid="user-verified">{formatDateTime(user.email_verified_at)}</span>
            {blocked && <> · zablokowany: {formatDateTime(user.deleted_at)}</>}
          </p>
        )}
        {isClient && (
          <div className="alert alert-warning" role="status">
            To jest konto klienta; jego rolę i dane zmienia się na karcie klienta.
          </div>
        )}
        <Field label="E-mail" type="email" autoComplete="off" disabled={isClient} {...form.field('email')} />
        {isClient ? (
          <Select label="Rola" name="role" value="client" options={[{ value: 'client', label: 'Klient' }]} onChange={() => {}} disabled />
        ) : (
          <Select
            label="Rola"
            name="role"
            value={String(form.values.role ?? '')}
            options={ROLE_OPTIONS}
            onChange={(v) => {
              form.set('role', Number(v))
              form.touch('role')
            }}
            errors={form.fieldErrors('role')}
          />
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" name="save" disabled={!form.valid || saving || isClient}>
            {saving ? 'Zapisywanie…' : 'Zapisz'}
          </button>
          <Link className="btn" href={href('users')}>
            Anuluj
          </Link>
          <span className="spacer" />
          {editing && user.id !== me?.userId && (
            <button
              type="button"
              name="block"
              className={blocked ? 'btn btn-success' : 'btn btn-danger'}
              data-testid={blocked ? 'user-unblock' : 'user-block'}
              onClick={() => setConfirming(true)}
              disabled={toggling}
            >
              {blocked ? 'Odblokuj' : 'Zablokuj'}
            </button>
          )}
        </div>
      </FormCard>
      <Confirm open={confirming} busy={toggling} onCancel={() => setConfirming(false)} onConfirm={() => void toggleBlock()} />
    </section>
  )
}
