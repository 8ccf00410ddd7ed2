import type { Db } from '../../../src/server/db/db.ts'
import { one } from './support.ts'

/** Request bodies of the shipment form, built from the seeded address database. */
export interface Places {
  locality: Record<number, { id: number; name: string; postal_code: string }>
  locker: Record<number, { id: number; name: string }>
  demoShop: number
  budapest: number
}

export async function places(db: Db): Promise<Places> {
  const locality: Places['locality'] = {}
  const locker: Places['locker'] = {}
  for (const country of [1, 2, 3, 4]) {
    const [l] = await db.query<{ id: number; name: string; postal_code: string }>(
      `select id, name, postal_code from localities where country_id = $1 order by id limit 1`,
      [country],
    )
    if (l) locality[country] = l
    const [k] = await db.query<{ id: number; name: string }>(`select id, name from lockers where country_id = $1 order by id limit 1`, [country])
    if (k) locker[country] = k
  }
  const demoShop = (await one<{ id: number }>(db, `select id from clients where name = 'Demo Shop SRL'`)).id
  const budapest = (await one<{ id: number }>(db, `select id from clients where name = 'Budapest Kft'`)).id
  return { locality, locker, demoShop, budapest }
}

export const parcel = (i: number, weight = 1.5) => ({ in_shipment_order: i + 1, weight: { declared: weight }, dimensions: { declared: { height: 10, width: 20, length: 30 } } })

export function party(p: Places, country: number, locker: boolean, over: Record<string, unknown> = {}) {
  // PL has no localities in the demo address data: a made-up one (refused by the server if it gets that far).
  const l = p.locality[country] ?? { id: 0, name: '-', postal_code: '' }
  return {
    name: 'Ion Popescu',
    private_person: true,
    contact_name: null,
    email: 'ion@example.com',
    phone: { prefix: '+40', number: '721000333' },
    address: locker ? null : { locality: { id: l.id, name: l.name }, postal_code: l.postal_code, details: 'Strada Victoriei 10' },
    country: { id: country },
    locker: locker ? p.locker[country] : null,
    ...over,
  }
}

/** A valid create body for a service (1 home, 2 home return, 3 locker, 4 locker return) to/from a country. */
export function shipmentBody(p: Places, service: 1 | 2 | 3 | 4, opts: { country?: number; parcels?: number; clientId?: number | null; cod?: number } = {}) {
  const country = opts.country ?? 1
  const locker = service === 3 || service === 4
  const ret = service === 2 || service === 4
  const entered = party(p, country, locker)
  return {
    delivery_service: service,
    client_id: opts.clientId ?? null,
    sender: ret ? entered : null,
    recipient: ret ? null : entered,
    content: { declared_content: 'Odzież', declared_value: 120, cash_on_delivery_value: opts.cod ?? 0, currency: 'RON' },
    additional_data: { note: null, first_reference_number: 'REF-1', second_reference_number: null },
    parcels: Array.from({ length: opts.parcels ?? 1 }, (_, i) => parcel(i)),
  }
}
