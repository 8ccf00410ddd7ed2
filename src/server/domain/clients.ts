import { COUNTRY } from '../../contract/constants/address.ts'
import { CLIENTS } from '../../contract/constants/clients.ts'
import { TIME_ZONE } from '../../contract/constants/platform.ts'
import { CLIENT_MSG } from '../../contract/messages/clients.ts'
import { MSG } from '../../contract/messages.ts'
import type {
  AdditionalParameter, AdditionalPropertyType, Client, ClientCreateRequest, ClientListRequest, ClientRow,
  ClientUpdateRequest, ParameterInputType,
} from '../../contract/schemas/clients.ts'
import { Email, decode } from '../../contract/validation.ts'
import type { Db, Queryable } from '../db/db.ts'
import type { SessionUser } from './context.ts'
import type { Vault } from './secrets.ts'
import { containsPattern } from '../db/like.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { iso } from './dates.ts'

/**
 * Clients: the record, the admin list with volume classes computed from real
 * shipment counts, block/unblock, previous/next, the billing period and its shipment count, and
 * the additional parameters with the input each type takes.
 */

const clientNotFound = () => notFound(CLIENT_MSG.clientNotFound)

/** Records a change of the client record (read with getClient before and after). */
export async function auditClient(q: Queryable, actor: Actor, id: number, action: 'create' | 'update' | 'block' | 'unblock', before: Client | null) {
  const after = await getClient(q, id)
  await record(q, actor, { entity: 'client', entityId: id, action, changes: changesOf(before, after, { omit: ['id'] }) })
}

type ClientDbRow = Omit<Client, 'email_verified_at' | 'deleted_at'> & { email_verified_at: unknown; deleted_at: unknown }

const CLIENT_SELECT = `
  select c.id, c.name, c.nip, c.email, c.contact_name, c.street, c.city, c.post_code, c.address, c.bank_account_number,
         c.phone_number_prefix, c.phone_number, c.country_id, co.name as country, c.cod_enabled, c.show_price_parcel,
         c.download_ext, c.api_enabled, c.ext_number, c.sender_signature, c.shipment_note, c.re_returning_address,
         c.re_broadcasting_facility_address, c.allowed_countries, c.email_verified_at, c.deleted_at,
         c.iai_password_enc is not null as has_iai_password
    from clients c join countries co on co.id = c.country_id`

const toClient = (r: ClientDbRow): Client => ({
  ...r,
  allowed_countries: [...r.allowed_countries].map(Number),
  email_verified_at: iso(r.email_verified_at),
  deleted_at: iso(r.deleted_at),
})

export async function findClient(q: Queryable, id: number): Promise<Client | null> {
  const [r] = await q.query<ClientDbRow>(`${CLIENT_SELECT} where c.id = $1`, [id])
  return r ? toClient(r) : null
}

export async function getClient(q: Queryable, id: number): Promise<Client> {
  const c = await findClient(q, id)
  if (!c) throw clientNotFound()
  return c
}

/** 404 unless the client exists. */
export async function assertClient(q: Queryable, id: number): Promise<void> {
  const rows = await q.query(`select 1 from clients where id = $1`, [id])
  if (!rows.length) throw clientNotFound()
}

/** Country and allowed countries must exist; Poland (the origin) is never an allowed destination. */
async function checkCountries(q: Queryable, countryId: number, allowed: readonly number[]) {
  const known = new Set((await q.query<{ id: number }>(`select id from countries`)).map((r) => r.id))
  const errors: Record<string, string[]> = {}
  if (!known.has(countryId)) errors.country_id = [CLIENT_MSG.countryUnknown]
  if (allowed.some((id) => !known.has(id) || id === COUNTRY.PL)) errors.allowed_countries = [MSG.invalidValue]
  if (Object.keys(errors).length) throw invalid(errors)
}

