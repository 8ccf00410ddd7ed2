import * as Schema from 'effect/Schema'
import { PagingRequest } from './common.ts'
import { Id, NonBlankText } from '../validation.ts'
import { STATUSES } from '../constants/statuses.ts'

/**
 * Status types: the type as the floor and the rules read it, the rows and form of /statuses, and
 * a status group with its types. Every string taken in has a maximum length.
 */

const Int01 = Schema.Literals([0, 1])

/** What every reply about a status type holds. `internal` statuses are hidden from public tracking. */
const statusTypeCore = {
  id: Schema.Number,
  name: Schema.String,
  displayed_name: Schema.String,
  displayed_name_ro: Schema.String,
  internal: Int01,
  id_courier: Schema.Number,
  system_id: Schema.NullOr(Schema.String),
  status_type_group_id: Schema.NullOr(Schema.Number),
}

/** Status type as the floor and the rules read it (with its `code`). */
export const StatusType = Schema.Struct({ ...statusTypeCore, code: Schema.NullOr(Schema.String) })
export type StatusType = typeof StatusType.Type

/** A row of /statuses and the status form: `deletable` = the operator's (courier 1) status the rules do not use. */
export const StatusTypeRow = Schema.Struct({ ...statusTypeCore, courier_name: Schema.String, deletable: Schema.Boolean })
export type StatusTypeRow = typeof StatusTypeRow.Type
const statusTypeFields = {
  name: NonBlankText(STATUSES.maxLength.statusName),
  displayed_name: NonBlankText(STATUSES.maxLength.statusDisplayedName),
  displayed_name_ro: NonBlankText(STATUSES.maxLength.statusDisplayedName),
  internal: Int01,
  status_type_group_id: Schema.optional(Schema.NullOr(Id)),
}
/** New statuses belong to the operator (courier 1). */
export const StatusTypeCreateRequest = Schema.Struct(statusTypeFields)
export type StatusTypeCreateRequest = typeof StatusTypeCreateRequest.Type
export const StatusTypeUpdateRequest = Schema.Struct({ id: Id, ...statusTypeFields })
export type StatusTypeUpdateRequest = typeof StatusTypeUpdateRequest.Type
export const StatusTypeSaved = Schema.Struct({ message: Schema.String, id: Schema.Number })
export const StatusTypeListRequest = PagingRequest
/** GET app/v1/status_type_group/one/{identifier}: the group and its status types. */
export const StatusTypeGroupDetail = Schema.Struct({
  id: Schema.Number,
  identifier: Schema.String,
  name: Schema.String,
  status_types: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String, displayed_name: Schema.String, internal: Int01 })),
})
