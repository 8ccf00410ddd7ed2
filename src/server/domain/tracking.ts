import { OPERATOR_COURIER_ID } from '../../contract/constants/shipments.ts'
import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import type { HistoryReply, PublicHistoryReply } from '../../contract/schemas/tracking.ts'
import type { Db, Queryable } from '../db/db.ts'
import { DomainError, notFound } from './errors.ts'
import type { SessionUser } from './context.ts'
import { isoOr, statusWhen } from './dates.ts'
import type { ShipmentRecord } from './shipments.ts'

/**
 * Status history of a shipment (the shipment screen's 'Historia' tab) and public tracking
 *. Rows newest first. `name` is the status's displayed_name (Polish),
 * `name_ro` its Romanian name. The common tab lists every status any parcel received, once per
 * status and minute. Public tracking hides internal statuses (internal = 1) and every user,
 * workstation and sector.
 */

type Row = {
  id: number
  parcel_id: number
  internal_number: string
  occurred_at: unknown
  name: string
  name_ro: string
  internal: number
  id_courier: number
  email: string | null
  workstation: string | null
  sector: string | null
}

async function rowsOf(q: Queryable, rec: ShipmentRecord, publicOnly: boolean) {
  const parcels = await q.query<{ id: number; internal_number: string }>(
    `select p.id, p.internal_number from parcels p left join shipments s on s.id = p.shipment_id
      where ${rec.context === 'shipment' ? 'p.shipment_id = $1 and (p.deleted_at is null or s.deleted_at is not null)' : 'p.id = $1'}
      order by p.in_shipment_order, p.id`,
    [rec.context === 'shipment' ? rec.shipmentId : rec.parcelId],
  )
  const rows = await q.query<Row>(
    `select h.id::int as id, h.parcel_id, p.internal_number, h.occurred_at, st.displayed_name as name, st.displayed_name_ro as name_ro,
            st.internal, st.id_courier, u.email, w.code as workstation, ps.name as sector
       from parcel_status_history h
       join parcels p on p.id = h.parcel_id
       join status_types st on st.id = h.status_type_id
       left join users u on u.id = h.user_id
       left join workstations w on w.id = h.workstation_id
       left join problematic_sectors ps on ps.id = h.problematic_sector_id
      where h.parcel_id = any($1::int[]) ${publicOnly ? 'and st.internal = 0' : ''}
      order by h.occurred_at desc, h.id desc`,
    [parcels.map((p) => p.id)],
  )
  return { parcels, rows }
}

