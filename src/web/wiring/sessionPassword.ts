import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { type Loaded, type RecordFormInput, answerOf, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { PasswordChangeRequest } from '../../contract/schemas/session.ts'
import { decode } from '../../contract/validation.ts'
import { ApiError, call } from '../api/client.ts'
import { errorOf, isStatus, showFailure } from './failure.ts'
import { loading } from '../ui/load.ts'
import { notify } from '../ui/toast.tsx'

/**
 * /profile's password change on the generic record form: empty fields checked with the contract's
 * PasswordChangeRequest, the real call (PUT user/password), empty again after each change. A 422
 * lands on its fields (a wrong current password on current_password); other failures are a toast.
 */
export const passwordChangeForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async (): Promise<Loaded> => ({ values: { current_password: '', password: '', confirmation: '' } })),
    save: fromPromise(async ({ input }) => {
      const d = decode(PasswordChangeRequest, input.values)
      if (!d.ok) throw new ApiError(422, { errors: d.errors })
      return call(endpoints.changePassword, d.value)
    }),
  },
  actions: {
    saved: ({ context }) => notify.success(answerOf(context.saved).message || 'password_changed'),
    failed: ({ event }) => {
      const e = errorOf(event)
      if (!(e instanceof ApiError && isStatus(e, 422) && e.data.errors)) showFailure(e)
    },
  },
})
export const passwordChangeInput: RecordFormInput = { id: null, validate: validateWith(PasswordChangeRequest), keepEditing: true, resetAfterSave: true }

/**
 * /profile's live sessions (when and from where each began) and "log out everywhere else" as the
 * list's confirmed action; the list reloads after it.
 */
export const profileSessions = loading(() => call(endpoints.sessionsMine)).provide({
  actors: {
    act: fromPromise<unknown, { key: unknown; item: unknown }>(async () => call(endpoints.sessionsEndOthers, {})),
  },
  actions: {
    acted: (_, params) => notify.success((params.output as { message: string }).message),
    failed: (_, params) => showFailure(params.error),
  },
})
