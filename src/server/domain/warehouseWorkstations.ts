import { BARCODE_PATTERN } from '../../contract/barcodes.ts'
import { WAREHOUSE_ADMIN_MSG } from '../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { WorkstationRef, WorkstationRow } from '../../contract/schemas/warehouse.ts'
import { WORKFLOW_COLUMNS, type WorkflowRow } from '../../contract/schemas/warehouseAdmin.ts'
import type { Queryable } from '../db/db.ts'
import { DomainError, notFound } from './errors.ts'
import { type Actor, changesOf, record } from './audit.ts'
import type { SessionUser } from './context.ts'
import { isUniqueViolation, scanError } from './floorScanReply.ts'
import { endWorkflow, heldWorkstation } from './warehouseWorkflows.ts'

/**
 * Workstations and workflows. A workstation is free when no user holds
 * it. The database decides races: `workstations.active_user_id` is unique and is only set where
 * it is null (row lock), and `workflows` allows one open row per workstation and per user.
 */

const iso = (d: unknown) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString())

type WsRecord = {
  id: number
  code: string
  workstation_type_id: number
  warehouse_id: number
  type_name: string
  type_code: string
  wh_name: string
  active_user_id: number | null
  email: string | null
}

const WS_SELECT = `
  select w.id, w.code, w.workstation_type_id, w.warehouse_id, t.name as type_name, t.code as type_code, h.name as wh_name,
         w.active_user_id, u.email
    from workstations w
    join workstation_types t on t.id = w.workstation_type_id
    join warehouses h on h.id = w.warehouse_id
    left join users u on u.id = w.active_user_id`

const toRow = (r: WsRecord): WorkstationRow => ({
  id: r.id,
  code: r.code,
  workstation_type_id: r.workstation_type_id,
  warehouse_id: r.warehouse_id,
  type: { id: r.workstation_type_id, name: r.type_name, code: r.type_code },
  warehouse: { id: r.warehouse_id, name: r.wh_name },
  active_user_id: r.active_user_id,
  employee: r.active_user_id != null && r.email != null ? { id: r.active_user_id, email: r.email } : null,
  free: r.active_user_id == null,
})

export const listWarehouses = (q: Queryable) => q.query<{ id: number; name: string }>(`select id, name from warehouses order by id`)
export const listWorkstationTypes = (q: Queryable) =>
  q.query<{ id: number; name: string; code: string }>(`select id, name, code from workstation_types order by id`)

/** Workstations of a warehouse, of one type or all (typeId null), ordered by code. */
export async function listWorkstations(q: Queryable, warehouseId: number, typeId: number | null): Promise<WorkstationRow[]> {
  const rows = await q.query<WsRecord>(
    `${WS_SELECT} where w.deleted_at is null and w.warehouse_id = $1 and ($2::int is null or w.workstation_type_id = $2) order by w.code`,
    [warehouseId, typeId],
  )
  return rows.map(toRow)
}

export async function getWorkstation(q: Queryable, id: number): Promise<WorkstationRow> {
  const [r] = await q.query<WsRecord>(`${WS_SELECT} where w.id = $1 and w.deleted_at is null`, [id])
  if (!r) throw notFound(WAREHOUSE_MSG.workstationNotFound)
  return toRow(r)
}

// ---- admin: create, edit, delete --------------------------------------------------------------

type WorkstationInput = { warehouse_id: number; workstation_type_id: number; code: string }

/** A workstation's settings as the audit trail keeps them (who holds it is not a setting). */
async function auditWorkstation(q: Queryable, actor: Actor, id: number, action: 'create' | 'update' | 'delete', before: Record<string, unknown> | null) {
  const after = await workstationSettings(q, id)
  await record(q, actor, { entity: 'workstation', entityId: id, action, changes: changesOf(before, after) })
}
const workstationSettings = async (q: Queryable, id: number) =>
  (await q.query<Record<string, unknown>>(`select code, workstation_type_id, warehouse_id, deleted_at from workstations where id = $1`, [id]))[0] ?? null

