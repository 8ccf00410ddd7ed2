import { isStaff, ROLE } from '../../contract/constants/access.ts'
import { LISTING } from '../../contract/constants/shipments.ts'
import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import type { GroupStatusReply, ListingCriteria, ParcelListReply, ParcelRow, ShipmentRow } from '../../contract/schemas/listing.ts'
import type { Db, Queryable } from '../db/db.ts'
import { invalid } from './errors.ts'
import type { SessionUser } from './context.ts'
import { isoOr, nextDay, statusWhen, warsawMidnight } from './dates.ts'

/**
 * Parcel listing (POST app/v1/parcel/list): parcels or shipments, newest first (created_at desc,
 * id desc), server paging by offset.
 *
 * By role (see also the contract's ListingCriteria): clients see only their own rows, and
 * client_id, client_ids, return_number, processable, problematic_sector_id and problem_rule_code
 * are ignored for them; warehouse workers get all but problem_rule_code (admin only). The date
 * range applies unless a number (internal, out, return) is searched.
 *
 * A page is read in index order and stops after `start + length` rows; a big match answers the
 * planner's estimate (recordsFilteredEstimated). How and why it is fast: docs/speed.md.
 */

class Sql {
  params: unknown[] = []
  where: string[] = []
  p(v: unknown): string {
    this.params.push(v)
    return `$${this.params.length}`
  }
}

const norm = (s: string | null | undefined) => (s ?? '').trim().toUpperCase()

interface Scope {
  /** The client whose rows only are visible (clients); null for staff. */
  clientId: number | null
  admin: boolean
}

export const scopeOf = (user: SessionUser): Scope => ({
  clientId: isStaff(user.role) ? null : (user.client_id ?? -1),
  admin: user.role === ROLE.admin,
})

/**
 * The date range of the criteria: [start 00:00, end + 1 day 00:00) in Warsaw. A date left empty
 * sets no limit on its side: with both empty the list has no date limit (the screen opens with
 * its own default range, LISTING.defaultDays).
 */
export function dateRange(c: Pick<ListingCriteria, 'start' | 'end'>): { from: Date | null; to: Date | null } {
  const valid = (d: string | null | undefined) => (d && warsawMidnight(d) ? d.trim().slice(0, 10) : null)
  const start = valid(c.start)
  const end = valid(c.end)
  return { from: start ? warsawMidnight(start) : null, to: end ? warsawMidnight(nextDay(end)) : null }
}

const searchesNumber = (c: ListingCriteria, scope: Scope) =>
  !!(norm(c.internal_number) || norm(c.out_number) || (scope.clientId == null && norm(c.return_number)))

/** The parcel-level conditions on alias `p` (parcels). */
function parcelConditions(sql: Sql, c: ListingCriteria, scope: Scope, p: string) {
  const staff = scope.clientId == null
  if (c.status_group_id != null) sql.where.push(`${p}.last_status_type_id = any(array(select id from status_types where status_type_group_id = ${sql.p(c.status_group_id)}))`)
  if (c.last_status_id != null) sql.where.push(`${p}.last_status_type_id = ${sql.p(c.last_status_id)}`)
  if (norm(c.out_number)) sql.where.push(`${p}.out_number = ${sql.p(norm(c.out_number))}`)
  if (staff && norm(c.return_number)) sql.where.push(`${p}.return_number = ${sql.p(norm(c.return_number).replace(/^RE-/, 'RE_'))}`)
  if (staff && c.processable != null) sql.where.push(c.processable === 1 ? `${p}.processable` : `not ${p}.processable`)
  if (staff && c.problematic_sector_id != null) sql.where.push(`${p}.problematic_sector_id = ${sql.p(c.problematic_sector_id)}`)
}

/**
 * The shipment-level conditions: on a shipment (alias `s`), or on a parcel's copies of them
 * (alias `p`: country_id, delivery_service, cod, couriers; migration 030 keeps them in step).
 */
function shipmentConditions(sql: Sql, c: ListingCriteria, scope: Scope, alias: string, on: 'shipment' | 'parcel') {
  if (c.country != null) sql.where.push(`${alias}.country_id = ${sql.p(c.country)}`)
  if (c.locker != null) sql.where.push(c.locker === 1 ? `${alias}.delivery_service in (3, 4)` : `${alias}.delivery_service in (1, 2)`)
  const cod = on === 'shipment' ? `${alias}.cash_on_delivery_value > 0` : `${alias}.cod`
  if (c.cod != null) sql.where.push(c.cod === 1 ? cod : `not (${cod})`)
  if (c.courier_id != null) {
    const id = sql.p(c.courier_id)
    sql.where.push(`(${alias}.last_mile_courier_id = ${id} or ${alias}.first_mile_courier_id = ${id})`)
  }
  if (scope.admin && c.problem_rule_code) {
    const key = on === 'shipment' ? `${alias}.id` : `${alias}.shipment_id`
    sql.where.push(`exists (select 1 from problems pr where pr.shipment_id = ${key} and pr.rule_code = ${sql.p(c.problem_rule_code)} and pr.status = 'reported')`)
  }
}

