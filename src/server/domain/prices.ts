import type { AuditEntity } from '../../contract/constants/audit.ts'
import { SURCHARGES } from '../../contract/constants/prices.ts'
import { CLIENT_MSG } from '../../contract/messages/clients.ts'
import { PRICES_MSG } from '../../contract/messages/prices.ts'
import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { OperationalPriceListRow, PriceListType } from '../../contract/schemas/clients.ts'
import type { OperationalPriceList, PriceListCreateRequest, PriceListUpdateRequest } from '../../contract/schemas/prices.ts'
import type { FieldErrors } from '../../contract/validation.ts'
import type { Queryable } from '../db/db.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { iso } from './dates.ts'
import { IN_FORCE_SQL, STANDING_SQL } from './pricesStanding.ts'

/**
 * Operational price lists (docs/prices.md): the back office's table of default lists, the form
 * (header, nine surcharge blocks, weight thresholds) for default and client lists, clone source,
 * deactivation, deletion. A list that charged a shipment (accounted_amounts) is in use: read-only.
 */

const FACTOR_COLS = SURCHARGES.flatMap((x) => [`${x}_account_factor_type`, `${x}_account_factor`, `${x}_account_factor_minimal`, `${x}_account_factor_maximal`])
const FACTOR_SELECT = SURCHARGES.flatMap((x) => [
  `o.${x}_account_factor_type`,
  `o.${x}_account_factor::text as ${x}_account_factor`,
  `o.${x}_account_factor_minimal::text as ${x}_account_factor_minimal`,
  `o.${x}_account_factor_maximal::text as ${x}_account_factor_maximal`,
]).join(', ')

const ROW_SELECT = `
  select o.id, o.id_client, o.type, o.name, o.special_association, to_char(o.begin_date, 'YYYY-MM-DD') as begin_date, o.deactivated_at,
         o.currency, o.id_courier, cu.name as courier, o.id_country, co.name as country, ${IN_FORCE_SQL} as active, ${STANDING_SQL} as standing
    from operational_price_lists o
    left join couriers cu on cu.id = o.id_courier
    left join countries co on co.id = o.id_country`

type RawRow = OperationalPriceListRow & { deactivated_at: unknown }
const toRow = (r: RawRow): OperationalPriceListRow => ({ ...r, deactivated_at: iso(r.deactivated_at) })

/** Columns of the table: name, begin_date, special_association, courier (cost) or country (income). */
const TABLE_COLUMNS = ['name', 'begin_date', 'special_association', 'courier_or_country'] as const

/** The default lists (no client) of a type, 25 a page; `active` marks the one in force today of each kind, `standing` says where each stands. */
export async function priceListTable(q: Queryable, type: PriceListType, p: PagingRequest) {
  const order = (p.order ?? [{ column: 1, dir: 'desc' as const }])
    .filter((o) => TABLE_COLUMNS[o.column])
    .map((o) => {
      const col = TABLE_COLUMNS[o.column]!
      const expr = col === 'courier_or_country' ? (type === 'cost' ? 'cu.name' : 'co.name') : `o.${col}`
      return `${expr} ${o.dir === 'desc' ? 'desc' : 'asc'} nulls last`
    })
  const search = p.search?.value.trim() ?? ''
  const where = `o.type = $1 and o.id_client is null and ($2 = '' or strpos(lower(o.name), lower($2)) > 0)`
  const [total] = await q.query<{ n: number }>(`select count(*)::int as n from operational_price_lists o where o.type = $1 and o.id_client is null`, [type])
  const [filtered] = await q.query<{ n: number }>(`select count(*)::int as n from operational_price_lists o where ${where}`, [type, search])
  const rows = await q.query<RawRow>(`${ROW_SELECT} where ${where} order by ${[...order, 'o.id desc'].join(', ')} limit ${p.length} offset ${p.start}`, [type, search])
  return { draw: p.draw, data: rows.map(toRow), recordsTotal: total!.n, recordsFiltered: filtered!.n }
}

export async function priceListInUse(q: Queryable, id: number): Promise<boolean> {
  const [r] = await q.query<{ used: boolean }>(`select exists (select 1 from accounted_amounts where price_list_id = $1) as used`, [id])
  return !!r?.used
}

