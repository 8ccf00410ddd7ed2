import * as Schema from 'effect/Schema'
import { User } from './users.ts'

/** How e-mail leaves the server: by SMTP (SMTP_URL set), or not at all — it waits in the outbox table. */
export const MAIL_DELIVERY = ['smtp', 'outbox'] as const
export const MailDelivery = Schema.Literals(MAIL_DELIVERY)
export type MailDelivery = typeof MailDelivery.Type

/** A message of the outbox (admin's "Poczta wychodząca"). Timestamps ISO 8601. */
export const OutboxMessage = Schema.Struct({
  id: Schema.Number,
  to_address: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  created_at: Schema.String,
  sent_at: Schema.NullOr(Schema.String),
  attempts: Schema.Number,
  last_error: Schema.NullOr(Schema.String),
})
export type OutboxMessage = typeof OutboxMessage.Type
/** The newest messages first, and how mail leaves the server. */
export const OutboxReply = Schema.Struct({ delivery: MailDelivery, messages: Schema.Array(OutboxMessage) })
export type OutboxReply = typeof OutboxReply.Type

/** A new staff account, and where the e-mail with its first password went. */
export const UserCreated = Schema.Struct({ ...User.fields, password_mail: MailDelivery })
export type UserCreated = typeof UserCreated.Type
