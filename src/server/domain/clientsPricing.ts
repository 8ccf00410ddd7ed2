import { CLIENTS } from '../../contract/constants/clients.ts'
import { CLIENT_MSG } from '../../contract/messages/clients.ts'
import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { OperationalPriceListRow, PriceBand, PriceListType } from '../../contract/schemas/clients.ts'
import type { Queryable } from '../db/db.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { notFound } from './errors.ts'
import { assertClient } from './clients.ts'
import { iso } from './dates.ts'
import { priceListInUse } from './prices.ts'
import { IN_FORCE_SQL, STANDING_SQL } from './pricesStanding.ts'

/** A client's price bands (service 2505) and the operational price lists its card lists. */

const BAND_SELECT = `select id, service_id, id_client, net_price::text as net_price, vat_percentage::float8 as vat_percentage,
                            min_weight_value::float8 as min_weight_value, max_weight_value::float8 as max_weight_value
                       from client_price_bands`

export async function clientPriceBands(q: Queryable, clientId: number) {
  await assertClient(q, clientId)
  return q.query<PriceBand>(`${BAND_SELECT} where id_client = $1 order by min_weight_value, id`, [clientId])
}

export async function getPriceBand(q: Queryable, id: number) {
  const [b] = await q.query<PriceBand>(`${BAND_SELECT} where id = $1`, [id])
  if (!b) throw notFound(CLIENT_MSG.priceBandNotFound)
  return b
}

interface BandInput {
  id_client: number
  net_price: number
  vat_percentage: number
  min_weight_value: number
  max_weight_value: number
}

async function auditBand(q: Queryable, actor: Actor, id: number, action: 'create' | 'update' | 'delete', before: PriceBand | null) {
  const after = action === 'delete' ? null : await getPriceBand(q, id)
  await record(q, actor, { entity: 'price_band', entityId: id, action, changes: changesOf(before, after, { omit: ['id'] }) })
}

export async function createPriceBand(q: Queryable, b: BandInput, actor: Actor) {
  await assertClient(q, b.id_client)
  const [row] = await q.query<{ id: number }>(
    `insert into client_price_bands (id_client, service_id, net_price, vat_percentage, min_weight_value, max_weight_value)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [b.id_client, CLIENTS.priceBandServiceId, b.net_price, b.vat_percentage, b.min_weight_value, b.max_weight_value],
  )
  await auditBand(q, actor, row!.id, 'create', null)
  return getPriceBand(q, row!.id)
}

export async function updatePriceBand(q: Queryable, b: BandInput & { id: number }, actor: Actor) {
  const cur = await getPriceBand(q, b.id)
  if (cur.id_client !== b.id_client) throw notFound(CLIENT_MSG.priceBandNotFound)
  await q.query(
    `update client_price_bands set net_price = $2, vat_percentage = $3, min_weight_value = $4, max_weight_value = $5 where id = $1`,
    [b.id, b.net_price, b.vat_percentage, b.min_weight_value, b.max_weight_value],
  )
  await auditBand(q, actor, b.id, 'update', cur)
  return getPriceBand(q, b.id)
}

export async function deletePriceBand(q: Queryable, id: number, actor: Actor) {
  const before = await getPriceBand(q, id)
  await q.query(`delete from client_price_bands where id = $1`, [id])
  await auditBand(q, actor, id, 'delete', before)
}

// ---- operational price lists ---------------------------------------------------------------------------

const LIST_SELECT = `
  select o.id, o.id_client, o.type, o.name, o.special_association, to_char(o.begin_date, 'YYYY-MM-DD') as begin_date, o.deactivated_at,
         o.currency, o.id_courier, cu.name as courier, o.id_country, co.name as country,
         ${IN_FORCE_SQL} as active, ${STANDING_SQL} as standing
    from operational_price_lists o
    left join couriers cu on cu.id = o.id_courier
    left join countries co on co.id = o.id_country`

const toList = (r: OperationalPriceListRow & { deactivated_at: unknown }): OperationalPriceListRow => ({ ...r, deactivated_at: iso(r.deactivated_at) })

/** Columns of the client's list table: name, begin_date, special_association, courier or country. */
const LIST_COLUMNS = ['name', 'begin_date', 'special_association', 'courier_or_country'] as const

export async function priceListsOfClient(q: Queryable, type: PriceListType, clientId: number, p: PagingRequest) {
  await assertClient(q, clientId)
  const order = (p.order ?? [{ column: 1, dir: 'desc' as const }])
    .filter((o) => LIST_COLUMNS[o.column])
    .map((o) => {
      const col = LIST_COLUMNS[o.column]!
      const expr = col === 'courier_or_country' ? (type === 'cost' ? 'cu.name' : 'co.name') : `o.${col}`
      return `${expr} ${o.dir === 'desc' ? 'desc' : 'asc'} nulls last`
    })
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n from operational_price_lists where type = $1 and id_client = $2`, [type, clientId])
  const rows = await q.query<OperationalPriceListRow & { deactivated_at: unknown }>(
    `${LIST_SELECT} where o.type = $1 and o.id_client = $2 order by ${[...order, 'o.id desc'].join(', ')} limit ${p.length} offset ${p.start}`,
    [type, clientId],
  )
  return { draw: p.draw, data: rows.map(toList), recordsTotal: n!.n, recordsFiltered: n!.n }
}

export async function priceListOne(q: Queryable, type: PriceListType, id: number) {
  const [r] = await q.query<OperationalPriceListRow & { deactivated_at: unknown }>(`${LIST_SELECT} where o.type = $1 and o.id = $2`, [type, id])
  if (!r) throw notFound(CLIENT_MSG.priceListNotFound)
  return toList(r)
}

export async function specialAssociations(q: Queryable, type: PriceListType) {
  const rows = await q.query<{ s: string }>(
    `select distinct special_association as s from operational_price_lists where type = $1 and special_association <> '' order by 1`,
    [type],
  )
  return rows.map((r) => r.s)
}

const ACTIVE = `o.deactivated_at is null and o.begin_date <= current_date`

export async function currentActive(q: Queryable, type: PriceListType) {
  return (await q.query<{ id: number }>(`select o.id from operational_price_lists o where o.type = $1 and ${ACTIVE} order by o.id`, [type])).map((r) => r.id)
}

/** Active lists for a client: its own when it has any, else the default ones (no client), by country and courier when given. */
export async function currentActiveFor(q: Queryable, type: PriceListType, clientId: number, idCountry?: number, idCourier?: number) {
  await assertClient(q, clientId)
  const rows = await q.query<{ id: number }>(
    `with candidates as (
       select o.id, o.id_client from operational_price_lists o
        where o.type = $1 and ${ACTIVE} and (o.id_client = $2 or o.id_client is null)
          and ($3::int is null or o.id_country = $3) and ($4::int is null or o.id_courier = $4)
     )
     select id from candidates
      where id_client is not distinct from (select max(id_client) from candidates)
      order by id`,
    [type, clientId, idCountry ?? null, idCourier ?? null],
  )
  return rows.map((r) => r.id)
}

/** Whether the list charged a shipment (an accounted amount names it): then it is read-only. */
export async function priceListUsed(q: Queryable, type: PriceListType, id: number) {
  await priceListOne(q, type, id)
  return { used: await priceListInUse(q, id) }
}
