import { type SectorPurpose, STATUS_SYSTEM_ID, WAREHOUSE, PROBLEM_STATUS_SYSTEM_IDS } from '../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { WorkstationRef } from '../../contract/schemas/warehouse.ts'
import type { Bucket, ScanData, SectorRef } from '../../contract/schemas/floor.ts'
import type { Queryable } from '../db/db.ts'
import { isPlaceOf, placeKey, workstationCodeOf } from '../../contract/barcodes.ts'
import { FLOOR_MSG } from '../../contract/messages/floor.ts'
import { clientFlagSql, lookupKey, parcelIdByNumberSql } from './floorParcels.ts'
import { scanError } from './floorScanReply.ts'
import { fixedData } from './floorFixedData.ts'
import { type SessionCheck, StaleSession } from './session.ts'
import { resignationAtIntakeSql } from './resignations.ts'

/**
 * What every scan on the floor shares (intake, sorting, resolution): the caller's workstation
 * (locked for the scan, so one user's scans run one after another), the idempotency window,
 * the parcel with everything the rules read, and the status write. A common scan is one
 * transaction of two statements (openScan, writeStatus), both prepared once per connection.
 */

export interface FloorContext {
  workstation: WorkstationRef & { typeId: number; warehouseId: number }
  workflowId: number | null
  acceptedScans: number
  /** The status chosen for this scan (null when none or unknown). */
  status: { id: number; systemId: string | null; offered: boolean } | null
  knownProblemId: number | null
  unknownProblemId: number | null
  /** The sectors the rules send parcels to, in the workstation's warehouse. */
  sectors: Partial<Record<SectorPurpose, SectorRef>>
}

type ContextRecord = {
  workstation_id: number
  code: string
  warehouse_id: number
  warehouse_name: string
  type_id: number
  type_name: string
  type_code: string
  workflow_id: number | null
  accepted_scans: number | null
}

/** The parcel columns the rules read (the `t` part of the scan statement). */
const PARCEL_COLUMNS = `
  p.id as found, p.id, p.internal_number, p.out_number, p.client_id, c.name as client_name, p.shipment_id, s.internal_waybill,
  coalesce(s.is_return, false) as is_return,
  (p.deleted_at is not null or s.deleted_at is not null or p.cancelled_at is not null) as deleted,
  p.buffer_number, p.processable, p.error_message,
  (p.label_repaste_required and p.label_repasted_at is null) as repaste,
  ps.id as sector_id, ps.code as sector_code, ps.name as sector_name, ps.purpose as sector_purpose,
  (case when coalesce(s.is_return, false) then p.return_warehouse_received_at else p.shipping_warehouse_received_at end) is not null as received,
  p.sorted_at is not null as sorted,
  (p.client_id is not null and ${clientFlagSql('p.client_id', `'SENDING_SHIPMENTS_BLOCK'`)}) as blocked,
  (p.read_client_alias is not null and p.client_id is not null and not exists (
     select 1 from client_aliases a where a.client_id = p.client_id and lower(a.alias) = lower(p.read_client_alias))) as alias_mismatch,
  coalesce(mp.total, 1) as mp_total, coalesce(mp.received_others, 0) as mp_received_others, coalesce(mp.sorted_others, 0) as mp_sorted_others,
  b.name as bucket_name, b.identifier as bucket_identifier`

/**
 * A parcel `o` that counts in its shipment: not deleted, not a duplicate's row. Written as a
 * FILTER beside `where o.shipment_id = …`, never in that WHERE (see OPEN_SCAN_SQL's counts).
 */
const LIVE = 'o.deleted_at is null and o.duplicate_of_parcel_id is null'

/**
 * The scan-opening statement (see openScan). Parameters: $1 user id, $2 lookup key, $3 the
 * idempotency window in ms. Exported for the raw-SQL baseline of scripts/bench.ts.
 */
