import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { type PasswordChangeValues, passwordChangeMachine } from '../../../machines/sessionPasswordChange.ts'
import { call } from '../api/client.ts'
import { showFailure } from './failure.ts'
import { loading } from './load.ts'
import { notify } from '../ui/toast.tsx'

/** machines/sessionPasswordChange.ts with the real call (PUT user/password) and toasts. */
export const passwordChangeScreen = passwordChangeMachine.provide({
  actors: {
    save: fromPromise<{ message: string }, PasswordChangeValues>(({ input }) => call(endpoints.changePassword, input)),
  },
  actions: {
    announceSaved: (_, { message }) => notify.success(message),
    announceError: (_, { message }) => notify.error(message),
  },
})

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
