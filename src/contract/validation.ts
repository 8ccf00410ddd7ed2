import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import * as SchemaIssue from 'effect/SchemaIssue'
import * as SchemaTransformation from 'effect/SchemaTransformation'
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants/session.ts'
import { DATE_RANGE, INPUT } from './constants/platform.ts'
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

/** The input holds an empty (or blank) string at `path`. */
function isBlankAt(input: unknown, path: readonly unknown[]): boolean {
  let v: unknown = input
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return false
    v = (v as Record<string, unknown>)[String(k)]
  }
  return typeof v === 'string' && v.trim() === ''
}

/** Decodes unknown input with a schema; failures become Polish per-field messages. */
export function decode<S extends Schema.Decoder<unknown>>(schema: S, input: unknown): Decoded<S['Type']> {
  const result = Schema.decodeUnknownResult(schema)(input, { errors: 'all', onExcessProperty: 'ignore' })
  if (Result.isSuccess(result)) return { ok: true, value: result.success }
  const errors: FieldErrors = {}
  for (const issue of formatter(result.failure.issue).issues) {
    const path = (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null && 'key' in p ? p.key : p))
    const key = path.map(String).join('.') || '_'
    // A field left empty where a value of another kind (a number) is expected is missing, not wrong.
    const message = english.test(issue.message) || issue.message === MSG.invalidValue ? (isBlankAt(input, path) ? MSG.required : MSG.invalidValue) : issue.message
    ;(errors[key] ??= []).includes(message) || errors[key].push(message)
  }
  return { ok: false, errors }
}

// ---- reusable field schemas -------------------------------------------------------------
// Every request field is built from these: text with a maximum length that PostgreSQL can store
// as sent, integers that fit an int4 column, decimals that fit their numeric(precision, scale)
// column. Anything else is a 422 naming the field, never a database error (500).

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
/** Identifiers of the shared checks (tests/server/hostileInput.test.ts audits every request schema for them). */
export const CHECK_ID = { text: 'BoundedText', int4: 'Int4', decimal: 'Decimal' } as const

/**
 * At most `max` characters, no NUL (PostgreSQL text cannot hold it) and no lone surrogate (the
 * driver would store U+FFFD instead of what was sent).
 */
export const isBoundedText = (max: number) =>
  Schema.makeFilter(
    (s: string) => (s.length > max ? MSG.maxLength(max) : s.includes('\u0000') || LONE_SURROGATE.test(s) ? MSG.forbiddenCharacters : undefined),
    { identifier: CHECK_ID.text },
  )
/** Text of at most `max` characters (one line by default). */
export const Text = (max: number = INPUT.textMax) => Schema.String.check(isBoundedText(max))
/** Text that must not be empty. */
export const RequiredText = (max: number = INPUT.textMax) => Text(max).check(Schema.isMinLength(1, { message: MSG.required }))
/** Text that must hold more than blanks. */
export const NonBlankText = (max: number = INPUT.textMax) =>
  RequiredText(max).check(Schema.makeFilter((s: string) => (s.trim() === '' ? MSG.required : undefined)))

/** An integer that fits an int4 column, within [minimum, maximum] when given. */
export const Int4 = Schema.Number.check(
  Schema.makeFilter(
    (n: number) =>
      !Number.isInteger(n) ? MSG.integerExpected : n < INPUT.int4Min || n > INPUT.int4Max ? MSG.numberTooLarge(INPUT.int4Max) : undefined,
    { identifier: CHECK_ID.int4 },
  ),
)
/**
 * A decimal written as text, as replies carry money and measures ("10.00", "1.500"): decoded to the
 * number, so whatever a reply carries can be sent back. Plain digits with an optional sign and
 * fraction; anything else ("1e3", " 1", "") is refused.
 */
const DecimalText = Schema.String.check(Schema.isPattern(/^-?\d{1,20}(\.\d{1,20})?$/u, { message: MSG.invalidValue })).pipe(
  Schema.decodeTo(Schema.Number, SchemaTransformation.numberFromString),
)

/** A number as the decimal text the wire carries for a numeric column of `scale` places ("12.50"): the request form of a form's number. */
export const decimalText = (n: number, scale: number): string => n.toFixed(scale)