export const OPEN_SCAN_SQL = `select ctx.*,
            ctx.last_scan_at > now() - $3::int * interval '1 millisecond' as last_recent, t.*
       from (select) one
       left join lateral (
         select w.id as workstation_id, w.code, w.warehouse_id, h.name as warehouse_name,
                t.id as type_id, t.name as type_name, t.code as type_code,
                w.session_epoch, w.fixed_version, wf.id as workflow_id, wf.accepted_scans,
                wf.last_barcode, wf.last_status_type_id, wf.last_scan_at
           from workstations w
           join workstation_types t on t.id = w.workstation_type_id
           join warehouses h on h.id = w.warehouse_id
           left join workflows wf on wf.workstation_id = w.id and wf.end_at is null
          where w.active_user_id = $1::int and w.deleted_at is null
            for update of w
       ) ctx on true
       left join lateral (
         select ${PARCEL_COLUMNS}
           from parcels p
           left join shipments s on s.id = p.shipment_id
           left join clients c on c.id = p.client_id
           left join problematic_sectors ps on ps.id = p.problematic_sector_id
           left join sorting_buckets b on b.courier_id = s.last_mile_courier_id and b.country_id = s.destination_country_id and b.is_return = s.is_return
           left join lateral (
             -- The shipment's live parcels. Their conditions are filters, not part of the WHERE: a
             -- condition there lets the planner AND the shipment index with the whole
             -- "deleted_at is null" listing index (every live parcel), which it does whenever its
             -- statistics are old (and PGlite has no autovacuum to renew them).
             select count(*) filter (where ${LIVE})::int as total,
                    count(*) filter (where ${LIVE} and o.id <> p.id and (case when s.is_return then o.return_warehouse_received_at else o.shipping_warehouse_received_at end) is not null)::int as received_others,
                    count(*) filter (where ${LIVE} and o.id <> p.id and o.sorted_at is not null)::int as sorted_others
               from parcels o where o.shipment_id = p.shipment_id
           ) mp on p.shipment_id is not null
          where p.id = ${parcelIdByNumberSql('$2::text')}
       ) t on ctx.workstation_id is not null`

/**
 * Opens a scan — one statement: locks the workstation the user holds (so one user's scans run
 * one after another), reads the workstation and its workflow with the last scan accepted in it
 * (kept on the workflow row by writeStatus, migration 250) and the parcel the key belongs to with everything the rules read. The fixed data (problem-status
 * ids, offered statuses, the rule sectors of the warehouse) comes from the per-process cache
 * while the workstation's `fixed_version` matches it (fixedData.ts, migration 200). No
 * workstation → 403 with the "scan a workstation first" message and data.workstation null (the
 * browser goes to /set-workstation); a workstation of another type → 403 "Jesteś zalogowany na
 * innym stanowisku!".
 *
 * `session`: the caller's user came from the per-process session cache (sessions.ts). The
 * workstation's `session_epoch` must still be the one the cache saw: every end or change of the
 * user's sessions, of the user, or of the workstation's holder writes a new one in its own
 * transaction, so a logout on any server ends the session on the very next scan. When it differs
 * (or the user holds no workstation) → StaleSession (rolled back; the HTTP layer looks the token
 * up afresh and answers from that).
 *
 * On PostgreSQL a statement that waited for the lock reads other rows as they were when it
 * started (the locked workstation row itself as it is now); what the previous holder wrote
 * meanwhile is caught by the write's own guard (writeStatus → RepeatedScan) and by lockMultiPack,
 * which both run as later statements.
 */
