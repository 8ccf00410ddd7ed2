import { CHARGING, SURCHARGES, type Surcharge } from '../../../contract/constants/prices.ts'
import { TIME_ZONE } from '../../../contract/constants/platform.ts'
import type { Queryable } from '../../db/db.ts'
import { makePricer } from './engine.ts'
import type { AccountedAmount, ClientChargingParameters, FactorRow, PriceListData, Pricer, ShipmentToCharge } from './types.ts'

/** The database side of charging: what loadPricer reads once, the shipments to charge, the charges kept. */

const FACTOR_COLUMNS = SURCHARGES.flatMap((x) => [
  `o.${x}_account_factor_type`,
  `o.${x}_account_factor::text as ${x}_account_factor`,
  `o.${x}_account_factor_minimal::text as ${x}_account_factor_minimal`,
  `o.${x}_account_factor_maximal::text as ${x}_account_factor_maximal`,
]).join(', ')

/** The factor blocks of a list row read with FACTOR_COLUMNS. */
export function factorsOf(r: Record<string, unknown>): Record<Surcharge, FactorRow> {
  const out = {} as Record<Surcharge, FactorRow>
  for (const x of SURCHARGES) {
    out[x] = {
      type: r[`${x}_account_factor_type`] === 'percent' ? 'percent' : 'lump_sum',
      value: String(r[`${x}_account_factor`] ?? '0'),
      minimal: r[`${x}_account_factor_minimal`] == null ? null : String(r[`${x}_account_factor_minimal`]),
      maximal: r[`${x}_account_factor_maximal`] == null ? null : String(r[`${x}_account_factor_maximal`]),
    }
  }
  return out
}

/** Loads every list that may apply in [from, to] (the client's own and the defaults), once. */
export async function loadPricer(db: Queryable, opts: { clientId?: number | null; from: string; to: string }): Promise<Pricer> {
  const clientId = opts.clientId ?? null
  const rows = await db.query<Record<string, unknown>>(
    `select o.id, o.type, o.name, o.id_client, o.id_country, o.id_courier, o.special_association,
            to_char(o.begin_date, 'YYYY-MM-DD') as begin_date,
            to_char((o.deactivated_at at time zone '${TIME_ZONE}')::date, 'YYYY-MM-DD') as deactivated_on,
            o.currency, o.specific_factors_currency, ${FACTOR_COLUMNS}
       from operational_price_lists o
      where ($1::int is null or o.id_client = $1 or o.id_client is null)
        and o.begin_date <= $3::date
        and (o.deactivated_at is null or o.deactivated_at >= ($2::date)::timestamp at time zone '${TIME_ZONE}')`,
    [clientId, opts.from, opts.to],
  )
  const ids = rows.map((r) => Number(r.id))
  const thresholds = ids.length
    ? await db.query<{ price_list_id: number; limiting_threshold: string; base_amount: string }>(
        `select price_list_id, limiting_threshold::text as limiting_threshold, base_amount::text as base_amount
           from operational_price_list_thresholds t where t.price_list_id = any($1::int[]) order by t.price_list_id, t.limiting_threshold`,
        [ids],
      )
    : []
  const byList = new Map<number, PriceListData['thresholds']>()
  for (const t of thresholds) {
    const arr = byList.get(t.price_list_id) ?? []
    arr.push({ limitingThreshold: t.limiting_threshold, baseAmount: t.base_amount })
    byList.set(t.price_list_id, arr)
  }
  const lists: PriceListData[] = rows.map((r) => ({
    id: Number(r.id),
    type: r.type === 'cost' ? 'cost' : 'income',
    name: String(r.name),
    clientId: r.id_client == null ? null : Number(r.id_client),
    countryId: r.id_country == null ? null : Number(r.id_country),
    courierId: r.id_courier == null ? null : Number(r.id_courier),
    specialAssociation: String(r.special_association ?? ''),
    beginDate: String(r.begin_date),
    deactivatedOn: r.deactivated_on == null ? null : String(r.deactivated_on),
    currency: String(r.currency),
    specificFactorsCurrency: String(r.specific_factors_currency),
    thresholds: byList.get(Number(r.id)) ?? [],
    factors: factorsOf(r),
  }))

  const rates = await db.query<{ code: string; pln_rate: string }>(`select code, pln_rate::text as pln_rate from currencies`)
  const realCodes = Object.entries(CHARGING.realWeightParameter)
  const params = await db.query<{ client_id: number; code: string; value: string }>(
    `select p.client_id, t.code, p.value from client_additional_parameters p
       join client_additional_parameter_types t on t.id = p.type_id
      where t.code = any($1::text[]) and ($2::int is null or p.client_id = $2)`,
    [[...realCodes.map(([, c]) => c), CHARGING.sideFormulaParameter], clientId],
  )
  const clients: Record<number, ClientChargingParameters> = {}
  for (const p of params) {
    const c = (clients[p.client_id] ??= { realWeightCountries: [], sideFormulaLimit: null })
    const country = realCodes.find(([, code]) => code === p.code)?.[0]
    if (country && p.value === '1') c.realWeightCountries.push(Number(country))
    if (p.code === CHARGING.sideFormulaParameter && /^\d+(\.\d+)?$/.test(p.value.trim())) c.sideFormulaLimit = p.value.trim()
  }
  const [side] = await db.query<{ v: string }>(`select default_value as v from client_additional_parameter_types where code = $1`, [CHARGING.sideFormulaParameter])
  const defaultSide = side && /^\d+(\.\d+)?$/.test(side.v.trim()) ? side.v.trim() : String(CHARGING.defaultSideFormulaLimit)

  return makePricer({ lists, plnRates: Object.fromEntries(rates.map((r) => [r.code, r.pln_rate])), clients, defaultSideFormulaLimit: defaultSide })
}