function clientConditions(sql: Sql, c: ListingCriteria, scope: Scope, col: string) {
  if (scope.clientId != null) {
    sql.where.push(`${col} = ${sql.p(scope.clientId)}`)
    return
  }
  if (c.client_id != null) sql.where.push(`${col} = ${sql.p(c.client_id)}`)
  if (c.client_ids?.length) {
    const ids = sql.p([...c.client_ids])
    sql.where.push(c.client_list_filter_mode === 'exclude' ? `(${col} is null or not (${col} = any(${ids}::int[])))` : `${col} = any(${ids}::int[])`)
  }
}

function dateConditions(sql: Sql, c: ListingCriteria, scope: Scope, col: string) {
  if (searchesNumber(c, scope)) return
  const { from, to } = dateRange(c)
  if (from) sql.where.push(`${col} >= ${sql.p(from)}`)
  if (to) sql.where.push(`${col} < ${sql.p(to)}`)
}

/** The filtered set of parcels as FROM + WHERE (alias p; the shipment's criteria on the parcel's copies). */
function parcelSet(c: ListingCriteria, scope: Scope): { sql: Sql; from: string } {
  const sql = new Sql()
  sql.where.push(c.deleted === 1 ? 'p.deleted_at is not null' : 'p.deleted_at is null')
  clientConditions(sql, c, scope, 'p.client_id')
  // A parcel's internal duplicate row is the staff's: clients do not list it.
  if (scope.clientId != null) sql.where.push('p.duplicate_of_parcel_id is null')
  dateConditions(sql, c, scope, 'p.created_at')
  if (norm(c.internal_number)) sql.where.push(`p.internal_number = ${sql.p(norm(c.internal_number))}`)
  parcelConditions(sql, c, scope, 'p')
  shipmentConditions(sql, c, scope, 'p', 'parcel')
  const from = 'parcels p'
  return { sql, from }
}

function shipmentSet(c: ListingCriteria, scope: Scope): { sql: Sql; from: string } {
  const sql = new Sql()
  sql.where.push(c.deleted === 1 ? 's.deleted_at is not null' : 's.deleted_at is null')
  clientConditions(sql, c, scope, 's.client_id')
  dateConditions(sql, c, scope, 's.created_at')
  shipmentConditions(sql, c, scope, 's', 'shipment')
  // Parcel-level criteria: a shipment matches when one of its parcels does.
  const inner = new Sql()
  inner.params = sql.params
  if (norm(c.internal_number)) inner.where.push(`p.internal_number = ${inner.p(norm(c.internal_number))}`)
  parcelConditions(inner, c, scope, 'p')
  if (inner.where.length) sql.where.push(`exists (select 1 from parcels p where p.shipment_id = s.id and ${inner.where.join(' and ')})`)
  return { sql, from: 'shipments s' }
}

/** The page's own columns, read while the index is walked (no second visit of the parcels). */
const PARCEL_PAGE = `p.id, p.internal_number, p.in_number, p.out_number, p.buffer_number, p.return_number, p.created_at, p.error_message,
  p.last_status_type_id, p.client_id, p.shipment_id`

const PARCEL_ROW = `page.id, page.internal_number, st.displayed_name as status_name, st.internal as status_internal,
  rp.name as recipient_name, c.name as client_name, rp.locality_name as destination_city, sp.locality_name as source_city,
  coalesce(s.is_return, false) as return_parcel, page.in_number, page.out_number, page.buffer_number, page.return_number, s.declared_content,
  coalesce(s.cash_on_delivery_value, 0)::float8 as cash_on_delivery_value, s.currency, page.created_at,
  coalesce(page.error_message, s.error_message) as error_message, s.first_mile_courier_id as id_in_courier, s.last_mile_courier_id as id_out_courier,
  coalesce(s.internal_waybill, page.internal_number) as shipment_number`

const SHIPMENT_ROW = `s.id, s.internal_waybill, rp.name as recipient_name, c.name as client_name, rp.locality_name as recipient_locality_name,
  sp.locality_name as sender_locality_name, fp.in_number as in_waybill, fp.out_number as out_waybill, s.declared_content,
  s.cash_on_delivery_value::float8 as cash_on_delivery_value, s.currency, s.created_at, s.is_return, s.is_emag,
  sp.country_id as sender_country_id, rp.country_id as recipient_country_id`

