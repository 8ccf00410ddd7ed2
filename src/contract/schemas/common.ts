import * as Schema from 'effect/Schema'
import { MAX_PAGE_LENGTH } from '../constants/tables.ts'
import { Id, Int4, StrictDate, Text } from '../validation.ts'

/**
 * Schemas that serve many areas: roles, the bodies every endpoint may answer (empty, a message, a
 * file, a refusal), the server table's paging, a date, a reference to a client and to a user, and
 * the public token a new window downloads a file with. Timestamps are ISO 8601 strings.
 */

/** A calendar date yyyy-mm-dd that exists (no 2025-02-30), within DATE_RANGE (the calendar's years). */
export const IsoDate = StrictDate

export const ClientRef = Schema.Struct({ id: Schema.Number, name: Schema.String })
export type ClientRef = typeof ClientRef.Type
export const UserRef = Schema.Struct({ id: Schema.Number, email: Schema.String })

const Iso = Schema.String
export const PublicTokenReply = Schema.Struct({ public_token: Schema.String, expires_at: Iso })
/** Query of every file endpoint that a new window opens: `?_public_token=`. */
export const PublicTokenQuery = Schema.Struct({ _public_token: Schema.optional(Text()) })

/** A user's role (ROLE in constants/access.ts). */
export const RoleSchema = Schema.Literals([0, 1, 2, 3])
/** Roles an admin may give on the user form (admin = 0, sort_worker = 1). */
export const StaffRoleSchema = Schema.Literals([0, 1])

export const Empty = Schema.Struct({})
/** The body of a 204 or 205 answer (null-body statuses): none, read as null. */
export const NoBody = Schema.Null
export const MessageReply = Schema.Struct({ message: Schema.String })
/** The body of a file answer (PDF, XLSX, image) as the browser receives it. */
export const FileBody = Schema.declare((u: unknown): u is Blob => typeof Blob !== 'undefined' && u instanceof Blob)
/** The body of a refusal (4xx): the message and, when fields are at fault, their messages. */
export const ErrorReply = Schema.Struct({ message: Schema.String, errors: Schema.optional(Schema.Record(Schema.String, Schema.Array(Schema.String))) })
export const IdBody = Schema.Struct({ id: Id })

/** Server paging payload of every server-side table (DataTables shape). */
export const PagingRequest = Schema.Struct({
  draw: Schema.optional(Int4),
  start: Int4.check(Schema.isGreaterThanOrEqualTo(0)),
  length: Int4.check(Schema.isBetween({ minimum: 1, maximum: MAX_PAGE_LENGTH })),
  search: Schema.optional(Schema.Struct({ value: Text() })),
  order: Schema.optional(Schema.Array(Schema.Struct({ column: Int4, dir: Schema.Literals(['asc', 'desc']) }))),
})
export type PagingRequest = typeof PagingRequest.Type

export const paged = <S extends Schema.Top>(row: S) =>
  Schema.Struct({
    draw: Schema.optional(Schema.Number),
    data: Schema.Array(row),
    recordsTotal: Schema.Number,
    recordsFiltered: Schema.Number,
  })
