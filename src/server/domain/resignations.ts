import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { Resignation } from '../../contract/schemas/resignations.ts'
import type { Queryable } from '../db/db.ts'
import { containsPattern } from '../db/like.ts'
import { invalid, notFound } from './errors.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { iso } from './dates.ts'
import { ALIAS_MSG } from '../../contract/messages/aliases.ts'
import { RESIGNATION_MSG } from '../../contract/messages/resignations.ts'

/**
 * Reported resignations: a client (or an admin for a client) reports that a parcel is
 * no longer wanted. The waybill is any number of the parcel. When intake scans that parcel the
 * scan answer says it goes back and the report gets its scan date and who scanned it
 * (`resignationAtIntake`). Clients see and delete only their own reports (404 otherwise) and
 * cannot change one once made. A waybill has at most one open (not yet resent) report per client.
 */

const SELECT = `
  select r.id, r.user_id, u.email as user_name, r.client_id, c.name as client_name, r.waybill, r.note,
         r.scanned_at, r.resend_at, r.scanned_by_user_id, su.email as scanned_by_user_name, r.created_at
    from parcel_reported_resignations r
    join clients c on c.id = r.client_id
    left join users u on u.id = r.user_id
    left join users su on su.id = r.scanned_by_user_id`

type Raw = Omit<Resignation, 'scanned_at' | 'resend_at' | 'created_at'> & { scanned_at: unknown; resend_at: unknown; created_at: unknown }
const toResignation = (r: Raw): Resignation => ({
  ...r,
  scanned_at: iso(r.scanned_at),
  resend_at: iso(r.resend_at),
  created_at: iso(r.created_at) ?? '',
})

/** Columns of the tables in the server's order: 0 waybill, 1 client, 2 scan date, 3 resend date, 4 created. */
const ORDER_COLUMNS = ['r.waybill', 'c.name', 'r.scanned_at', 'r.resend_at', 'r.created_at'] as const

/** One page; `clientId` limits it to one client's reports (the client's own list). */
export async function resignationPage(q: Queryable, req: PagingRequest, clientId: number | null) {
  const params: unknown[] = [clientId]
  const conds = [`($1::int is null or r.client_id = $1)`]
  const text = req.search?.value?.trim() ?? ''
  if (text) {
    params.push(containsPattern(text))
    conds.push(`(lower(r.waybill) like $2 or lower(c.name) like $2)`)
  }
  const where = `where ${conds.join(' and ')}`
  const order = (req.order ?? [])
    .filter((o) => o.column >= 0 && o.column < ORDER_COLUMNS.length)
    .map((o) => `${ORDER_COLUMNS[o.column]} ${o.dir === 'desc' ? 'desc' : 'asc'} nulls last`)
  const [counts] = await q.query<{ total: number; filtered: number }>(
    `select (select count(*)::int from parcel_reported_resignations r where $1::int is null or r.client_id = $1) as total,
            (select count(*)::int from parcel_reported_resignations r join clients c on c.id = r.client_id ${where}) as filtered`,
    params,
  )
  const rows = await q.query<Raw>(`${SELECT} ${where} order by ${[...order, 'r.created_at desc', 'r.id desc'].join(', ')} limit ${req.length} offset ${req.start}`, params)
  return { draw: req.draw, data: rows.map(toResignation), recordsTotal: counts!.total, recordsFiltered: counts!.filtered }
}

export async function getResignation(q: Queryable, id: number, clientId: number | null): Promise<Resignation> {
  const [r] = await q.query<Raw>(`${SELECT} where r.id = $1 and ($2::int is null or r.client_id = $2)`, [id, clientId])
  if (!r) throw notFound(RESIGNATION_MSG.resignationNotFound)
  return toResignation(r)
}

/**
 * The waybill must be a number (internal, courier's out or in, buffer, return, duplicate) of a live
 * parcel of that client, or of a parcel that has no client yet (intake may still assign it). A
 * number of another client's parcel is refused: to staff naming the owner, to a client as if it
 * did not exist (a client learns nothing of other clients' parcels).
 */
async function checkParcel(q: Queryable, clientId: number, waybill: string, staff: boolean) {
  const owners = await q.query<{ client_id: number | null; name: string | null }>(
    `select distinct p.client_id, c.name from parcels p left join clients c on c.id = p.client_id
      where p.deleted_at is null
        and upper($1) = any(array[upper(p.internal_number), upper(p.out_number), upper(p.in_number), upper(p.buffer_number), upper(p.return_number), upper(p.duplicated_number)])`,
    [waybill],
  )
  if (owners.some((o) => o.client_id === clientId || o.client_id == null)) return
  const other = owners.find((o) => o.name != null)
  throw invalid({ waybill: [staff && other ? RESIGNATION_MSG.resignationOtherClient(waybill, other.name!) : RESIGNATION_MSG.resignationNoParcel(waybill)] })
}

