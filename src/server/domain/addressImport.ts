import { ADDRESS, POSTAL_CODE_FORMAT } from '../../contract/constants/address.ts'
import { ADDRESS_MSG } from '../../contract/messages/address.ts'
import type { Queryable } from '../db/db.ts'
import { type CsvSource, CsvSyntaxError, readCsv } from './csv.ts'

/**
 * Importer of the address database (docs/address-import.md): localities, streets and lockers from
 * CSV files, streamed, every row validated, valid rows upserted in batches.
 *
 * A file with any bad row is rejected whole (`ImportRejected` rolls back the caller's transaction;
 * every bad row is reported with its line); with `skipInvalid` bad rows are reported and skipped.
 * Never a silent half-import. Re-importing is idempotent: rows match on their natural key
 * (compared through addr_norm) and are updated in place, keeping ids. With `replace`, rows of the
 * file's countries that the file no longer lists are deleted.
 */
export type AddressKind = 'localities' | 'streets' | 'lockers'
export const ADDRESS_KINDS: readonly AddressKind[] = ['localities', 'streets', 'lockers']

export interface ImportOptions {
  replace?: boolean
  skipInvalid?: boolean
  batchSize?: number
}

export interface RowError {
  line: number
  column?: string
  message: string
}

export interface ImportReport {
  kind: AddressKind
  /** Data rows read (header excluded). */
  rows: number
  inserted: number
  updated: number
  /** Rows whose key repeated an earlier row of the same file (the later row wins). */
  duplicates: number
  /** Bad rows left out (only with skipInvalid). */
  skipped: number
  /** Rows deleted by `replace`. */
  removed: number
  /** Bad rows, at most ADDRESS.importMaxReportedErrors of them; `errorCount` has the total. */
  errors: RowError[]
  errorCount: number
}

export class ImportRejected extends Error {
  constructor(readonly report: ImportReport) {
    super(ADDRESS_MSG.import.rejected(report.errorCount))
  }
}

const M = ADDRESS_MSG.import

// ---- columns ---------------------------------------------------------------------------------

interface Column {
  name: string
  required: boolean
  max: number
}
const col = (name: string, required: boolean, max = 200): Column => ({ name, required, max })

/** The columns of each file, in the documented order (any order is accepted, matched by header). */
export const COLUMNS: Record<AddressKind, readonly Column[]> = {
  localities: [col('country', true, 2), col('county', true), col('municipality', true), col('name', true), col('postal_code', true, 10)],
  streets: [
    col('country', true, 2),
    col('county', true),
    col('municipality', true),
    col('locality', true),
    col('type', false, 50),
    col('name', true),
    col('postal_code', false, 10),
  ],
  lockers: [
    col('country', true, 2),
    col('code', true, 64),
    col('name', true),
    col('city', true),
    col('county', false),
    col('municipality', false),
    col('address', true, 300),
    col('postal_code', false, 10),
    col('lat', false, 20),
    col('lng', false, 20),
  ],
}

interface ValidRow {
  line: number
  countryId: number
  v: Record<string, string>
  lat?: number | null
  lng?: number | null
}

// ---- row validation --------------------------------------------------------------------------

function validateRow(kind: AddressKind, line: number, raw: Record<string, string>, countries: Map<string, number>): ValidRow | RowError[] {
  const errors: RowError[] = []
  const v: Record<string, string> = {}
  for (const c of COLUMNS[kind]) {
    const value = (raw[c.name] ?? '').trim().replace(/\s+/g, ' ')
    if (c.required && value === '') errors.push({ line, column: c.name, message: M.required })
    else if (value.length > c.max) errors.push({ line, column: c.name, message: M.tooLong(c.max) })
    v[c.name] = value
  }
  const countryId = countries.get(v.country!.toUpperCase())
  if (v.country && countryId === undefined) errors.push({ line, column: 'country', message: M.unknownCountry(v.country, [...countries.keys()]) })
  const format = countryId === undefined ? undefined : POSTAL_CODE_FORMAT[countryId]
  if (format && v.postal_code && !format.pattern.test(v.postal_code)) {
    errors.push({ line, column: 'postal_code', message: M.postalCode(format.example) })
  }
  let lat: number | null = null
  let lng: number | null = null
  if (kind === 'lockers') {
    const num = (name: 'lat' | 'lng', limit: number, msg: string) => {
      const s = v[name]!.replace(',', '.')
      if (s === '') return null
      const n = Number(s)
      if (!Number.isFinite(n)) errors.push({ line, column: name, message: M.notNumber })
      else if (Math.abs(n) > limit) errors.push({ line, column: name, message: msg })
      return n
    }
    lat = num('lat', 90, M.latitude)
    lng = num('lng', 180, M.longitude)
  }
  if (errors.length) return errors
  return { line, countryId: countryId!, v, lat, lng }
}

