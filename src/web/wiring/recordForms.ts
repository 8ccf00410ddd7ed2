import type * as Schema from 'effect/Schema'
import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { MSG, YES_NO_LABEL } from '../../contract/messages.ts'
import { decode } from '../../contract/validation.ts'
import { type RecordFormContext, type Values, answerOf } from '../../../machines/recordForm.ts'
import { ApiError, call } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'

/** What the record forms' wiring shares: decoding before a save, toasts of the answer, leaving for a list. */

/** The values as the schema decodes them; invalid values fail like a 422 (messages by field). */
export function decoded<S extends Schema.Decoder<unknown>>(schema: S, values: unknown): S['Type'] {
  const d = decode(schema, values)
  if (!d.ok) throw new ApiError(422, { message: MSG.invalidData, errors: d.errors })
  return d.value
}
/** A record form's failure as an error toast. */
export const showFormFailure = ({ context }: { context: RecordFormContext }) => {
  if (context.error) notify.error(context.error)
}
/** A save's answer: its message as a toast, and the saved record's id (null when it gave none). */
export const savedAnswer = ({ context }: { context: RecordFormContext }) => {
  const { id, message } = answerOf(context.saved)
  if (message) notify.success(message)
  return id
}
/** A delete's message as a toast, then the list. */
export const leftFor = (list: string) => ({ context }: { context: RecordFormContext }) => {
  if (context.acted?.message) notify.success(context.acted.message)
  navigate(list)
}
export const yesNo = [
  { value: 0, label: YES_NO_LABEL.no },
  { value: 1, label: YES_NO_LABEL.yes },
]

/** Clients by name for the client choosers (from 3 characters). */
export const searchClients = (text: string) => call(endpoints.clientSearch, undefined, { text })
