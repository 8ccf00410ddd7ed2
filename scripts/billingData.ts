/**
 * Generated shipments for the billing benchmark and tests: `n` home deliveries to Romania of one
 * client, spread over the Warsaw days [from, to], each with one parcel (every 10th with two), a
 * third with cash on delivery. One SQL statement per table (generate_series).
 */
import { COUNTRY } from '../src/contract/constants/address.ts'
import { DELIVERY_SERVICE } from '../src/contract/constants/shipments.ts'
import type { Queryable } from '../src/server/db/db.ts'
import { COURIER } from '../src/server/seed/warehouse.ts'

export async function generateShipments(db: Queryable, o: { clientId: number; n: number; from: string; to: string; tag: string }): Promise<void> {
  if (!/^[A-Z0-9]{1,6}$/.test(o.tag)) throw new Error('tag: 1-6 capitals or digits')
  await db.query(
    `insert into shipments (internal_waybill, client_id, delivery_service, origin_country_id, destination_country_id, declared_value,
                            cash_on_delivery_value, currency, first_mile_courier_id, last_mile_courier_id, created_at)
     select 'G' || $1 || lpad(g::text, 9, '0'), $2, $3, $4, $5, 100, case when g % 3 = 0 then 150 else 0 end, 'RON', null, $6,
            ($7::date)::timestamp at time zone 'Europe/Warsaw'
              + ((g * 7919) % greatest(1, (($8::date - $7::date + 1) * 86400 - 1))) * interval '1 second'
       from generate_series(1, $9::int) g`,
    [o.tag, o.clientId, DELIVERY_SERVICE.homeDelivery, COUNTRY.PL, COUNTRY.RO, COURIER.dpdRo, o.from, o.to, o.n],
  )
  await db.query(
    `insert into parcels (shipment_id, client_id, internal_number, in_shipment_order, weight_declared, height_declared, width_declared, length_declared,
                          weight_measured, height_measured, width_measured, length_measured, created_at)
     select s.id, s.client_id, s.internal_waybill || '-' || k, k, 2.5, 20, 30, 40, 1 + (s.id % 20), 10 + s.id % 50, 20, 30, s.created_at
       from shipments s cross join generate_series(1, 2) k
      where s.internal_waybill like 'G' || $1 || '%' and (k = 1 or s.id % 10 = 0)`,
    [o.tag],
  )
}
