import { MSG } from '../src/contract/messages.ts'
import { defineSamples, doneActor, errorActor, named } from './graph/samples.ts'
import { passwordChangeMachine } from './sessionPasswordChange.ts'

/** A failed call as src/web/api/client.ts throws it (ApiError: HTTP status and the server's JSON body). */
const httpError = (status: number, data: Record<string, unknown>) => Object.assign(new Error(String(data.message ?? status)), { status, data })

export const passwordChangeSamples = defineSamples(passwordChangeMachine, {
  inputs: { '/profile': undefined },
  events: [
    named('right current password', {
      type: 'SUBMIT',
      values: { current_password: 'worker123', password: 'nowe-haslo', confirmation: 'nowe-haslo' },
    }),
    named('current_password', { type: 'EDIT', field: 'current_password' }),
    doneActor('save', { message: 'password_changed' }, 'password_changed'),
    errorActor('save', httpError(422, { message: MSG.invalidData, errors: { current_password: [MSG.wrongCurrentPassword] } }), '422 wrong current password'),
    errorActor('save', httpError(429, { message: MSG.tooManyAttempts(15) }), '429'),
    errorActor('save', httpError(401, { message: MSG.unauthenticated }), '401'),
  ],
  // The count of changes only grows; "changed at least once" is what tells states apart.
  key: (c) => ({ fieldErrors: c.fieldErrors, changed: c.saved > 0 }),
})
