import { MSG } from '../src/contract/messages.ts'
import type { FieldErrors } from '../src/contract/validation.ts'
import { httpError } from './calendar.samples.ts'
import { defineSamples, doneActor, errorActor, named } from './graph/samples.ts'
import { type FormValues, type LoadedRecord, adminRecordFormMachine } from './adminRecordForm.ts'

/** A form with one required field, `name` (as the contract's schemas check it). */
export const requireName = (values: FormValues): FieldErrors => (typeof values.name === 'string' && values.name.trim() !== '' ? {} : { name: [MSG.required] })

const loaded = (over: Partial<LoadedRecord> = {}): LoadedRecord => ({
  values: { name: 'Zarejestrowana', internal: 0 },
  options: { internal: [{ value: 0, label: 'Nie' }, { value: 1, label: 'Tak' }] },
  facts: [{ id: 'id', label: 'ID', value: '7' }],
  deletable: true,
  readOnly: false,
  ...over,
})
export const editableRecord = loaded()
export const readOnlyRecord = loaded({ readOnly: true, deletable: true })
export const emptyRecord = loaded({ values: { name: '', internal: 0 }, facts: [], deletable: false })

export const adminRecordFormSamples = defineSamples(adminRecordFormMachine, {
  inputs: {
    new: { recordId: null, validate: requireName },
    'edit #7': { recordId: 7, validate: requireName },
  },
  events: [
    doneActor('load', editableRecord, 'editable'),
    doneActor('load', readOnlyRecord, 'read-only'),
    doneActor('load', emptyRecord, 'empty'),
    errorActor('load', httpError(404, 'Nie znaleziono statusu'), '404'),
    { type: 'RETRY' },
    named('name ""', { type: 'CHANGE', field: 'name', value: '' }),
    named('name "Nowy"', { type: 'CHANGE', field: 'name', value: 'Nowy' }),
    { type: 'SUBMIT' },
    doneActor('save', { id: 7, message: 'status_updated' }, 'saved #7'),
    errorActor('save', httpError(422, MSG.invalidData, { name: ['Nazwa zajęta'] }), '422'),
    { type: 'DELETE' },
    { type: 'CANCEL' },
    { type: 'CONFIRM' },
    doneActor('remove', { id: 7, message: 'status_removed' }, 'removed'),
    errorActor('remove', httpError(409, 'Status jest używany'), '409'),
  ],
  // Which texts failed or what the last answer said does not change what can happen next.
  key: ({ failure: _f, done: _d, validate: _v, ...rest }) => rest,
})
