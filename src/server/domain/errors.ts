import { MSG } from '../../contract/messages.ts'
import type { FieldErrors } from '../../contract/validation.ts'

/** The JSON body of a refusal: the message, per-field messages, and whatever else the answer names (scan suggestions...). */
export interface ErrorBody {
  message?: string
  errors?: FieldErrors
  [key: string]: unknown
}

/**
 * A domain rule refused the request: the answer code the spec names for it, a Polish message and,
 * when fields are at fault, per-field messages (`body.errors`). Knows nothing of HTTP beyond the
 * number: the http layer turns it into the answer.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Extra response headers (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`)
  }

  /** Per-field messages, if the refusal names fields. */
  get fields(): FieldErrors | undefined {
    return this.body.errors
  }
}

/** A refusal with a message and, optionally, the fields at fault. */
export const refuse = (status: number, message: string, fields?: FieldErrors) =>
  new DomainError(status, fields ? { message, errors: fields } : { message })

export const unauthenticated = () => new DomainError(401, { message: MSG.unauthenticated })
export const forbidden = () => new DomainError(403, { message: MSG.forbidden })
export const notFound = (message: string = MSG.notFound) => new DomainError(404, { message })
/** 422 with per-field messages: `{ message, errors: { field: [..] } }`. */
export const invalid = (errors: FieldErrors) => new DomainError(422, { message: MSG.invalidData, errors })
