import { SHIPMENT } from '../../contract/constants/shipments.ts'
import type { Queryable } from '../db/db.ts'
import { STATUS } from './warehouse.ts'

/**
 * The shipments part of the demo data: one unprocessable buffer parcel for the adoption modal.
 * (The courier routes registration uses are reference data of migration 030.)
 */

/** BUF00000003: a parcel received at intake with an unreadable label, no client, not processable. */
export const UNPROCESSABLE_BUFFER = 'BUF00000003'
/** How long before the seed that parcel was received, in hours. */
export const UNPROCESSABLE_BUFFER_AGE_HOURS = 3

async function unprocessableParcel(q: Queryable) {
  const [p] = await q.query<{ id: number }>(
    `insert into parcels (internal_number, buffer_number, processable, error_message, creator, weight_declared, height_declared, width_declared, length_declared,
                          shipping_warehouse_received_at, last_status_type_id, last_status_at, created_at)
     values ('RE' || nextval('parcel_internal_number_seq'), $1, false, 'Nieczytelna etykieta – brak danych klienta', $2, 1.2, 20, 15, 10,
             now() - make_interval(hours => $4), $3, now() - make_interval(hours => $4), now() - make_interval(hours => $4))
     returning id`,
    [UNPROCESSABLE_BUFFER, SHIPMENT.initScanCreator, STATUS.received, UNPROCESSABLE_BUFFER_AGE_HOURS],
  )
  await q.query(
    `insert into parcel_status_history (parcel_id, status_type_id, occurred_at, where_name, user_id, workstation_id, created_at)
     select $1, $2, now() - make_interval(hours => $3), 'TYCHY', u.id, w.id, now() - make_interval(hours => $3)
       from users u, workstations w where u.email = 'worker@example.com' and w.code = 'PRZJ_01'`,
    [p!.id, STATUS.received, UNPROCESSABLE_BUFFER_AGE_HOURS],
  )
}

export const shipmentSeedParts = [unprocessableParcel]
