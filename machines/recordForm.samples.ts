import { MSG } from '../src/contract/messages.ts'
import type { FieldErrors } from '../src/contract/validation.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type Loaded, type Values, recordFormMachine } from './recordForm.ts'

/** A one-field form: the name is required (what the client, band, parameter and status forms do with their schemas). */
export const requireName = (v: Values): FieldErrors => (typeof v.name === 'string' && v.name.trim() !== '' ? {} : { name: [MSG.required] })

/** A record with select choices and read-only facts (a status), one without the action (a status in use), one only viewed (a client's resignation). */
export const statusRecord: Loaded = {
  values: { name: 'Zarejestrowana', internal: 0 },
  options: { internal: [{ value: 0, label: 'Nie' }, { value: 1, label: 'Tak' }] },
  facts: [{ id: 'id', label: 'ID', value: '7' }],
}
export const usedRecord: Loaded = { ...statusRecord, actable: false }
export const readOnlyRecord: Loaded = { values: { name: 'RE900000001' }, facts: [{ id: 'created_at', label: 'Data zgłoszenia', value: '25.11.2026 08:00' }], readOnly: true }

export const recordFormSamples = defineSamples(recordFormMachine, {
  inputs: {
    /** A new record: done once saved (the web leaves for the list). */
    new: { id: null, validate: requireName },
    /** A stored record that stays open after a save (a status, a resignation). */
    'record 7': { id: 7, validate: requireName, keepEditing: true },
    /** A stored record whose form says nothing about staying (the client card's data tab): it stays editable after a save. */
    'record 9': { id: 9, validate: requireName },
    /** A form that starts again empty after each save (the password change). */
    resets: { id: null, validate: requireName, keepEditing: true, resetAfterSave: true },
  },
  events: [
    doneActor('load', { values: { name: 'Demo Shop SRL' } }, 'Demo Shop SRL'),
    doneActor('load', { values: { name: '' }, extra: { countries: [] } }, 'blank'),
    doneActor('load', usedRecord, 'no action'),
    doneActor('load', readOnlyRecord, 'read-only'),
    errorActor('load', httpError(404, { message: 'Klient nie istnieje' }), '404'),
    { type: 'RETRY' },
    named('name ""', { type: 'SET', name: 'name', value: '' }),
    named('name "Sofia"', { type: 'SET', name: 'name', value: 'Sofia EOOD' }),
    named('generated', { type: 'SET_MANY', values: { name: 'Sofia EOOD' } }),
    { type: 'TOUCH', name: 'name' },
    { type: 'SUBMIT' },
    doneActor('save', { id: 7, message: 'status_updated' }, 'saved #7'),
    errorActor('save', httpError(422, { message: MSG.invalidData, errors: { name: [MSG.emailTaken] } }), '422'),
    errorActor('save', httpError(500, { message: MSG.serverError }), '500'),
    { type: 'ACT' },
    named('clear', { type: 'ACT', action: 'clear' }),
    { type: 'RELOAD' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    doneActor('act', { values: { deleted_at: '2026-11-25T08:00:00.000Z' } }, 'blocked'),
    doneActor('act', { extra: { free: true } }, 'cleared'),
    doneActor('act', { leave: true, message: 'status_removed' }, 'deleted'),
    errorActor('act', httpError(409, { message: 'Status jest używany' }), '409'),
  ],
  key: ({ values, touched, submitted, serverErrors, id, readOnly, actable, keepEditing, resetAfterSave, action }) => ({ values, touched, submitted, serverErrors, id, readOnly, actable, keepEditing, resetAfterSave, action }),
})