export async function openScan(
  q: Queryable,
  o: { userId: number; statusTypeId: number | null; key: string; allowedTypes: readonly string[]; session?: SessionCheck | null },
): Promise<{ ctx: FloorContext; parcel: RuleParcel | null; last: LastScan | null }> {
  const [r] = await q.prepared<
    ContextRecord &
      RuleParcel & {
        session_epoch: number | string | null
        fixed_version: number | string | null
        found: number | null
        last_barcode: string | null
        last_status_type_id: number | null
        last_recent: boolean | null
        sector_id: number | null
        sector_code: string | null
        sector_name: string | null
        sector_purpose: string | null
        bucket_name: string | null
        bucket_identifier: string | null
      }
  >('open_scan_v3', OPEN_SCAN_SQL, [o.userId, o.key, WAREHOUSE.scanIdempotencyMs])
  if (!r) throw new Error('open_scan answered no row')
  if (o.session && (r.workstation_id == null || Number(r.session_epoch) !== o.session.epoch)) throw new StaleSession()
  if (r.workstation_id == null) throw scanError(403, WAREHOUSE_MSG.workstationRequired)
  const fixed = await fixedData(q, Number(r.fixed_version))
  const workstation = {
    id: r.workstation_id,
    code: r.code,
    type: { id: r.type_id, name: r.type_name, code: r.type_code },
    warehouse: { id: r.warehouse_id, name: r.warehouse_name },
    typeId: r.type_id,
    warehouseId: r.warehouse_id,
  }
  const accepted = r.accepted_scans ?? 0
  if (!o.allowedTypes.includes(r.type_code)) {
    const { typeId: _t, warehouseId: _w, ...ref } = workstation
    throw scanError(403, WAREHOUSE_MSG.otherWorkstation, { data: { workstation: ref, accepted_scans: accepted } })
  }
  const ctx: FloorContext = {
    workstation,
    workflowId: r.workflow_id,
    acceptedScans: accepted,
    status:
      o.statusTypeId != null && fixed.systemIds.has(o.statusTypeId)
        ? { id: o.statusTypeId, systemId: fixed.systemIds.get(o.statusTypeId) ?? null, offered: !!fixed.offered.get(r.type_id)?.has(o.statusTypeId) }
        : null,
    knownProblemId: fixed.knownProblemId,
    unknownProblemId: fixed.unknownProblemId,
    sectors: fixed.sectors.get(r.warehouse_id) ?? {},
  }
  const last = r.last_status_type_id != null ? { barcode: r.last_barcode, statusTypeId: r.last_status_type_id, recent: !!r.last_recent } : null
  if (r.found == null) return { ctx, parcel: null, last }
  const parcel: RuleParcel = {
    id: r.id,
    internal_number: r.internal_number,
    out_number: r.out_number,
    client_id: r.client_id,
    client_name: r.client_name,
    shipment_id: r.shipment_id,
    internal_waybill: r.internal_waybill,
    is_return: r.is_return,
    deleted: r.deleted,
    buffer_number: r.buffer_number,
    processable: r.processable,
    error_message: r.error_message,
    repaste: r.repaste,
    sector: r.sector_id != null ? { id: r.sector_id, code: r.sector_code!, name: r.sector_name!, purpose: r.sector_purpose } : null,
    received: r.received,
    sorted: r.sorted,
    blocked: r.blocked,
    alias_mismatch: r.alias_mismatch,
    mp_total: r.mp_total,
    mp_received_others: r.mp_received_others,
    mp_sorted_others: r.mp_sorted_others,
    bucket: r.bucket_name != null ? { name: r.bucket_name, identifier: r.bucket_identifier! } : null,
  }
  return { ctx, parcel, last }
}

/** Thrown when the write's guard finds the same scan just accepted: the transaction rolls back, the answer is 204. */
export class RepeatedScan extends Error {
  constructor() {
    super('repeated scan')
  }
}

/** Runs a scan transaction; a RepeatedScan inside it (rolled back) answers 204. */
export async function scanTx<T>(db: { tx<R>(fn: (q: Queryable) => Promise<R>): Promise<R> }, fn: (q: Queryable) => Promise<T>): Promise<T | { status: 204; body: null }> {
  try {
    return await db.tx(fn)
  } catch (e) {
    if (e instanceof RepeatedScan) return { status: 204, body: null }
    throw e
  }
}

/** The last scan accepted in the caller's workflow (this user at this workstation), and whether it is inside the idempotency window. */
export interface LastScan {
  barcode: string | null
  statusTypeId: number
  recent: boolean
}

/** Same workflow, same barcode, same status within the window of the last accepted scan. */
export const isRepeat = (last: LastScan | null, barcode: string, statusTypeId: number | null) =>
  !!last && last.recent && last.barcode === barcode && last.statusTypeId === statusTypeId

