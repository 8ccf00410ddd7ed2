import { ROLE, isStaff } from '../../contract/constants/access.ts'
import { COUNTRY, POSTAL_CODE_FORMAT } from '../../contract/constants/address.ts'
import { OPERATOR_COURIER_ID, PARCEL_LIMITS, type ParcelLimit, PROBLEM_RULE, SHIPMENT } from '../../contract/constants/shipments.ts'
import { MSG } from '../../contract/messages.ts'
import { DELIVERY_SERVICE_NAME, SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import {
  type InternalInfoReply, type Party, type ParcelInput, type ParcelView, type PartyView, type ShipmentCreateRequest, type ShipmentReply,
  type ShipmentUpdateRequest, type ShipmentView, isLockerService, isReturnService, shipmentEditable,
} from '../../contract/schemas/shipments.ts'
import type { FieldErrors } from '../../contract/validation.ts'
import type { Db, Queryable } from '../db/db.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import type { SessionUser } from './context.ts'
import { iso, isoOr } from './dates.ts'
import { lookupKey, parcelIdByNumberSql, recordCancelled } from './floorParcels.ts'
import { invoicesOfShipment } from './invoicing/index.ts'
import { accountedAmountsOf } from './pricing/accounted.ts'

/**
 * Shipments: create, update, registration with the courier, the views. The rules chosen where the
 * spec is silent (numbers, the party the user does not enter, registration, currency, context
 * 'shipment' or 'parcel') are in docs/shipments.md and the contract's endpoints/shipments.ts.
 */

const notFoundShipment = () => notFound(SHIPMENT_MSG.notFound)
const OPERATOR_FACILITY = { details: 'ul. Magazynowa 1', postal_code: '43-100', locality: 'Tychy', country_id: COUNTRY.PL }

// ---- finding a record ------------------------------------------------------------------------------

export interface ShipmentRecord {
  parcelId: number
  shipmentId: number | null
  clientId: number | null
  context: 'shipment' | 'parcel'
  internalWaybill: string
}

/**
 * The record a number opens: the parcel it belongs to (any of its numbers, or our label barcode)
 * and its shipment. A client asking for another client's record (or a record of no client) → 404.
 */
export async function findRecord(q: Queryable, user: SessionUser | null, number: string): Promise<ShipmentRecord> {
  const key = lookupKey(number).key
  if (!key) throw notFoundShipment()
  const [r] = await q.query<{ parcel_id: number; shipment_id: number | null; client_id: number | null; has_client: boolean; waybill: string; duplicate: boolean }>(
    `select p.id as parcel_id, p.shipment_id, coalesce(s.client_id, p.client_id) as client_id, s.client_id is not null as has_client,
            p.duplicate_of_parcel_id is not null as duplicate,
            coalesce(s.internal_waybill, p.internal_number) as waybill
       from parcels p left join shipments s on s.id = p.shipment_id
      where p.id = ${parcelIdByNumberSql('$1')}`,
    [key],
  )
  if (!r) throw notFoundShipment()
  // Clients (and the public) never open the internal duplicate row of a parcel.
  if ((!user || !isStaff(user.role)) && r.duplicate) throw notFoundShipment()
  if (user && !isStaff(user.role) && (r.client_id == null || r.client_id !== user.client_id)) throw notFoundShipment()
  return {
    parcelId: r.parcel_id,
    shipmentId: r.shipment_id,
    clientId: r.client_id,
    context: r.shipment_id != null && r.has_client ? 'shipment' : 'parcel',
    internalWaybill: r.waybill,
  }
}

// ---- reading -----------------------------------------------------------------------------------------

type PartyRecord = {
  name: string
  private_person: boolean
  contact_name: string
  email: string
  phone_prefix: string
  phone_number: string
  country_id: number
  country_name: string
  iso_code: string
  currency: string
  locality_id: number | null
  locality_name: string
  postal_code: string
  address_details: string
  locker_id: number | null
  locker_name: string | null
}

const partyColumns = (alias: string, prefix: string) =>
  ['name', 'private_person', 'contact_name', 'email', 'phone_prefix', 'phone_number', 'country_id', 'locality_id', 'locality_name', 'postal_code', 'address_details', 'locker_id', 'locker_name']
    .map((c) => `${alias}.${c} as ${prefix}${c}`)
    .join(', ')

function partyView(r: Record<string, unknown>, prefix: string): PartyView | null {
  if (r[`${prefix}name`] == null) return null
  const get = <T>(k: string) => r[`${prefix}${k}`] as T
  const lockerName = get<string | null>('locker_name')
  return {
    name: get('name'),
    private_person: get('private_person'),
    contact_name: get<string>('contact_name') || null,
    email: get<string>('email') || null,
    phone: { prefix: get('phone_prefix'), number: get('phone_number') },
    address: {
      locality: get('locality_id') != null || get<string>('locality_name') ? { id: get<number | null>('locality_id') ?? 0, name: get('locality_name') } : null,
      postal_code: get('postal_code'),
      details: get('address_details'),
    },
    country: { id: get('country_id'), name: get('country_name'), iso_code: get('iso_code'), currency: get('currency') },
    locker: lockerName ? { id: get<number | null>('locker_id') ?? 0, name: lockerName } : null,
  }
}

const PARCEL_COLUMNS = `p.id, p.internal_number, p.in_number, p.out_number, p.return_number, p.duplicated_number, p.buffer_number, p.in_shipment_order,
  p.weight_declared::float8 as weight_declared, p.weight_measured::float8 as weight_measured,
  p.height_declared::float8 as height_declared, p.width_declared::float8 as width_declared, p.length_declared::float8 as length_declared,
  p.height_measured::float8 as height_measured, p.width_measured::float8 as width_measured, p.length_measured::float8 as length_measured,
  p.shipping_warehouse_received_at, p.return_warehouse_received_at, p.delivered_at,
  fm.name as first_mile, lm.name as last_mile`
/** The parcel's current status; for clients its newest public one (internal statuses stay with the staff). */
const LAST_STATUS = `st.displayed_name as last_status`
const LAST_PUBLIC_STATUS = `(select ps.displayed_name from parcel_status_history h join status_types ps on ps.id = h.status_type_id
   where h.parcel_id = p.id and ps.internal = 0 order by h.occurred_at desc, h.id desc limit 1) as last_status`

function parcelView(r: Record<string, any>): ParcelView {
  const measured = r.height_measured != null || r.width_measured != null || r.length_measured != null
  return {
    id: r.id,
    waybill: {
      internal: r.internal_number,
      external_first_mile: r.in_number,
      external_last_mile: r.out_number,
      external_return: r.return_number,
      external_duplicated: r.duplicated_number,
      external_buffer: r.buffer_number,
    },
    in_shipment_order: r.in_shipment_order,
    weight: { declared: r.weight_declared, measured: r.weight_measured },
    dimensions: {
      declared: { height: r.height_declared, width: r.width_declared, length: r.length_declared },
      measured: measured ? { height: r.height_measured ?? 0, width: r.width_measured ?? 0, length: r.length_measured ?? 0 } : null,
    },
    timestamps: {
      shipping_warehouse_received_at: iso(r.shipping_warehouse_received_at),
      return_warehouse_received_at: iso(r.return_warehouse_received_at),
      delivered_at: iso(r.delivered_at),
    },
    couriers: { first_mile: r.first_mile ?? null, last_mile: r.last_mile ?? null },
    last_status: r.last_status ?? null,
  }
}

/**
 * GET app/v2/shipment/{internalNumber}: the shipment with its parcels, or the lone parcel.
 * `publicOnly` (clients): each parcel's status is its newest public one.
 */
export async function shipmentReply(q: Queryable, rec: ShipmentRecord, publicOnly = false): Promise<ShipmentReply> {
  const [r] = await q.query<Record<string, any>>(
    `select p.id as parcel_id, p.creator as p_creator, p.is_emag as p_is_emag, p.is_return as p_is_return, p.processable, p.error_message as p_error, p.internal_number,
            p.created_at as p_created_at, p.deleted_at as p_deleted_at,
            s.id as shipment_id, s.delivery_service, s.internal_waybill, s.declared_content, s.declared_value::text as declared_value,
            s.cash_on_delivery_value::text as cod, s.currency, s.note, s.first_reference_number, s.second_reference_number,
            s.creator, s.is_emag, s.is_return, s.correctly_requested_at, s.error_message, s.created_at, s.deleted_at,
            fm.name as first_mile, lm.name as last_mile,
            c.id as client_id, c.name as client_name,
            ${partyColumns('sp', 's_')}, sc.name as s_country_name, sc.iso_code as s_iso_code, sc.currency as s_currency,
            ${partyColumns('rp', 'r_')}, rc.name as r_country_name, rc.iso_code as r_iso_code, rc.currency as r_currency
       from parcels p
       left join shipments s on s.id = p.shipment_id
       left join clients c on c.id = coalesce(s.client_id, p.client_id)
       left join couriers fm on fm.id = s.first_mile_courier_id
       left join couriers lm on lm.id = s.last_mile_courier_id
       left join parties sp on sp.id = s.sender_id left join countries sc on sc.id = sp.country_id
       left join parties rp on rp.id = s.recipient_id left join countries rc on rc.id = rp.country_id
      where p.id = $1`,
    [rec.parcelId],
  )
  if (!r) throw notFoundShipment()
  const parcels = await q.query<Record<string, any>>(
    `select ${PARCEL_COLUMNS}, ${publicOnly ? LAST_PUBLIC_STATUS : LAST_STATUS}
       from parcels p
       left join shipments s on s.id = p.shipment_id
       left join couriers fm on fm.id = s.first_mile_courier_id
       left join couriers lm on lm.id = s.last_mile_courier_id
       left join status_types st on st.id = p.last_status_type_id
      where ${rec.context === 'shipment' ? 'p.shipment_id = $1 and (p.deleted_at is null or s.deleted_at is not null)' : 'p.id = $1'}
      order by p.in_shipment_order, p.id`,
    [rec.context === 'shipment' ? rec.shipmentId : rec.parcelId],
  )
  const hasShipment = r.shipment_id != null
  const shipment: ShipmentView = {
    id: r.shipment_id ?? null,
    client: r.client_id != null ? { id: r.client_id, name: r.client_name } : null,
    delivery_service: r.delivery_service ?? null,
    sender: partyView(r, 's_'),
    recipient: partyView(r, 'r_'),
    content: hasShipment ? { declared_content: r.declared_content, declared_value: r.declared_value, cash_on_delivery_value: r.cod, currency: r.currency } : null,
    additional_data: hasShipment
      ? { note: r.note || null, first_reference_number: r.first_reference_number ?? null, second_reference_number: r.second_reference_number ?? null }
      : null,
    parcels: parcels.map(parcelView),
    waybill: r.internal_waybill ?? r.internal_number,
    external_couriers: { first_mile: r.first_mile ?? null, last_mile: r.last_mile ?? null },
    internal_info: {
      creator: r.creator ?? r.p_creator,
      is_emag: !!(r.is_emag || r.p_is_emag),
      is_return: !!(r.is_return || r.p_is_return),
      shipment_id: r.shipment_id ?? null,
      parcel_id: r.parcel_id,
      processable: r.processable,
      correctly_requested_at: iso(r.correctly_requested_at),
      error_message: r.error_message ?? r.p_error ?? null,
    },
    created_at: isoOr(r.created_at ?? r.p_created_at, new Date(0).toISOString()),
    deleted_at: iso(r.deleted_at ?? r.p_deleted_at),
  }
  return { context: rec.context, shipment }
}

/** GET .../internal_info (admin). */
export async function internalInfo(q: Queryable, rec: ShipmentRecord): Promise<InternalInfoReply> {
  const { shipment: s } = await shipmentReply(q, rec)
  const parcels = await q.query<Record<string, any>>(
    `select internal_number, delay_counter, status_checked_at, read_client_alias, processable, error_message
       from parcels p where ${rec.context === 'shipment' ? 'p.shipment_id = $1' : 'p.id = $1'} order by in_shipment_order, id`,
    [rec.context === 'shipment' ? rec.shipmentId : rec.parcelId],
  )
  const problems = await q.query<Record<string, any>>(
    `select pr.id, pr.rule_code, r.name as rule_name, pr.status, pr.created_at, pr.resolved_at, u.email as resolved_by, pr.payload::text as payload
       from problems pr join problem_rules r on r.code = pr.rule_code left join users u on u.id = pr.resolved_by_user_id
      where ($1::int is not null and pr.shipment_id = $1) or pr.parcel_id = $2
      order by pr.created_at desc, pr.id desc`,
    [rec.shipmentId, rec.parcelId],
  )
  return {
    data: {
      shipment: {
        creator: s.internal_info.creator,
        is_return: s.internal_info.is_return,
        is_emag: s.internal_info.is_emag,
        correctly_requested_at: s.internal_info.correctly_requested_at,
        in_service: s.external_couriers.first_mile,
        out_service: s.external_couriers.last_mile,
      },
      parcels: parcels.map((p) => ({
        internal_number: p.internal_number,
        delay_counter: p.delay_counter,
        status_checked_at: iso(p.status_checked_at),
        read_client_alias: p.read_client_alias ?? null,
        processable: p.processable,
        error_message: p.error_message ?? null,
      })),
      problems: problems.map((p) => ({
        id: p.id,
        rule: { name: p.rule_name, code: p.rule_code },
        status: p.status,
        created_at: isoOr(p.created_at, ''),
        resolved_at: iso(p.resolved_at),
        resolved_by: p.resolved_by ? { email: p.resolved_by } : null,
        payload: Buffer.from(String(p.payload ?? '{}'), 'utf8').toString('base64'),
      })),
    },
  }
}

// ---- countries -----------------------------------------------------------------------------------

type CountryRow = { id: number; name: string; iso_code: string; currency: string }

/** Countries a client may send to (its allowed_countries); null client → every country (admin view). */
export async function allowedCountries(q: Queryable, clientId: number | null): Promise<CountryRow[]> {
  if (clientId == null) return q.query<CountryRow>(`select id, name, iso_code, currency from countries order by id`)
  const [c] = await q.query<{ id: number }>(`select id from clients where id = $1 and deleted_at is null`, [clientId])
  if (!c) throw notFound(SHIPMENT_MSG.clientNotFound)
  return q.query<CountryRow>(
    `select co.id, co.name, co.iso_code, co.currency from clients c join countries co on co.id = any(c.allowed_countries) where c.id = $1 order by co.id`,
    [clientId],
  )
}

// ---- writing -------------------------------------------------------------------------------------

type ClientRow = {
  id: number
  name: string
  contact_name: string
  email: string
  phone_number_prefix: string
  phone_number: string
  allowed_countries: number[]
  re_broadcasting_facility_address: string
  re_returning_address: string
}

async function clientFor(q: Queryable, id: number): Promise<ClientRow | null> {
  const [c] = await q.query<ClientRow>(
    `select id, name, contact_name, email, phone_number_prefix, phone_number, allowed_countries, re_broadcasting_facility_address, re_returning_address
       from clients where id = $1 and deleted_at is null`,
    [id],
  )
  return c ?? null
}

/** "RE Logistics, ul. Magazynowa 1, 43-100 Tychy" → details, postal code, town; the facility when it cannot be read. */
export function facilityAddress(text: string) {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean)
  const last = /^(\d{2}-\d{3})\s+(.+)$/.exec(parts[parts.length - 1] ?? '')
  if (!last || parts.length < 2) return { ...OPERATOR_FACILITY }
  return { details: parts[parts.length - 2]!, postal_code: last[1]!, locality: last[2]!, country_id: COUNTRY.PL }
}