// ---- batch writers ---------------------------------------------------------------------------

interface BatchResult {
  ids: number[]
  inserted: number
  updated: number
  duplicates: number
  errors: RowError[]
}

/**
 * Writes a batch of valid rows; with `write` false only checks what needs the database (the
 * localities streets refer to). Rows it cannot write come back as errors.
 */
type Writer = (q: Queryable, rows: ValidRow[], write: boolean) => Promise<BatchResult>

const NOTHING: BatchResult = { ids: [], inserted: 0, updated: 0, duplicates: 0, errors: [] }

const tally = (rows: ValidRow[], written: Array<{ id: number; inserted: boolean }>, errors: RowError[] = []): BatchResult => ({
  ids: written.map((r) => r.id),
  inserted: written.filter((r) => r.inserted).length,
  updated: written.filter((r) => !r.inserted).length,
  duplicates: rows.length - written.length,
  errors,
})

const writeLocalities: Writer = async (q, rows, write) => {
  if (!write) return NOTHING
  const written = await q.query<{ id: number; inserted: boolean }>(
    `with input as (
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
         as t(country_id, county, municipality, name, postal_code, ord)
     ), dedup as (
       select distinct on (country_id, addr_norm(county), addr_norm(municipality), addr_norm(name)) *
       from input order by country_id, addr_norm(county), addr_norm(municipality), addr_norm(name), ord desc
     )
     insert into localities (country_id, county, municipality, name, postal_code)
     select country_id, county, municipality, name, postal_code from dedup order by ord
     on conflict (country_id, county_norm, municipality_norm, name_norm) do update
       set county = excluded.county, municipality = excluded.municipality, name = excluded.name, postal_code = excluded.postal_code
     returning id, (xmax = 0) as inserted`,
    [
      rows.map((r) => r.countryId),
      rows.map((r) => r.v.county),
      rows.map((r) => r.v.municipality),
      rows.map((r) => r.v.name),
      rows.map((r) => r.v.postal_code),
      rows.map((r) => r.line),
    ],
  )
  return tally(rows, written)
}

/** Locality ids by their natural key as written in the file, per import (files are grouped by locality). */
type LocalityCache = Map<string, number | null>
const localityKey = (r: ValidRow) => `${r.countryId}\u0000${r.v.county}\u0000${r.v.municipality}\u0000${r.v.locality}`

async function resolveLocalities(q: Queryable, rows: ValidRow[], cache: LocalityCache) {
  const missing = [...new Map(rows.filter((r) => !cache.has(localityKey(r))).map((r) => [localityKey(r), r])).values()]
  if (missing.length === 0) return
  // Lateral lookup: one index probe (localities_key) per distinct locality of the batch.
  const found = await q.query<{ ord: number; id: number | null }>(
    `select t.ord, x.id
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[]) as t(country_id, county, municipality, locality, ord)
     left join lateral (
       select l.id from localities l
       where l.country_id = t.country_id and l.county_norm = addr_norm(t.county)
         and l.municipality_norm = addr_norm(t.municipality) and l.name_norm = addr_norm(t.locality)
       limit 1) x on true`,
    [missing.map((r) => r.countryId), missing.map((r) => r.v.county), missing.map((r) => r.v.municipality), missing.map((r) => r.v.locality), missing.map((_, i) => i)],
  )
  for (const f of found) cache.set(localityKey(missing[f.ord]!), f.id)
}

