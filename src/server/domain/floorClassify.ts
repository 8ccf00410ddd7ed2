import { WAREHOUSE, WORKSTATION_TYPE } from '../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { Bucket, ClassifyReply, ScanData } from '../../contract/schemas/floor.ts'
import type { Db } from '../db/db.ts'
import type { SessionUser } from './context.ts'
import { type RuleParcel, createDuplicate, isProblemStatus, isRepeat, lockMultiPack, openScan, receiptOf, scanTx, sectorTarget, writeStatus, readScan, checkPlace } from './floor.ts'
import { workstationScan } from './floorIntake.ts'
import type { SessionCheck } from './session.ts'
import { type ClassifyOutcome, type Mutable, emptyScanData, say, scanError } from './floorScanReply.ts'

/**
 * Classification / sorting (POST app/v1/parcel/classify/courier; docs/domain.md "Sorting (classification)"). A received parcel goes to the bucket of its last-mile route (courier × destination
 * country, returns apart). Checks in this order, so each demo parcel answers one way whatever was
 * scanned before: 410 deleted · 412 buffer parcel without client · 405 dispatch blocked · 402
 * wrong alias · 406 no bucket · 424 multi-pack not fully received · 425 not received yet · 422
 * not cleared for dispatch · 201 sorted (completed_multi_pack_waybill when its last parcel).
 * A problem status sends the parcel to the chosen sector instead (201, bucket null).
 */
