import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { WAREHOUSE_ADMIN_MSG } from '../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { Sector } from '../../contract/schemas/warehouse.ts'
import type { Queryable } from '../db/db.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { DomainError, notFound } from './errors.ts'
import { isUniqueViolation } from './floorScanReply.ts'

/**
 * Problem sectors: per warehouse, with a code, a name, internal 0/1 and the status
 * type that sending a parcel there means. Sectors with a `purpose` are the ones the warehouse
 * rules send parcels to (contract SECTOR_PURPOSE); they cannot be deleted. Deleting is soft
 * (status history keeps pointing at the sector).
 */

const SECTOR_SELECT = `
  select s.id, s.warehouse_id, s.code, s.name, s.internal, s.status_type_id, s.purpose,
         (select count(*)::int from parcels p where p.problematic_sector_id = s.id) as parcels
    from problematic_sectors s`

type SectorRecord = Omit<Sector, 'duplicated'>
const toSector = (r: SectorRecord): Sector => ({ ...r, duplicated: (WAREHOUSE.duplicatedSectorCodes as readonly string[]).includes(r.code) })

/**
 * Sectors of a warehouse (default 1). With a workstation type: only sectors whose status that
 * type offers (a sector without a status is offered everywhere).
 */
export async function listSectors(q: Queryable, warehouseId: number, workstationTypeId: number | null): Promise<Sector[]> {
  const rows = await q.query<SectorRecord>(
    `${SECTOR_SELECT}
      where s.deleted_at is null and s.warehouse_id = $1
        and ($2::int is null or s.status_type_id is null or exists (
              select 1 from workstation_type_status_types o where o.workstation_type_id = $2 and o.status_type_id = s.status_type_id))
      order by (case when s.code ~ '^[0-9]+$' then s.code::numeric end) nulls last, s.code`,
    [warehouseId, workstationTypeId],
  )
  return rows.map(toSector)
}

export async function getSector(q: Queryable, id: number): Promise<Sector> {
  const [r] = await q.query<SectorRecord>(`${SECTOR_SELECT} where s.id = $1 and s.deleted_at is null`, [id])
  if (!r) throw notFound(WAREHOUSE_ANSWER.sectorNotFound)
  return toSector(r)
}

export async function createSector(
  q: Queryable,
  input: { warehouse_id: number; code: string; name: string; internal: 0 | 1; status_type_id?: number | null },
  actor: Actor,
): Promise<Sector> {
  const code = input.code.trim()
  const [ctx] = await q.query<{ wh: number | null; st: number | null; taken: boolean }>(
    `select (select id from warehouses where id = $1) as wh,
            (select id from status_types where id = $2) as st,
            exists (select 1 from problematic_sectors where warehouse_id = $1 and code = $3 and deleted_at is null) as taken`,
    [input.warehouse_id, input.status_type_id ?? null, code],
  )
  const errors: Record<string, string[]> = {}
  if (ctx!.wh == null) errors.warehouse_id = [WAREHOUSE_ADMIN_MSG.sectorAddError]
  if (input.status_type_id != null && ctx!.st == null) errors.status_type_id = [WAREHOUSE_ADMIN_MSG.sectorAddError]
  if (ctx!.taken) errors.code = [WAREHOUSE_ADMIN_MSG.sectorCodeTaken]
  if (Object.keys(errors).length) throw new DomainError(422, { message: WAREHOUSE_ADMIN_MSG.sectorAddError, errors })
  try {
    const [row] = await q.query<{ id: number }>(
      `insert into problematic_sectors (warehouse_id, code, name, internal, status_type_id) values ($1, $2, $3, $4, $5) returning id`,
      [input.warehouse_id, code, input.name.trim(), input.internal, input.status_type_id ?? null],
    )
    await record(q, actor, { entity: 'problem_sector', entityId: row!.id, action: 'create', changes: changesOf(null, await sectorSettings(q, row!.id)) })
    return getSector(q, row!.id)
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError(422, { message: WAREHOUSE_ADMIN_MSG.sectorAddError, errors: { code: [WAREHOUSE_ADMIN_MSG.sectorCodeTaken] } })
    throw e
  }
}

/** A sector's settings as the audit trail keeps them. */
const sectorSettings = async (q: Queryable, id: number) =>
  (await q.query<Record<string, unknown>>(`select warehouse_id, code, name, internal, status_type_id, deleted_at from problematic_sectors where id = $1`, [id]))[0] ?? null

export async function deleteSector(q: Queryable, id: number, actor: Actor) {
  const [s] = await q.query<{ purpose: string | null; busy: boolean }>(
    `select purpose, exists (select 1 from parcels where problematic_sector_id = $1) as busy
       from problematic_sectors where id = $1 and deleted_at is null for update`,
    [id],
  )
  if (!s) throw notFound(WAREHOUSE_ANSWER.sectorNotFound)
  if (s.purpose) throw new DomainError(409, { message: WAREHOUSE_ADMIN_MSG.sectorSystemDelete })
  if (s.busy) throw new DomainError(409, { message: WAREHOUSE_ADMIN_MSG.sectorNotEmpty })
  const before = await sectorSettings(q, id)
  await q.query(`update problematic_sectors set deleted_at = now() where id = $1`, [id])
  await record(q, actor, { entity: 'problem_sector', entityId: id, action: 'delete', changes: changesOf(before, await sectorSettings(q, id)) })
}
