import type { StatusType } from '../../contract/schemas/statuses.ts'
import type { Queryable } from '../db/db.ts'
import { notFound } from './errors.ts'

const ST_COLUMNS = `st.id, st.name, st.displayed_name, st.displayed_name_ro, st.internal, st.id_courier, st.system_id, st.code, st.status_type_group_id`

/** Status types a workstation type offers, in display order (GET sorted_for_warehouse_select/{id}). */
export const statusTypesForWorkstationType = (q: Queryable, workstationTypeId: number) =>
  q.query<StatusType>(
    `select ${ST_COLUMNS}
       from workstation_type_status_types o join status_types st on st.id = o.status_type_id
      where o.workstation_type_id = $1
      order by o.position, st.id`,
    [workstationTypeId],
  )

export async function statusTypeBySystemId(q: Queryable, systemId: string): Promise<StatusType> {
  const [st] = await q.query<StatusType>(`select ${ST_COLUMNS} from status_types st where st.system_id = $1`, [systemId])
  if (!st) throw notFound()
  return st
}