async function fullLists(q: Queryable, where: string, params: unknown[]): Promise<OperationalPriceList[]> {
  const rows = await q.query<RawRow & Record<string, unknown>>(
    `${ROW_SELECT.replace('select o.id,', `select ${FACTOR_SELECT}, o.specific_factors_currency,
            exists (select 1 from accounted_amounts a where a.price_list_id = o.id) as used, o.id,`)} where ${where} order by o.id`,
    params,
  )
  if (!rows.length) return []
  const th = await q.query<{ price_list_id: number; limiting_threshold: string; base_amount: string }>(
    `select price_list_id, limiting_threshold::text as limiting_threshold, base_amount::text as base_amount
       from operational_price_list_thresholds t where t.price_list_id = any($1::int[]) order by t.price_list_id, t.limiting_threshold`,
    [rows.map((r) => r.id)],
  )
  return rows.map((r) => {
    const out: Record<string, unknown> = { ...toRow(r), specific_factors_currency: r.specific_factors_currency, used: !!r.used }
    for (const c of FACTOR_COLS) out[c] = r[c] ?? null
    out.weight_thresholds = th.filter((t) => t.price_list_id === r.id).map((t) => ({ limiting_threshold: t.limiting_threshold, base_amount: t.base_amount }))
    return out as OperationalPriceList
  })
}

export async function findPriceList(q: Queryable, type: PriceListType, id: number): Promise<OperationalPriceList> {
  const [l] = await fullLists(q, 'o.type = $1 and o.id = $2', [type, id])
  if (!l) throw notFound(CLIENT_MSG.priceListNotFound)
  return l
}

/**
 * The default list (no client) in force today for a special association, courier and country: what
 * a client list is cloned from (none: empty). Of several begun lists only the newest is in force.
 */
export async function currentActiveDefault(q: Queryable, type: PriceListType, f: { special_association?: string | undefined; id_courier?: number | undefined; id_country?: number | undefined }) {
  return fullLists(
    q,
    `o.type = $1 and o.id_client is null and ${IN_FORCE_SQL} and o.special_association = $2
     and ($3::int is null or o.id_courier = $3) and ($4::int is null or o.id_country = $4)`,
    [type, f.special_association ?? '', f.id_courier ?? null, f.id_country ?? null],
  )
}

/** References the schema cannot check: currencies, courier (cost) or country (income), client. */
async function checkReferences(q: Queryable, type: PriceListType, b: PriceListCreateRequest) {
  const errors: FieldErrors = {}
  const codes = new Set((await q.query<{ code: string }>(`select code from currencies`)).map((r) => r.code))
  if (!codes.has(b.currency)) errors.currency = [PRICES_MSG.unknownCurrency]
  if (!codes.has(b.specific_factors_currency)) errors.specific_factors_currency = [PRICES_MSG.unknownCurrency]
  if (type === 'cost') {
    if (b.id_courier == null) errors.id_courier = [PRICES_MSG.courierRequired]
    else if (!(await q.query(`select 1 from couriers where id = $1`, [b.id_courier])).length) errors.id_courier = [PRICES_MSG.unknownCourier]
  } else {
    if (b.id_country == null) errors.id_country = [PRICES_MSG.countryRequired]
    else if (!(await q.query(`select 1 from countries where id = $1`, [b.id_country])).length) errors.id_country = [PRICES_MSG.unknownCountry]
  }
  if (b.id_client != null && !(await q.query(`select 1 from clients where id = $1`, [b.id_client])).length) errors.id_client = [CLIENT_MSG.clientNotFound]
  const begin = new Date(`${b.begin_date}T00:00:00Z`)
  if (Number.isNaN(begin.getTime()) || begin.toISOString().slice(0, 10) !== b.begin_date) errors.begin_date = [PRICES_MSG.date]
  if (Object.keys(errors).length) throw invalid(errors)
}

/** Factor values in column order; a lump sum keeps no minimum or maximum. */
function factorValues(b: PriceListCreateRequest): unknown[] {
  const v: Record<string, unknown> = { ...b }
  return SURCHARGES.flatMap((x) => {
    const percent = v[`${x}_account_factor_type`] === 'percent'
    return [v[`${x}_account_factor_type`], v[`${x}_account_factor`], percent ? (v[`${x}_account_factor_minimal`] ?? null) : null, percent ? (v[`${x}_account_factor_maximal`] ?? null) : null]
  })
}

async function writeThresholds(q: Queryable, id: number, b: PriceListCreateRequest) {
  await q.query(`delete from operational_price_list_thresholds where price_list_id = $1`, [id])
  if (!b.weight_thresholds.length) return
  await q.query(
    `insert into operational_price_list_thresholds (price_list_id, limiting_threshold, base_amount)
     select $1, t.l, t.b from unnest($2::numeric[], $3::numeric[]) as t(l, b)`,
    [id, b.weight_thresholds.map((t) => String(t.limiting_threshold)), b.weight_thresholds.map((t) => String(t.base_amount))],
  )
}

const HEADER_COLS = ['type', 'id_client', 'name', 'special_association', 'begin_date', 'currency', 'specific_factors_currency', 'id_courier', 'id_country']
const headerValues = (type: PriceListType, b: PriceListCreateRequest) => [
  type, b.id_client ?? null, b.name.trim(), (b.special_association ?? '').trim(), b.begin_date, b.currency, b.specific_factors_currency,
  type === 'cost' ? (b.id_courier ?? null) : null, type === 'income' ? (b.id_country ?? null) : null,
]