const D = CLIENTS.defaults
const clientValues = (b: Omit<ClientUpdateRequest, 'id'>) => [
  b.name.trim(), b.nip.trim(), b.email, b.contact_name ?? D.contactName, b.street.trim(), b.city.trim(), b.post_code.trim(),
  b.address || D.address, b.bank_account_number || D.bankAccountNumber, b.phone_number_prefix, b.phone_number, b.country_id,
  b.cod_enabled, b.show_price_parcel, b.download_ext, b.api_enabled, b.ext_number, b.sender_signature ?? '',
  b.shipment_note ?? D.shipmentNote, b.re_returning_address, b.re_broadcasting_facility_address, [...new Set(b.allowed_countries)],
]

export async function createClient(q: Queryable, b: ClientCreateRequest): Promise<number> {
  await checkCountries(q, b.country_id, b.allowed_countries)
  const [row] = await q.query<{ id: number }>(
    `insert into clients (name, nip, email, contact_name, street, city, post_code, address, bank_account_number, phone_number_prefix,
                          phone_number, country_id, cod_enabled, show_price_parcel, download_ext, api_enabled, ext_number,
                          sender_signature, shipment_note, re_returning_address, re_broadcasting_facility_address, allowed_countries)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22::int[]) returning id`,
    clientValues(b),
  )
  // Every client gets its label alias (name in capitals without spaces or punctuation), as the seed does.
  await q.query(`insert into client_aliases (client_id, alias) values ($1, upper(regexp_replace($2, '[^A-Za-z0-9]', '', 'g')))`, [row!.id, b.name])
  return row!.id
}

export async function updateClient(q: Queryable, b: ClientUpdateRequest, actor: Actor): Promise<Client> {
  const before = await getClient(q, b.id)
  await checkCountries(q, b.country_id, b.allowed_countries)
  await q.query(
    `update clients set name = $2, nip = $3, email = $4, contact_name = $5, street = $6, city = $7, post_code = $8, address = $9,
            bank_account_number = $10, phone_number_prefix = $11, phone_number = $12, country_id = $13, cod_enabled = $14,
            show_price_parcel = $15, download_ext = $16, api_enabled = $17, ext_number = $18, sender_signature = $19,
            shipment_note = $20, re_returning_address = $21, re_broadcasting_facility_address = $22, allowed_countries = $23::int[]
      where id = $1`,
    [b.id, ...clientValues(b)],
  )
  await auditClient(q, actor, b.id, 'update', before)
  return getClient(q, b.id)
}

/** Block = soft delete; unblock restores. */
export async function setClientBlocked(q: Queryable, id: number, blocked: boolean, actor: Actor): Promise<Client> {
  const before = await getClient(q, id)
  await q.query(`update clients set deleted_at = ${blocked ? 'coalesce(deleted_at, now())' : 'null'} where id = $1`, [id])
  await auditClient(q, actor, id, blocked ? 'block' : 'unblock', before)
  return getClient(q, id)
}

/** The clients before and after `id` in the list order (by id), blocked ones included. */
export async function navigation(q: Queryable, id: number) {
  await assertClient(q, id)
  const [r] = await q.query<{ previous: number | null; next: number | null }>(
    `select (select max(id) from clients where id < $1) as previous, (select min(id) from clients where id > $1) as next`,
    [id],
  )
  return { previous: r!.previous, next: r!.next }
}

// ---- the list -----------------------------------------------------------------------------------------

/** Columns of /clients, in the order the table sends column indexes. */
const CLIENT_COLUMNS = ['id', 'name', 'country', 'city', 'post_code', 'street', 'address', 'phone_number_prefix', 'phone_number', 'email_verified_at'] as const

const V = CLIENTS.volume
/** A class from a monthly count: A from `classA`, B from `classB`, C below. */
const classSql = (monthly: string) => `case when ${monthly} >= ${V.classA} then 'A' when ${monthly} >= ${V.classB} then 'B' else 'C' end`
const GROWTH_SQL = `case
  when last_month_count - previous_month_count >= ${CLIENTS.growthMinDelta} and last_month_count >= previous_month_count * ${1 + CLIENTS.growthRatio} then 'growing'
  when previous_month_count - last_month_count >= ${CLIENTS.growthMinDelta} and last_month_count <= previous_month_count * ${1 - CLIENTS.growthRatio} then 'shrinking'
  else 'steady' end`

