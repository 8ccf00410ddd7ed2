import { IdFromString, decode } from '../../contract/validation.ts'
import { notFound } from '../domain/errors.ts'

/** A numeric id from a path ('user/{id}'): anything that is not a database id is simply not found. */
export function pathId(raw: string | undefined, message?: string): number {
  const d = decode(IdFromString, raw)
  if (!d.ok) throw notFound(message)
  return d.value
}
