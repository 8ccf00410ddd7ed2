import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { ROLE } from '../../contract/constants/access.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { MSG } from '../../contract/messages.ts'
import { href } from '../../contract/routes.ts'
import { type User, UserCreateRequest, UserUpdateRequest } from '../../contract/schemas/users.ts'
import { formatDateTime } from '../../contract/format.ts'
import { type ActResult, type Loaded, type Values, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { ApiError, call } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'
import { pageFrom, pagingRequest, tableLogic } from './serverTable.ts'
import { decoded, showFormFailure } from './recordForms.ts'
import { MAIL_MSG } from '../../contract/messages/mail.ts'
import type { UserCreated } from '../../contract/schemas/mail.ts'
import { loading } from '../ui/load.ts'
import { sessionActor } from './session.ts'

/**
 * The user screens (/users, /users/new, /users/user/{id}) wired to the contract: the table and the user form (the generic record form: e-mail and role; block / unblock as its
 * confirmed action). Views render these and never call the API.
 */

/** One page of users: all (not blocked) or deleted (blocked) ones, each list its own endpoint. */
export const usersTable = tableLogic(async (req) => {
  const { deleted, ...rest } = req.filters
  const body = pagingRequest(endpoints.usersData.body, { ...req, filters: rest })
  return pageFrom(deleted ? await call(endpoints.usersDataDeleted, body) : await call(endpoints.usersData, body))
})

/** The row action "unlock": clears the user's failed-login counters (lockout and slow-down); says how it went. */
export async function unlockUser(id: number): Promise<void> {
  try {
    notify.success((await call(endpoints.userUnlock, { id })).message)
  } catch (e) {
    notify.error(e instanceof ApiError && e.data?.message ? e.data.message : MSG.unlockFailed)
  }
}

/** The row action "end sessions": signs the user out everywhere (an admin's own: everywhere else). */
export async function endUserSessions(id: number): Promise<void> {
  try {
    notify.success((await call(endpoints.userSessionsEnd, { id })).message)
  } catch (e) {
    notify.error(e instanceof ApiError && e.data?.message ? e.data.message : MSG.endSessionsFailed)
  }
}

/** Roles offered on the user form (admin, warehouse worker). */
export const ROLE_OPTIONS = [
  { value: ROLE.admin, label: 'Administrator' },
  { value: ROLE.warehouse_worker, label: 'Magazynier' },
] as const
const CLIENT_ROLE = [{ value: 'client', label: 'Klient' }] as const

export const USER_NOT_FOUND = 'Nie znaleziono użytkownika'
const isStaff = (role: number) => role === ROLE.admin || role === ROLE.warehouse_worker

/** The values the form keeps for a user (the read-only dates beside e-mail and role). */
const valuesOf = (u: User): Values => ({
  email: u.email,
  role: isStaff(u.role) ? u.role : 'client',
  blocked: u.deleted_at !== null,
  deleted_at: u.deleted_at,
  email_verified_at: u.email_verified_at,
})



export const userForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      if (input.id === null) return { values: { email: '', role: ROLE.warehouse_worker }, options: { role: ROLE_OPTIONS } }
      if (!Number.isInteger(input.id) || input.id <= 0) throw new ApiError(404, { message: USER_NOT_FOUND })
      const u = await call(endpoints.userGet, undefined, { id: input.id }).catch((e: unknown) => {
        throw e instanceof ApiError && e.status === 404 ? new ApiError(404, { message: USER_NOT_FOUND }) : e
      })
      const me = sessionActor.getSnapshot().context.session?.userId
      return {
        values: valuesOf(u),
        // A client's account is changed on the client's card: here it is only viewed.
        readOnly: !isStaff(u.role),
        options: { role: isStaff(u.role) ? ROLE_OPTIONS : CLIENT_ROLE },
        // Nobody blocks their own account.
        actable: u.id !== me,
      }
    }),
    save: fromPromise(async ({ input }) => {
      if (input.id === null) return call(endpoints.userCreate, decoded(UserCreateRequest, input.values))
      return call(endpoints.userUpdate, decoded(UserUpdateRequest, { ...input.values, id: input.id }))
    }),
    /** Block (soft delete) or unblock; the form stays with the answered dates. */
    act: fromPromise(async ({ input }): Promise<ActResult> => {
      const id = input.id ?? 0
      const blocked = input.values.blocked === true
      const u = blocked ? await call(endpoints.userRestore, { id }) : await call(endpoints.userBlock, { id })
      return { values: valuesOf(u), message: blocked ? 'user_unblocked_done' : 'user_blocked_done' }
    }),
  },
  actions: {
    saved: ({ context }) => {
      if (context.id === null) {
        // Says where the first password went: mailed, or waiting in the outbox when no SMTP is configured.
        const created = context.saved as Partial<UserCreated> | null
        const email = created?.email ?? ''
        if (created?.password_mail === 'outbox') notify.warning(MAIL_MSG.passwordInOutbox(email))
        else notify.success(MAIL_MSG.passwordMailed(email))
        navigate(href('users'))
      } else notify.success('user_saved')
    },
    acted: ({ context }) => {
      if (context.acted?.message) notify.success(context.acted.message)
    },
    failed: showFormFailure,
  },
})

/** Checks with the contract's schema the server decodes with; an edited user stays open after a save. */
export const userFormInput = (id: number | null) => ({
  id,
  validate: id === null ? validateWith(UserCreateRequest) : (values: Values) => validateWith(UserUpdateRequest)({ ...values, id }),
  keepEditing: id !== null,
})

/** The read-only dates of a user as the form shows them. */
export const userDates = (values: Values) => ({
  verified: formatDateTime(typeof values.email_verified_at === 'string' ? values.email_verified_at : null),
  blockedAt: formatDateTime(typeof values.deleted_at === 'string' ? values.deleted_at : null),
})

/** The admin's "Poczta wychodząca": the newest messages of the outbox and how mail leaves. */
export const outboxLoad = loading(() => call(endpoints.outboxList))
