import { Schema } from 'effect'
import { StrictDate, Text } from '../validation.ts'

/**
 * Schemas that serve many areas: a date, a reference to a client and to a user, and the public
 * token a new window downloads a file with. Timestamps are ISO 8601 strings.
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