/**
 * A client's row shows the parcel's newest public status: its current one, or when that is internal
 * (a problem scan) the newest public row of its history (one index probe, only for such rows).
 */
const CLIENT_STATUS_JOIN = `left join status_types cur on cur.id = page.last_status_type_id
       left join lateral (select ps.displayed_name, ps.internal from parcel_status_history h join status_types ps on ps.id = h.status_type_id
                           where h.parcel_id = page.id and ps.internal = 0 order by h.occurred_at desc, h.id desc limit 1) pub on cur.internal = 1
       cross join lateral (select case when cur.internal = 1 then pub.displayed_name else cur.displayed_name end as displayed_name,
                                  case when cur.internal = 1 then pub.internal else cur.internal end as internal) st`

type AnyRow = Record<string, any>

function toParcelRow(r: AnyRow, scope: Scope): ParcelRow {
  return {
    id: r.id,
    internal_number: r.internal_number,
    // Clients do not see internal (staff-only) statuses.
    status_name: scope.clientId != null && r.status_internal === 1 ? null : (r.status_name ?? null),
    recipient_name: r.recipient_name ?? null,
    client_name: r.client_name ?? null,
    destination_city: r.destination_city ?? null,
    source_city: r.source_city ?? null,
    return_parcel: r.return_parcel,
    in_number: r.in_number ?? null,
    out_number: r.out_number ?? null,
    buffer_number: r.buffer_number ?? null,
    return_number: r.return_number ?? null,
    declared_content: r.declared_content ?? null,
    cash_on_delivery: r.cash_on_delivery_value > 0,
    cash_on_delivery_value: r.cash_on_delivery_value,
    currency: r.currency ?? null,
    created_at: isoOr(r.created_at, ''),
    error_message: r.error_message ?? null,
    id_in_courier: r.id_in_courier ?? null,
    id_out_courier: r.id_out_courier ?? null,
    shipment_number: r.shipment_number,
  }
}

function toShipmentRow(r: AnyRow): ShipmentRow {
  return {
    id: r.id,
    internal_waybill: r.internal_waybill,
    recipient_name: r.recipient_name ?? null,
    client_name: r.client_name ?? null,
    recipient_locality_name: r.recipient_locality_name ?? null,
    sender_locality_name: r.sender_locality_name ?? null,
    in_waybill: r.in_waybill ?? null,
    out_waybill: r.out_waybill ?? null,
    declared_content: r.declared_content ?? null,
    cash_on_delivery: r.cash_on_delivery_value > 0,
    cash_on_delivery_value: r.cash_on_delivery_value,
    currency: r.currency ?? null,
    created_at: isoOr(r.created_at, ''),
    type: r.is_return ? (r.is_emag ? 'emag_return' : 'return') : r.is_emag ? 'emag' : 'standard',
    sender_country_id: r.sender_country_id ?? null,
    recipient_country_id: r.recipient_country_id ?? null,
  }
}

/**
 * A row of another table by its key, as a LATERAL lookup: one index probe per page row (the
 * planner cannot swap it for a scan of the whole table, which PGlite pays dearly for on big pages).
 */
const lookup = (table: string, alias: string, key: string, columns: string) =>
  `left join lateral (select ${columns} from ${table} ${alias} where ${alias}.id = ${key} limit 1) ${alias} on true`

/**
 * The page's rows as one JSON text built by the database: one value to hand over instead of
 * thousands of cells (the per-cell cost of PGlite's result parsing dominates a 5000-row page).
 */
async function pageRows(q: Queryable, query: string, params: unknown[]): Promise<AnyRow[]> {
  const [r] = await q.query<{ rows: string }>(`select coalesce(json_agg(x), '[]')::text as rows from (${query}) x`, params)
  return JSON.parse(r?.rows ?? '[]') as AnyRow[]
}