const makeStreetWriter = (cache: LocalityCache): Writer => async (q, rows, write) => {
  // Resolve each row's locality by its natural key first, so a missing one is reported on its line.
  await resolveLocalities(q, rows, cache)
  const errors: RowError[] = []
  const ok: Array<ValidRow & { localityId: number }> = []
  for (const r of rows) {
    const localityId = cache.get(localityKey(r))
    if (localityId == null) errors.push({ line: r.line, column: 'locality', message: M.localityMissing })
    else ok.push({ ...r, localityId })
  }
  if (!write || ok.length === 0) return { ...NOTHING, errors }
  const written = await q.query<{ id: number; inserted: boolean }>(
    `with input as (
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[]) as t(locality_id, type, name, postal_code, ord)
     ), dedup as (
       select distinct on (locality_id, type, addr_norm(name), postal_code) * from input
       order by locality_id, type, addr_norm(name), postal_code, ord desc
     )
     insert into streets (locality_id, type, name, postal_code)
     select locality_id, type, name, postal_code from dedup order by ord
     on conflict (locality_id, type, name_norm, postal_code) do update set name = excluded.name
     returning id, (xmax = 0) as inserted`,
    [ok.map((r) => r.localityId), ok.map((r) => r.v.type), ok.map((r) => r.v.name), ok.map((r) => r.v.postal_code), ok.map((r) => r.line)],
  )
  return tally(ok, written, errors)
}

const writeLockers: Writer = async (q, rows, write) => {
  if (!write) return NOTHING
  // The locker's locality: same country and name as its city (and county / municipality when
  // given); among several (Bucharest has one per sector) the one whose postal code shares the
  // longest prefix with the locker's. None → locality_id stays null (a city the localities do not list).
  const written = await q.query<{ id: number; inserted: boolean }>(
    `with input as (
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[], $11::int[])
         as t(country_id, code, name, city, county, municipality, address, postal_code, lat, lng, ord)
     ), dedup as (
       select distinct on (country_id, code) * from input order by country_id, code, ord desc
     ), resolved as (
       select d.*, (
         select l.id from localities l
         where l.country_id = d.country_id and l.name_norm = addr_norm(d.city)
           and (d.county = '' or l.county_norm = addr_norm(d.county))
           and (d.municipality = '' or l.municipality_norm = addr_norm(d.municipality))
         order by (l.postal_code = d.postal_code) desc, (left(l.postal_code, 3) = left(d.postal_code, 3)) desc,
           (left(l.postal_code, 2) = left(d.postal_code, 2)) desc, l.id
         limit 1) as locality_id
       from dedup d
     )
     insert into lockers (country_id, code, name, city, address, postal_code, lat, lng, locality_id)
     select country_id, code, name, city, address, postal_code, lat, lng, locality_id from resolved order by ord
     on conflict (country_id, code) do update set name = excluded.name, city = excluded.city, address = excluded.address,
       postal_code = excluded.postal_code, lat = excluded.lat, lng = excluded.lng, locality_id = excluded.locality_id
     returning id, (xmax = 0) as inserted`,
    [
      rows.map((r) => r.countryId),
      rows.map((r) => r.v.code),
      rows.map((r) => r.v.name),
      rows.map((r) => r.v.city),
      rows.map((r) => r.v.county),
      rows.map((r) => r.v.municipality),
      rows.map((r) => r.v.address),
      rows.map((r) => r.v.postal_code),
      rows.map((r) => r.lat ?? null),
      rows.map((r) => r.lng ?? null),
      rows.map((r) => r.line),
    ],
  )
  return tally(rows, written)
}

const writerFor = (kind: AddressKind): Writer =>
  kind === 'localities' ? writeLocalities : kind === 'streets' ? makeStreetWriter(new Map()) : writeLockers

/** Deletes the rows of `countryIds` that this import did not write. */
async function removeUnlisted(q: Queryable, kind: AddressKind, countryIds: number[], keep: number[]): Promise<number> {
  const sql = {
    localities: `delete from localities where country_id = any($1::int[]) and id not in (select unnest($2::int[])) returning id`,
    streets: `delete from streets s using localities l where l.id = s.locality_id and l.country_id = any($1::int[]) and s.id not in (select unnest($2::int[])) returning s.id`,
    lockers: `delete from lockers where country_id = any($1::int[]) and id not in (select unnest($2::int[])) returning id`,
  }[kind]
  try {
    return (await q.query(sql, [countryIds, keep])).length
  } catch (e) {
    if ((e as { code?: string }).code === '23503') throw new Error(M.inUse)
    throw e
  }
}

// ---- the import ------------------------------------------------------------------------------

