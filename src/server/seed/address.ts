import { createReadStream } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AddressKind, ADDRESS_KINDS, importAddressCsv } from '../domain/addressImport.ts'
import type { Queryable } from '../db/db.ts'

/**
 * The demo address database shipped in ./data (docs/address-import.md "Demo data"): localities
 * with their postal codes of Romania, Hungary (every Budapest district) and Bulgaria (Sofia's
 * districts), streets of a few big Romanian cities (HU and BG have none: the form takes the street
 * as free text there), illustrative lockers in RO, HU and BG. Loaded by the seed through the same
 * importer an operator uses for the national lists, one file per country, localities first.
 */
const data = (name: string) => join(dirname(fileURLToPath(import.meta.url)), 'data', name)
export const DEMO_ADDRESS_FILES: Record<AddressKind, readonly string[]> = {
  localities: [data('ro-localities.csv'), data('hu-localities.csv'), data('bg-localities.csv')],
  streets: [data('ro-streets.csv')],
  lockers: [data('lockers.csv')],
}

/** Seed part: needs the countries (seed part `frame`) first. */
export async function seedAddressDatabase(q: Queryable) {
  for (const kind of ADDRESS_KINDS) for (const file of DEMO_ADDRESS_FILES[kind]) await importAddressCsv(q, kind, createReadStream(file))
}