interface Place {
  country: CountryRow
  locality_id: number | null
  locality_name: string
  postal_code: string
  details: string
  locker_id: number | null
  locker_name: string | null
}

/**
 * The entered party's place: the country must exist; home services need a locality of the
 * address database in that country, locker services a locker in that country (422 per field).
 */
async function placeOf(q: Queryable, key: 'sender' | 'recipient', service: number, party: Party): Promise<Place> {
  const [country] = await q.query<CountryRow>(`select id, name, iso_code, currency from countries where id = $1`, [party.country.id])
  if (!country) throw invalid({ [`${key}.country`]: [SHIPMENT_MSG.countryNotFound] })
  if (isLockerService(service)) {
    const [l] = await q.query<{ id: number; name: string; country_id: number; city: string; postal_code: string; address: string; locality_id: number | null }>(
      `select id, name, country_id, city, postal_code, address, locality_id from lockers where id = $1`,
      [party.locker!.id],
    )
    if (!l) throw invalid({ [`${key}.locker`]: [SHIPMENT_MSG.lockerNotFound] })
    if (l.country_id !== country.id) throw invalid({ [`${key}.locker`]: [SHIPMENT_MSG.lockerOtherCountry] })
    return { country, locality_id: l.locality_id, locality_name: l.city, postal_code: l.postal_code, details: l.address, locker_id: l.id, locker_name: l.name }
  }
  const address = party.address!
  const [loc] = await q.query<{ id: number; name: string; country_id: number; postal_code: string }>(
    `select id, name, country_id, postal_code from localities where id = $1`,
    [address.locality!.id],
  )
  if (!loc) throw invalid({ [`${key}.address.locality`]: [SHIPMENT_MSG.localityNotFound] })
  if (loc.country_id !== country.id) throw invalid({ [`${key}.address.locality`]: [SHIPMENT_MSG.localityOtherCountry] })
  const postal = address.postal_code.trim() || loc.postal_code
  const format = POSTAL_CODE_FORMAT[country.id]
  if (format && !format.pattern.test(postal)) throw invalid({ [`${key}.address.postal_code`]: [MSG.invalidValue] })
  if (!(await postalCodeBelongs(q, loc.id, postal))) throw invalid({ [`${key}.address.postal_code`]: [SHIPMENT_MSG.postalCodeNotOfLocality] })
  return { country, locality_id: loc.id, locality_name: loc.name, postal_code: postal, details: address.details.trim(), locker_id: null, locker_name: null }
}

