import type { FieldErrors } from '../../contract/validation.ts'
import { MSG } from '../../contract/messages.ts'

/** A domain or access failure with the HTTP status the spec names and a JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    /** Extra response headers (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`)
  }
}

export const unauthenticated = () => new HttpError(401, { message: MSG.unauthenticated })
export const forbidden = () => new HttpError(403, { message: MSG.forbidden })
export const notFound = (message: string = MSG.notFound) => new HttpError(404, { message })
/** 422 with per-field messages: `{ message, errors: { field: [..] } }`. */
export const invalid = (errors: FieldErrors) => new HttpError(422, { message: MSG.invalidData, errors })
