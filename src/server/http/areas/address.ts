import { ADDRESS } from '../../../contract/constants/address.ts'
import { IdFromString, decode } from '../../../contract/validation.ts'
import { searchLocalities, searchLockers, searchStreets, searchTowns, toLocalityCriteria, toLockerCriteria } from '../../domain/address.ts'
import { notFound } from '../../domain/errors.ts'
import type { Handlers } from '../handler.ts'

const localityIdParam = (raw: string | undefined) => {
  const d = decode(IdFromString, raw)
  if (!d.ok) throw notFound()
  return d.value
}

export const addressHandlers: Handlers<'townAutocomplete' | 'localitySearch' | 'streetSearch' | 'lockerSearch'> = {
  townAutocomplete: ({ deps, body }) => searchTowns(deps.db, ADDRESS.townFinderCountryId, body.searchText),
  localitySearch: ({ deps, queryData }) => searchLocalities(deps.db, toLocalityCriteria(queryData)),
  streetSearch: ({ deps, params, queryData }) => searchStreets(deps.db, localityIdParam(params.localityId), queryData.query),
  lockerSearch: ({ deps, queryData }) => searchLockers(deps.db, toLockerCriteria(queryData)),
}
