import { ADDRESS } from '../../contract/constants/address.ts'
import { ADDRESS_MSG } from '../../contract/messages/address.ts'
import type { Locality, LocalitySearchQuery, Locker, LockerSearchQuery, Street, Town } from '../../contract/schemas/address.ts'
import type { Queryable } from '../db/db.ts'
import { notFound } from './errors.ts'

/**
 * Searches of the address database. Names are compared through addr_norm (migration
 * 020): lower-case ASCII without diacritics, so "Iasi" finds "Iași" and "cluj napoca" finds
 * "Cluj-Napoca". A name matches when the search text appears anywhere in it; results are ordered
 * by relevance — exact name, then names starting with the text, then a later word starting with
 * it, then any other position — and then shorter names first. At most ADDRESS.searchLimit rows.
 *
 * Prefix matches use the btree indexes on the normalised columns; contains matches use trigram
 * indexes where PostgreSQL has pg_trgm, otherwise they scan the country's rows (fast enough for a
 * national list: measured in the migration's note and in tests/server/address.test.ts).
 */

/** Relevance of `col` against the normalised text $t (lower sorts first). */
const rank = (col: string, t: string) =>
  `case when ${col} = ${t} then 0 when ${col} like ${t} || '%' then 1 when ${col} like '% ' || ${t} || '%' then 2 else 3 end`

/** Only digits (and spaces or a dash): the text is a postal code, not a name. */
const looksLikePostalCode = (s: string) => /^[\d\s-]+$/.test(s) && /\d/.test(s)

const localityColumns = `l.id, l.name, l.county as voivodeship, l.municipality, l.postal_code`
// A locality named after its municipality (the city itself, a commune's seat) before its villages.
const localityOrder = `(l.name_norm = l.municipality_norm) desc, length(l.name_norm), l.name, l.county, l.municipality, l.id`

/** Localities of a country by name (3+ characters) and/or postal code prefix (also matching street codes). */
export async function searchLocalities(q: Queryable, criteria: { countryId: number; query?: string; postalCode?: string }): Promise<Locality[]> {
  const text = criteria.query?.trim() ?? ''
  const postal = (criteria.postalCode ?? '').replace(/\s+/g, '')
  const params: unknown[] = [criteria.countryId, ADDRESS.searchLimit]
  const where = ['l.country_id = $1']
  let order = localityOrder
  if (text) {
    params.push(text)
    const t = `addr_norm($${params.length})`
    where.push(`${t} <> ''`, `l.name_norm like '%' || ${t} || '%'`)
    order = `${rank('l.name_norm', t)}, ${localityOrder}`
  }
  if (postal) {
    params.push(postal)
    const p = `$${params.length}::text`
    where.push(`(l.postal_code like ${p} || '%' or l.id in (select s.locality_id from streets s where s.postal_code like ${p} || '%'))`)
    order = text ? `(l.postal_code = ${p}) desc, ${order}` : `l.postal_code, ${order}`
  }
  return q.query<Locality>(`select ${localityColumns} from localities l where ${where.join(' and ')} order by ${order} limit $2`, params)
}

/** The public finder: towns by name, or by postal code when the text is digits. */
export async function searchTowns(q: Queryable, countryId: number, searchText: string): Promise<Town[]> {
  const text = searchText.trim()
  const rows = looksLikePostalCode(text)
    ? await searchLocalities(q, { countryId, postalCode: text })
    : await searchLocalities(q, { countryId, query: text })
  return rows.map(({ name, voivodeship, municipality, postal_code }) => ({ name, voivodeship, municipality, postal_code }))
}

export async function searchStreets(q: Queryable, localityId: number, query: string): Promise<Street[]> {
  const [locality] = await q.query(`select 1 from localities where id = $1`, [localityId])
  if (!locality) throw notFound(ADDRESS_MSG.localityNotFound)
  const t = `addr_norm($2)`
  return q.query<Street>(
    `select id, type, name, nullif(postal_code, '') as postal_code from streets
     where locality_id = $1 and ${t} <> '' and name_norm like '%' || ${t} || '%'
     order by ${rank('name_norm', t)}, length(name_norm), name, type, postal_code, id
     limit $3`,
    [localityId, query.trim(), ADDRESS.searchLimit],
  )
}

/** Lockers of a country, by text (name, city, address or code) and/or locality. */
export async function searchLockers(q: Queryable, criteria: { countryId: number; localityId?: number; query?: string }): Promise<Locker[]> {
  const params: unknown[] = [criteria.countryId, ADDRESS.searchLimit]
  const where = ['country_id = $1']
  let order = 'name, id'
  if (criteria.localityId !== undefined) {
    params.push(criteria.localityId)
    where.push(`locality_id = $${params.length}`)
  }
  const text = criteria.query?.trim() ?? ''
  if (text) {
    params.push(text)
    const t = `addr_norm($${params.length})`
    where.push(`${t} <> ''`, `search_norm like '%' || ${t} || '%'`)
    order = `${rank('name_norm', t)}, ${rank('search_norm', t)}, length(name_norm), ${order}`
  }
  return q.query<Locker>(
    `select id, name, code, city, address, postal_code, locality_id, lat, lng from lockers
     where ${where.join(' and ')} order by ${order} limit $2`,
    params,
  )
}

export const toLocalityCriteria = (v: LocalitySearchQuery) => ({ countryId: v.country_id, query: v.query, postalCode: v.postal_code })
export const toLockerCriteria = (v: LockerSearchQuery) => ({ countryId: v.country_id, localityId: v.locality_id, query: v.query })