/**
 * A postal code belongs to a locality when it is the locality's own code or the code of one of
 * its streets (a city with a code per street lists them in the streets of the address database).
 */
export async function postalCodeBelongs(q: Queryable, localityId: number, postalCode: string): Promise<boolean> {
  const [r] = await q.query<{ ok: boolean }>(
    `select exists (select 1 from localities where id = $1 and postal_code = $2)
         or exists (select 1 from streets where locality_id = $1 and postal_code = $2) as ok`,
    [localityId, postalCode],
  )
  return !!r?.ok
}

/**
 * The parcels against the limits of the service's courier (PARCEL_LIMITS by the route of the
 * country and service; `default` without a route): weight, and for home services the longest
 * side and the girth (longest side + 2 × the other two, reported on `length`), for lockers the
 * compartment (sides compared largest to largest, reported on the side that does not fit).
 */
async function checkParcelLimits(q: Queryable, service: number, countryIso: string, parcels: readonly ParcelInput[]) {
  const [route] = await q.query<{ courier_code: string }>(`select courier_code from courier_routes where country_iso = $1 and delivery_service = $2`, [countryIso, service])
  const table = isLockerService(service) ? PARCEL_LIMITS.locker : PARCEL_LIMITS.home
  const limit: ParcelLimit = (route && table[route.courier_code]) || table.default!
  const errors: FieldErrors = {}
  const add = (key: string, message: string) => void (errors[key] = [...(errors[key] ?? []), message])
  parcels.forEach((p, i) => {
    if (p.weight.declared > limit.maxWeightKg) add(`parcels.${i}.weight.declared`, SHIPMENT_MSG.parcelTooHeavy(limit.maxWeightKg))
    const d = p.dimensions.declared
    const sides = (['height', 'width', 'length'] as const).map((field) => ({ field, cm: d[field] })).sort((a, b) => b.cm - a.cm)
    const dim = (field: string) => `parcels.${i}.dimensions.declared.${field}`
    if (limit.boxCm) {
      const box = limit.boxCm
      sides.forEach((s, k) => void (s.cm > box[k]! && add(dim(s.field), SHIPMENT_MSG.parcelTooBigForLocker(box))))
    }
    if (limit.maxSideCm != null && sides[0]!.cm > limit.maxSideCm) add(dim(sides[0]!.field), SHIPMENT_MSG.parcelSideTooLong(limit.maxSideCm))
    const girth = sides[0]!.cm + 2 * (sides[1]!.cm + sides[2]!.cm)
    if (limit.maxGirthCm != null && girth > limit.maxGirthCm) add(dim('length'), SHIPMENT_MSG.parcelGirthTooLarge(limit.maxGirthCm))
  })
  if (Object.keys(errors).length) throw invalid(errors)
}