export const isProblemStatus = (systemId: string | null | undefined) => !!systemId && PROBLEM_STATUS_SYSTEM_IDS.includes(systemId)

/** Everything the scan rules read about a parcel, in one query. */
export interface RuleParcel {
  id: number
  internal_number: string
  out_number: string | null
  client_id: number | null
  client_name: string | null
  shipment_id: number | null
  internal_waybill: string | null
  is_return: boolean
  /** Deleted parcel or shipment, or cancelled (a status with system id 'cancelled' was given). */
  deleted: boolean
  buffer_number: string | null
  processable: boolean
  error_message: string | null
  /** Our label must replace the one on it and the re-paste label was not printed yet. */
  repaste: boolean
  sector: (SectorRef & { purpose: string | null }) | null
  /** Received at the warehouse (for a return shipment: at the return warehouse). */
  received: boolean
  sorted: boolean
  blocked: boolean
  alias_mismatch: boolean
  /** Parcels of the shipment (1 = not a multi-pack), and of the others how many are received / sorted. */
  mp_total: number
  mp_received_others: number
  mp_sorted_others: number
  bucket: Bucket | null
}

/**
 * A multi-pack is decided under a lock on its shipment: two workers scanning two parcels of one
 * multi-pack at the same moment are taken one after the other, and the counts are read again
 * after the lock (a fresh snapshot on PostgreSQL), so exactly one scan completes it.
 */
export async function lockMultiPack(q: Queryable, parcel: RuleParcel): Promise<void> {
  if (parcel.shipment_id == null || parcel.mp_total <= 1) return
  await q.query(`select id from shipments where id = $1 for update`, [parcel.shipment_id])
  const [c] = await q.query<{ total: number; received_others: number; sorted_others: number; received: boolean; sorted: boolean }>(
    `select count(*) filter (where ${LIVE})::int as total,
            count(*) filter (where ${LIVE} and o.id <> $2 and (case when s.is_return then o.return_warehouse_received_at else o.shipping_warehouse_received_at end) is not null)::int as received_others,
            count(*) filter (where ${LIVE} and o.id <> $2 and o.sorted_at is not null)::int as sorted_others,
            coalesce(bool_or(${LIVE} and o.id = $2 and (case when s.is_return then o.return_warehouse_received_at else o.shipping_warehouse_received_at end) is not null), false) as received,
            coalesce(bool_or(${LIVE} and o.id = $2 and o.sorted_at is not null), false) as sorted
       from parcels o join shipments s on s.id = o.shipment_id
      where o.shipment_id = $1`,
    [parcel.shipment_id, parcel.id],
  )
  parcel.mp_total = c!.total
  parcel.mp_received_others = c!.received_others
  parcel.mp_sorted_others = c!.sorted_others
  parcel.received = !!c!.received
  parcel.sorted = !!c!.sorted
}

export interface StatusWrite {
  parcelId: number
  statusTypeId: number
  when: Date | null
  where: string | null
  userId: number
  ctx: FloorContext
  sectorId: number | null
  barcode: string
  /** Which warehouse receipt this scan records (first one only). */
  receipt: 'shipping' | 'return' | null
  sorted?: boolean
  /** Count the scan in the workflow (false for the extra row of a duplicated parcel). */
  count?: boolean
  /** Intake of a known parcel: check its reported resignations in the same statement. */
  resignation?: boolean
  /** The transaction's last statement: its COMMIT goes with it (db.ts preparedLast). */
  last?: boolean
}

