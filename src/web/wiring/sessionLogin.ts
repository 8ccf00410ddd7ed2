import { fromPromise } from 'xstate'
import { type Loaded, type RecordFormInput, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { LoginRequest } from '../../contract/schemas/session.ts'
import { sessionActor } from './session.ts'

/**
 * The login form, loaded with the login page only: the generic record form over e-mail and
 * password, checked with the contract's LoginRequest; saving hands them to the session machine,
 * which signs in and says what went wrong.
 */
export const loginForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async (): Promise<Loaded> => ({ values: { email: '', password: '' } })),
    save: fromPromise(async ({ input }) => {
      sessionActor.send({ type: 'LOGIN', email: String(input.values.email ?? ''), password: String(input.values.password ?? '') })
      return null
    }),
  },
})
export const loginFormInput: RecordFormInput = { id: null, validate: validateWith(LoginRequest), keepEditing: true }
