import type { Queryable } from '../db/db.ts'
import { ensureYears, today } from '../domain/calendar.ts'

/**
 * Demo data of the admin screens: the calendar (public holidays of the current and the next year
 * and one day of the operator's own), two reported resignations (Demo Shop SRL and Budapest Kft,
 * each for one of its ordinary parcels not yet received), and one unknown client alias (an eMAG
 * marketplace alias read from a Demo Shop label). RE100000006's alias is not here: it appears
 * after that parcel's intake scan. Lockers of RO, HU and BG come with the address database.
 */
async function calendar(q: Queryable) {
  const year = Number(today().slice(0, 4))
  await ensureYears(q, [year, year + 1])
  await q.query(`insert into calendar_days (day, name, holiday) values (make_date($1, 12, 31), 'Inwentaryzacja magazynu', false) on conflict (country, day) do nothing`, [year])
}

/** An ordinary parcel of a client (not one of the DEMO-DATA table's), preferably one not yet received at the warehouse. */
const ordinaryParcel = async (q: Queryable, client: string) =>
  (
    await q.query<{ id: number; internal_number: string; client_id: number }>(
      `select p.id, p.internal_number, p.client_id from parcels p join clients c on c.id = p.client_id
        where c.name = $1 and p.internal_number not between 'RE100000001' and 'RE100000099' and p.deleted_at is null and p.shipment_id is not null
        order by (p.shipping_warehouse_received_at is null and p.return_warehouse_received_at is null) desc, p.id limit 1`,
      [client],
    )
  )[0]

async function resignations(q: Queryable) {
  const [admin] = await q.query<{ id: number }>(`select id from users where email = 'admin@example.com'`)
  const [clientUser] = await q.query<{ id: number }>(`select id from users where email = 'client@example.com'`)
  const demo = await ordinaryParcel(q, 'Demo Shop SRL')
  const budapest = await ordinaryParcel(q, 'Budapest Kft')
  if (demo) {
    await q.query(`insert into parcel_reported_resignations (client_id, user_id, waybill, note) values ($1, $2, $3, $4)`, [
      demo.client_id, clientUser?.id ?? null, demo.internal_number, 'Klient odbiorcy anulował zamówienie',
    ])
  }
  if (budapest) {
    await q.query(`insert into parcel_reported_resignations (client_id, user_id, waybill, note) values ($1, $2, $3, $4)`, [
      budapest.client_id, admin?.id ?? null, budapest.internal_number, 'Zgłoszone telefonicznie przez klienta',
    ])
  }
}

async function unknownAliases(q: Queryable) {
  const demo = await ordinaryParcel(q, 'Demo Shop SRL')
  await q.query(`insert into unknown_client_aliases (alias, proposed_client_id, parcel_id, is_emag) values ('EMAGMARKETPLACE', $1, $2, true)`, [
    demo?.client_id ?? null, demo?.id ?? null,
  ])
}

export const adminSeedParts = [calendar, resignations, unknownAliases]