async function insertParty(q: Queryable, party: Party, place: Place): Promise<number> {
  const [r] = await q.query<{ id: number }>(
    `insert into parties (name, private_person, contact_name, email, phone_prefix, phone_number, country_id, locality_id, locality_name, postal_code, address_details, locker_id, locker_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      party.name.trim(), party.private_person, party.private_person ? '' : (party.contact_name ?? '').trim(), (party.email ?? '').trim(),
      party.phone.prefix, party.phone.number, place.country.id, place.locality_id, place.locality_name, place.postal_code, place.details,
      place.locker_id, place.locker_name,
    ],
  )
  return r!.id
}

async function updateParty(q: Queryable, id: number, party: Party, place: Place) {
  await q.query(
    `update parties set name = $2, private_person = $3, contact_name = $4, email = $5, phone_prefix = $6, phone_number = $7, country_id = $8,
            locality_id = $9, locality_name = $10, postal_code = $11, address_details = $12, locker_id = $13, locker_name = $14
      where id = $1`,
    [
      id, party.name.trim(), party.private_person, party.private_person ? '' : (party.contact_name ?? '').trim(), (party.email ?? '').trim(),
      party.phone.prefix, party.phone.number, place.country.id, place.locality_id, place.locality_name, place.postal_code, place.details,
      place.locker_id, place.locker_name,
    ],
  )
}

/** The client's company at the operator's facility: the party the user does not enter. */
async function insertCompanyParty(q: Queryable, client: ClientRow, isReturn: boolean): Promise<number> {
  const a = facilityAddress(isReturn ? client.re_returning_address : client.re_broadcasting_facility_address)
  const [r] = await q.query<{ id: number }>(
    `insert into parties (name, private_person, contact_name, email, phone_prefix, phone_number, country_id, locality_name, postal_code, address_details)
     values ($1, false, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [client.name, client.contact_name || client.name, client.email, client.phone_number_prefix, client.phone_number, a.country_id, a.locality, a.postal_code, a.details],
  )
  return r!.id
}

const partyKeyOf = (service: number) => (isReturnService(service) ? 'sender' : 'recipient') as 'sender' | 'recipient'

async function newInternalNumbers(q: Queryable, n: number): Promise<string[]> {
  const rows = await q.query<{ n: string }>(`select 'RE' || lpad(nextval('parcel_internal_number_seq')::text, 9, '0') as n from generate_series(1, $1) g order by g`, [n])
  return rows.map((r) => r.n)
}

async function insertParcels(q: Queryable, shipmentId: number, clientId: number, numbers: string[], parcels: readonly ParcelInput[], from: number, userId: number | null) {
  const rows = parcels.map((p, i) => [
    numbers[i]!, from + i + 1, p.weight.declared, p.dimensions.declared.height, p.dimensions.declared.width, p.dimensions.declared.length,
  ])
  const inserted = await q.query<{ id: number }>(
    `insert into parcels (shipment_id, client_id, internal_number, in_shipment_order, weight_declared, height_declared, width_declared, length_declared, creator,
                          last_status_type_id, last_status_at)
     select $1, $2, x.n, x.o, x.w, x.h, x.wd, x.l, $9, (select id from status_types where code = $10), now()
       from unnest($3::text[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[]) as x(n, o, w, h, wd, l)
     returning id`,
    [
      shipmentId, clientId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4]),
      rows.map((r) => r[5]), SHIPMENT.defaultCreator, SHIPMENT.registeredStatusCode,
    ],
  )
  // The registration status row (the status the shipment starts in), with the user who created it.
  await q.query(
    `insert into parcel_status_history (parcel_id, status_type_id, occurred_at, user_id)
     select unnest($1::int[]), st.id, now(), $2 from status_types st where st.code = $3`,
    [inserted.map((r) => r.id), userId, SHIPMENT.registeredStatusCode],
  )
}

