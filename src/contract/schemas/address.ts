import * as Schema from 'effect/Schema'
import { SEARCH_MIN_CHARS } from '../constants/ui.ts'
import { ADDRESS_MSG } from '../messages/address.ts'
import { IdFromString, Text } from '../validation.ts'

/** Longest search text accepted (chosen here; keeps the public finder cheap). */
const SEARCH_MAX_CHARS = 100

/** Search text: at least 3 characters besides surrounding spaces. */
export const SearchText = Text(SEARCH_MAX_CHARS).check(
  Schema.makeFilter((s: string) => (s.trim().length >= SEARCH_MIN_CHARS ? undefined : ADDRESS_MSG.searchTooShort)),
)

// ---- public postal-code finder ------------------------------------------------

export const TownAutocompleteRequest = Schema.Struct({ searchText: SearchText })
/** A town of the postal-code finder: name, voivodeship, municipality, postal_code. */
export const Town = Schema.Struct({
  name: Schema.String,
  voivodeship: Schema.String,
  municipality: Schema.String,
  postal_code: Schema.String,
})
export type Town = typeof Town.Type

// ---- address database for the shipment form (sender and recipient blocks) -----------------------

/** Query of GET app/v2/address_database/locality/search: a name (3+ characters) or a postal code. */
export const LocalitySearchQuery = Schema.Struct({
  country_id: IdFromString,
  query: Schema.optional(SearchText),
  postal_code: Schema.optional(Text(10)),
}).check(
  Schema.makeFilter((v: { query?: string; postal_code?: string }) =>
    v.query !== undefined || (v.postal_code ?? '').trim() !== '' ? undefined : { path: ['query'], issue: ADDRESS_MSG.localityCriteriaMissing },
  ),
)
export type LocalitySearchQuery = typeof LocalitySearchQuery.Type

/** A locality (id, name, voivodeship, municipality) plus its postal code, which the form sets. */
export const Locality = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  voivodeship: Schema.String,
  municipality: Schema.String,
  postal_code: Schema.String,
})
export type Locality = typeof Locality.Type

export const StreetSearchQuery = Schema.Struct({ query: SearchText })
/** A street (type, name) plus its id and street-level postal code (null when the locality has one code). */
export const Street = Schema.Struct({
  id: Schema.Number,
  type: Schema.String,
  name: Schema.String,
  postal_code: Schema.NullOr(Schema.String),
})
export type Street = typeof Street.Type

/** Query of GET app/v2/locker/search: country, and a text (3+ characters) and/or a locality. */
export const LockerSearchQuery = Schema.Struct({
  country_id: IdFromString,
  locality_id: Schema.optional(IdFromString),
  query: Schema.optional(SearchText),
}).check(
  Schema.makeFilter((v: { query?: string; locality_id?: number }) =>
    v.query !== undefined || v.locality_id !== undefined ? undefined : { path: ['query'], issue: ADDRESS_MSG.searchTooShort },
  ),
)
export type LockerSearchQuery = typeof LockerSearchQuery.Type

/** A parcel locker (id, name) plus what a person needs to choose one. */
export const Locker = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  code: Schema.String,
  city: Schema.String,
  address: Schema.String,
  postal_code: Schema.String,
  locality_id: Schema.NullOr(Schema.Number),
  lat: Schema.NullOr(Schema.Number),
  lng: Schema.NullOr(Schema.Number),
})
export type Locker = typeof Locker.Type
