import * as Schema from 'effect/Schema'
import { AUDIT } from '../constants/audit.ts'
import { PagingRequest } from './common.ts'
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
 * Filters of the audit table beside the paging (`search.value`: text in the e-mail, address,
 * entity id or changes): the user (by id, or a fragment of the e-mail), the entity and its id
 * (a client's `entity_id` also finds its `client_parameter` entries `<client id>/<type id>`), a
 * date range (Warsaw days, both ends included).
 */
export const AuditFilters = Schema.Struct({
  user_id: Schema.optional(Id),
  user_email: Schema.optional(Text(AUDIT.maxEmailFilterLength)),
  entity: Schema.optional(Schema.Literals(AUDIT.entities)),
  entity_id: Schema.optional(Text(AUDIT.maxEntityIdLength)),
  from: Schema.optional(StrictDateOrEmpty),
  to: Schema.optional(StrictDateOrEmpty),
})
export type AuditFilters = typeof AuditFilters.Type
export const AuditListRequest = Schema.Struct({ ...PagingRequest.fields, ...AuditFilters.fields })
export type AuditListRequest = typeof AuditListRequest.Type

/**
 * The XLSX export's query (GET, opened with a file token): the table's filters as strings, `text`
 * the table's search. Ids are not taken here: the e-mail fragment names the person.
 */
export const AuditExportQuery = Schema.Struct({
  _public_token: Schema.optional(Text()),
  user_email: AuditFilters.fields.user_email,
  entity: AuditFilters.fields.entity,
  entity_id: AuditFilters.fields.entity_id,
  from: AuditFilters.fields.from,
  to: AuditFilters.fields.to,
  text: Schema.optional(Text()),
})
export type AuditExportQuery = typeof AuditExportQuery.Type