/** Who creates: a signed-in user, or a client's shop system through the integration API (no user: `id` null). */
export type ShipmentCreator = Pick<SessionUser, 'role' | 'client_id'> & { id: number | null }

/** POST app/v2/shipment/ → 201 with internal_waybill. */
export async function createShipment(db: Db, user: ShipmentCreator, body: ShipmentCreateRequest) {
  return db.tx((q) => createShipmentIn(q, user, body))
}

/** The create inside the caller's transaction (the integration API records its idempotency key in the same one). */
export async function createShipmentIn(q: Queryable, user: ShipmentCreator, body: ShipmentCreateRequest) {
  const clientId = isStaff(user.role) ? (body.client_id ?? null) : user.client_id
  if (clientId == null) throw invalid({ client_id: [SHIPMENT_MSG.clientRequired] })
  const client = await clientFor(q, clientId)
  if (!client) throw invalid({ client_id: [SHIPMENT_MSG.clientNotFound] })
  const service = body.delivery_service
  const key = partyKeyOf(service)
  const isReturn = isReturnService(service)
  const party = body[key]!
  // The country first: a country the client may not send to is refused whatever the address (451).
  const [known] = await q.query(`select 1 from countries where id = $1`, [party.country.id])
  if (known && !client.allowed_countries.includes(party.country.id)) throw new DomainError(451, { message: SHIPMENT_MSG.countryNotAllowed })
  const place = await placeOf(q, key, service, party)
  await checkParcelLimits(q, service, place.country.iso_code, body.parcels)
  const entered = await insertParty(q, party, place)
  const company = await insertCompanyParty(q, client, isReturn)
  const numbers = await newInternalNumbers(q, body.parcels.length)
  const [s] = await q.query<{ id: number }>(
    `insert into shipments (internal_waybill, client_id, delivery_service, sender_id, recipient_id, origin_country_id, destination_country_id,
                            declared_content, declared_value, cash_on_delivery_value, currency, note, first_reference_number, second_reference_number,
                            creator, is_return)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
    [
      numbers[0], client.id, service, isReturn ? entered : company, isReturn ? company : entered,
      isReturn ? place.country.id : COUNTRY.PL, isReturn ? COUNTRY.PL : place.country.id,
      body.content.declared_content.trim(), body.content.declared_value, body.content.cash_on_delivery_value, place.country.currency,
      body.additional_data?.note?.trim() ?? '', body.additional_data?.first_reference_number?.trim() || null,
      body.additional_data?.second_reference_number?.trim() || null, SHIPMENT.defaultCreator, isReturn,
    ],
  )
  await insertParcels(q, s!.id, client.id, numbers, body.parcels, 0, user.id)
  await register(q, s!.id, user.id)
  return { message: SHIPMENT_MSG.created, internal_waybill: numbers[0]!, id: s!.id }
}

/** PUT app/v2/shipment/: only while the shipment is editable; service, client and country stay. */
export async function updateShipment(db: Db, user: SessionUser, body: ShipmentUpdateRequest) {
  return db.tx(async (q) => {
    const [s] = await q.query<{ id: number; internal_waybill: string; client_id: number | null; delivery_service: number; sender_id: number; recipient_id: number; deleted: boolean }>(
      `select id, internal_waybill, client_id, delivery_service, sender_id, recipient_id, deleted_at is not null as deleted from shipments where id = $1 for update`,
      [body.id],
    )
    if (!s || (!isStaff(user.role) && (s.client_id == null || s.client_id !== user.client_id))) throw notFoundShipment()
    const rec = await findRecord(q, user, s.internal_waybill)
    const { shipment: view } = await shipmentReply(q, rec)
    if (s.deleted || rec.context !== 'shipment' || !shipmentEditable(user.role, view)) {
      throw new DomainError(409, { message: SHIPMENT_MSG.updateFailed, reason: SHIPMENT_MSG.notEditable })
    }
    const errors: FieldErrors = {}
    if (body.delivery_service !== s.delivery_service) errors.delivery_service = [SHIPMENT_MSG.serviceChanged]
    const key = partyKeyOf(s.delivery_service)
    const party = body[key]
    const current = view[key]!
    if (party && party.country.id !== current.country.id) errors[`${key}.country`] = [SHIPMENT_MSG.countryChanged]
    if (Object.keys(errors).length) throw invalid(errors)
    const client = (await clientFor(q, s.client_id!))!
    const place = await placeOf(q, key, s.delivery_service, party!)
    if (!client.allowed_countries.includes(place.country.id)) throw new DomainError(451, { message: SHIPMENT_MSG.countryNotAllowed })
    await checkParcelLimits(q, s.delivery_service, place.country.iso_code, body.parcels)
    await updateParty(q, key === 'sender' ? s.sender_id : s.recipient_id, party!, place)
    await q.query(
      `update shipments set declared_content = $2, declared_value = $3, cash_on_delivery_value = $4, currency = $5, note = $6,
              first_reference_number = $7, second_reference_number = $8
        where id = $1`,
      [
        s.id, body.content.declared_content.trim(), body.content.declared_value, body.content.cash_on_delivery_value, place.country.currency,
        body.additional_data?.note?.trim() ?? '', body.additional_data?.first_reference_number?.trim() || null,
        body.additional_data?.second_reference_number?.trim() || null,
      ],
    )
    // Parcels by position: the first ones are updated, new ones get numbers, dropped ones go (only
    // while no warehouse received them).
    const existing = view.parcels
    for (const [i, p] of body.parcels.entries()) {
      const old = existing[i]
      if (!old) break
      await q.query(
        `update parcels set in_shipment_order = $2, weight_declared = $3, height_declared = $4, width_declared = $5, length_declared = $6 where id = $1`,
        [old.id, i + 1, p.weight.declared, p.dimensions.declared.height, p.dimensions.declared.width, p.dimensions.declared.length],
      )
    }
    if (body.parcels.length > existing.length) {
      const extra = body.parcels.slice(existing.length)
      await insertParcels(q, s.id, s.client_id!, await newInternalNumbers(q, extra.length), extra, existing.length, user.id)
    }
    const dropped = existing.slice(body.parcels.length)
    if (dropped.some((p) => p.timestamps.shipping_warehouse_received_at || p.timestamps.return_warehouse_received_at)) {
      throw invalid({ parcels: [SHIPMENT_MSG.updateFailed] })
    }
    if (dropped.length) {
      const ids = dropped.map((p) => p.id)
      await q.query(`delete from parcel_status_history where parcel_id = any($1::int[])`, [ids])
      await q.query(`delete from parcels where id = any($1::int[])`, [ids])
    }
    await register(q, s.id, user.id)
    return { message: SHIPMENT_MSG.updated, internal_waybill: s.internal_waybill, id: s.id }
  })
}

/**
 * Mark as removed (DELETE app/v2/shipment/): not for warehouse workers, a record that is
 * not a shipment (context 'parcel'), a shipment created by init_scan, an already removed one, or
 * when any parcel was received at the shipping warehouse (returns: the return warehouse) → 409.
 * Otherwise the shipment and its parcels are marked deleted and each parcel gets the cancelled status.
 */
export async function markRemoved(db: Db, user: SessionUser, waybill: string) {
  return db.tx(async (q) => {
    const rec = await findRecord(q, user, waybill)
    const refuse = () => new DomainError(409, { message: SHIPMENT_MSG.deleteFailed })
    if (user.role === ROLE.warehouse_worker || rec.context !== 'shipment') throw refuse()
    const [s] = await q.query<{ creator: string; deleted: boolean; received: boolean }>(
      `select s.creator, s.deleted_at is not null as deleted,
              exists (select 1 from parcels p where p.shipment_id = s.id
                         and (case when s.is_return then p.return_warehouse_received_at else p.shipping_warehouse_received_at end) is not null) as received
         from shipments s where s.id = $1 for update`,
      [rec.shipmentId],
    )
    if (!s || s.deleted || s.creator === SHIPMENT.initScanCreator || s.received) throw refuse()
    await q.query(`update shipments set deleted_at = now() where id = $1`, [rec.shipmentId])
    const parcels = await q.query<{ id: number }>(`update parcels set deleted_at = now() where shipment_id = $1 and deleted_at is null returning id`, [rec.shipmentId])
    await recordCancelled(q, parcels.map((p) => p.id), user.id)
    return { message: SHIPMENT_MSG.deleted }
  })
}

// ---- registration with the courier -----------------------------------------------------------------

/**
 * Registers the shipment with the courier of its route (courier_routes). Success: the couriers
 * are set, correctly_requested_at stamped, reported registration problems resolved. Failure:
 * error_message and one reported SHIPMENT_REGISTRATION_FAILED problem (its payload the request and
 * the answer; a retry updates it). Returns the error text, or null on success.
 */
export async function register(q: Queryable, shipmentId: number, userId: number | null): Promise<string | null> {
  const [s] = await q.query<{
    id: number
    internal_waybill: string
    delivery_service: number
    is_return: boolean
    country_id: number
    country_name: string
    registered: boolean
    courier_id: number | null
    parcels: number
  }>(
    `select s.id, s.internal_waybill, s.delivery_service, s.is_return, s.country_id, co.name as country_name,
            s.correctly_requested_at is not null as registered, rc.id as courier_id,
            (select count(*)::int from parcels p where p.shipment_id = s.id and p.deleted_at is null) as parcels
       from shipments s join countries co on co.id = s.country_id
       left join courier_routes r on r.country_iso = co.iso_code and r.delivery_service = s.delivery_service
       left join couriers rc on rc.code = r.courier_code
      where s.id = $1`,
    [shipmentId],
  )
  if (!s || s.registered) return null
  const request = { waybill: s.internal_waybill, delivery_service: s.delivery_service, country_id: s.country_id, parcels: s.parcels }
  if (s.courier_id != null) {
    await q.query(
      `update shipments set correctly_requested_at = now(), error_message = null,
              last_mile_courier_id = case when is_return then $2::int else $3::int end,
              first_mile_courier_id = case when is_return then $3::int else null end
        where id = $1`,
      [s.id, OPERATOR_COURIER_ID, s.courier_id],
    )
    await q.query(
      `update problems set status = 'resolved', resolved_at = now(), resolved_by_user_id = $2
        where shipment_id = $1 and rule_code = $3 and status = 'reported'`,
      [s.id, userId, PROBLEM_RULE.registrationFailed],
    )
    return null
  }
  const error = SHIPMENT_MSG.registrationNoRoute(s.country_name, DELIVERY_SERVICE_NAME[s.delivery_service] ?? String(s.delivery_service))
  const payload = JSON.stringify({ request, response: { error }, attempted_at: new Date().toISOString() })
  await q.query(`update shipments set error_message = $2 where id = $1`, [s.id, error])
  const updated = await q.query(
    `update problems set payload = $2::jsonb where shipment_id = $1 and rule_code = $3 and status = 'reported' returning id`,
    [s.id, payload, PROBLEM_RULE.registrationFailed],
  )
  if (!updated.length) {
    await q.query(`insert into problems (rule_code, shipment_id, status, payload) values ($1, $2, 'reported', $3::jsonb)`, [PROBLEM_RULE.registrationFailed, s.id, payload])
  }
  return error
}

/** PATCH app/v2/shipment/ (admin): retry the registration. 409 when registered already, 422 when it fails again. */
export async function retryRegistration(db: Db, user: SessionUser, shipmentId: number) {
  const outcome = await db.tx(async (q) => {
    const [s] = await q.query<{ internal_waybill: string; registered: boolean; deleted: boolean }>(
      `select internal_waybill, correctly_requested_at is not null as registered, deleted_at is not null as deleted from shipments where id = $1 for update`,
      [shipmentId],
    )
    if (!s || s.deleted) throw notFoundShipment()
    if (s.registered) throw new DomainError(409, { message: SHIPMENT_MSG.alreadyRegistered })
    return { waybill: s.internal_waybill, error: await register(q, shipmentId, user.id) }
  })
  // The failed attempt is kept (problem payload, error_message) even though the answer is an error.
  if (outcome.error) throw new DomainError(422, { message: SHIPMENT_MSG.registerFailed, reason: outcome.error })
  return { message: SHIPMENT_MSG.registered, internal_waybill: outcome.waybill, id: shipmentId }
}

/** The issued invoices and corrections whose client and period hold the shipment (none for a parcel that is no shipment). */
export async function shipmentInvoices(db: Db, user: SessionUser, number: string) {
  const rec = await findRecord(db, user, number)
  return rec.shipmentId == null ? [] : invoicesOfShipment(db, rec.shipmentId)
}

/** The kept charges of the shipment; none (or no shipment) → 'Brak naliczeń!'. */
export async function shipmentAccountedAmounts(db: Db, user: SessionUser, number: string) {
  const rec = await findRecord(db, user, number)
  return rec.shipmentId == null ? { accounted_amounts: { main: null, after_service: [] } } : accountedAmountsOf(db, rec.shipmentId)
}
