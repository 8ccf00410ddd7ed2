import { hasInstructionMarker } from '../../contract/barcodes.ts'
import { SECTOR_PURPOSE, WAREHOUSE, WORKSTATION_TYPE } from '../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { ScanData as ScanDataRO, ScanMessage, ScanRequest } from '../../contract/schemas/floor.ts'
import type { Db, Queryable } from '../db/db.ts'
import type { SessionUser } from './context.ts'
import { clientById, decodeInstruction } from './floorClientChoice.ts'
import { createInbound, inboundFor } from './floorExternalInbound.ts'
import {
  type FloorContext, type RuleParcel, createDuplicate, isProblemStatus, isRepeat, lockMultiPack, openScan, receiptOf,
  scanTx, sectorTarget, writeStatusReported, readScan, checkPlace
} from './floor.ts'
import { parseWhen } from './dates.ts'
import { type IntakeStatus, type Mutable, type NoBodyOutcome, type ScanOutcome, emptyScanData, say, scanError } from './floorScanReply.ts'
import { occupy } from './warehouseWorkstations.ts'
import { resignationAtIntake } from './resignations.ts'
import { recordUnknownAlias } from './aliases.ts'
import type { SessionCheck } from './session.ts'
import { RESIGNATION_MSG } from '../../contract/messages/resignations.ts'

type ScanData = Mutable<ScanDataRO>

/**
 * Intake scan (POST app/v1/parcel/scan, PUT app/v1/parcel/scan-and-assign-to-client) in the order
 * of docs/domain.md "Intake scan" (its choices where the spec is silent too). One transaction; the
 * answer codes are HTTP statuses: 205 workstation set · 202 client from an instruction · 204
 * repeated scan · 203 courier hand-over recognised · 208 parcel with messages and suggestions · 201
 * status written · 206 problem resolved · 409 deleted · 403/404/406/422/423 errors.
 */
export async function intakeScan(db: Db, user: SessionUser, input: ScanRequest, session: SessionCheck | null = null): Promise<ScanOutcome> {
  // 1. A workstation code occupies that workstation.
  const { barcode, workstationCode: code, where, key, oldLabel } = readScan(input)
  if (code) return db.tx((q) => workstationScan(q, user, code))
  const statusTypeId = input.id_status_type ?? WAREHOUSE.defaultStatusTypeId
  const when = parseWhen(input.when)
  return scanTx(db, async (q): Promise<ScanOutcome> => {
    const { ctx, parcel, last } = await openScan(q, { userId: user.id, statusTypeId, key, allowedTypes: [WORKSTATION_TYPE.intake, WORKSTATION_TYPE.returns], session })
    const base = emptyScanData(ctx.acceptedScans)
    // 2. An internal instruction selects a client.
    if (hasInstructionMarker(barcode)) return instructionScan(q, barcode, base)
    checkPlace(ctx, input, base)
    if (!ctx.status?.offered) {
      throw scanError(422, WAREHOUSE_ANSWER.statusNotOffered, { errors: { id_status_type: [WAREHOUSE_ANSWER.statusNotOffered] }, data: base })
    }
    // 3. Scanner double read.
    if (isRepeat(last, barcode, statusTypeId)) return { status: 204, body: null }
    const job: Job = { q, ctx, user, input, barcode, statusTypeId, when, where, base, resignation: false }
    if (!parcel) return notFound(job, key)
    // A known parcel's reported resignations are checked by its status write (same statement);
    // when the answer writes no status, by a statement of their own (withResignation).
    job.resignation = true
    return withResignation(job, parcel, await found(job, parcel, oldLabel))
  })
}

/**
 * 205: the workstation is occupied (or 404/406/423 from occupy). 205 is a null-body status
 * (Fetch): the browser reloads the workstation (whoami / GET workflow/current) and shows
 * "Pomyślnie ustawiono stanowisko!" itself.
 */
export async function workstationScan(q: Queryable, user: SessionUser, code: string): Promise<NoBodyOutcome> {
  await occupy(q, user, code)
  return { status: 205, body: null }
}

async function instructionScan(q: Queryable, barcode: string, base: ScanData): Promise<ScanOutcome> {
  const { client } = await decodeInstruction(q, barcode)
  if (!client) throw scanError(422, WAREHOUSE_ANSWER.instructionNoClient, { data: base })
  return {
    status: 202,
    body: { message: WAREHOUSE_ANSWER.clientSet, messages: [say.success(WAREHOUSE_ANSWER.clientSet, WAREHOUSE.toastMs.confirmation)], data: { ...base, client } },
  }
}

