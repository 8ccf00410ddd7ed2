import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { href } from '../../contract/routes.ts'
import { RecoverRequest } from '../../contract/schemas/session.ts'
import { decode } from '../../contract/validation.ts'
import { type Loaded, answerOf, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { ApiError, call } from '../api/client.ts'
import { MSG } from '../../contract/messages.ts'
import { notify } from '../ui/toast.tsx'
import { errorOf, showFailure } from './failure.ts'
import { loading } from '../ui/load.ts'

/** The public account pages (e-mail confirmation, password recovery) wired to the contract. */

/**
 * A token is single-use on the server: one request per token per page load, however often the
 * screen mounts (React StrictMode mounts twice in development).
 */
const checks = new Map<string, Promise<boolean>>()
const check = (token: string) => {
  let p = checks.get(token)
  if (!p) {
    p = call(endpoints.confirmEmail, undefined, { token }).then(
      (r) => r.message === 'mail_valid',
      () => false,
    )
    checks.set(token, p)
  }
  return p
}

/** /email/check/{token}: whether the link confirmed the address (the key is the token). */
export const emailCheck = loading((token: string) => (token ? check(token) : Promise.resolve(false)))

/** /password-recover: the e-mail of the account; after sending a toast and back to `/`. */
export const recoverForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async (): Promise<Loaded> => ({ values: { email: '' } })),
    save: fromPromise(async ({ input }) => {
      const d = decode(RecoverRequest, input.values)
      if (!d.ok) throw new ApiError(422, { message: MSG.invalidData, errors: d.errors })
      return call(endpoints.recover, d.value)
    }),
  },
  actions: {
    saved: ({ context }) => {
      notify.success(answerOf(context.saved).message || 'password_recover_email_sent')
      navigate(href('home'))
    },
    // 422: the messages are on the field; anything else as a toast.
    failed: ({ context, event }) => {
      if (Object.keys(context.serverErrors).length === 0) showFailure(errorOf(event))
    },
  },
})
export const recoverFormInput = { id: null, validate: validateWith(RecoverRequest) }
