import { MSG } from '../src/contract/messages.ts'
import type { FieldErrors } from '../src/contract/validation.ts'
import { defineSamples, doneActor, errorActor, named } from './graph/samples.ts'
import { type Values, recordFormMachine } from './recordForm.ts'

/** A one-field form: the name is required (what the client, band and parameter forms do with their schemas). */
export const requireName = (v: Values): FieldErrors => (typeof v.name === 'string' && v.name.trim() !== '' ? {} : { name: [MSG.required] })
const httpError = (status: number, message: string, errors?: FieldErrors) => Object.assign(new Error(message), { status, data: { message, errors } })

export const recordFormSamples = defineSamples(recordFormMachine, {
  inputs: {
    new: { id: null, validate: requireName },
    'record 5': { id: 5, validate: requireName },
  },
  events: [
    doneActor('load', { values: { name: 'Demo Shop SRL' } }, 'Demo Shop SRL'),
    doneActor('load', { values: { name: '' }, extra: { countries: [] } }, 'blank'),
    errorActor('load', httpError(404, 'Klient nie istnieje'), '404'),
    { type: 'RETRY' },
    named('name ""', { type: 'SET', name: 'name', value: '' }),
    named('name "Sofia"', { type: 'SET', name: 'name', value: 'Sofia EOOD' }),
    named('generated', { type: 'SET_MANY', values: { name: 'Budapest Kft' } }),
    { type: 'TOUCH', name: 'name' },
    { type: 'SUBMIT' },
    doneActor('save', { id: 5 }, 'saved'),
    errorActor('save', httpError(422, MSG.invalidData, { name: [MSG.emailTaken] }), '422'),
    errorActor('save', httpError(500, MSG.serverError), '500'),
    { type: 'ACT' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    doneActor('act', { values: { deleted_at: '2026-11-25T08:00:00.000Z' } }, 'blocked'),
    doneActor('act', { leave: true }, 'deleted'),
    errorActor('act', httpError(404, MSG.notFound), '404'),
  ],
  key: ({ values, touched, submitted, serverErrors, id }) => ({ values, touched, submitted, serverErrors, id }),
})