/**
 * One page of /clients. Per client, the shipment counts of the last month, the month before and
 * the volume window come from one range scan of the (client_id, created_at) index; the classes
 * and the growth follow from them (thresholds in CLIENTS.volume).
 */
export async function listClients(q: Queryable, p: ClientListRequest) {
  const params: unknown[] = []
  const arg = (v: unknown) => `$${params.push(v)}`
  const deleted = p.deleted === true
  const where: string[] = []
  const alias = (p.client_alias_or_emag_name ?? '').trim() || (p.search?.value ?? '').trim()
  if (alias) {
    const pat = arg(containsPattern(alias))
    where.push(`(lower(name) like ${pat} or id::text = ${arg(alias)}
      or exists (select 1 from client_aliases a where a.client_id = x.id and lower(a.alias) like ${pat})
      or exists (select 1 from client_additional_parameters cap join client_additional_parameter_types t on t.id = cap.type_id
                  where cap.client_id = x.id and t.code = 'MARKETPLACE_NAME' and lower(cap.value) like ${pat}))`)
  }
  if (p.last_month) where.push(`last_month_count > 0`)
  if (p.shipment_count_volume) where.push(`volume_class = ${arg(p.shipment_count_volume)}`)
  if (p.last_mont_shipment_count_by_volume) where.push(`last_month_class = ${arg(p.last_mont_shipment_count_by_volume)}`)
  if (p.volume_growing === true) where.push(`growth = 'growing'`)
  if (p.volume_growing === false) where.push(`growth = 'shrinking'`)
  if (p.missing_price_list) {
    where.push(`not exists (select 1 from operational_price_lists o
                             where o.type = 'income' and o.deactivated_at is null and o.begin_date <= current_date
                               and (o.id_client = x.id or (o.id_client is null and o.id_country = x.country_id)))`)
  }
  const month = arg(V.monthDays)
  const window = arg(V.volumeWindowDays)
  const base = `
    with counted as (
      select c.id, c.name, co.name as country, c.country_id, c.city, c.post_code, c.street, c.address, c.phone_number_prefix,
             c.phone_number, c.email_verified_at, c.deleted_at,
             coalesce(s.last_month, 0)::int as last_month_count, coalesce(s.previous_month, 0)::int as previous_month_count,
             coalesce(s.in_window, 0)::int as in_window
        from clients c join countries co on co.id = c.country_id
        left join lateral (
          select count(*) filter (where s.created_at >= now() - make_interval(days => ${month}::int)) as last_month,
                 count(*) filter (where s.created_at < now() - make_interval(days => ${month}::int)
                                    and s.created_at >= now() - make_interval(days => 2 * ${month}::int)) as previous_month,
                 count(*) filter (where s.created_at >= now() - make_interval(days => ${window}::int)) as in_window
            from shipments s
           where s.client_id = c.id and s.deleted_at is null
             and s.created_at >= now() - make_interval(days => greatest(${window}::int, 2 * ${month}::int))
        ) s on true
       where c.deleted_at is ${deleted ? 'not ' : ''}null
    ), x as (
      select *, ${classSql(`in_window * ${month}::numeric / ${window}::int`)} as volume_class,
             ${classSql('last_month_count')} as last_month_class, ${GROWTH_SQL} as growth
        from counted
    )`
  const filter = where.length ? `where ${where.join(' and ')}` : ''
  const order = (p.order ?? [{ column: 0, dir: 'asc' as const }])
    .filter((o) => CLIENT_COLUMNS[o.column])
    .map((o) => `${CLIENT_COLUMNS[o.column]} ${o.dir === 'desc' ? 'desc' : 'asc'} nulls last`)
  // One pass: the page with the filtered count beside each row; the total needs no shipment counts.
  const rows = await q.query<ClientRow & { email_verified_at: unknown; deleted_at: unknown; filtered: number }>(
    `${base} select id, name, country, city, post_code, street, address, phone_number_prefix, phone_number, email_verified_at,
                    deleted_at, last_month_count, previous_month_count, volume_class, last_month_class, growth, count(*) over ()::int as filtered
               from x ${filter} order by ${[...order, 'id asc'].join(', ')} limit ${p.length} offset ${p.start}`,
    params,
  )
  const [total] = await q.query<{ n: number }>(`select count(*)::int as n from clients where deleted_at is ${deleted ? 'not ' : ''}null`)
  // A page past the end has no row to carry the count.
  const filtered = rows.length
    ? rows[0]!.filtered
    : p.start === 0
      ? 0
      : (await q.query<{ n: number }>(`${base} select count(*)::int as n from x ${filter}`, params))[0]!.n
  return {
    draw: p.draw,
    data: rows.map(({ filtered: _f, ...r }) => ({ ...r, email_verified_at: iso(r.email_verified_at), deleted_at: iso(r.deleted_at) })),
    recordsTotal: total!.n,
    recordsFiltered: filtered,
  }
}

