import { type SectorPurpose, STATUS_SYSTEM_ID } from '../../contract/constants/warehouse.ts'
import type { SectorRef } from '../../contract/schemas/floor.ts'
import type { Queryable } from '../db/db.ts'

/**
 * The floor's fixed data — problem-status ids, every status type's system id, the statuses each
 * workstation type offers, and the rule sectors of each warehouse — cached per database handle
 * and tagged with `fixed_data_version` (migration 090). The transaction that changes the fixed data
 * writes the new version on every workstation (migration 200), and every scan reads its
 * workstation's row anyway; when the version there differs from the cached one (an admin changed
 * sectors or statuses, in this process or in another one), the data is read again inside the
 * scan's transaction.
 */
export interface FixedData {
  version: number
  knownProblemId: number | null
  unknownProblemId: number | null
  /** status type id → system id (null when it has none). */
  systemIds: Map<number, string | null>
  /** workstation type id → the status type ids it offers. */
  offered: Map<number, Set<number>>
  /** warehouse id → purpose → the first (lowest id) live sector with that purpose. */
  sectors: Map<number, Partial<Record<SectorPurpose, SectorRef>>>
}

const MEMO_KEY = 'fixedData'

type Raw = {
  version: number | string
  statuses: { id: number; system_id: string | null }[] | string | null
  offered: { type_id: number; status_ids: number[] }[] | string | null
  sectors: { warehouse_id: number; purpose: SectorPurpose; id: number; code: string; name: string }[] | string | null
}

const json = <T>(v: T[] | string | null): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? []))

/** Reads the whole fixed data in one statement (a few dozen rows), with the version it belongs to. */
async function load(q: Queryable): Promise<FixedData> {
  const [r] = await q.query<Raw>(
    `select (select version from fixed_data_version where id = 1) as version,
            (select json_agg(json_build_object('id', id, 'system_id', system_id)) from status_types) as statuses,
            (select json_agg(json_build_object('type_id', workstation_type_id, 'status_ids', ids))
               from (select workstation_type_id, array_agg(status_type_id) as ids from workstation_type_status_types group by 1) o) as offered,
            (select json_agg(json_build_object('warehouse_id', warehouse_id, 'purpose', purpose, 'id', id, 'code', code, 'name', name))
               from (select distinct on (warehouse_id, purpose) warehouse_id, purpose, id, code, name from problematic_sectors
                      where deleted_at is null and purpose is not null order by warehouse_id, purpose, id) s) as sectors`,
  )
  const systemIds = new Map(json(r!.statuses).map((s) => [s.id, s.system_id] as const))
  const idOf = (systemId: string) => [...systemIds].find(([, s]) => s === systemId)?.[0] ?? null
  const sectors = new Map<number, Partial<Record<SectorPurpose, SectorRef>>>()
  for (const s of json(r!.sectors)) {
    const w = sectors.get(s.warehouse_id) ?? {}
    w[s.purpose] = { id: s.id, code: s.code, name: s.name }
    sectors.set(s.warehouse_id, w)
  }
  return {
    version: Number(r!.version),
    knownProblemId: idOf(STATUS_SYSTEM_ID.knownProblem),
    unknownProblemId: idOf(STATUS_SYSTEM_ID.unknownProblem),
    systemIds,
    offered: new Map(json(r!.offered).map((o) => [o.type_id, new Set(o.status_ids)] as const)),
    sectors,
  }
}

/**
 * The fixed data as of `version` (the workstation's, read by the scan's statement): the
 * cached copy when its version matches, else a fresh read that replaces it.
 */
export async function fixedData(q: Queryable, version: number): Promise<FixedData> {
  const cached = q.memo?.get(MEMO_KEY) as FixedData | undefined
  if (cached && cached.version === version) return cached
  const fresh = await load(q)
  // Keep the newest: a slower scan must not put back an older copy.
  const now = q.memo?.get(MEMO_KEY) as FixedData | undefined
  if (q.memo && (!now || now.version <= fresh.version)) q.memo.set(MEMO_KEY, fresh)
  return fresh
}
