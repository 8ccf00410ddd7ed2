import type { LockerCountry } from '../../contract/schemas/lockers.ts'
import type { Queryable } from '../db/db.ts'
import { safeCell } from '../documents/cells.ts'

/**
 * The pickup-point file of one country for an e-commerce integration to
 * import: CSV (RFC 4180, UTF-8, comma, CRLF), one locker a line, header
 * `id,name,address,postal_code,city,latitude,longitude`. `id` is the operator's locker code (the
 * key a shipment's locker choice is matched by); coordinates are empty when unknown. Text fields
 * are quoted and pass through safeCell (a leading `'` where a spreadsheet could see a formula).
 */
const HEADER = ['id', 'name', 'address', 'postal_code', 'city', 'latitude', 'longitude']

const quote = (s: string) => `"${safeCell(s).replace(/"/g, '""')}"`
const num = (n: number | null) => (n == null || !Number.isFinite(n) ? '' : String(n))

export async function lockerCsv(q: Queryable, country: LockerCountry): Promise<{ data: Uint8Array; filename: string }> {
  const rows = await q.query<{ code: string; name: string; address: string; postal_code: string; city: string; lat: number | null; lng: number | null }>(
    `select l.code, l.name, l.address, l.postal_code, l.city, l.lat, l.lng
       from lockers l join countries c on c.id = l.country_id where c.iso_code = $1 order by l.code`,
    [country],
  )
  const lines = [HEADER.join(','), ...rows.map((r) => [r.code, r.name, r.address, r.postal_code, r.city].map(quote).concat(num(r.lat), num(r.lng)).join(','))]
  return { data: new TextEncoder().encode(lines.join('\r\n') + '\r\n'), filename: `lockers_${country}.csv` }
}