// ---- billing period ------------------------------------------------------------------------------------

/**
 * The client's current billing period from its ACCOUNT_PERIOD parameter, in the operator's time
 * zone: monthly = this calendar month; half_monthly = days 1–15 or 16 to the month's end;
 * weekly = Monday to Sunday. No parameter: no period (404).
 */
/** The client's current billing period from its ACCOUNT_PERIOD parameter; null without one. */
async function currentPeriod(q: Queryable, clientId: number): Promise<{ start: string; end: string } | null> {
  await assertClient(q, clientId)
  const [r] = await q.query<{ start: string | null; end: string | null }>(
    `with p as (
       select cap.value as period, (now() at time zone '${TIME_ZONE}')::date as today
         from client_additional_parameters cap join client_additional_parameter_types t on t.id = cap.type_id
        where cap.client_id = $1 and t.code = 'ACCOUNT_PERIOD'
     ), b as (
       select case period
                when 'weekly' then date_trunc('week', today)::date
                when 'half_monthly' then case when extract(day from today) <= 15 then date_trunc('month', today)::date
                                              else date_trunc('month', today)::date + 15 end
                else date_trunc('month', today)::date end as start,
              case period
                when 'weekly' then date_trunc('week', today)::date + 6
                when 'half_monthly' then case when extract(day from today) <= 15 then date_trunc('month', today)::date + 14
                                              else (date_trunc('month', today) + interval '1 month')::date - 1 end
                else (date_trunc('month', today) + interval '1 month')::date - 1 end as "end"
         from p
     )
     select to_char(start, 'YYYY-MM-DD') as start, to_char("end", 'YYYY-MM-DD') as "end" from b`,
    [clientId],
  )
  return r?.start && r.end ? { start: r.start, end: r.end } : null
}

/** The current billing period; 404 "Brak okresu rozliczeniowego" without one. */
export async function billingPeriod(q: Queryable, clientId: number): Promise<{ start: string; end: string }> {
  const period = await currentPeriod(q, clientId)
  if (!period) throw notFound(CLIENT_MSG.noBillingPeriod)
  return period
}

/** Shipments of the client (not deleted) created in its current billing period. */
/** Shipments in the current billing period; a client without one gets nulls (the card says so; nothing failed). */
export async function shipmentsInPeriod(q: Queryable, clientId: number): Promise<{ count: number | null; start: string | null; end: string | null }> {
  const period = await currentPeriod(q, clientId)
  if (!period) return { count: null, start: null, end: null }
  const [r] = await q.query<{ n: number }>(
    `select count(*)::int as n from shipments
      where client_id = $1 and deleted_at is null
        and created_at >= ($2::date)::timestamp at time zone '${TIME_ZONE}'
        and created_at < ($3::date + 1)::timestamp at time zone '${TIME_ZONE}'`,
    [clientId, period.start, period.end],
  )
  return { count: r!.n, ...period }
}

// ---- additional parameters ------------------------------------------------------------------------------