interface ShipmentRow {
  id: number
  internal_waybill: string
  client_id: number | null
  country_id: number | null
  courier_id: number | null
  charged_on: string
  created_at: string
  delivery_service: number
  is_return: boolean
  is_emag: boolean
  cod: string
  declared: string
  currency: string
}
interface ParcelRow {
  shipment_id: number
  internal_number: string
  weight: string | null
  length: string | null
  width: string | null
  height: string | null
  back: boolean
}

/**
 * Streams the live shipments of a client (or all) created in the Warsaw days [from, to], in
 * batches by keyset on (created_at, id): flat memory, one indexed range read per batch plus one
 * read of the batch's parcels (by shipment id; no per-row subquery the planner could misjudge).
 */
export async function* readShipmentsToCharge(
  db: Queryable,
  f: { clientId?: number | null; from: string; to: string; batch?: number },
): AsyncIterable<ShipmentToCharge[]> {
  const batch = Math.max(1, Math.min(f.batch ?? CHARGING.readBatch, 10_000))
  let after: { at: string; id: number } | null = null
  for (;;) {
    const range = `s.deleted_at is null
          and ($1::int is null or s.client_id = $1)
          and s.created_at >= ($2::date)::timestamp at time zone '${TIME_ZONE}'
          and s.created_at < ($3::date + 1)::timestamp at time zone '${TIME_ZONE}'`
    // Each read answers one JSON array (json_agg in the read's order): a driver then decodes one
    // field per batch instead of one per column and row (on PGlite, a copied buffer and a text
    // decoding each). Every value keeps the type it had as a column (texts, numbers, booleans, nulls).
    const [read] = await db.query<{ rows: ShipmentRow[] | null }>(
      `select json_agg(s order by s.at, s.id) as rows
         from (select s.id, s.internal_waybill, s.client_id, s.country_id,
                      case when s.is_return then s.first_mile_courier_id else s.last_mile_courier_id end as courier_id,
                      to_char((s.created_at at time zone '${TIME_ZONE}')::date, 'YYYY-MM-DD') as charged_on,
                      to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
                      s.delivery_service, s.is_return, s.is_emag, s.cash_on_delivery_value::text as cod, s.declared_value::text as declared, s.currency,
                      s.created_at as at
                 from shipments s
                where ${range}
                  ${after ? 'and (s.created_at, s.id) > ($4::timestamptz, $5::int)' : ''}
                order by s.created_at, s.id
                limit ${batch}) s`,
      after ? [f.clientId ?? null, f.from, f.to, after.at, after.id] : [f.clientId ?? null, f.from, f.to],
    )
    const rows: ShipmentRow[] = read?.rows ?? []
    if (!rows.length) return
    const [readParcels] = await db.query<{ rows: ParcelRow[] | null }>(
      `select json_agg(p order by p.shipment_id, p.in_shipment_order, p.id) as rows
         from (select p.shipment_id, p.internal_number,
                      coalesce(p.weight_measured, nullif(p.weight_declared, 0))::text as weight,
                      coalesce(p.length_measured, nullif(p.length_declared, 0))::text as length,
                      coalesce(p.width_measured, nullif(p.width_declared, 0))::text as width,
                      coalesce(p.height_measured, nullif(p.height_declared, 0))::text as height,
                      p.return_warehouse_received_at is not null as back,
                      p.in_shipment_order, p.id
                 from parcels p
                where p.shipment_id = any($1::int[]) and p.deleted_at is null) p`,
      [rows.map((r) => r.id)],
    )
    const parcels = readParcels?.rows ?? []
    const byShipment = new Map<number, ParcelRow[]>()
    for (const p of parcels) {
      const arr = byShipment.get(p.shipment_id) ?? []
      arr.push(p)
      byShipment.set(p.shipment_id, arr)
    }
    yield rows.map((r) => {
      const own = byShipment.get(r.id) ?? []
      return {
        shipmentId: r.id,
        internalWaybill: r.internal_waybill,
        clientId: r.client_id,
        countryId: r.country_id,
        courierId: r.courier_id,
        chargedOn: r.charged_on,
        parcels: own.map((p) => ({ internalNumber: p.internal_number, weight: p.weight, length: p.length, width: p.width, height: p.height })),
        deliveryService: r.delivery_service,
        isReturn: r.is_return,
        isEmag: r.is_emag,
        codValue: r.cod,
        declaredValue: r.declared,
        currency: r.currency,
        // A delivery that came back to the returns warehouse was not claimed.
        unclaimed: !r.is_return && own.some((p) => p.back),
      }
    })
    if (rows.length < batch) return
    const last = rows[rows.length - 1]!
    after = { at: last.created_at, id: last.id }
  }
}

