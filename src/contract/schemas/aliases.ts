import * as Schema from 'effect/Schema'
import { Id } from '../validation.ts'

/** Unknown client aliases read from labels, and how one is resolved to a client. Timestamps ISO 8601. */

const Int01 = Schema.Literals([0, 1])

export const ResolvedType = Schema.Literals(['manual', 'proposition'])
export type ResolvedType = typeof ResolvedType.Type
/** An alias read from a label that is not the parcel's client's; `proposed_client_id` is that parcel's client. */
export const UnknownAlias = Schema.Struct({
  id: Schema.Number,
  alias: Schema.String,
  proposed_client_id: Schema.NullOr(Schema.Number),
  client_name: Schema.NullOr(Schema.String),
  is_emag: Int01,
  waybill: Schema.NullOr(Schema.String),
  created_at: Schema.String,
})
export type UnknownAlias = typeof UnknownAlias.Type
/** resolved_type is manual when the client was changed from the proposed one, otherwise proposition. */
export const resolvedTypeOf = (proposedClientId: number | null, clientId: number): ResolvedType => (clientId === proposedClientId ? 'proposition' : 'manual')

export const UnknownAliasResolveRequest = Schema.Struct({ id: Id, client_id: Id, is_emag: Int01, resolved_type: ResolvedType })
export type UnknownAliasResolveRequest = typeof UnknownAliasResolveRequest.Type
export const UnknownAliasResolved = Schema.Struct({ message: Schema.String, id: Schema.Number, client_id: Schema.Number })
