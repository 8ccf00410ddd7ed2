import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { ExternalInbound } from '../../contract/schemas/floor.ts'
import { EXTERNAL_INBOUND_COLUMNS } from '../../contract/schemas/floorRecords.ts'
import type { Queryable } from '../db/db.ts'
import { DomainError, notFound } from './errors.ts'
import { parcelIdByNumberSql } from './floorParcels.ts'
import { isUniqueViolation } from './floorScanReply.ts'

/**
 * External inbound: parcels handed over by an external
 * courier. The courier is recognised from the form of the barcode (couriers.inbound_pattern);
 * the waybill is the barcode as scanned, trimmed. A waybill is accepted once.
 */

const iso = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString()

export const inboundCouriers = (q: Queryable) =>
  q.query<{ id: number; name: string; code: string }>(`select id, name, code from couriers where inbound_pattern is not null order by id`)

/** The record of a waybill if accepted, and the courier its form belongs to. */
export async function inboundFor(q: Queryable, waybill: string) {
  const [r] = await q.query<{ inbound_id: number | null; courier_id: number | null }>(
    `select (select id from external_inbounds where waybill = $1) as inbound_id,
            (select id from couriers where inbound_pattern is not null and $1 ~ inbound_pattern order by id limit 1) as courier_id`,
    [waybill],
  )
  return r!
}

/** Records a hand-over; null when another transaction recorded the same waybill first. */
export async function createInbound(q: Queryable, waybill: string, courierId: number, userId: number): Promise<number | null> {
  try {
    const rows = await q.query<{ id: number }>(
      `insert into external_inbounds (barcode, waybill, inbound_courier_id, scanned_by_user_id) values ($1, $1, $2, $3)
       on conflict (waybill) do nothing returning id`,
      [waybill, courierId, userId],
    )
    return rows[0]?.id ?? null
  } catch (e) {
    if (isUniqueViolation(e)) return null
    throw e
  }
}

export async function getInbound(q: Queryable, id: number): Promise<ExternalInbound> {
  const [r] = await q.query<{
    id: number
    scanned_at: unknown
    barcode: string
    waybill: string
    inbound_courier_id: number | null
    courier_name: string | null
    user_id: number | null
    email: string | null
    comment: string
    parcels: Array<{ id: number; waybill: string }> | string | null
  }>(
    `select e.id, e.scanned_at, e.barcode, e.waybill, e.inbound_courier_id, c.name as courier_name, u.id as user_id, u.email, e.comment,
            (select json_agg(json_build_object('id', p.id, 'waybill', p.internal_number) order by p.id) from parcels p where p.external_inbound_id = e.id) as parcels
       from external_inbounds e left join couriers c on c.id = e.inbound_courier_id left join users u on u.id = e.scanned_by_user_id
      where e.id = $1`,
    [id],
  )
  if (!r) throw notFound(WAREHOUSE_ANSWER.externalInboundNotFound)
  const parcels = typeof r.parcels === 'string' ? JSON.parse(r.parcels) : (r.parcels ?? [])
  return {
    id: r.id,
    scanned_at: iso(r.scanned_at),
    barcode: r.barcode,
    waybill: r.waybill,
    inbound_courier_id: r.inbound_courier_id,
    inbound_courier: r.inbound_courier_id != null ? { id: r.inbound_courier_id, name: r.courier_name! } : null,
    scanned_by_user: r.user_id != null ? { id: r.user_id, email: r.email! } : null,
    parcels,
    comment: r.comment,
  }
}

/**
 * POST app/v1/external_inbound: 201 with the new record; 200 "Przesyłka już istnieje w systemie"
 * when the waybill was accepted before (with that record) or a parcel already carries the number
 * (data null); 422 when no courier's form matches.
 */