/** The status-write statement (see writeStatus); exported for the raw-SQL baseline of scripts/bench.ts. */
export const WRITE_STATUS_SQL = `with g as (
       -- The idempotency guard, read after the workstation lock (this statement's snapshot): the
       -- same scan just accepted in this workflow is not written again.
       select not ($12::boolean and exists (
         select 1 from workflows l
          where l.id = $7::int and l.last_barcode = $9::text and l.last_status_type_id = $2::int
            and l.last_scan_at > now() - $13::int * interval '1 millisecond')) as ok
     ), h as (
       insert into parcel_status_history (parcel_id, status_type_id, occurred_at, where_name, user_id, workstation_id, workflow_id, problematic_sector_id, barcode)
       select $1::int, $2::int, coalesce($3::timestamptz, now()), $4::text, $5::int, $6::int, $7::int, $8::int, $9::text from g where g.ok
       returning occurred_at
     ), p as (
       update parcels set last_status_type_id = $2, last_status_at = (select occurred_at from h), problematic_sector_id = $8,
              shipping_warehouse_received_at = case when $10::text = 'shipping' then coalesce(shipping_warehouse_received_at, now()) else shipping_warehouse_received_at end,
              return_warehouse_received_at = case when $10::text = 'return' then coalesce(return_warehouse_received_at, now()) else return_warehouse_received_at end,
              sorted_at = case when $11::boolean then now() else sorted_at end,
              cancelled_at = case when cancelled_at is null and exists (select 1 from status_types where id = $2 and system_id = '${STATUS_SYSTEM_ID.cancelled}')
                                  then now() else cancelled_at end
        where id = $1 and exists (select 1 from h)
       returning id
     ), w as (
       -- The scan counted, and remembered for the guard above and openScan's repeat check.
       update workflows set accepted_scans = accepted_scans + 1, last_barcode = $9::text, last_status_type_id = $2::int, last_scan_at = now()
        where id = $7 and $12::boolean and exists (select 1 from h) returning accepted_scans
     ), r as (
       -- Intake ($14): the reported resignations of this parcel get their scan (resignations.ts).
       ${resignationAtIntakeSql('$1::int', '$5::int', '$14::boolean')}
     )
     -- Nothing written (the same scan just accepted): an error, so the transaction rolls back
     -- even when its COMMIT went out with this statement (migration 171).
     select case when exists (select 1 from h) then 1 else scan_repeated() end as written,
            (select accepted_scans from w) as accepted_scans, (select count(*) from r)::int as reported`

/**
 * Writes one status row (status, when, where, user, workstation, workflow, sector, barcode),
 * keeps the parcel's current state, counts the scan in the workflow and, at intake
 * (`resignation`), stamps the parcel's reported resignations — one statement. Returns the
 * workflow's accepted-scan count and how many reports the parcel has. The same scan accepted within the
 * idempotency window (seen only now, on PostgreSQL, when two arrived at once) → RepeatedScan.
 */
export async function writeStatusReported(q: Queryable, w: StatusWrite): Promise<{ accepted: number; reported: number }> {
  type Row = { written: number; accepted_scans: number | null; reported: number }
  const send = (name: string, sql: string, params: unknown[]) =>
    w.last && q.preparedLast ? q.preparedLast<Row>(name, sql, params) : q.prepared<Row>(name, sql, params)
  const [r] = await send(
    'write_status',
    WRITE_STATUS_SQL,
    [
      w.parcelId,
      w.statusTypeId,
      w.when,
      w.where,
      w.userId,
      w.ctx.workstation.id,
      w.ctx.workflowId,
      w.sectorId,
      w.barcode,
      w.receipt,
      w.sorted ?? false,
      w.count ?? true,
      WAREHOUSE.scanIdempotencyMs,
      w.resignation ?? false,
    ],
  ).catch((e: unknown) => {
    throw (e as { code?: string })?.code === REPEATED_SCAN_SQLSTATE ? new RepeatedScan() : e
  })
  if (!r?.written) throw new RepeatedScan()
  return { accepted: r.accepted_scans ?? w.ctx.acceptedScans, reported: r.reported }
}

/** writeStatus without the resignation check: the workflow's accepted-scan count. */
export async function writeStatus(q: Queryable, w: StatusWrite): Promise<number> {
  return (await writeStatusReported(q, { ...w, resignation: false })).accepted
}

/** The error the status write raises for a repeated scan (migration 171). */
const REPEATED_SCAN_SQLSTATE = 'SC204'

