import * as Schema from 'effect/Schema'
import { PagingRequest } from './common.ts'
import { Id, NonBlankText, Text } from '../validation.ts'
import { RESIGNATIONS } from '../constants/resignations.ts'

/**
 * Reported resignations: the back office's list and form, and a client's own report. Every
 * string taken in has a maximum length. Timestamps are ISO 8601 strings.
 */

export const Resignation = Schema.Struct({
  id: Schema.Number,
  user_id: Schema.NullOr(Schema.Number),
  user_name: Schema.NullOr(Schema.String),
  client_id: Schema.Number,
  client_name: Schema.String,
  waybill: Schema.String,
  note: Schema.String,
  scanned_at: Schema.NullOr(Schema.String),
  resend_at: Schema.NullOr(Schema.String),
  scanned_by_user_id: Schema.NullOr(Schema.Number),
  scanned_by_user_name: Schema.NullOr(Schema.String),
  created_at: Schema.String,
})
export type Resignation = typeof Resignation.Type
export const ResignationListRequest = PagingRequest
const Waybill = NonBlankText(RESIGNATIONS.maxLength.waybill)
const Note = Text(RESIGNATIONS.maxLength.note)
/** Admin: the client is required on create. */
export const ResignationCreateRequest = Schema.Struct({ client_id: Id, waybill: Waybill, note: Schema.optional(Note) })
export type ResignationCreateRequest = typeof ResignationCreateRequest.Type
export const ResignationUpdateRequest = Schema.Struct({ id: Id, waybill: Waybill, note: Schema.optional(Note) })
export type ResignationUpdateRequest = typeof ResignationUpdateRequest.Type
/** A client reports for its own company: no client field. */
export const ClientResignationCreateRequest = Schema.Struct({ waybill: Waybill, note: Schema.optional(Note) })
export type ClientResignationCreateRequest = typeof ClientResignationCreateRequest.Type
export const ResignationSaved = Schema.Struct({ message: Schema.String, id: Schema.Number })