/**
 * Checks a workstation form: warehouse and type exist, the code is `<type code>_NN` (DOMAIN
 * "Numbers and barcodes") and no other live workstation has it. Failures: 422 with the form's
 * message and per-field errors.
 */
async function checkWorkstationInput(q: Queryable, input: WorkstationInput, message: string, exceptId = 0) {
  const code = input.code.trim().toUpperCase()
  const [ctx] = await q.query<{ wh: number | null; type_code: string | null; taken: boolean }>(
    `select (select id from warehouses where id = $1) as wh,
            (select code from workstation_types where id = $2) as type_code,
            exists (select 1 from workstations where code = $3 and deleted_at is null and id <> $4) as taken`,
    [input.warehouse_id, input.workstation_type_id, code, exceptId],
  )
  const errors: Record<string, string[]> = {}
  if (ctx!.wh == null) errors.warehouse_id = [WAREHOUSE_ADMIN_MSG.workstationAddError]
  if (ctx!.type_code == null) errors.workstation_type_id = [WAREHOUSE_ADMIN_MSG.workstationAddError]
  else {
    const m = BARCODE_PATTERN.workstationCode.exec(code)
    if (!m || m[1] !== ctx!.type_code) errors.code = [WAREHOUSE_ADMIN_MSG.workstationCodeFormat(ctx!.type_code)]
  }
  if (ctx!.taken) (errors.code ??= []).push(WAREHOUSE_ADMIN_MSG.workstationCodeTaken)
  if (Object.keys(errors).length) throw new DomainError(422, { message, errors })
  return code
}

export async function storeWorkstation(q: Queryable, input: WorkstationInput, actor: Actor): Promise<WorkstationRow> {
  const code = await checkWorkstationInput(q, input, WAREHOUSE_ADMIN_MSG.workstationAddError)
  try {
    const [row] = await q.query<{ id: number }>(
      `insert into workstations (code, workstation_type_id, warehouse_id) values ($1, $2, $3) returning id`,
      [code, input.workstation_type_id, input.warehouse_id],
    )
    await auditWorkstation(q, actor, row!.id, 'create', null)
    return getWorkstation(q, row!.id)
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError(422, { message: WAREHOUSE_ADMIN_MSG.workstationAddError, errors: { code: [WAREHOUSE_ADMIN_MSG.workstationCodeTaken] } })
    throw e
  }
}

/** Edits a free workstation; an occupied one must be cleared first (409), so nobody's type changes under them. */
export async function updateWorkstation(q: Queryable, input: WorkstationInput & { id: number }, actor: Actor): Promise<WorkstationRow> {
  const [cur] = await q.query<{ active_user_id: number | null }>(`select active_user_id from workstations where id = $1 and deleted_at is null for update`, [input.id])
  if (!cur) throw notFound(WAREHOUSE_MSG.workstationNotFound)
  const code = await checkWorkstationInput(q, input, WAREHOUSE_ADMIN_MSG.workstationEditError, input.id)
  if (cur.active_user_id != null) throw new DomainError(409, { message: WAREHOUSE_ADMIN_MSG.workstationBusyEdit })
  const before = await workstationSettings(q, input.id)
  try {
    await q.query(`update workstations set code = $2, workstation_type_id = $3, warehouse_id = $4 where id = $1`, [
      input.id,
      code,
      input.workstation_type_id,
      input.warehouse_id,
    ])
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError(422, { message: WAREHOUSE_ADMIN_MSG.workstationEditError, errors: { code: [WAREHOUSE_ADMIN_MSG.workstationCodeTaken] } })
    throw e
  }
  await auditWorkstation(q, actor, input.id, 'update', before)
  return getWorkstation(q, input.id)
}

/** Soft delete: status history and workflows keep pointing at it. Its holder's workflow ends (admin). */
export async function deleteWorkstation(q: Queryable, id: number, actor: Actor) {
  const [cur] = await q.query<{ active_user_id: number | null }>(`select active_user_id from workstations where id = $1 and deleted_at is null for update`, [id])
  if (!cur) throw notFound(WAREHOUSE_MSG.workstationNotFound)
  if (cur.active_user_id != null) await endWorkflow(q, cur.active_user_id, 'admin')
  const before = await workstationSettings(q, id)
  await q.query(`update workstations set deleted_at = now(), active_user_id = null where id = $1`, [id])
  await auditWorkstation(q, actor, id, 'delete', before)
}