type TypeRow = AdditionalPropertyType

const TYPE_SELECT = `select id, code, name, input_type, options, option_keys, default_value, courier_id, danger_when_empty
                       from client_additional_parameter_types`

export const additionalTypes = (q: Queryable) => q.query<TypeRow>(`${TYPE_SELECT} order by position, id`)

export async function additionalType(q: Queryable, id: number): Promise<TypeRow> {
  const [t] = await q.query<TypeRow>(`${TYPE_SELECT} where id = $1`, [id])
  if (!t) throw notFound(CLIENT_MSG.parameterTypeNotFound)
  return t
}

/** Checks a value against its type's input; the message names what is wrong (422 on `value`). */
export function parameterValueError(t: { code: string; input_type: ParameterInputType; option_keys: readonly string[] }, value: string): string | null {
  switch (t.input_type) {
    case 'boolean':
    case 'select':
      return t.option_keys.includes(value) ? null : CLIENT_MSG.chooseOption
    case 'number': {
      const n = Number(value)
      if (value.trim() === '' || !Number.isFinite(n)) return CLIENT_MSG.notNumber
      const min = t.code === 'SIDE_FORMULA_LIMIT' ? CLIENTS.sideFormulaLimitMin : Number.NEGATIVE_INFINITY
      if (n < min) return CLIENT_MSG.minValue(min)
      if (Math.abs(n) > 1_000_000) return CLIENT_MSG.between(min === Number.NEGATIVE_INFINITY ? -1_000_000 : min, 1_000_000)
      return null
    }
    case 'email':
      return value === '' || decode(Email, value).ok ? null : MSG.invalidEmail
    default:
      return null
  }
}

type ParamDbRow = Omit<AdditionalParameter, 'extra_parameters'> & TypeRow

const PARAM_SELECT = `
  select cap.id, cap.client_id, cap.type_id, t.name, t.code, cap.value, cap.hidden_value,
         t.input_type, t.options, t.option_keys, t.default_value, t.courier_id, t.danger_when_empty
    from client_additional_parameters cap join client_additional_parameter_types t on t.id = cap.type_id`

const toParameter = (r: ParamDbRow): AdditionalParameter => ({
  id: r.id,
  client_id: r.client_id,
  type_id: r.type_id,
  name: r.name,
  code: r.code,
  value: r.value,
  hidden_value: r.hidden_value,
  extra_parameters: [{ name: 'value', type: r.input_type, options: r.options, option_keys: r.option_keys, value: r.default_value }],
})

export async function listParameters(q: Queryable, clientId: number) {
  await assertClient(q, clientId)
  return (await q.query<ParamDbRow>(`${PARAM_SELECT} where cap.client_id = $1 order by t.position, t.id`, [clientId])).map(toParameter)
}

export async function getParameter(q: Queryable, clientId: number, typeId: number): Promise<AdditionalParameter> {
  await assertClient(q, clientId)
  const [r] = await q.query<ParamDbRow>(`${PARAM_SELECT} where cap.client_id = $1 and cap.type_id = $2`, [clientId, typeId])
  if (!r) throw notFound(CLIENT_MSG.parameterNotFound)
  return toParameter(r)
}

async function checkedType(q: Queryable, typeId: number, value: string) {
  const [t] = await q.query<TypeRow>(`${TYPE_SELECT} where id = $1`, [typeId])
  if (!t) throw invalid({ type_id: [CLIENT_MSG.parameterTypeNotFound] })
  const error = parameterValueError(t, value)
  if (error) throw invalid({ value: [error] })
  return t
}

/** A parameter as the audit trail keeps it: `<client id>/<type id>`, its code and value. */
async function auditParameter(q: Queryable, actor: Actor, clientId: number, typeId: number, action: 'create' | 'update' | 'delete', before: AdditionalParameter | null) {
  const after = action === 'delete' ? null : await getParameter(q, clientId, typeId)
  const view = (p: AdditionalParameter | null) => (p ? { client_id: p.client_id, code: p.code, value: p.value } : null)
  await record(q, actor, { entity: 'client_parameter', entityId: `${clientId}/${typeId}`, action, changes: changesOf(view(before), view(after)) })
}

