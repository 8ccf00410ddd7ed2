import { Result, Schema, SchemaIssue } from 'effect'
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts'
import { MSG } from './messages.ts'

/** Field errors keyed by dotted path, the shape of every 422 body and of form validation. */
export type FieldErrors = Record<string, string[]>

const english = /^(Expected|Invalid|Missing|Unexpected|Forbidden)/
const leafHook: SchemaIssue.LeafHook = (issue) => {
  if (issue._tag === 'MissingKey') return MSG.required
  if (issue._tag === 'UnexpectedKey') return MSG.unexpectedField
  const own = SchemaIssue.defaultLeafHook(issue)
  return english.test(own) ? MSG.invalidValue : own
}
// No message of its own: let the formatter descend, so a filter that points at a field
// (`{ path, issue }`, e.g. the password confirmation) keeps that field's message.
const checkHook: SchemaIssue.CheckHook = (issue) => {
  const own = SchemaIssue.defaultCheckHook(issue)
  return own === undefined ? undefined : english.test(own) ? MSG.invalidValue : own
}
const formatter = SchemaIssue.makeFormatterStandardSchemaV1({ leafHook, checkHook })

export type Decoded<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

/** Decodes unknown input with a schema; failures become Polish per-field messages. */
export function decode<S extends Schema.Decoder<unknown>>(schema: S, input: unknown): Decoded<S['Type']> {
  const result = Schema.decodeUnknownResult(schema)(input, { errors: 'all', onExcessProperty: 'ignore' })
  if (Result.isSuccess(result)) return { ok: true, value: result.success }
  const errors: FieldErrors = {}
  for (const issue of formatter(result.failure.issue).issues) {
    const key = (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p)).join('.') || '_'
    const message = english.test(issue.message) ? MSG.invalidValue : issue.message
    ;(errors[key] ??= []).includes(message) || errors[key].push(message)
  }
  return { ok: false, errors }
}

// ---- reusable field schemas -------------------------------------------------------------

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const Email = Schema.String.check(
  Schema.isMinLength(1, { message: MSG.required }),
  Schema.makeFilter((s: string) => {
    const at = s.lastIndexOf('@')
    return emailPattern.test(s) && s.length <= EMAIL_MAX_LENGTH && at <= EMAIL_LOCAL_MAX_LENGTH ? undefined : MSG.invalidEmail
  }),
)
export const Password = Schema.String.check(
  Schema.isMinLength(1, { message: MSG.required }),
  Schema.isMinLength(PASSWORD_MIN_LENGTH, { message: MSG.minLength(PASSWORD_MIN_LENGTH) }),
)
export const RequiredString = Schema.String.check(Schema.isMinLength(1, { message: MSG.required }))
/** A database id: a positive int4 (larger numbers would overflow the column instead of not matching). */
export const MAX_DB_INT = 2_147_483_647
export const Id = Schema.Int.check(Schema.isGreaterThan(0, { message: MSG.invalidValue }), Schema.isLessThanOrEqualTo(MAX_DB_INT, { message: MSG.invalidValue }))
/** Ids arrive as strings in paths: "12" → 12. */
export const IdFromString = Schema.NumberFromString.pipe(Schema.decodeTo(Id))
