import { Schema } from 'effect'
import { AUDIT } from '../constants/audit.ts'
import { PagingRequest } from '../schemas.ts'
import { Id, StrictDateOrEmpty, Text } from '../validation.ts'

/** One entry of the audit trail: who, when, from where, what, old → new per field. */
export const AuditRow = Schema.Struct({
  id: Schema.Number,
  at: Schema.String,
  user_id: Schema.NullOr(Schema.Number),
  user_email: Schema.String,
  address: Schema.String,
  entity: Schema.Literals(AUDIT.entities),
  entity_id: Schema.String,
  action: Schema.Literals(AUDIT.actions),
  changes: Schema.Record(Schema.String, Schema.Tuple([Schema.Unknown, Schema.Unknown])),
})
export type AuditRow = typeof AuditRow.Type

/**
 * Filters of the audit table beside the paging (`search.value`: text in the e-mail, address or
 * changes): the user, the entity and its id, a date range (Warsaw days, both ends included).
 */
export const AuditFilters = Schema.Struct({
  user_id: Schema.optional(Id),
  entity: Schema.optional(Schema.Literals(AUDIT.entities)),
  entity_id: Schema.optional(Text(AUDIT.maxEntityIdLength)),
  from: Schema.optional(StrictDateOrEmpty),
  to: Schema.optional(StrictDateOrEmpty),
})
export const AuditListRequest = Schema.Struct({ ...PagingRequest.fields, ...AuditFilters.fields })
export type AuditListRequest = typeof AuditListRequest.Type
