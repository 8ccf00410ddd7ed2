/**
 * The refusals the http layer answers. They are the domain's (src/server/domain/errors.ts);
 * `HttpError` is the former name of DomainError, kept so both names compile.
 */
export { DomainError, DomainError as HttpError, type ErrorBody, forbidden, invalid, notFound, refuse, unauthenticated } from '../domain/errors.ts'