/**
 * Imports one CSV file of `kind` through `q`, which must be one transaction for the file (the
 * caller's `db.tx`): on `ImportRejected` the caller's transaction rolls back.
 */
export async function importAddressCsv(q: Queryable, kind: AddressKind, source: CsvSource, opts: ImportOptions = {}): Promise<ImportReport> {
  const batchSize = opts.batchSize ?? ADDRESS.importBatchSize
  const report: ImportReport = { kind, rows: 0, inserted: 0, updated: 0, duplicates: 0, skipped: 0, removed: 0, errors: [], errorCount: 0 }
  const fail = (e: RowError) => {
    report.errorCount++
    if (report.errors.length < ADDRESS.importMaxReportedErrors) report.errors.push(e)
  }
  const countries = new Map(
    (await q.query<{ id: number; iso_code: string }>(`select id, iso_code from countries`)).map((c) => [c.iso_code.toUpperCase(), c.id]),
  )
  if (countries.size === 0) {
    fail({ line: 1, message: M.noCountries })
    throw new ImportRejected(report)
  }
  const columns = COLUMNS[kind]
  const writer = writerFor(kind)
  const keep: number[] = []
  const countryIds = new Set<number>()
  let header: string[] | null = null
  let batch: ValidRow[] = []
  // Once a row is bad (and bad rows are not skipped) nothing more is written, but every row is
  // still checked so the operator gets the full list in one run.
  const writing = () => Boolean(opts.skipInvalid) || report.errorCount === 0

  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    // Without skipInvalid a rejected file is rolled back whole by the caller's transaction, so
    // rows written before the first bad one never become visible.
    const write = writing()
    const res = await writer(q, rows, write)
    for (const e of res.errors) fail(e)
    if (opts.skipInvalid) report.skipped += res.errors.length
    if (!write) return
    keep.push(...res.ids)
    report.inserted += res.inserted
    report.updated += res.updated
    report.duplicates += res.duplicates
  }

  try {
    for await (const rec of readCsv(source, M)) {
      if (!header) {
        header = rec.fields.map((h) => h.trim().toLowerCase())
        const known = new Set(columns.map((c) => c.name))
        const missing = columns.filter((c) => c.required && !header!.includes(c.name)).map((c) => c.name)
        const unknown = header.filter((h) => !known.has(h))
        const dup = header.find((h, i) => header!.indexOf(h) !== i)
        if (missing.length) fail({ line: rec.line, message: M.missingColumns(missing) })
        if (unknown.length) fail({ line: rec.line, message: M.unknownColumns(unknown) })
        if (dup) fail({ line: rec.line, message: M.duplicateColumn(dup) })
        if (report.errorCount) throw new ImportRejected(report)
        continue
      }
      report.rows++
      if (rec.fields.length !== header.length) {
        fail({ line: rec.line, message: M.wrongFieldCount(rec.fields.length, header.length) })
        if (opts.skipInvalid) report.skipped++
        continue
      }
      const raw: Record<string, string> = {}
      header.forEach((h, i) => (raw[h] = rec.fields[i]!))
      const row = validateRow(kind, rec.line, raw, countries)
      if (Array.isArray(row)) {
        row.forEach(fail)
        if (opts.skipInvalid) report.skipped++
        continue
      }
      countryIds.add(row.countryId)
      batch.push(row)
      if (batch.length >= batchSize) await flush()
    }
  } catch (e) {
    if (e instanceof CsvSyntaxError) fail({ line: e.line, message: e.message })
    else throw e
    throw new ImportRejected(report)
  }
  if (!header) {
    fail({ line: 1, message: M.emptyFile })
    throw new ImportRejected(report)
  }
  await flush()
  if (report.errorCount && !opts.skipInvalid) throw new ImportRejected(report)
  if (opts.replace && countryIds.size) report.removed = await removeUnlisted(q, kind, [...countryIds], keep)
  return report
}

/** One line per bad row, for a terminal: "line 12, postal_code: ...". */
export function formatRowErrors(report: ImportReport): string[] {
  const lines = report.errors.map((e) => `  wiersz ${e.line}${e.column ? `, ${e.column}` : ''}: ${e.message}`)
  if (report.errorCount > report.errors.length) lines.push(`  … oraz ${report.errorCount - report.errors.length} kolejnych`)
  return lines
}