interface Job {
  q: Queryable
  ctx: FloorContext
  user: SessionUser
  input: ScanRequest
  barcode: string
  statusTypeId: number
  when: Date | null
  where: string
  base: ScanData
  /** Check the parcel's reported resignations with its status write (a known parcel). */
  resignation: boolean
  /** How many reported resignations the status write found (set once it wrote). */
  reported?: number
}

const suggest = (statusTypeId: number | null, sectorId: number | null | undefined) => ({
  suggested_status_type_id: statusTypeId,
  suggested_problematic_sector_id: sectorId ?? null,
})

/** 208 with one message and suggestions; nothing written. */
const advise = (data: ScanData, text: string, duration: number = WAREHOUSE.toastMs.scanMessages, type: ScanMessage['type'] = 'warning'): ScanOutcome => ({
  status: 208,
  body: { message: text, messages: [{ text, type, duration }], data },
})

// ---- 4–5: not found ----------------------------------------------------------------------------

async function notFound(job: Job, key: string): Promise<ScanOutcome> {
  const { q, ctx, input, base, user } = job
  // 4. A first-mile courier waybill not accepted yet: record the hand-over, ask for the client.
  const inbound = await inboundFor(q, key)
  if (inbound.inbound_id == null && inbound.courier_id != null) {
    const id = await createInbound(q, key, inbound.courier_id, user.id)
    if (id != null) {
      return {
        status: 203,
        body: {
          message: WAREHOUSE_ANSWER.externalInboundRecognised,
          messages: [say.info(WAREHOUSE_ANSWER.externalInboundRecognised, WAREHOUSE.toastMs.confirmation)],
          data: { ...base, external_inbound: { id, barcode: key } },
        },
      }
    }
  }
  // 5. Not in the system and no client: send it to the receiving station.
  if (input.id_client == null) {
    return advise({ ...base, ...suggest(ctx.unknownProblemId, ctx.sectors.receiving?.id) }, WAREHOUSE_ANSWER.notInSystem)
  }
  // Not in the system, client chosen: a parcel with no shipment for that client (init_scan).
  const client = await clientById(q, input.id_client)
  if (!client) throw scanError(422, WAREHOUSE_ANSWER.clientNotFound, { errors: { id_client: [WAREHOUSE_ANSWER.clientNotFound] }, data: base })
  const inboundId = input.external_inbound_id ?? inbound.inbound_id
  if (input.external_inbound_id != null) {
    const [e] = await q.query(`select 1 from external_inbounds where id = $1`, [input.external_inbound_id])
    if (!e) throw scanError(422, WAREHOUSE_ANSWER.externalInboundNotFound, { errors: { external_inbound_id: [WAREHOUSE_ANSWER.externalInboundNotFound] }, data: base })
  }
  const [created] = await q.query<{ id: number; internal_number: string }>(
    `insert into parcels (client_id, internal_number, in_number, external_inbound_id, creator)
     values ($1, 'RE' || nextval('parcel_internal_number_seq'), $2, $3, 'init_scan')
     returning id, internal_number`,
    [client.id, key, inboundId],
  )
  const parcel: RuleParcel = {
    id: created!.id,
    internal_number: created!.internal_number,
    out_number: null,
    client_id: client.id,
    client_name: client.name,
    shipment_id: null,
    internal_waybill: null,
    is_return: false,
    deleted: false,
    buffer_number: null,
    processable: true,
    error_message: null,
    repaste: false,
    sector: null,
    received: false,
    sorted: false,
    blocked: client.blocked,
    alias_mismatch: false,
    mp_total: 1,
    mp_received_others: 0,
    mp_sorted_others: 0,
    bucket: null,
  }
  const ext = inboundId != null ? { id: inboundId, barcode: key } : null
  if (isProblemStatus(ctx.status!.systemId)) return toSector(job, parcel, false, ext)
  const outcome = await write(job, parcel, false, { sectorId: null, status: 201, message: WAREHOUSE_MSG.statusSet, messages: [], extra: { external_inbound: ext } })
  if (client.blocked) {
    outcome.body!.messages = [say.warning(WAREHOUSE_ANSWER.blockedDispatch, WAREHOUSE.toastMs.blockedDispatch)]
    Object.assign(outcome.body!.data, suggest(ctx.knownProblemId, ctx.sectors[SECTOR_PURPOSE.blockedDispatch]?.id))
  }
  return outcome
}

// ---- 5: found ----------------------------------------------------------------------------------