/** One page of rows (the page's keys in index order first, then their columns). */
export async function listRows(q: Queryable, c: ListingCriteria, scope: Scope, start: number, length: number): Promise<Array<ParcelRow | ShipmentRow>> {
  if (c.type === 'shipments') {
    const { sql, from } = shipmentSet(c, scope)
    const rows = await pageRows(
      q,
      `with page as materialized (select s.id, s.created_at from ${from} where ${sql.where.join(' and ')}
                      order by s.created_at desc, s.id desc limit ${sql.p(length)} offset ${sql.p(start)})
       select ${SHIPMENT_ROW}
         from page join shipments s on s.id = page.id
         ${lookup('parties', 'sp', 's.sender_id', 'sp.locality_name, sp.country_id')}
         ${lookup('parties', 'rp', 's.recipient_id', 'rp.name, rp.locality_name, rp.country_id')}
         left join clients c on c.id = s.client_id
         left join lateral (select in_number, out_number from parcels x where x.shipment_id = s.id order by x.in_shipment_order, x.id limit 1) fp on true
        order by page.created_at desc, page.id desc`,
      sql.params,
    )
    return rows.map(toShipmentRow)
  }
  const { sql, from } = parcelSet(c, scope)
  const rows = await pageRows(
    q,
    `with page as materialized (select ${PARCEL_PAGE} from ${from} where ${sql.where.join(' and ')}
                    order by p.created_at desc, p.id desc limit ${sql.p(length)} offset ${sql.p(start)})
     select ${PARCEL_ROW}
       from page
       ${lookup('shipments', 's', 'page.shipment_id', 's.id, s.is_return, s.declared_content, s.cash_on_delivery_value, s.currency, s.error_message, s.first_mile_courier_id, s.last_mile_courier_id, s.internal_waybill, s.sender_id, s.recipient_id')}
       ${lookup('parties', 'sp', 's.sender_id', 'sp.locality_name')}
       ${lookup('parties', 'rp', 's.recipient_id', 'rp.name, rp.locality_name')}
       left join clients c on c.id = page.client_id
       ${scope.clientId != null ? CLIENT_STATUS_JOIN : 'left join status_types st on st.id = page.last_status_type_id'}
      order by page.created_at desc, page.id desc`,
    sql.params,
  )
  return rows.map((r) => toParcelRow(r, scope))
}

/** The planner's row estimate of a query (EXPLAIN, nothing is read). */
async function estimate(q: Queryable, query: string, params: unknown[]): Promise<number> {
  const [r] = await q.query<Record<string, unknown>>(`explain (format json) ${query}`, params)
  const plan = Object.values(r ?? {})[0]
  const json = typeof plan === 'string' ? JSON.parse(plan) : plan
  return Math.round(Number((json as Array<{ Plan: { 'Plan Rows': number } }>)?.[0]?.Plan?.['Plan Rows'] ?? 0))
}

/**
 * Rows matching: exact (read up to the cap) when the planner expects a small set, else the
 * planner's estimate. [count, estimated].
 */
async function filteredCount(q: Queryable, from: string, sql: Sql): Promise<[number, boolean]> {
  const query = `select 1 from ${from} where ${sql.where.join(' and ')}`
  const expected = await estimate(q, query, sql.params)
  if (expected >= LISTING.exactCountBelow) return [expected, true]
  const [r] = await q.query<{ n: number }>(`select count(*)::int as n from (${query} limit ${LISTING.countCap + 1}) t`, sql.params)
  return [Math.min(r?.n ?? 0, LISTING.countCap), false]
}

async function totalOf(q: Queryable, c: ListingCriteria, scope: Scope): Promise<number> {
  const table = c.type === 'shipments' ? 'shipments' : 'parcels'
  if (scope.clientId != null) {
    const query = `select 1 from ${table} where client_id = $1`
    const expected = await estimate(q, query, [scope.clientId])
    if (expected >= LISTING.exactCountBelow) return expected
    const [r] = await q.query<{ n: number }>(`select count(*)::int as n from (${query} limit $2) t`, [scope.clientId, LISTING.countCap])
    return r?.n ?? 0
  }
  const [e] = await q.query<{ n: number }>(`select reltuples::float8 as n from pg_class where oid = '${table}'::regclass`)
  if (e && e.n >= 0) return Math.round(e.n)
  const [r] = await q.query<{ n: number }>(`select count(*)::int as n from (select 1 from ${table} limit $1) t`, [LISTING.countCap])
  return r?.n ?? 0
}

export async function parcelList(
  q: Queryable,
  user: SessionUser,
  req: { draw?: number; start: number; length: number; criteria: ListingCriteria },
): Promise<ParcelListReply> {
  const scope = scopeOf(user)
  const c = req.criteria
  const set = c.type === 'shipments' ? shipmentSet(c, scope) : parcelSet(c, scope)
  const data = await listRows(q, c, scope, req.start, req.length)
  // A page shorter than asked ends the set: its count is known without counting.
  const [filtered, estimated] =
    data.length < req.length && (data.length > 0 || req.start === 0) ? [req.start + data.length, false] : await filteredCount(q, set.from, set.sql)
  const total = await totalOf(q, c, scope)
  return {
    ...(req.draw != null ? { draw: req.draw } : {}),
    data,
    recordsTotal: Math.max(total, filtered),
    // An estimate never claims fewer rows than the pages already read.
    recordsFiltered: estimated ? Math.max(filtered, req.start + data.length) : filtered,
    ...(estimated ? { recordsFilteredEstimated: true } : {}),
  }
}

