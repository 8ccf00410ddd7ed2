import { WAREHOUSE, WORKSTATION_TYPE } from '../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { ResolveReply } from '../../contract/schemas/floor.ts'
import type { StatusType } from '../../contract/schemas/statuses.ts'
import type { Db } from '../db/db.ts'
import type { SessionUser } from './context.ts'
import { isProblemStatus, isRepeat, openScan, scanTx, sectorTarget, writeStatus, readScan, checkPlace } from './floor.ts'
import { workstationScan } from './floorIntake.ts'
import type { SessionCheck } from './session.ts'
import { type Mutable, type ResolveOutcome, emptyScanData, say, scanError } from './floorScanReply.ts'
import { statusTypesForWorkstationType } from './statusesTypes.ts'

/**
 * Problem resolution at a PRBL workstation (PUT app/v1/problematic-sector/resolve; DOMAIN
 * "Problem resolution"): a parcel sitting in a sector, scanned without a status → 202 with the
 * sector and the statuses offered here; scanned with a status → 200 (an ordinary status clears
 * the sector; a problem status moves it to the chosen sector); a workstation code → 205.
 * Chosen: a parcel in no sector scanned without a status → 422; with a status → 200 as well.
 */
export async function resolveProblematic(
  db: Db,
  user: SessionUser,
  input: { barcode: string; problematic_sector_id?: number | null; status_type_id?: number | null; where?: string | null },
  session: SessionCheck | null = null,
): Promise<ResolveOutcome> {
  const { barcode, workstationCode: code, where, key } = readScan(input)
  if (code) return db.tx((q) => workstationScan(q, user, code))
  const statusTypeId = input.status_type_id ?? null
  return scanTx(db, async (q): Promise<ResolveOutcome> => {
    const { ctx, parcel, last } = await openScan(q, { userId: user.id, statusTypeId, key, allowedTypes: [WORKSTATION_TYPE.problems], session })
    const offered: Mutable<StatusType>[] = await statusTypesForWorkstationType(q, ctx.workstation.typeId)
    const base = { ...emptyScanData(ctx.acceptedScans), status_types: offered }
    checkPlace(ctx, input, base)
    if (!parcel) {
      throw scanError(404, WAREHOUSE_ANSWER.notInSystem, { data: { ...base, suggested_status_type_id: ctx.unknownProblemId, suggested_problematic_sector_id: ctx.sectors.receiving?.id ?? null } })
    }
    const sector = parcel.sector ? { id: parcel.sector.id, code: parcel.sector.code, name: parcel.sector.name } : null
    const data = {
      ...base,
      parcel_id: parcel.id,
      waybill: parcel.internal_number,
      out_number: parcel.out_number ?? '-',
      client: parcel.client_id != null ? { id: parcel.client_id, name: parcel.client_name! } : null,
      problematic_sector: sector,
    }
    if (statusTypeId == null) {
      if (!sector) throw scanError(422, WAREHOUSE_ANSWER.notInSector, { data })
      const text = WAREHOUSE_ANSWER.parcelInSector(sector.name)
      return { status: 202, body: { message: text, messages: [say.info(text, WAREHOUSE.toastMs.scanMessages)], data } }
    }
    if (!ctx.status?.offered) throw scanError(422, WAREHOUSE_ANSWER.statusNotOffered, { errors: { status_type_id: [WAREHOUSE_ANSWER.statusNotOffered] }, data })
    if (isRepeat(last, barcode, statusTypeId)) return { status: 204, body: null }
    const target = isProblemStatus(ctx.status.systemId)
      ? await sectorTarget(q, ctx, input.problematic_sector_id, false, 'problematic_sector_id')
      : null
    const accepted = await writeStatus(q, {
      parcelId: parcel.id,
      statusTypeId,
      when: null,
      where,
      userId: user.id,
      ctx,
      sectorId: target?.sector.id ?? null,
      barcode,
      receipt: null,
    })
    const message = target ? WAREHOUSE_MSG.sectorSet : WAREHOUSE_MSG.statusSet
    const reply: Mutable<ResolveReply> = {
      message,
      messages: [say.success(message, WAREHOUSE.toastMs.confirmation)],
      data: { ...data, status_type_id: statusTypeId, problematic_sector: target?.sector ?? null, accepted_scans: accepted },
    }
    return { status: 200, body: reply }
  })
}