const parcelData = (base: ScanData, p: RuleParcel, oldLabel: boolean): ScanData => ({
  ...base,
  parcel_id: p.id,
  waybill: p.internal_number,
  out_number: p.out_number ?? '-',
  re_pasting_required: p.repaste || oldLabel,
  client: p.client_id != null ? { id: p.client_id, name: p.client_name! } : null,
  problematic_sector: p.sector ? { id: p.sector.id, code: p.sector.code, name: p.sector.name } : null,
})

async function found(job: Job, parcel: RuleParcel, oldLabel: boolean): Promise<ScanOutcome> {
  const { q, ctx, input } = job
  const data = parcelData(job.base, parcel, oldLabel)
  const sectors = ctx.sectors
  if (isProblemStatus(ctx.status!.systemId)) return toSector(job, parcel, oldLabel, null)
  if (parcel.deleted) {
    throw scanError(409, WAREHOUSE_ANSWER.deletedParcel, { data: { ...data, ...suggest(ctx.knownProblemId, sectors.cancelled?.id) } })
  }
  if (parcel.client_id == null) {
    if (input.id_client == null) return advise({ ...data, ...suggest(ctx.knownProblemId, sectors.verification_zone?.id) }, WAREHOUSE_ANSWER.bufferNoClient)
    const client = await clientById(q, input.id_client)
    if (!client) throw scanError(422, WAREHOUSE_ANSWER.clientNotFound, { errors: { id_client: [WAREHOUSE_ANSWER.clientNotFound] }, data })
    if (client.blocked) {
      return advise({ ...data, ...suggest(ctx.knownProblemId, sectors.blocked_dispatch?.id) }, WAREHOUSE_ANSWER.blockedDispatch, WAREHOUSE.toastMs.blockedDispatch)
    }
    await adopt(q, parcel, client.id)
    parcel.client_id = client.id
    parcel.client_name = client.name
    data.client = { id: client.id, name: client.name }
  }
  if (parcel.blocked) {
    return advise({ ...data, ...suggest(ctx.knownProblemId, sectors.blocked_dispatch?.id) }, WAREHOUSE_ANSWER.blockedDispatch, WAREHOUSE.toastMs.blockedDispatch)
  }
  if (parcel.alias_mismatch) {
    // The label's alias goes to the admin's unknown-alias list (resolving it ends this answer).
    await recordUnknownAlias(q, parcel.id)
    return advise({ ...data, ...suggest(ctx.knownProblemId, sectors.verification_zone?.id) }, WAREHOUSE_ANSWER.aliasNotAllowed)
  }
  if (!parcel.processable) {
    return parcel.error_message
      ? advise({ ...data, ...suggest(ctx.knownProblemId, sectors.verification_zone?.id) }, WAREHOUSE_ANSWER.notCleared)
      : advise(data, WAREHOUSE_ANSWER.noInfoYet, WAREHOUSE.toastMs.scanMessages, 'info')
  }
  // Multi-pack: wait in the waiting room until every parcel is in; the scan that completes it says so.
  if (parcel.mp_total > 1) await lockMultiPack(q, parcel)
  if (parcel.mp_total > 1) {
    const waiting = sectors.multi_pack_waiting_room
    if (parcel.mp_received_others + 1 < parcel.mp_total) {
      return write(job, parcel, oldLabel, {
        sectorId: waiting?.id ?? null,
        status: 201,
        message: WAREHOUSE_ANSWER.multiPackIncomplete,
        messages: [say.warning(WAREHOUSE_ANSWER.multiPackIncomplete, WAREHOUSE.toastMs.scanMessages)],
        extra: { suggested_problematic_sector_id: waiting?.id ?? null, problematic_sector: waiting ?? null },
      })
    }
    if (!parcel.received) {
      if (waiting) {
        await q.query(`update parcels set problematic_sector_id = null where shipment_id = $1 and problematic_sector_id = $2`, [parcel.shipment_id, waiting.id])
      }
      const stillInSector = parcel.sector && parcel.sector.id !== waiting?.id ? parcel.sector : null
      return write(job, parcel, oldLabel, {
        sectorId: stillInSector?.id ?? null,
        status: 201,
        message: WAREHOUSE_ANSWER.multiPackCompleted,
        messages: [say.info(WAREHOUSE_ANSWER.multiPackCompleted, WAREHOUSE.toastMs.multiPackCompleted)],
        extra: { completed_multi_pack_waybill: parcel.internal_waybill },
      })
    }
  }
  // The parcel sat in a problem sector and this (ordinary) status takes it out: problem resolved.
  if (parcel.sector && parcel.sector.purpose !== SECTOR_PURPOSE.multiPackWaitingRoom) {
    const text = WAREHOUSE_ANSWER.problemResolved(parcel.sector.name)
    return write(job, parcel, oldLabel, {
      sectorId: null,
      status: 206,
      message: text,
      messages: [say.success(text, WAREHOUSE.toastMs.scanMessages)],
      extra: {},
    })
  }
  return write(job, parcel, oldLabel, { sectorId: null, status: 201, message: WAREHOUSE_MSG.statusSet, messages: [], extra: {} })
}

