import { PRICES_MSG } from '../../contract/messages/prices.ts'
import type { CourierPrice, CourierPriceUpdateRequest } from '../../contract/schemas/prices.ts'
import type { Queryable } from '../db/db.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { notFound } from './errors.ts'

/** Courier prices (/prices): per courier and weight range, with the insurance ceiling and handling flags. */

const SELECT = `select p.id, p.id_courier, c.name as courier, p.net_price::text as net_price, p.vat_percentage::text as vat_percentage,
                       p.max_insurance_value::text as max_insurance_value, p.min_weight_value::text as min_weight_value,
                       p.max_weight_value::text as max_weight_value, p.this_side_up, p.liquid, p.not_expose_to_frost, p.cash_on_delivery, p.caution
                  from courier_prices p join couriers c on c.id = p.id_courier`

export async function courierPrices(q: Queryable, courierId: number) {
  if (!(await q.query(`select 1 from couriers where id = $1`, [courierId])).length) throw notFound(PRICES_MSG.courierNotFound)
  return q.query<CourierPrice>(`${SELECT} where p.id_courier = $1 order by p.min_weight_value, p.id`, [courierId])
}

/** One price; `courierId` 0 or any courier reads by id alone (the spec's path names courier 1). */
export async function courierPrice(q: Queryable, id: number) {
  const [p] = await q.query<CourierPrice>(`${SELECT} where p.id = $1`, [id])
  if (!p) throw notFound(PRICES_MSG.courierPriceNotFound)
  return p
}

export async function updateCourierPrice(q: Queryable, b: CourierPriceUpdateRequest, actor: Actor) {
  const cur = await courierPrice(q, b.id)
  await q.query(
    `update courier_prices set net_price = $2, vat_percentage = $3, max_insurance_value = $4, min_weight_value = $5, max_weight_value = $6,
            this_side_up = $7, liquid = $8, not_expose_to_frost = $9, cash_on_delivery = $10, caution = $11, updated_at = now()
      where id = $1`,
    [
      b.id, String(b.net_price), String(b.vat_percentage), String(b.max_insurance_value), String(b.min_weight_value), String(b.max_weight_value),
      b.this_side_up ?? cur.this_side_up, b.liquid ?? cur.liquid, b.not_expose_to_frost ?? cur.not_expose_to_frost,
      b.cash_on_delivery ?? cur.cash_on_delivery, b.caution ?? cur.caution,
    ],
  )
  const after = await courierPrice(q, b.id)
  await record(q, actor, { entity: 'courier_price', entityId: b.id, action: 'update', changes: changesOf(cur, after, { omit: ['id'] }) })
  return after
}
