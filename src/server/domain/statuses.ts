import { OPERATOR_COURIER_ID, SHIPMENT } from '../../contract/constants/shipments.ts'
import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { StatusTypeCreateRequest, StatusTypeRow, StatusTypeUpdateRequest } from '../../contract/schemas/statuses.ts'
import type { Queryable } from '../db/db.ts'
import { containsPattern } from '../db/like.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { STATUS_MSG } from '../../contract/messages/statuses.ts'

/**
 * Status types: the /statuses table, the form, create, update, delete. New statuses
 * belong to the operator (courier 1). Only the operator's statuses can be deleted, and of
 * those not the ones the rules rely on: a system id, the default intake status, the registered
 * status, or a status any parcel history, parcel or problem sector uses (409 with the reason).
 */

/** A status the warehouse and shipment rules look up (never deleted). */
const SYSTEM_SQL = `(st.system_id is not null or st.id = ${WAREHOUSE.defaultStatusTypeId} or coalesce(st.code, '') = '${SHIPMENT.registeredStatusCode}')`
const IN_USE_SQL = `(exists (select 1 from parcel_status_history h where h.status_type_id = st.id)
  or exists (select 1 from parcels p where p.last_status_type_id = st.id)
  or exists (select 1 from problematic_sectors s where s.status_type_id = st.id))`

const ROW_SELECT = `
  select st.id, st.name, st.displayed_name, st.displayed_name_ro, st.internal, st.id_courier, c.name as courier_name,
         st.system_id, st.status_type_group_id,
         (st.id_courier = ${OPERATOR_COURIER_ID} and not ${SYSTEM_SQL} and not ${IN_USE_SQL}) as deletable
    from status_types st join couriers c on c.id = st.id_courier`

/** Columns of the table in the server's order: 0 id, 1 name, 2 displayed_name, 3 internal. */
const ORDER_COLUMNS = ['st.id', 'st.name', 'st.displayed_name', 'st.internal'] as const

export async function statusTypePage(q: Queryable, req: PagingRequest) {
  const text = req.search?.value?.trim() ?? ''
  const params: unknown[] = []
  let where = ''
  if (text) {
    params.push(containsPattern(text), /^\d{1,9}$/.test(text) ? Number(text) : null)
    where = `where (lower(st.name) like $1 or lower(st.displayed_name) like $1 or lower(st.displayed_name_ro) like $1 or st.id = $2::int)`
  }
  const order = (req.order ?? [])
    .filter((o) => o.column >= 0 && o.column < ORDER_COLUMNS.length)
    .map((o) => `${ORDER_COLUMNS[o.column]} ${o.dir === 'desc' ? 'desc' : 'asc'}`)
  const [counts] = await q.query<{ total: number; filtered: number }>(
    `select (select count(*)::int from status_types) as total, (select count(*)::int from status_types st ${where}) as filtered`,
    params,
  )
  const data = await q.query<StatusTypeRow>(
    `${ROW_SELECT} ${where} order by ${[...order, 'st.id'].join(', ')} limit ${req.length} offset ${req.start}`,
    params,
  )
  return { draw: req.draw, data, recordsTotal: counts!.total, recordsFiltered: counts!.filtered }
}

export async function getStatusType(q: Queryable, id: number): Promise<StatusTypeRow> {
  const [row] = await q.query<StatusTypeRow>(`${ROW_SELECT} where st.id = $1`, [id])
  if (!row) throw notFound(STATUS_MSG.statusNotFound)
  return row
}

async function checkGroup(q: Queryable, groupId: number | null | undefined) {
  if (groupId == null) return
  const [g] = await q.query(`select 1 from status_type_groups where id = $1`, [groupId])
  if (!g) throw invalid({ status_type_group_id: [STATUS_MSG.statusGroupNotFound] })
}

/** A status type as the audit trail keeps it (the derived `deletable` and courier name left out). */
async function auditStatusType(q: Queryable, actor: Actor, id: number, action: 'create' | 'update' | 'delete', before: StatusTypeRow | null) {
  const after = action === 'delete' ? null : await getStatusType(q, id)
  await record(q, actor, { entity: 'status_type', entityId: id, action, changes: changesOf(before, after, { omit: ['id', 'deletable', 'courier_name'] }) })
}

export async function createStatusType(q: Queryable, input: StatusTypeCreateRequest, actor: Actor): Promise<number> {
  await checkGroup(q, input.status_type_group_id)
  const [row] = await q.query<{ id: number }>(
    `insert into status_types (name, displayed_name, displayed_name_ro, internal, id_courier, status_type_group_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.name.trim(), input.displayed_name.trim(), input.displayed_name_ro.trim(), input.internal, OPERATOR_COURIER_ID, input.status_type_group_id ?? null],
  )
  await auditStatusType(q, actor, row!.id, 'create', null)
  return row!.id
}

export async function updateStatusType(q: Queryable, input: StatusTypeUpdateRequest, actor: Actor): Promise<number> {
  await checkGroup(q, input.status_type_group_id)
  const before = await getStatusType(q, input.id)
  const rows = await q.query<{ id: number }>(
    `update status_types set name = $2, displayed_name = $3, displayed_name_ro = $4, internal = $5, status_type_group_id = $6
      where id = $1 returning id`,
    [input.id, input.name.trim(), input.displayed_name.trim(), input.displayed_name_ro.trim(), input.internal, input.status_type_group_id ?? null],
  )
  if (!rows.length) throw notFound(STATUS_MSG.statusNotFound)
  await auditStatusType(q, actor, input.id, 'update', before)
  return input.id
}

export async function deleteStatusType(q: Queryable, id: number, actor: Actor): Promise<void> {
  const [st] = await q.query<{ operator: boolean; system: boolean; in_use: boolean }>(
    `select st.id_courier = ${OPERATOR_COURIER_ID} as operator, ${SYSTEM_SQL} as system, ${IN_USE_SQL} as in_use
       from status_types st where st.id = $1 for update`,
    [id],
  )
  if (!st) throw notFound(STATUS_MSG.statusNotFound)
  if (!st.operator) throw new DomainError(409, { message: STATUS_MSG.statusNotOperator })
  if (st.system) throw new DomainError(409, { message: STATUS_MSG.statusSystem })
  if (st.in_use) throw new DomainError(409, { message: STATUS_MSG.statusInUse })
  const before = await getStatusType(q, id)
  await q.query(`delete from status_types where id = $1`, [id])
  await auditStatusType(q, actor, id, 'delete', before)
}

/** GET app/v1/status_type_group/one/{identifier}: the group and its statuses (clients: not the internal ones). */
export async function statusTypeGroupOne(q: Queryable, identifier: string, staff: boolean) {
  const [g] = await q.query<{ id: number; identifier: string; name: string }>(`select id, identifier, name from status_type_groups where identifier = $1`, [identifier])
  if (!g) throw notFound(STATUS_MSG.statusGroupNotFound)
  const status_types = await q.query<{ id: number; name: string; displayed_name: string; internal: 0 | 1 }>(
    `select id, name, displayed_name, internal from status_types where status_type_group_id = $1 and ($2::boolean or internal = 0) order by id`,
    [g.id, staff],
  )
  return { ...g, status_types }
}
