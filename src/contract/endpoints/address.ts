import * as Schema from 'effect/Schema'
import { ANY_SIGNED_IN, PUBLIC } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty } from '../schemas/common.ts'
import {
  Locality, LocalitySearchQuery, Locker, LockerSearchQuery, Street, StreetSearchQuery, Town, TownAutocompleteRequest,
} from '../schemas/address.ts'

/**
 * Address database. The three searches of the shipment form are for every signed-in
 * role: admin and clients create shipments, warehouse workers view them. Their query
 * strings are decoded with LocalitySearchQuery, StreetSearchQuery and LockerSearchQuery
 * (schemas/address.ts); a text under 3 characters answers 422.
 */
export const addressEndpoints = {
  /** Public postal-code finder: Romanian towns. An empty list means town-not-found. */
  townAutocomplete: ep({
    method: 'POST',
    path: 'app/v1/public/address/database/RO/town/autocomplete',
    roles: PUBLIC,
    body: TownAutocompleteRequest,
    replies: { 200: Schema.Array(Town) },
  }),
  /** Query: country_id, query, postal_code. */
  localitySearch: ep({
    method: 'GET',
    path: 'app/v2/address_database/locality/search',
    roles: ANY_SIGNED_IN,
    body: Empty,
    query: LocalitySearchQuery,
    replies: { 200: Schema.Array(Locality) },
  }),
  /** Query: query. Unknown locality → 404. */
  streetSearch: ep({
    method: 'GET',
    path: 'app/v2/address_database/locality/{localityId}/street/search',
    roles: ANY_SIGNED_IN,
    body: Empty,
    query: StreetSearchQuery,
    replies: { 200: Schema.Array(Street) },
  }),
  /** Query: country_id, locality_id, query. */
  lockerSearch: ep({
    method: 'GET',
    path: 'app/v2/locker/search',
    roles: ANY_SIGNED_IN,
    body: Empty,
    query: LockerSearchQuery,
    replies: { 200: Schema.Array(Locker) },
  }),
} as const