// ---- group status change -------------------------------------

/**
 * PUT parcel/status/group (admin, parcels): one status for many parcels in one transaction.
 * Parcels that already had the status (anywhere in their history) are skipped; the answer is 420
 * with their internal numbers when any were, else 200. Each row records the user, the
 * workstation they hold (if any), where and when. The parcels' current status follows their newest
 * row; the default intake status stamps the warehouse receipt and a status of the 'delivered'
 * group the delivery date, when not stamped yet. Unknown parcel ids → 422.
 */
export async function groupStatus(
  db: Db,
  user: SessionUser,
  input: { ids: readonly number[]; id_status_type: number; when: string; where: string },
): Promise<{ status: 200 | 420; body: GroupStatusReply }> {
  const when = statusWhen(input.when)
  const where = input.where.trim() || WAREHOUSE.defaultWhere
  const ids = [...new Set(input.ids)]
  return db.tx(async (q) => {
    const [st] = await q.query<{ id: number; delivered: boolean }>(
      `select st.id, coalesce(g.identifier = 'delivered', false) as delivered from status_types st left join status_type_groups g on g.id = st.status_type_group_id where st.id = $1`,
      [input.id_status_type],
    )
    if (!st) throw invalid({ id_status_type: [SHIPMENT_MSG.statusNotFound] })
    const parcels = await q.query<{ id: number; internal_number: string; had: boolean }>(
      `select p.id, p.internal_number,
              exists (select 1 from parcel_status_history h where h.parcel_id = p.id and h.status_type_id = $2) as had
         from parcels p where p.id = any($1::int[]) order by p.id for update of p`,
      [ids, st.id],
    )
    if (parcels.length !== ids.length) throw invalid({ ids: [SHIPMENT_MSG.groupUnknownParcels] })
    const skipped = parcels.filter((p) => p.had).map((p) => p.internal_number)
    const update = parcels.filter((p) => !p.had).map((p) => p.id)
    if (update.length) {
      await q.query(
        `insert into parcel_status_history (parcel_id, status_type_id, occurred_at, where_name, user_id, workstation_id, workflow_id)
         select x.id, $2, coalesce($3::timestamptz, now()), $4, $5, w.id, wf.id
           from unnest($1::int[]) as x(id)
           left join workstations w on w.active_user_id = $5 and w.deleted_at is null
           left join workflows wf on wf.workstation_id = w.id and wf.end_at is null`,
        [update, st.id, when, where, user.id],
      )
      await q.query(
        `update parcels p set last_status_type_id = h.status_type_id, last_status_at = h.occurred_at, problematic_sector_id = h.problematic_sector_id,
                shipping_warehouse_received_at = case when $2::boolean then coalesce(p.shipping_warehouse_received_at, $4::timestamptz, now()) else p.shipping_warehouse_received_at end,
                delivered_at = case when $3::boolean then coalesce(p.delivered_at, $4::timestamptz, now()) else p.delivered_at end
           from (select distinct on (parcel_id) parcel_id, status_type_id, occurred_at, problematic_sector_id from parcel_status_history
                  where parcel_id = any($1::int[]) order by parcel_id, occurred_at desc, id desc) h
          where p.id = h.parcel_id`,
        [update, st.id === WAREHOUSE.defaultStatusTypeId, st.delivered, when],
      )
    }
    const body = { message: skipped.length ? SHIPMENT_MSG.groupSkipped(skipped) : SHIPMENT_MSG.statusAdded, updated: update.length, skipped }
    return { status: skipped.length ? 420 : 200, body }
  })
}

// ---- lists for the filters -----------------------------------------------------------------------

export const statusTypeGroups = (q: Queryable) => q.query<{ id: number; name: string; identifier: string }>(`select id, name, identifier from status_type_groups order by id`)

export const statusTypeOptions = (q: Queryable, user: SessionUser) =>
  q.query<{ id: number; name: string; displayed_name: string; internal: number; status_type_group_id: number | null }>(
    `select id, name, displayed_name, internal, status_type_group_id from status_types where $1::boolean or internal = 0 order by id`,
    [isStaff(user.role)],
  )

export const problemRules = (q: Queryable) => q.query<{ code: string; name: string }>(`select code, name from problem_rules order by code`)