/** A number for a numeric(precision, scale) column: finite, and no more integer digits than the column has. The number may come as decimal text. */
export const Decimal = (precision: number, scale: number) => {
  const limit = 10 ** (precision - scale)
  // Rounded to the column's scale first: 9999999999.999 would round up to 11 integer digits.
  const bounded = Schema.makeFilter(
    (n: number) => (!Number.isFinite(n) || Math.abs(Number(n.toFixed(scale))) >= limit ? MSG.numberTooLarge(limit - 10 ** -scale) : undefined),
    { identifier: CHECK_ID.decimal },
  )
  return Schema.Union([Schema.Number.check(bounded), DecimalText.check(bounded)])
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const Email = Schema.String.check(
  Schema.isMinLength(1, { message: MSG.required }),
  // Bounded like any text, with the one message an address gets.
  Schema.makeFilter(
    (s: string) => {
      const at = s.lastIndexOf('@')
      const ok = emailPattern.test(s) && s.length <= EMAIL_MAX_LENGTH && at <= EMAIL_LOCAL_MAX_LENGTH && !s.includes('\u0000') && !LONE_SURROGATE.test(s)
      return ok ? undefined : MSG.invalidEmail
    },
    { identifier: CHECK_ID.text },
  ),
)
export const Password = Schema.String.check(
  Schema.isMinLength(1, { message: MSG.required }),
  Schema.isMinLength(PASSWORD_MIN_LENGTH, { message: MSG.minLength(PASSWORD_MIN_LENGTH) }),
  isBoundedText(INPUT.textMax),
)
export const RequiredString = RequiredText()
/** A database id: a positive int4 (larger numbers would overflow the column instead of not matching). */
export const Id = Int4.check(Schema.isGreaterThan(0, { message: MSG.invalidValue }))
/**
 * Ids arrive as strings in paths and queries: decimal digits only ("12" → 12); "0x10", "1e3",
 * " 1", "+1" and "1.0" are not ids.
 */
export const IdFromString = Schema.String.check(Schema.isPattern(/^[0-9]{1,10}$/, { message: MSG.invalidValue })).pipe(
  Schema.decodeTo(Schema.NumberFromString.pipe(Schema.decodeTo(Id))),
)
/** A path or query parameter: bounded text like any field. */
export const ParamText = Text(INPUT.textMax)

// ---- dates ----------------------------------------------------------------------------------
// Every field that carries a date is one of these two: the day (and time) must exist and fall
// within DATE_RANGE; nothing is rolled over (2026-02-30 is not 2 March).

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/
const plDay = (day: string) => day.split('-').reverse().join('.')
const DATE_MESSAGE = MSG.invalidDate(plDay(DATE_RANGE.min), plDay(DATE_RANGE.max))
const DATE_TIME_MESSAGE = MSG.invalidDateTime(plDay(DATE_RANGE.min), plDay(DATE_RANGE.max))

const dayExists = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
}
const inRange = (day: string) => day >= DATE_RANGE.min && day <= DATE_RANGE.max

/** A yyyy-mm-dd that exists and lies within DATE_RANGE. */
export const isStrictDate = (s: string): boolean => {
  const m = DATE_PATTERN.exec(s)
  return !!m && dayExists(+m[1]!, +m[2]!, +m[3]!) && inRange(s)
}
/**
 * "yyyy-mm-dd hh:mm[:ss[.ffffff]]" (or with T), optionally with Z or an offset of at most ±14:00:
 * a day that exists within DATE_RANGE and a time of day that exists.
 */
export const isStrictDateTime = (s: string): boolean => {
  const m = DATE_TIME_PATTERN.exec(s)
  if (!m) return false
  const [h, min, sec, oh, om] = [+m[4]!, +m[5]!, +(m[6] ?? 0), +(m[7] ?? 0), +(m[8] ?? 0)]
  return isStrictDate(s.slice(0, 10)) && h < 24 && min < 60 && sec < 60 && oh <= 14 && om < 60
}

/** A calendar day yyyy-mm-dd (see isStrictDate), with its own message. */
export const StrictDate = Text().check(Schema.makeFilter((s: string) => (isStrictDate(s) ? undefined : DATE_MESSAGE)))
/** A date and time (see isStrictDateTime), with its own message. */
export const StrictDateTime = Text().check(Schema.makeFilter((s: string) => (isStrictDateTime(s) ? undefined : DATE_TIME_MESSAGE)))
/** The messages of the two, for tests and forms. */
export const DATE_MSG = { date: DATE_MESSAGE, dateTime: DATE_TIME_MESSAGE } as const
/** A StrictDate or '' (a criterion left empty: no limit on that side, or "required" said by the rule). */
export const StrictDateOrEmpty = Text().check(Schema.makeFilter((s: string) => (s === '' || isStrictDate(s) ? undefined : DATE_MESSAGE)))
