import { parseLabelBarcode } from '../../contract/barcodes.ts'
import { isStaff } from '../../contract/constants/access.ts'
import { STATUS_SYSTEM_ID, WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import {
  PARCEL_FIELDS, type HistoryRow, type ParcelFields, type ParcelIdType,
} from '../../contract/schemas/floor.ts'
import type { Queryable } from '../db/db.ts'
import { DomainError } from './errors.ts'
import type { SessionUser } from './context.ts'

/**
 * Parcels on the warehouse floor: finding a parcel by any of its numbers, its data and history
 * for the intake screen, and measured dimensions.
 */

/** A client parameter that is set and not switched off (`SENDING_SHIPMENTS_BLOCK`, `USE_REAL_WEIGHT_...`). */
export const clientFlagSql = (clientExpr: string, codeExpr: string) => `exists (
  select 1 from client_additional_parameters cap join client_additional_parameter_types cpt on cpt.id = cap.type_id
   where cap.client_id = ${clientExpr} and cpt.code = ${codeExpr} and lower(cap.value) not in ('0', 'false', 'no', 'nie', 'n'))`

/** What a scanned barcode is looked up by: our 28-char label gives its internal number. */
export function lookupKey(barcode: string): { key: string; oldLabel: boolean } {
  const raw = barcode.trim()
  const label = parseLabelBarcode(raw)
  if (label) return { key: label.internalNumber, oldLabel: label.oldLabel }
  // A return number typed by a scanner on a Polish keyboard: RE-100000001 → RE_100000001.
  if (/^RE-\d{9}$/.test(raw)) return { key: raw.replace('-', '_'), oldLabel: false }
  return { key: raw, oldLabel: false }
}

/**
 * Subquery giving the id of the parcel a number ($n) belongs to: internal, out, in (first mile),
 * buffer, return, then duplicated number; among equals a live parcel before a deleted one, the
 * newest first. Each branch uses its own index.
 */
export const parcelIdByNumberSql = (param: string) => `(
  select id from (
    select id, 1 as pr, deleted_at from parcels where internal_number = ${param}
    union all select id, 2, deleted_at from parcels where out_number = ${param}
    union all select id, 3, deleted_at from parcels where in_number = ${param}
    union all select id, 4, deleted_at from parcels where buffer_number = ${param}
    union all select id, 5, deleted_at from parcels where return_number = ${param}
    union all select id, 6, deleted_at from parcels where duplicated_number = ${param}
  ) found order by pr, (deleted_at is not null), id desc limit 1)`

const BY_COLUMN: Record<Exclude<ParcelIdType, 'id' | 'barcode'>, string> = {
  internal_number: 'internal_number',
  out_number: 'out_number',
  in_number: 'in_number',
  buffer_number: 'buffer_number',
  return_number: 'return_number',
  duplicated_number: 'duplicated_number',
}

/**
 * Records the cancelled status for these parcels (one history row each, by this user) and makes it
 * their current status: a removed parcel or shipment shows as cancelled in its history and lists.
 */
export async function recordCancelled(q: Queryable, parcelIds: readonly number[], userId: number): Promise<void> {
  await q.query(
    `with h as (
       insert into parcel_status_history (parcel_id, status_type_id, occurred_at, user_id)
       select unnest($1::int[]), st.id, now(), $2 from status_types st where st.system_id = $3
       returning parcel_id, status_type_id, occurred_at)
     update parcels p set last_status_type_id = h.status_type_id, last_status_at = h.occurred_at from h where p.id = h.parcel_id`,
    [parcelIds, userId, STATUS_SYSTEM_ID.cancelled],
  )
}

export const parcelNotFound = () => new DomainError(404, { message: WAREHOUSE_ANSWER.parcelNotFound })

/** The parcel id for GET parcel/find/{idType}/{value}; 404 when none. */
export async function findParcelId(q: Queryable, idType: string, value: string): Promise<number> {
  let rows: { id: number }[]
  if (idType === 'id') {
    if (!/^\d{1,9}$/.test(value)) throw parcelNotFound()
    rows = await q.query(`select id from parcels where id = $1`, [Number(value)])
  } else if (idType === 'barcode') {
    rows = await q.query(`select ${parcelIdByNumberSql('$1')} as id`, [lookupKey(value).key])
  } else if (Object.hasOwn(BY_COLUMN, idType)) {
    // An own key only: `in` would let __proto__ or toString pick a prototype member as a column.
    const col = BY_COLUMN[idType as keyof typeof BY_COLUMN]
    rows = await q.query(`select id from parcels where ${col} = $1 order by (deleted_at is not null), id desc limit 1`, [value.trim()])
  } else throw parcelNotFound()
  const id = rows[0]?.id
  if (id == null) throw parcelNotFound()
  return id
}

// ---- weights and dimensions ------------------------------------------------------------------

const round2 = (n: number) => Math.round(n * 100) / 100

/** Volumetric weight in kg from centimetres (WAREHOUSE.volumetricDivisor). */
export const volumetricWeight = (length: number, width: number, height: number) => round2((length * width * height) / WAREHOUSE.volumetricDivisor)

/**
 * Accounted weight: the larger of measured and volumetric weight, unless
 * the client's USE_REAL_WEIGHT_FOR_<country> parameter says the real weight.
 */
export const accountedWeight = (weight: number, volumetric: number, realWeight: boolean) => round2(realWeight ? weight : Math.max(weight, volumetric))

const REAL_WEIGHT_CODE = `case s.destination_country_id
  when 1 then 'USE_REAL_WEIGHT_FOR_ROMANIA_SHIPMENTS_ACCOUNTING'
  when 3 then 'USE_REAL_WEIGHT_FOR_HUNGARY_SHIPMENTS_ACCOUNTING'
  when 4 then 'USE_REAL_WEIGHT_FOR_BULGARIA_SHIPMENTS_ACCOUNTING' end`

type FieldsRecord = {
  id: number
  internal_number: string
  out_number: string
  weight: number
  height: number
  width: number
  length: number
  real_weight: boolean
}

/** The parcel as the intake screen shows it; measured values, else declared ones. */
export async function parcelFields(q: Queryable, id: number, fields?: readonly string[]): Promise<ParcelFields> {
  const [r] = await q.query<FieldsRecord>(
    `select p.id, p.internal_number, coalesce(p.out_number, '-') as out_number,
            coalesce(p.weight_measured, p.weight_declared)::float8 as weight,
            coalesce(p.height_measured, p.height_declared)::float8 as height,
            coalesce(p.width_measured, p.width_declared)::float8 as width,
            coalesce(p.length_measured, p.length_declared)::float8 as length,
            ${clientFlagSql('p.client_id', REAL_WEIGHT_CODE)} as real_weight
       from parcels p left join shipments s on s.id = p.shipment_id
      where p.id = $1`,
    [id],
  )
  if (!r) throw parcelNotFound()
  const volumetric = volumetricWeight(r.length, r.width, r.height)
  const all: Required<ParcelFields> = {
    id: r.id,
    weight: r.weight,
    weight_value: accountedWeight(r.weight, volumetric, r.real_weight),
    height: r.height,
    width: r.width,
    length: r.length,
    volumetric_weight: volumetric,
    out_number: r.out_number,
    internal_number: r.internal_number,
  }
  const wanted = fields?.length ? fields : PARCEL_FIELDS
  const out: Record<string, unknown> = { id: all.id }
  for (const f of wanted) out[f] = all[f as keyof ParcelFields]
  return out as ParcelFields
}

/** Status history of a parcel, newest first, with user, workstation and sector. */
export async function parcelHistory(q: Queryable, parcelId: number): Promise<HistoryRow[]> {
  const rows = await q.query<{
    id: number
    occurred_at: unknown
    status_type_id: number
    name: string
    displayed_name: string
    where_name: string | null
    email: string | null
    workstation: string | null
    sector_id: number | null
    sector_code: string | null
    sector_name: string | null
  }>(
    `select h.id, h.occurred_at, h.status_type_id, st.name, st.displayed_name, h.where_name, u.email, w.code as workstation,
            ps.id as sector_id, ps.code as sector_code, ps.name as sector_name
       from parcel_status_history h
       join status_types st on st.id = h.status_type_id
       left join users u on u.id = h.user_id
       left join workstations w on w.id = h.workstation_id
       left join problematic_sectors ps on ps.id = h.problematic_sector_id
      where h.parcel_id = $1
      order by h.occurred_at desc, h.id desc`,
    [parcelId],
  )
  return rows.map((r) => ({
    id: Number(r.id),
    when: (r.occurred_at instanceof Date ? r.occurred_at : new Date(String(r.occurred_at))).toISOString(),
    status_type_id: r.status_type_id,
    name: r.name,
    displayed_name: r.displayed_name,
    where: r.where_name,
    email: r.email,
    workstation: r.workstation,
    problematic_sector: r.sector_id != null ? { id: r.sector_id, code: r.sector_code!, name: r.sector_name! } : null,
  }))
}

export interface Dimensions {
  weight: number
  length: number
  height: number
  width: number
}

/** Hard limits: a value outside them is refused (422) with per-field messages. */
function refuseImpossible(d: Partial<Dimensions>) {
  const L = WAREHOUSE.dimensions
  const errors: Record<string, string[]> = {}
  if (d.weight != null && !(d.weight > 0 && d.weight <= L.maxWeightKg)) errors.weight = [WAREHOUSE_MSG.dimensionsInvalid]
  for (const side of ['length', 'height', 'width'] as const) {
    const v = d[side]
    if (v != null && !(v > 0 && v <= L.maxSideCm)) errors[side] = [WAREHOUSE_MSG.dimensionsInvalid]
  }
  if (Object.keys(errors).length) throw new DomainError(422, { message: WAREHOUSE_MSG.dimensionsInvalid, errors })
}

/**
 * Check before saving (POST parcel/check-dimensions): 422 when impossible; 406 with messages to
 * confirm when unusual (heavy, long side, side sum over the client's SIDE_FORMULA_LIMIT or the
 * default, or far from the declared weight); 200 otherwise.
 */
export async function checkDimensions(q: Queryable, input: Dimensions & { id: number }): Promise<{ status: 200 | 406; messages: string[] }> {
  refuseImpossible(input)
  const [p] = await q.query<{ weight_declared: number; side_limit: string | null }>(
    `select p.weight_declared::float8 as weight_declared,
            (select cap.value from client_additional_parameters cap join client_additional_parameter_types cpt on cpt.id = cap.type_id
              where cap.client_id = p.client_id and cpt.code = 'SIDE_FORMULA_LIMIT') as side_limit
       from parcels p where p.id = $1`,
    [input.id],
  )
  if (!p) throw parcelNotFound()
  const L = WAREHOUSE.dimensions
  const messages: string[] = []
  if (input.weight > L.confirmWeightKg) messages.push(WAREHOUSE_ANSWER.confirmHeavy(input.weight, L.confirmWeightKg))
  const longest = Math.max(input.length, input.height, input.width)
  if (longest > L.confirmSideCm) messages.push(WAREHOUSE_ANSWER.confirmLongSide(longest, L.confirmSideCm))
  const limit = Number(p.side_limit) > 0 ? Number(p.side_limit) : L.defaultSideFormulaLimitCm
  const sum = round2(input.length + input.height + input.width)
  if (sum > limit) messages.push(WAREHOUSE_ANSWER.confirmSideSum(sum, limit))
  const declared = p.weight_declared
  if (declared > 0 && Math.max(input.weight / declared, declared / input.weight) >= L.confirmDeclaredFactor) {
    messages.push(WAREHOUSE_ANSWER.confirmDeclared(input.weight, declared))
  }
  return { status: messages.length ? 406 : 200, messages }
}

/** Saves measured values (all four, or only those given); 422 when impossible. */
export async function updateDimensions(q: Queryable, input: Partial<Dimensions> & { id: number }): Promise<ParcelFields> {
  refuseImpossible(input)
  const rows = await q.query(
    `update parcels set weight_measured = coalesce($2, weight_measured), length_measured = coalesce($3, length_measured),
            height_measured = coalesce($4, height_measured), width_measured = coalesce($5, width_measured)
      where id = $1 returning id`,
    [input.id, input.weight ?? null, input.length ?? null, input.height ?? null, input.width ?? null],
  )
  if (!rows.length) throw parcelNotFound()
  return parcelFields(q, input.id)
}

/** Scan-to-find: what a barcode resolves to. Clients only find their own parcels (404 otherwise, and for a duplicate row) and see no internal status. */
export async function identifyParcel(q: Queryable, user: SessionUser, barcode: string) {
  const [r] = await q.query<{
    id: number
    internal_number: string
    out_number: string
    in_number: string | null
    client_id: number | null
    client_name: string | null
    last_status: string | null
    duplicate: boolean
  }>(
    `select p.id, p.internal_number, coalesce(p.out_number, '-') as out_number, p.in_number, p.client_id, c.name as client_name,
            p.duplicate_of_parcel_id is not null as duplicate,
            case when st.internal = 1 and not $2::boolean then null else st.displayed_name end as last_status
       from parcels p left join clients c on c.id = p.client_id left join status_types st on st.id = p.last_status_type_id
      where p.id = ${parcelIdByNumberSql('$1')}`,
    [lookupKey(barcode).key, isStaff(user.role)],
  )
  // A client finds its own parcels, never their internal duplicate rows.
  if (!r || (!isStaff(user.role) && (r.client_id !== user.client_id || r.duplicate))) throw parcelNotFound()
  return {
    id: r.id,
    internal_number: r.internal_number,
    out_number: r.out_number,
    in_number: r.in_number,
    client: r.client_id != null ? { id: r.client_id, name: r.client_name! } : null,
    last_status: r.last_status,
  }
}