/** Every status once per status and minute, newest first: the common tab. */
function common(rows: Row[]) {
  const seen = new Set<string>()
  const out: Array<{ when: string; name: string; name_ro: string }> = []
  for (const r of rows) {
    const when = isoOr(r.occurred_at, '')
    const key = `${r.name}|${when.slice(0, 16)}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ when, name: r.name, name_ro: r.name_ro })
  }
  return out
}

export async function shipmentHistory(q: Queryable, rec: ShipmentRecord): Promise<HistoryReply> {
  const { parcels, rows } = await rowsOf(q, rec, false)
  return {
    history: {
      shipment: common(rows),
      parcels: parcels.map((p) => ({
        waybill: p.internal_number,
        parcel_id: p.id,
        history: rows
          .filter((r) => r.parcel_id === p.id)
          .map((r) => ({
            id: r.id,
            when: isoOr(r.occurred_at, ''),
            name: r.name,
            name_ro: r.name_ro,
            user: r.email,
            workstation: r.workstation,
            problematic_sector: r.sector,
            deletion_allowed: r.id_courier === OPERATOR_COURIER_ID,
          })),
      })),
    },
  }
}

export async function publicHistory(q: Queryable, rec: ShipmentRecord): Promise<PublicHistoryReply> {
  const { parcels, rows } = await rowsOf(q, rec, true)
  const pub = (r: Row) => ({ when: isoOr(r.occurred_at, ''), name: r.name, name_ro: r.name_ro })
  return {
    internal_waybill: rec.internalWaybill,
    history: {
      shipment: common(rows),
      parcels: parcels.map((p) => ({ waybill: p.internal_number, history: rows.filter((r) => r.parcel_id === p.id).map(pub) })),
    },
  }
}

/** Recomputes a parcel's current status and sector from its newest history row. */
async function refreshLastStatus(q: Queryable, parcelId: number) {
  await q.query(
    `update parcels p set last_status_type_id = h.status_type_id, last_status_at = h.occurred_at, problematic_sector_id = h.problematic_sector_id
       from (select status_type_id, occurred_at, problematic_sector_id from parcel_status_history where parcel_id = $1
              order by occurred_at desc, id desc limit 1) h
      where p.id = $1`,
    [parcelId],
  )
  await q.query(
    `update parcels set last_status_type_id = null, last_status_at = null, problematic_sector_id = null
      where id = $1 and not exists (select 1 from parcel_status_history where parcel_id = $1)`,
    [parcelId],
  )
}

/**
 * DELETE app/v2/parcel/history (admin): only rows whose status type belongs to courier 1 (the
 * operator), and never a parcel's only row; others → 409. The parcel's current status follows its newest remaining row.
 * Receipt dates stay as they were (a receipt happened even if its status row is withdrawn).
 */
export async function deleteHistoryRow(db: Db, id: number) {
  return db.tx(async (q) => {
    const [r] = await q.query<{ parcel_id: number; id_courier: number }>(
      `select h.parcel_id, st.id_courier from parcel_status_history h join status_types st on st.id = h.status_type_id where h.id = $1 for update of h`,
      [id],
    )
    if (!r) throw notFound(SHIPMENT_MSG.historyNotFound)
    if (r.id_courier !== OPERATOR_COURIER_ID) throw new DomainError(409, { message: SHIPMENT_MSG.statusNotDeletable })
    // A parcel keeps at least one row: without it tracking would say it has no status at all.
    const [others] = await q.query(`select 1 from parcel_status_history where parcel_id = $1 and id <> $2 limit 1`, [r.parcel_id, id])
    if (!others) throw new DomainError(409, { message: SHIPMENT_MSG.historyOnlyRow })
    await q.query(`delete from parcel_status_history where id = $1`, [id])
    await refreshLastStatus(q, r.parcel_id)
    return { message: SHIPMENT_MSG.historyStatusDeleted }
  })
}

/**
 * POST app/v2/parcel/history (admin; the spec does not show the body): gives a parcel a status by
 * hand. The row records the admin, the workstation they hold (if any), where (default TYCHY) and
 * when (default now).
 */
export async function addHistoryRow(db: Db, user: SessionUser, input: { parcel_id: number; status_type_id: number; when?: string | null; where?: string | null }) {
  const when = statusWhen(input.when ?? null)
  return db.tx(async (q) => {
    const [p] = await q.query<{ id: number }>(`select id from parcels where id = $1 for update`, [input.parcel_id])
    if (!p) throw notFound(SHIPMENT_MSG.notFound)
    const [st] = await q.query<{ id: number }>(`select id from status_types where id = $1`, [input.status_type_id])
    if (!st) throw notFound(SHIPMENT_MSG.statusNotFound)
    await q.query(
      `insert into parcel_status_history (parcel_id, status_type_id, occurred_at, where_name, user_id, workstation_id, workflow_id)
       select $1, $2, coalesce($3::timestamptz, now()), $4, $5, w.id, wf.id
         from (select 1) one
         left join workstations w on w.active_user_id = $5 and w.deleted_at is null
         left join workflows wf on wf.workstation_id = w.id and wf.end_at is null`,
      [p.id, st.id, when, input.where?.trim() || WAREHOUSE.defaultWhere, user.id],
    )
    await refreshLastStatus(q, p.id)
    return { message: SHIPMENT_MSG.statusAdded }
  })
}