/**
 * Stores the charges of shipments, replacing their earlier ones (one delete and one insert per
 * call). The rows go as one JSON array of arrays, in the insert's column order: without a key
 * per value the text is about a third shorter, and it is most of what the database parses.
 */
export async function saveAccountedAmounts(db: Queryable, rows: { shipmentId: number; amounts: AccountedAmount[] }[]): Promise<void> {
  if (!rows.length) return
  const flat = rows.flatMap((r) =>
    r.amounts.map((a) => [
      r.shipmentId, a.kind, a.amount, a.currency, a.specificFactorsCurrency, a.specificExchangeRate, a.accountingWeight, a.priceListId, a.priceListName, a.lines,
    ]),
  )
  await db.query(`delete from accounted_amounts where shipment_id = any($1::int[])`, [rows.map((r) => r.shipmentId)])
  if (!flat.length) return
  await db.query(
    `insert into accounted_amounts (shipment_id, kind, amount, currency, specific_factors_currency, specific_exchange_rate, accounting_weight, price_list_id, price_list_name, lines)
     select (x->>0)::int, x->>1, (x->>2)::numeric, x->>3, x->>4, (x->>5)::numeric, (x->>6)::numeric, (x->>7)::int, x->>8, x->9
       from jsonb_array_elements($1::jsonb) as x`,
    [JSON.stringify(flat)],
  )
}