/** Defines a parameter for the client; SENDING_SHIPMENTS_BLOCK set to yes blocks its parcels at once. */
export async function createParameter(q: Queryable, clientId: number, typeId: number, value: string, actor: Actor) {
  await assertClient(q, clientId)
  await checkedType(q, typeId, value)
  const exists = await q.query(`select 1 from client_additional_parameters where client_id = $1 and type_id = $2`, [clientId, typeId])
  if (exists.length) throw invalid({ type_id: [CLIENT_MSG.parameterExists] })
  await q.query(`insert into client_additional_parameters (client_id, type_id, value) values ($1, $2, $3)`, [clientId, typeId, value])
  await auditParameter(q, actor, clientId, typeId, 'create', null)
  return getParameter(q, clientId, typeId)
}

export async function updateParameter(q: Queryable, clientId: number, typeId: number, value: string, actor: Actor) {
  const before = await getParameter(q, clientId, typeId)
  await checkedType(q, typeId, value)
  await q.query(`update client_additional_parameters set value = $3 where client_id = $1 and type_id = $2`, [clientId, typeId, value])
  await auditParameter(q, actor, clientId, typeId, 'update', before)
  return getParameter(q, clientId, typeId)
}

/** Removes the parameter; removing SENDING_SHIPMENTS_BLOCK lifts the dispatch block. */
export async function deleteParameter(q: Queryable, clientId: number, typeId: number, actor: Actor) {
  const before = await getParameter(q, clientId, typeId)
  await q.query(`delete from client_additional_parameters where client_id = $1 and type_id = $2`, [clientId, typeId])
  await auditParameter(q, actor, clientId, typeId, 'delete', before)
}

/** Contact names already given for a courier's contact parameter, matching `query` (for the chooser). */
export async function courierContacts(q: Queryable, courierId: number, query: string) {
  return q.query<{ name: string }>(
    `select distinct cap.value as name
       from client_additional_parameters cap join client_additional_parameter_types t on t.id = cap.type_id
      where t.input_type = 'contact' and t.courier_id = $1 and cap.value <> '' and lower(cap.value) like $2
      order by 1 limit 20`,
    [courierId, containsPattern(query.trim())],
  )
}

export const clientConflict = (message: string) => new DomainError(409, { message })

/** Every live client by name (the choosers of other screens). */
export const clientNames = (q: Queryable) => q.query<{ id: number; name: string }>(`select id, name from clients where deleted_at is null order by name, id`)

export const countryList = (q: Queryable) => q.query<{ id: number; name: string; iso_code: string }>(`select id, name, iso_code from countries order by id`)

/**
 * The client card the caller may read: `id` 0 is the caller's own client; a client user reads
 * only its own company.
 */
export async function clientForCaller(db: Db, id: number, user: SessionUser): Promise<Client> {
  const own = user.client_id
  if (user.role >= 2 && own != null && (id === 0 || id === own)) return getClient(db, own)
  if (user.role >= 2) throw clientNotFound()
  if (id !== 0) return getClient(db, id)
  if (own == null) throw clientNotFound()
  return getClient(db, own)
}

/** Stores the client's IAI password, encrypted. */
export async function storeIaiPassword(q: Queryable, vault: Vault, id: number, password: string) {
  await q.query(`update clients set iai_password_enc = $2 where id = $1`, [id, vault.encrypt(password)])
}

/** A new IAI password for an existing client. */
export async function setIaiPassword(db: Db, vault: Vault, id: number, password: string, actor: Actor) {
  await db.tx(async (q) => {
    await getClient(q, id)
    await storeIaiPassword(q, vault, id, password)
    await record(q, actor, { entity: 'client', entityId: id, action: 'update', changes: changesOf({ iai_password: null }, { iai_password: '' }, { secrets: ['iai_password'] }) })
  })
  return { message: CLIENT_MSG.iaiPasswordSaved }
}