// ---- occupying and leaving ----------------------------------------------------------------------

export interface CurrentWorkflow {
  id: number
  start_at: string
  accepted_scans: number
  workstation: WorkstationRef
}

export async function currentWorkflow(q: Queryable, userId: number): Promise<CurrentWorkflow | null> {
  const [f] = await q.query<{ id: number; start_at: unknown; accepted_scans: number }>(
    `select id, start_at, accepted_scans from workflows where user_id = $1 and end_at is null`,
    [userId],
  )
  if (!f) return null
  const workstation = await heldWorkstation(q, userId)
  return workstation ? { id: f.id, start_at: iso(f.start_at)!, accepted_scans: f.accepted_scans, workstation } : null
}

/** Errors of occupying, with the bodies of scan errors so scan screens read them the same way. */
const notFoundWs = () => scanError(404, WAREHOUSE_MSG.workstationNotFound)
const taken = () => scanError(423, WAREHOUSE_MSG.workstationTaken)

/**
 * Occupies the workstation with this code for the user (scan at /set-workstation, or a scan
 * endpoint seeing a workstation code). Unknown code → 404; a role the type does not admit → 406;
 * held by someone else → 423. Holding it already keeps the open workflow. Otherwise the user's
 * previous workflow ends (switch) and a new one starts, in the caller's transaction.
 */
export async function occupy(q: Queryable, user: SessionUser, rawCode: string): Promise<CurrentWorkflow> {
  const code = rawCode.trim().toUpperCase().replace(/-/g, '_')
  const [w] = await q.query<{ id: number; active_user_id: number | null; allowed_roles: number[] }>(
    `select w.id, w.active_user_id, t.allowed_roles
       from workstations w join workstation_types t on t.id = w.workstation_type_id
      where w.code = $1 and w.deleted_at is null`,
    [code],
  )
  if (!w) throw notFoundWs()
  if (!w.allowed_roles.map(Number).includes(user.role)) throw scanError(406, WAREHOUSE_ANSWER.workstationRoleNotAllowed)
  if (w.active_user_id === user.id) {
    const current = await currentWorkflow(q, user.id)
    if (current) return current
  } else if (w.active_user_id != null) throw taken()
  try {
    await endWorkflow(q, user.id, 'switch')
    // Only a free workstation is taken; a racing transaction waits on the row and then finds it held.
    const won = await q.query(`update workstations set active_user_id = $1 where id = $2 and active_user_id is null and deleted_at is null returning id`, [
      user.id,
      w.id,
    ])
    if (!won.length) throw taken()
    await q.query(`insert into workflows (workstation_id, user_id) values ($1, $2)`, [w.id, user.id])
  } catch (e) {
    if (isUniqueViolation(e)) throw taken()
    throw e
  }
  return (await currentWorkflow(q, user.id))!
}

/** The user ends their own workflow (manual). */
export const endOwnWorkflow = (q: Queryable, userId: number) => endWorkflow(q, userId, 'manual')

/**
 * An admin ends a worker's workflow (end type admin), named by user or by workstation.
 * Nothing held → 409 "Stanowisko jest aktualnie wolne".
 */
export async function endByAdmin(q: Queryable, target: { user_id?: number | null; workstation_id?: number | null }) {
  let userId = target.user_id ?? null
  if (userId == null && target.workstation_id != null) {
    const [w] = await q.query<{ active_user_id: number | null }>(`select active_user_id from workstations where id = $1 and deleted_at is null for update`, [
      target.workstation_id,
    ])
    if (!w) throw notFound(WAREHOUSE_MSG.workstationNotFound)
    userId = w.active_user_id
  }
  const ended = userId != null && (await endWorkflow(q, userId, 'admin'))
  if (!ended) throw new DomainError(409, { message: WAREHOUSE_MSG.workstationFree })
}