/** Which receipt a scan at this workstation records: returns (ZWRT) or the parcel's own kind. */
export const receiptOf = (ctx: FloorContext, parcel: { is_return: boolean }): 'shipping' | 'return' =>
  ctx.workstation.type.code === 'ZWRT' || parcel.is_return ? 'return' : 'shipping'

// ---- when ------------------------------------------------------------------------------------

// ---- sending a parcel to a problem sector ---------------------------------------------------------

export interface SectorTarget {
  sector: SectorRef
  duplicate: boolean
}

/**
 * The sector a problem status sends the parcel to: the one chosen, or for
 * unknown_problem_detected the warehouse's receiving sector. known_problem_detected without a
 * sector, or a sector of another warehouse → 422. Sectors with code 3 or 4 force the duplicated row.
 */
export async function sectorTarget(
  q: Queryable,
  ctx: FloorContext,
  chosenId: number | null | undefined,
  duplicateAsked: boolean | null | undefined,
  field: string,
): Promise<SectorTarget> {
  let id = chosenId ?? null
  if (id == null && ctx.status?.systemId === STATUS_SYSTEM_ID.unknownProblem) id = ctx.sectors.receiving?.id ?? null
  if (id == null) throw scanError(422, WAREHOUSE_MSG.sectorRequired, { errors: { [field]: [WAREHOUSE_MSG.sectorRequired] }, data: { accepted_scans: ctx.acceptedScans } })
  const [s] = await q.query<SectorRef>(`select id, code, name from problematic_sectors where id = $1 and warehouse_id = $2 and deleted_at is null`, [
    id,
    ctx.workstation.warehouseId,
  ])
  if (!s) throw scanError(422, WAREHOUSE_ANSWER.sectorNotFound, { errors: { [field]: [WAREHOUSE_ANSWER.sectorNotFound] }, data: { accepted_scans: ctx.acceptedScans } })
  const duplicate = !!duplicateAsked || (WAREHOUSE.duplicatedSectorCodes as readonly string[]).includes(s.code)
  return { sector: s, duplicate }
}

/**
 * The additional parcel row of a duplicated parcel (create_duplicated_parcel_row): a parcel with
 * no shipment, the same client and sizes, a new internal number, `duplicated_number` = the
 * number it duplicates, in the same sector with the same status (not counted as a scan).
 */
export async function createDuplicate(q: Queryable, w: Omit<StatusWrite, 'parcelId' | 'count'>, originalId: number) {
  const [d] = await q.query<{ id: number; internal_number: string }>(
    `insert into parcels (client_id, internal_number, duplicated_number, duplicate_of_parcel_id, creator,
                          weight_declared, height_declared, width_declared, length_declared, read_client_alias)
     select client_id, 'RE' || nextval('parcel_internal_number_seq'), internal_number, id, 'init_scan',
            weight_declared, height_declared, width_declared, length_declared, read_client_alias
       from parcels where id = $1
     returning id, internal_number`,
    [originalId],
  )
  await writeStatus(q, { ...w, parcelId: d!.id, count: false })
  return { id: d!.id, waybill: d!.internal_number }
}

/**
 * What every scan endpoint (intake, sorting, resolution) reads first: a workstation code (which
 * occupies that workstation, 205), else the parcel lookup key and the scan's "where".
 */
export function readScan(input: { barcode: string; where?: string | null }) {
  const barcode = input.barcode.trim()
  return { barcode, workstationCode: workstationCodeOf(barcode), where: input.where?.trim() ? placeKey(input.where) : WAREHOUSE.defaultWhere, ...lookupKey(barcode) }
}

/** A given "where" must be a place of the workstation's warehouse (422 on `where`, nothing recorded); absent is the default. */
export function checkPlace(ctx: FloorContext, input: { where?: string | null }, data: Partial<ScanData> & Record<string, unknown>) {
  if (input.where?.trim() && !isPlaceOf(ctx.workstation.warehouse.name, input.where)) {
    throw scanError(422, FLOOR_MSG.unknownPlace, { errors: { where: [FLOOR_MSG.unknownPlace] }, data })
  }
}