export async function scanInbound(q: Queryable, rawBarcode: string, userId: number): Promise<{ status: 200 | 201; message: string; data: ExternalInbound | null }> {
  const waybill = rawBarcode.trim()
  const known = await inboundFor(q, waybill)
  if (known.inbound_id != null) return { status: 200, message: WAREHOUSE_MSG.alreadyInSystem, data: await getInbound(q, known.inbound_id) }
  const [parcel] = await q.query<{ id: number | null }>(`select ${parcelIdByNumberSql('$1')} as id`, [waybill])
  if (parcel?.id != null) return { status: 200, message: WAREHOUSE_MSG.alreadyInSystem, data: null }
  if (known.courier_id == null) throw new DomainError(422, { message: WAREHOUSE_ANSWER.inboundUnknownCourier, errors: { barcode: [WAREHOUSE_ANSWER.inboundUnknownCourier] } })
  const id = await createInbound(q, waybill, known.courier_id, userId)
  if (id == null) {
    const again = await inboundFor(q, waybill)
    return { status: 200, message: WAREHOUSE_MSG.alreadyInSystem, data: again.inbound_id != null ? await getInbound(q, again.inbound_id) : null }
  }
  return { status: 201, message: WAREHOUSE_MSG.inboundAccepted, data: await getInbound(q, id) }
}

export async function commentInbound(q: Queryable, id: number, comment: string) {
  const rows = await q.query(`update external_inbounds set comment = $2 where id = $1 returning id`, [id, comment])
  if (!rows.length) throw notFound(WAREHOUSE_ANSWER.externalInboundNotFound)
  return getInbound(q, id)
}

const ORDER: Record<(typeof EXTERNAL_INBOUND_COLUMNS)[number], string> = { waybill: 'e.waybill', scanned_at: 'e.scanned_at', comment: 'e.comment' }

/** Server table (25 per page in the browser): courier, day-of-acceptance and accepting-user filters, search on waybill. */
export async function listInbounds(
  q: Queryable,
  p: PagingRequest & { criteria?: { inbound_courier_id?: number | null; date?: string | null; scanned_by_user_id?: number | null } },
) {
  const c = p.criteria ?? {}
  const params: unknown[] = [c.inbound_courier_id ?? null, c.date ?? null, c.scanned_by_user_id ?? null]
  const where = [
    `($1::int is null or e.inbound_courier_id = $1)`,
    `($3::int is null or e.scanned_by_user_id = $3)`,
    // The day in Europe/Warsaw, as a range on the indexed timestamp.
    `($2::date is null or (e.scanned_at >= ($2::date::timestamp at time zone 'Europe/Warsaw')
                          and e.scanned_at < (($2::date + 1)::timestamp at time zone 'Europe/Warsaw')))`,
  ]
  const search = p.search?.value.trim()
  if (search) {
    params.push(`%${search.toUpperCase()}%`)
    where.push(`(upper(e.waybill) like $${params.length} or upper(e.comment) like $${params.length})`)
  }
  const [total] = await q.query<{ n: number }>(`select count(*)::int as n from external_inbounds`)
  const [filtered] = await q.query<{ n: number }>(`select count(*)::int as n from external_inbounds e where ${where.join(' and ')}`, params)
  const order = (p.order?.length ? p.order : [{ column: 1, dir: 'desc' as const }])
    .filter((o) => EXTERNAL_INBOUND_COLUMNS[o.column])
    .map((o) => `${ORDER[EXTERNAL_INBOUND_COLUMNS[o.column]!]} ${o.dir === 'asc' ? 'asc' : 'desc'}`)
  const rows = await q.query<{
    id: number
    waybill: string
    barcode: string
    scanned_at: unknown
    comment: string
    inbound_courier_id: number | null
    courier_name: string | null
    scanned_by_email: string | null
  }>(
    `select e.id, e.waybill, e.barcode, e.scanned_at, e.comment, e.inbound_courier_id, c.name as courier_name, u.email as scanned_by_email
       from external_inbounds e left join couriers c on c.id = e.inbound_courier_id left join users u on u.id = e.scanned_by_user_id
      where ${where.join(' and ')}
      order by ${[...order, 'e.id desc'].join(', ')} limit ${p.length} offset ${p.start}`,
    params,
  )
  return {
    draw: p.draw,
    data: rows.map((r) => ({ ...r, scanned_at: iso(r.scanned_at) })),
    recordsTotal: total!.n,
    recordsFiltered: filtered!.n,
  }
}