export async function classify(
  db: Db,
  user: SessionUser,
  input: { barcode: string; status_type_id?: number | null; problematic_sector_id?: number | null; where?: string | null },
  session: SessionCheck | null = null,
): Promise<ClassifyOutcome> {
  const { barcode, workstationCode: code, where, key } = readScan(input)
  if (code) return db.tx((q) => workstationScan(q, user, code))
  const statusTypeId = input.status_type_id ?? null
  return scanTx(db, async (q): Promise<ClassifyOutcome> => {
    const { ctx, parcel, last } = await openScan(q, {
      userId: user.id,
      statusTypeId,
      key,
      allowedTypes: [WORKSTATION_TYPE.sorting],
      session,
    })
    const base = { ...emptyScanData(ctx.acceptedScans), bucket: null as Bucket | null }
    checkPlace(ctx, input, base)
    if (statusTypeId == null) throw scanError(422, WAREHOUSE_ANSWER.statusRequired, { errors: { status_type_id: [WAREHOUSE_ANSWER.statusRequired] }, data: base })
    if (!ctx.status?.offered) throw scanError(422, WAREHOUSE_ANSWER.statusNotOffered, { errors: { status_type_id: [WAREHOUSE_ANSWER.statusNotOffered] }, data: base })
    if (isRepeat(last, barcode, statusTypeId)) return { status: 204, body: null }
    const s = ctx.sectors
    if (!parcel) {
      throw scanError(404, WAREHOUSE_ANSWER.notInSystem, { data: { ...base, suggested_status_type_id: ctx.unknownProblemId, suggested_problematic_sector_id: s.receiving?.id ?? null } })
    }
    const data = { ...base, ...parcelRefs(parcel) }
    const fail = (status: number, message: string, statusId: number | null, sectorId: number | null | undefined) =>
      scanError(status, message, {
        data: { ...data, suggested_status_type_id: statusId, suggested_problematic_sector_id: sectorId ?? null },
        duration: WAREHOUSE.toastMs.scanError,
      })
    // `last`: nothing follows the write, so its COMMIT goes with it.
    const write = (sectorId: number | null, sorted: boolean, last: boolean) =>
      writeStatus(q, {
        parcelId: parcel.id,
        statusTypeId,
        when: null,
        where,
        userId: user.id,
        ctx,
        sectorId,
        barcode,
        receipt: sorted ? null : receiptOf(ctx, parcel),
        sorted,
        last,
      })

    if (isProblemStatus(ctx.status.systemId)) {
      const target = await sectorTarget(q, ctx, input.problematic_sector_id, false, 'problematic_sector_id')
      const accepted = await write(target.sector.id, false, !target.duplicate)
      const reply: Mutable<ClassifyReply> = {
        message: WAREHOUSE_MSG.sectorSet,
        messages: [say.success(WAREHOUSE_MSG.sectorSet, WAREHOUSE.toastMs.sortingMessage)],
        data: { ...data, status_type_id: statusTypeId, problematic_sector: target.sector, accepted_scans: accepted },
      }
      if (target.duplicate) {
        reply.data.duplicated_parcel = await createDuplicate(
          q,
          { statusTypeId, when: null, where, userId: user.id, ctx, sectorId: target.sector.id, barcode, receipt: receiptOf(ctx, parcel) },
          parcel.id,
        )
      }
      return { status: 201, body: reply }
    }
    const known = ctx.knownProblemId
    if (parcel.deleted) throw fail(410, WAREHOUSE_ANSWER.sortDeleted, known, s.cancelled?.id)
    if (parcel.client_id == null) {
      throw parcel.mp_total > 1
        ? fail(412, WAREHOUSE_ANSWER.sortMultiPackInBuffer, known, s.multi_pack_waiting_room?.id)
        : fail(412, WAREHOUSE_ANSWER.sortBufferNoClient, known, s.verification_zone?.id)
    }
    if (parcel.blocked) throw fail(405, WAREHOUSE_ANSWER.sortBlocked, known, s.blocked_dispatch?.id)
    if (parcel.alias_mismatch) throw fail(402, WAREHOUSE_ANSWER.sortAliasNotAllowed, known, s.verification_zone?.id)
    if (!parcel.bucket) throw fail(406, WAREHOUSE_ANSWER.sortNoBucket, null, null)
    await lockMultiPack(q, parcel)
    if (parcel.mp_total > 1 && parcel.mp_received_others + (parcel.received ? 1 : 0) < parcel.mp_total) {
      throw fail(424, WAREHOUSE_ANSWER.sortMultiPackIncomplete, known, s.multi_pack_waiting_room?.id)
    }
    if (!parcel.received) throw fail(425, WAREHOUSE_ANSWER.sortTooEarly, ctx.unknownProblemId, s.receiving?.id)
    if (!parcel.processable) throw fail(422, WAREHOUSE_ANSWER.notCleared, known, s.verification_zone?.id)

    // Sorted: out of the waiting room (or any sector), into the bucket.
    const completed = parcel.mp_total > 1 && !parcel.sorted && parcel.mp_sorted_others + 1 >= parcel.mp_total ? parcel.internal_waybill : null
    const accepted = await write(null, true, !(completed && s.multi_pack_waiting_room))
    const bucket = parcel.bucket
    const messages = [say.info(WAREHOUSE_ANSWER.sortInto(bucket.name), WAREHOUSE.toastMs.sortingMessage)]
    if (completed) {
      messages.push(say.success(WAREHOUSE_ANSWER.multiPackSorted(completed), WAREHOUSE.toastMs.multiPackCompleted))
      if (s.multi_pack_waiting_room) {
        await q.query(`update parcels set problematic_sector_id = null where shipment_id = $1 and problematic_sector_id = $2`, [
          parcel.shipment_id,
          s.multi_pack_waiting_room.id,
        ])
      }
    }
    return {
      status: 201,
      body: {
        message: WAREHOUSE_ANSWER.sortInto(bucket.name),
        messages,
        data: { ...data, status_type_id: statusTypeId, problematic_sector: null, bucket, completed_multi_pack_waybill: completed, accepted_scans: accepted },
      },
    }
  })
}

const parcelRefs = (p: RuleParcel): Partial<ScanData> => ({
  parcel_id: p.id,
  waybill: p.internal_number,
  out_number: p.out_number ?? '-',
  client: p.client_id != null ? { id: p.client_id, name: p.client_name! } : null,
  problematic_sector: p.sector ? { id: p.sector.id, code: p.sector.code, name: p.sector.name } : null,
})