// ---- workflow tables ---------------------------------------------------------------------------

type WfRecord = {
  id: number
  workstation_id: number
  code: string
  type_id: number
  type_name: string
  type_code: string
  user_id: number
  email: string
  start_at: unknown
  end_at: unknown
  end_type: WorkflowRow['end_type']
  accepted_scans: number
}
const WF_SELECT = `
  select f.id, f.workstation_id, w.code, t.id as type_id, t.name as type_name, t.code as type_code, f.user_id, u.email,
         f.start_at, f.end_at, f.end_type, f.accepted_scans
    from workflows f
    join workstations w on w.id = f.workstation_id
    join workstation_types t on t.id = w.workstation_type_id
    join users u on u.id = f.user_id`
const toWf = (r: WfRecord): WorkflowRow => ({
  id: r.id,
  workstation_id: r.workstation_id,
  code: r.code,
  workstation_type: { id: r.type_id, name: r.type_name, code: r.type_code },
  user_id: r.user_id,
  email: r.email,
  start_at: iso(r.start_at)!,
  end_at: iso(r.end_at),
  end_type: r.end_type,
  accepted_scans: r.accepted_scans,
})

/** Workflow table of a workstation's form: open first, then by end descending (column 4 desc). */
export async function workflowsOfWorkstation(q: Queryable, workstationId: number): Promise<WorkflowRow[]> {
  await getWorkstation(q, workstationId)
  const rows = await q.query<WfRecord>(`${WF_SELECT} where f.workstation_id = $1 order by f.end_at desc nulls first, f.id desc`, [workstationId])
  return rows.map(toWf)
}

const WF_ORDER: Record<(typeof WORKFLOW_COLUMNS)[number], string> = {
  id: 'f.id',
  workstation: 'w.code',
  email: 'u.email',
  start_at: 'f.start_at',
  end_at: 'f.end_at',
  end_type: 'f.end_type',
}

export interface WorkflowCriteria {
  workstation_id?: number | null
  workstation_type_id?: number | null
  in_use?: boolean | null
  user_id?: number | null
}

/** Workflow history: filters by employee, type, workstation, open or ended; search on e-mail or code. */
export async function listWorkflows(q: Queryable, p: PagingRequest & { criteria?: WorkflowCriteria }) {
  const c = p.criteria ?? {}
  const params: unknown[] = [c.workstation_id ?? null, c.workstation_type_id ?? null, c.in_use ?? null, c.user_id ?? null]
  const where = [
    `($1::int is null or f.workstation_id = $1)`,
    `($2::int is null or w.workstation_type_id = $2)`,
    `($3::boolean is null or (f.end_at is null) = $3)`,
    `($4::int is null or f.user_id = $4)`,
  ]
  const [total] = await q.query<{ n: number }>(`select count(*)::int as n from workflows`)
  const search = p.search?.value.trim()
  if (search) {
    params.push(`%${search.toLowerCase()}%`)
    where.push(`(lower(u.email) like $${params.length} or lower(w.code) like $${params.length})`)
  }
  const from = `from workflows f join workstations w on w.id = f.workstation_id join users u on u.id = f.user_id where ${where.join(' and ')}`
  const [filtered] = await q.query<{ n: number }>(`select count(*)::int as n ${from}`, params)
  const order = (p.order?.length ? p.order : [{ column: 4, dir: 'desc' as const }])
    .filter((o) => WORKFLOW_COLUMNS[o.column])
    .map((o) => `${WF_ORDER[WORKFLOW_COLUMNS[o.column]!]} ${o.dir === 'asc' ? 'asc nulls last' : 'desc nulls first'}`)
  const rows = await q.query<WfRecord>(
    `${WF_SELECT} where ${where.join(' and ')} order by ${[...order, 'f.id desc'].join(', ')} limit ${p.length} offset ${p.start}`,
    params,
  )
  return { draw: p.draw, data: rows.map(toWf), recordsTotal: total!.n, recordsFiltered: filtered!.n }
}
