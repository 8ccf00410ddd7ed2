import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { type PasswordChangeValues, passwordChangeMachine } from '../../../machines/passwordChange.ts'
import { call } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'

/** machines/passwordChange.ts with the real call (PUT user/password) and toasts. */
export const passwordChangeScreen = passwordChangeMachine.provide({
  actors: {
    save: fromPromise<{ message: string }, PasswordChangeValues>(({ input }) => call(endpoints.changePassword, input)),
  },
  actions: {
    announceSaved: (_, { message }) => notify.success(message),
    announceError: (_, { message }) => notify.error(message),
  },
})