/**
 * No two lists that are not deactivated may share type, scope (the client, or default), country
 * (income) or courier (cost), special association and begin date: charging could not tell which
 * applies. Among lists of one scope with different begin dates the newest begin date on or before
 * the shipment's day applies (docs/prices.md). The lock makes two racing saves take turns.
 */
async function refuseOverlap(q: Queryable, type: PriceListType, b: PriceListCreateRequest, selfId: number | null) {
  const key = headerValues(type, b)
  const [idClient, association, begin, idCourier, idCountry] = [key[1], key[3], key[4], key[7], key[8]]
  await q.query(`select pg_advisory_xact_lock(hashtext('operational_price_lists'), hashtext($1))`, [`${type}/${idClient}/${idCourier}/${idCountry}/${association}`])
  const [other] = await q.query<{ name: string }>(
    `select name from operational_price_lists
      where type = $1 and id_client is not distinct from $2 and id_courier is not distinct from $3 and id_country is not distinct from $4
        and special_association = $5 and begin_date = $6::date and deactivated_at is null and id <> $7
      order by id limit 1`,
    [type, idClient, idCourier, idCountry, association, begin, selfId ?? 0],
  )
  if (other) throw new DomainError(409, { message: PRICES_MSG.overlap(other.name) })
}

/** The audit trail's name of a price list type, and the fields derived at read time it leaves out. */
const auditEntity = (type: PriceListType): AuditEntity => (type === 'income' ? 'income_price_list' : 'cost_price_list')
const DERIVED = ['id', 'used', 'active', 'standing'] as const

async function audited(q: Queryable, actor: Actor, type: PriceListType, id: number, action: 'create' | 'update' | 'delete' | 'deactivate', before: OperationalPriceList | null) {
  const after = action === 'delete' ? null : await findPriceList(q, type, id)
  await record(q, actor, { entity: auditEntity(type), entityId: id, action, changes: changesOf(before, after, { omit: DERIVED }) })
}

export async function createPriceList(q: Queryable, type: PriceListType, b: PriceListCreateRequest, actor: Actor): Promise<number> {
  await checkReferences(q, type, b)
  await refuseOverlap(q, type, b, null)
  const cols = [...HEADER_COLS, ...FACTOR_COLS]
  const [row] = await q.query<{ id: number }>(
    `insert into operational_price_lists (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    [...headerValues(type, b), ...factorValues(b)],
  )
  await writeThresholds(q, row!.id, b)
  await audited(q, actor, type, row!.id, 'create', null)
  return row!.id
}

const inUse = () => new DomainError(409, { message: PRICES_MSG.inUse })

export async function updatePriceList(q: Queryable, type: PriceListType, b: PriceListUpdateRequest, actor: Actor): Promise<number> {
  const cur = await findPriceList(q, type, b.id)
  if (cur.used) throw inUse()
  await checkReferences(q, type, { ...b, id_client: cur.id_client })
  await refuseOverlap(q, type, { ...b, id_client: cur.id_client }, b.id)
  const cols = [...HEADER_COLS.slice(2), ...FACTOR_COLS]
  const values = [...headerValues(type, b).slice(2), ...factorValues(b)]
  await q.query(`update operational_price_lists set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1`, [b.id, ...values])
  await writeThresholds(q, b.id, b)
  await audited(q, actor, type, b.id, 'update', cur)
  return b.id
}

export async function deletePriceList(q: Queryable, type: PriceListType, id: number, actor: Actor) {
  const cur = await findPriceList(q, type, id)
  if (cur.used) throw inUse()
  await q.query(`delete from operational_price_lists where id = $1`, [id])
  await audited(q, actor, type, id, 'delete', cur)
}

/** A client's active list stops applying now: the client returns to the default list. */
export async function deactivatePriceList(q: Queryable, type: PriceListType, id: number, actor: Actor) {
  const cur = await findPriceList(q, type, id)
  if (cur.id_client == null) throw new DomainError(409, { message: PRICES_MSG.notClientList })
  if (!cur.active) throw new DomainError(409, { message: PRICES_MSG.notActive })
  await q.query(`update operational_price_lists set deactivated_at = now(), updated_at = now() where id = $1`, [id])
  await audited(q, actor, type, id, 'deactivate', cur)
}

export const currencies = (q: Queryable) => q.query<{ code: string; name: string; pln_rate: string }>(`select code, name, pln_rate::text as pln_rate from currencies order by code`)
export const couriers = (q: Queryable) =>
  q.query<{ id: number; name: string; code: string; country_id: number }>(`select id, name, code, country_id from couriers where code <> 'operator' order by id`)

