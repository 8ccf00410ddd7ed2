import * as Schema from 'effect/Schema'
import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply } from '../schemas/common.ts'
import { UnknownAlias, UnknownAliasResolveRequest, UnknownAliasResolved } from '../schemas/aliases.ts'

/** Unknown client aliases read from labels, and resolving one to a client. */
export const aliasEndpoints = {
  /** Aliases read from labels that were not the parcel's client's, not resolved yet, oldest first. */
  unknownAliasList: ep({ method: 'GET', path: 'app/v1/unknown_client_alias', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(UnknownAlias) } }),
  unknownAliasGet: ep({ method: 'GET', path: 'app/v1/unknown_client_alias/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: UnknownAlias, 404: ErrorReply }, statuses: { 404: 'no such unresolved alias' } }),
  /** Resolves: the alias becomes one of the client's aliases (intake stops answering "wrong alias" for it). */
  unknownAliasResolve: ep({
    method: 'PUT', path: 'app/v1/unknown_client_alias', roles: ADMIN_ONLY, body: UnknownAliasResolveRequest, replies: { 200: UnknownAliasResolved, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 404: 'no such alias', 409: 'resolved already', 422: 'unknown client; resolved_type does not match the client chosen' },
  }),
} as const
