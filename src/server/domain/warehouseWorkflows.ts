import type { WorkstationRef } from '../../contract/schemas/warehouse.ts'
import type { Queryable } from '../db/db.ts'

export type EndType = 'manual' | 'logout' | 'switch' | 'admin'

/** The workstation a user holds, in the shape of the session user's `workstation` field, or null. */
export async function heldWorkstation(q: Queryable, userId: number): Promise<WorkstationRef | null> {
  const rows = await q.query<{ id: number; code: string; type_id: number; type_name: string; type_code: string; wh_id: number; wh_name: string }>(
    `select w.id, w.code, t.id as type_id, t.name as type_name, t.code as type_code, h.id as wh_id, h.name as wh_name
       from workstations w join workstation_types t on t.id = w.workstation_type_id join warehouses h on h.id = w.warehouse_id
      where w.active_user_id = $1`,
    [userId],
  )
  const r = rows[0]
  return r ? { id: r.id, code: r.code, type: { id: r.type_id, name: r.type_name, code: r.type_code }, warehouse: { id: r.wh_id, name: r.wh_name } } : null
}

/** Ends the user's open workflow (if any) and frees the workstation. Returns whether one was open. */
export async function endWorkflow(q: Queryable, userId: number, endType: EndType): Promise<boolean> {
  const ended = await q.query(`update workflows set end_at = now(), end_type = $2 where user_id = $1 and end_at is null returning id`, [userId, endType])
  await q.query(`update workstations set active_user_id = null where active_user_id = $1`, [userId])
  return ended.length > 0
}