/**
 * A parcel the client gave up (a reported resignation): whatever else the answer says, it also
 * says the parcel goes back; the report gets its scan date and who scanned it.
 */
async function withResignation(job: Job, parcel: RuleParcel, outcome: ScanOutcome): Promise<ScanOutcome> {
  if (!outcome.body) return outcome
  const reported = job.reported ?? (await resignationAtIntake(job.q, parcel.id, job.user.id)).length
  if (reported > 0) {
    outcome.body.messages = [...outcome.body.messages, say.warning(RESIGNATION_MSG.resignationAtIntake(parcel.internal_number), WAREHOUSE.toastMs.scanMessages)]
  }
  return outcome
}

/** A buffer parcel is adopted by the chosen client, with the rest of its shipment. */
async function adopt(q: Queryable, parcel: RuleParcel, clientId: number) {
  if (parcel.shipment_id == null) {
    await q.query(`update parcels set client_id = $2 where id = $1 and client_id is null`, [parcel.id, clientId])
    return
  }
  await q.query(`update parcels set client_id = $2 where shipment_id = $1 and client_id is null`, [parcel.shipment_id, clientId])
  await q.query(`update shipments set client_id = $2 where id = $1 and client_id is null`, [parcel.shipment_id, clientId])
}

/** A problem status: the parcel goes to the chosen (or default) sector, with a duplicated row when asked. */
async function toSector(job: Job, parcel: RuleParcel, oldLabel: boolean, ext: ScanData['external_inbound']): Promise<ScanOutcome> {
  const { q, ctx, input } = job
  const target = await sectorTarget(q, ctx, input.id_problematic_sector, input.create_duplicated_parcel_row, 'id_problematic_sector')
  const outcome = await write(job, parcel, oldLabel, {
    sectorId: target.sector.id,
    status: 201,
    message: WAREHOUSE_MSG.sectorSet,
    messages: [],
    extra: { problematic_sector: target.sector, external_inbound: ext },
    followed: target.duplicate,
  })
  if (target.duplicate) {
    const dup = await createDuplicate(q, statusWriteOf(job, parcel, target.sector.id), parcel.id)
    outcome.body!.data.duplicated_parcel = dup
    outcome.body!.messages = [say.info(WAREHOUSE_ANSWER.duplicatedRowCreated(dup.waybill), WAREHOUSE.toastMs.scanMessages)]
  }
  return outcome
}

const statusWriteOf = (job: Job, parcel: RuleParcel, sectorId: number | null) => ({
  statusTypeId: job.statusTypeId,
  when: job.when,
  where: job.where,
  userId: job.user.id,
  ctx: job.ctx,
  sectorId,
  barcode: job.barcode,
  receipt: receiptOf(job.ctx, parcel),
})

async function write(
  job: Job,
  parcel: RuleParcel,
  oldLabel: boolean,
  o: { sectorId: number | null; status: IntakeStatus; message: string; messages: ScanMessage[]; extra: Partial<ScanData>; followed?: boolean },
): Promise<ScanOutcome> {
  // The scan's last statement unless the caller still writes (`followed`): its COMMIT goes with it.
  const { accepted, reported } = await writeStatusReported(job.q, {
    ...statusWriteOf(job, parcel, o.sectorId),
    parcelId: parcel.id,
    resignation: job.resignation,
    last: !o.followed,
  })
  if (job.resignation) job.reported = reported
  const sector = o.sectorId == null ? null : (o.extra.problematic_sector ?? parcel.sector)
  return {
    status: o.status,
    body: {
      message: o.message,
      messages: o.messages,
      data: {
        ...parcelData(job.base, parcel, oldLabel),
        status_type_id: job.statusTypeId,
        ...o.extra,
        problematic_sector: sector ? { id: sector.id, code: sector.code, name: sector.name } : null,
        accepted_scans: accepted,
      },
    },
  }
}

