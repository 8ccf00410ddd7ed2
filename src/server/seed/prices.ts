import { warsawDay } from '../domain/dates.ts'
import { loadPricer, readShipmentsToCharge, saveAccountedAmounts } from '../domain/pricing/store.ts'
import type { Queryable } from '../db/db.ts'

/**
 * Courier prices of every courier, and the charges (accounted amounts) of the demo shipments of
 * the last 60 days, so the shipment's finance tab shows amounts with their breakdown before any
 * billing statement ran (a statement replaces them). Shipments no list charges stay uncharged.
 */
async function courierPrices(q: Queryable) {
  await q.exec(`
    insert into courier_prices (id_courier, net_price, vat_percentage, max_insurance_value, min_weight_value, max_weight_value, this_side_up, liquid, not_expose_to_frost, cash_on_delivery, caution)
      select c.id, round(v.price * c.k, 2), 23, v.insurance, v.min_w, v.max_w, v.up, false, false, true, v.caution
        from (select id, case id when 2 then 1.00 when 3 then 0.90 when 4 then 1.15 when 5 then 1.05 else 0 end as k from couriers where id between 2 and 5) c,
             (values (0, 5, 12.50, 50, false, false), (5, 10, 16.00, 80, false, false), (10, 31.5, 24.00, 100, true, true)) as v(min_w, max_w, price, insurance, up, caution)
       order by c.id, v.min_w;
  `)
}

export const CHARGE_SEED_DAYS = 60

async function chargeDemoShipments(q: Queryable) {
  const to = warsawDay()
  const from = warsawDay(Date.now() - CHARGE_SEED_DAYS * 86_400_000)
  const pricer = await loadPricer(q, { from, to })
  for await (const batch of readShipmentsToCharge(q, { from, to })) {
    const rows = batch.flatMap((s) => {
      const r = pricer.charge(s)
      return r.ok ? [{ shipmentId: s.shipmentId, amounts: r.amounts }] : []
    })
    await saveAccountedAmounts(q, rows)
  }
}

export const priceSeedParts = [courierPrices, chargeDemoShipments]
