import type { Schema } from 'effect'
import { ADDRESS } from '../../../contract/constants.ts'
import { LocalitySearchQuery, LockerSearchQuery, StreetSearchQuery } from '../../../contract/schemas/address.ts'
import { IdFromString, decode } from '../../../contract/validation.ts'
import { searchLocalities, searchLockers, searchStreets, searchTowns, toLocalityCriteria, toLockerCriteria } from '../../domain/address.ts'
import { invalid, notFound } from '../errors.ts'
import type { Handlers } from '../handler.ts'

/** Query strings of GET searches, decoded like bodies: bad input → 422 with per-field messages. */
function decodeQuery<S extends Schema.Decoder<unknown>>(schema: S, query: Record<string, string>): S['Type'] {
  const d = decode(schema, query)
  if (!d.ok) throw invalid(d.errors)
  return d.value
}

const localityIdParam = (raw: string | undefined) => {
  const d = decode(IdFromString, raw)
  if (!d.ok) throw notFound()
  return d.value
}

export const addressHandlers: Handlers<'townAutocomplete' | 'localitySearch' | 'streetSearch' | 'lockerSearch'> = {
  townAutocomplete: ({ deps, body }) => searchTowns(deps.db, ADDRESS.townFinderCountryId, body.searchText),
  localitySearch: ({ deps, query }) => searchLocalities(deps.db, toLocalityCriteria(decodeQuery(LocalitySearchQuery, query))),
  streetSearch: ({ deps, params, query }) =>
    searchStreets(deps.db, localityIdParam(params.localityId), decodeQuery(StreetSearchQuery, query).query),
  lockerSearch: ({ deps, query }) => searchLockers(deps.db, toLockerCriteria(decodeQuery(LockerSearchQuery, query))),
}
