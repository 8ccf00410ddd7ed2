import { createReadStream } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AddressKind, ADDRESS_KINDS, importAddressCsv } from '../domain/addressImport.ts'
import type { Queryable } from './db.ts'

/**
 * The demo address database shipped in ./data (docs/address-import.md "Demo data"): Romanian
 * localities with their postal codes, streets of a few big cities, illustrative lockers in RO, HU
 * and BG. Loaded by the seed through the same importer an operator uses for the national lists.
 */
export const DEMO_ADDRESS_FILES: Record<AddressKind, string> = {
  localities: join(dirname(fileURLToPath(import.meta.url)), 'data', 'ro-localities.csv'),
  streets: join(dirname(fileURLToPath(import.meta.url)), 'data', 'ro-streets.csv'),
  lockers: join(dirname(fileURLToPath(import.meta.url)), 'data', 'lockers.csv'),
}

/** Seed part: needs the countries (seed part `frame`) first. */
export async function seedAddressDatabase(q: Queryable) {
  for (const kind of ADDRESS_KINDS) await importAddressCsv(q, kind, createReadStream(DEMO_ADDRESS_FILES[kind]))
}