async function checkOpen(q: Queryable, clientId: number, waybill: string, exceptId: number | null) {
  const [taken] = await q.query(
    `select 1 from parcel_reported_resignations where client_id = $1 and upper(waybill) = upper($2) and resend_at is null and id is distinct from $3::int`,
    [clientId, waybill, exceptId],
  )
  if (taken) throw invalid({ waybill: [RESIGNATION_MSG.resignationTaken] })
}

/** `staff`: made by staff for a client (refusals may name another client). */
/** A report as the audit trail keeps it: what a person sets (client, waybill, note). */
async function resignationView(q: Queryable, id: number): Promise<Record<string, unknown> | null> {
  const [r] = await q.query(`select client_id, waybill, note from parcel_reported_resignations where id = $1`, [id])
  return r ?? null
}

async function auditResignation(q: Queryable, actor: Actor, id: number, action: 'create' | 'update' | 'delete', before: Record<string, unknown> | null) {
  const after = action === 'delete' ? null : await resignationView(q, id)
  await record(q, actor, { entity: 'resignation', entityId: id, action, changes: changesOf(before, after) })
}

export async function createResignation(q: Queryable, userId: number, input: { client_id: number; waybill: string; note?: string }, staff: boolean, actor: Actor): Promise<number> {
  const [client] = await q.query(`select 1 from clients where id = $1`, [input.client_id])
  if (!client) throw invalid({ client_id: [ALIAS_MSG.clientNotFound] })
  const waybill = input.waybill.trim()
  await checkParcel(q, input.client_id, waybill, staff)
  await checkOpen(q, input.client_id, waybill, null)
  const [row] = await q.query<{ id: number }>(
    `insert into parcel_reported_resignations (client_id, user_id, waybill, note) values ($1, $2, $3, $4) returning id`,
    [input.client_id, userId, waybill, (input.note ?? '').trim()],
  )
  await auditResignation(q, actor, row!.id, 'create', null)
  return row!.id
}

export async function updateResignation(q: Queryable, input: { id: number; waybill: string; note?: string }, actor: Actor): Promise<number> {
  const [r] = await q.query<{ client_id: number }>(`select client_id from parcel_reported_resignations where id = $1 for update`, [input.id])
  if (!r) throw notFound(RESIGNATION_MSG.resignationNotFound)
  const before = await resignationView(q, input.id)
  const waybill = input.waybill.trim()
  await checkParcel(q, r.client_id, waybill, true)
  await checkOpen(q, r.client_id, waybill, input.id)
  await q.query(`update parcel_reported_resignations set waybill = $2, note = $3 where id = $1`, [input.id, waybill, (input.note ?? '').trim()])
  await auditResignation(q, actor, input.id, 'update', before)
  return input.id
}

export async function deleteResignation(q: Queryable, id: number, clientId: number | null, actor: Actor): Promise<void> {
  const rows = await q.query<Record<string, unknown>>(
    `delete from parcel_reported_resignations where id = $1 and ($2::int is null or client_id = $2) returning client_id, waybill, note`,
    [id, clientId],
  )
  if (!rows.length) throw notFound(RESIGNATION_MSG.resignationNotFound)
  await auditResignation(q, actor, id, 'delete', rows[0]!)
}

/**
 * At intake: the open reports (not resent) whose waybill is one of the scanned parcel's numbers
 * and whose client is the parcel's (or the parcel has none yet). The first scan stamps the scan
 * date and who scanned; every scan until it is resent says the parcel goes back. Returns the
 * waybills reported.
 *
 * The statement of that rule for the parcel `parcel` scanned by `user` (SQL expressions): also a
 * part of the intake scan's status write (floor.ts WRITE_STATUS_SQL), so an ordinary scan checks
 * it without a statement of its own.
 */
export const resignationAtIntakeSql = (parcel: string, user: string, guard = 'true') => `update parcel_reported_resignations r
        set scanned_at = coalesce(r.scanned_at, now()), scanned_by_user_id = coalesce(r.scanned_by_user_id, ${user})
       from parcels p
      where ${guard} and p.id = ${parcel} and r.resend_at is null
        and upper(r.waybill) = any(array[upper(p.internal_number), upper(p.out_number), upper(p.in_number), upper(p.buffer_number), upper(p.return_number), upper(p.duplicated_number)])
        and (p.client_id is null or r.client_id = p.client_id)
      returning r.waybill`

/** The rule as a statement of its own (scans that write no status; the "before" list of scripts/bench.ts). */
export const RESIGNATION_AT_INTAKE_SQL = resignationAtIntakeSql('$1::int', '$2::int')

export async function resignationAtIntake(q: Queryable, parcelId: number, userId: number): Promise<string[]> {
  // Prepared: it runs on intake scans that answer without writing a status (208).
  const rows = await q.prepared<{ waybill: string }>(
    'resignation_at_intake',
    RESIGNATION_AT_INTAKE_SQL,
    [parcelId, userId],
  )
  return rows.map((r) => r.waybill)
}
