import { FLOOR, type ScanLogKind } from '../../contract/constants/floor.ts'
import type { ScanLogListRequest, ScanLogRow } from '../../contract/schemas/floorRecords.ts'
import type { Db, Queryable } from '../db/db.ts'
import { enqueueJob, registerJob } from './billing/queue.ts'

/**
 * The floor's scan log: every floor request (intake, sorting, resolve, external inbound,
 * workstation take and end) with what the screen sent and what the answer said.
 *
 * A request's row is written after its answer, never inside the scan's transaction: rows wait in
 * this process's memory (at most FLOOR.scanLogFlushMs, or until FLOOR.scanLogBatchRows are
 * waiting) and go to the database as one multi-row insert. A scan sends no statement for it and
 * holds no lock for it, a refused scan (rolled back) is logged the same way, and the batch costs
 * one statement per many scans (docs/speed.md, "Scan log"). Rows still waiting when the process
 * dies are lost; closing the database writes them first. The workstation of a row is the one
 * whose workflow the worker held while the request ran (read by the batch's insert).
 */

export interface ScanLogEntry {
  kind: ScanLogKind
  /** When the request arrived and when it was answered. */
  at: Date
  done: Date
  barcode: string | null
  userId: number | null
  sent: { status_type_id: number | null; sector_id: number | null; client_id: number | null; where: string | null }
  answerCode: number
  answerMessage: string | null
  parcelId: number | null
  statusTypeId: number | null
  sectorId: number | null
  bucket: string | null
}

interface Pending {
  rows: ScanLogEntry[]
  timer: NodeJS.Timeout | null
  writing: Promise<void>
}

const pending = new WeakMap<Queryable, Pending>()

/** Off only for the bench's "without the log" run (SCAN_LOG=0). */
let enabled = process.env.SCAN_LOG !== '0'
export const setScanLogEnabled = (on: boolean) => {
  enabled = on
}

/** Queues one row; its batch is written within FLOOR.scanLogFlushMs. Never throws, never waits. */
export function logScan(db: Queryable, entry: ScanLogEntry): void {
  if (!enabled) return
  let p = pending.get(db)
  if (!p) pending.set(db, (p = { rows: [], timer: null, writing: Promise.resolve() }))
  p.rows.push(entry)
  if (p.rows.length >= FLOOR.scanLogBatchRows) void flushScanLog(db)
  else if (!p.timer) {
    p.timer = setTimeout(() => void flushScanLog(db), FLOOR.scanLogFlushMs)
    p.timer.unref()
  }
}

const INSERT_SQL = `insert into scan_log (at, kind, barcode, user_id, workstation_id, sent, answer_code, answer_message, parcel_id, status_type_id, sector_id, bucket)
  select r.at, r.kind, r.barcode, r.user_id,
         (select wf.workstation_id from workflows wf
           where wf.user_id = r.user_id and wf.start_at <= r.done and (wf.end_at is null or wf.end_at >= r.at)
           order by wf.start_at desc, wf.id desc limit 1),
         r.sent, r.answer_code, r.answer_message, r.parcel_id, r.status_type_id, r.sector_id, r.bucket
    from jsonb_to_recordset($1::jsonb) as r(at timestamptz, done timestamptz, kind text, barcode text, user_id int, sent jsonb,
                                            answer_code int, answer_message text, parcel_id int, status_type_id int, sector_id int, bucket text)
   order by r.at`

/** Writes the rows waiting for this database handle (all of them, in order); errors are reported, not thrown. */
export function flushScanLog(db: Queryable): Promise<void> {
  const p = pending.get(db)
  if (!p) return Promise.resolve()
  if (p.timer) clearTimeout(p.timer)
  p.timer = null
  const rows = p.rows.splice(0)
  if (rows.length === 0) return p.writing
  const json = JSON.stringify(
    rows.map((r) => ({
      at: r.at.toISOString(), done: r.done.toISOString(), kind: r.kind, barcode: r.barcode, user_id: r.userId, sent: r.sent,
      answer_code: r.answerCode, answer_message: r.answerMessage, parcel_id: r.parcelId, status_type_id: r.statusTypeId, sector_id: r.sectorId, bucket: r.bucket,
    })),
  )
  p.writing = p.writing.then(() =>
    db.query(INSERT_SQL, [json]).then(
      () => undefined,
      (e: unknown) => console.error(`[scan log] ${rows.length} rows not written:`, (e as Error).message),
    ),
  )
  return p.writing
}

const ORDER_COLUMNS = ['l.at', 'l.barcode', 'w.code'] as const

/** One page of the scan log, newest first, by barcode, workstation code and parcel; the process's waiting rows are written first. */
export async function scanLogPage(db: Queryable, req: ScanLogListRequest): Promise<{ draw?: number; data: ScanLogRow[]; recordsTotal: number; recordsFiltered: number }> {
  await flushScanLog(db)
  const where: string[] = []
  const values: unknown[] = []
  const add = (sql: (n: string) => string, v: unknown) => {
    values.push(v)
    where.push(sql(`$${values.length}`))
  }
  const barcode = req.barcode?.trim()
  if (barcode) add((n) => `l.barcode = ${n}`, barcode)
  const workstation = req.workstation?.trim()
  if (workstation) add((n) => `w.code = ${n}`, workstation)
  const parcel = req.parcel?.trim()
  if (parcel) add((n) => `(l.parcel_id in (select id from parcels where internal_number = ${n}) or l.barcode = ${n})`, parcel)
  const order = req.order?.[0]
  const column = ORDER_COLUMNS[order?.column ?? 0] ?? 'l.at'
  const dir = order?.dir === 'asc' ? 'asc' : 'desc'
  const filter = where.length ? `where ${where.join(' and ')}` : ''
  const from = `from scan_log l left join workstations w on w.id = l.workstation_id`
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${from} ${filter}`, values)
  const data = await db.query<ScanLogRow>(
    `select l.id::int as id, l.at, l.kind, l.barcode, u.email as worker, w.code as workstation,
            ss.name as sent_status, sp.name as sent_sector, c.name as sent_client, l.sent->>'where' as sent_where,
            l.answer_code, l.answer_message, l.parcel_id, p.internal_number as waybill,
            st.name as status, sec.name as sector, l.bucket
       ${from}
       left join users u on u.id = l.user_id
       left join status_types ss on ss.id = (l.sent->>'status_type_id')::int
       left join problematic_sectors sp on sp.id = (l.sent->>'sector_id')::int
       left join clients c on c.id = (l.sent->>'client_id')::int
       left join parcels p on p.id = l.parcel_id
       left join status_types st on st.id = l.status_type_id
       left join problematic_sectors sec on sec.id = l.sector_id
       ${filter}
      order by ${column} ${dir}, l.id ${dir}
      limit ${Math.min(req.length, FLOOR.scanLogPageMax)} offset ${req.start}`,
    values,
  )
  const n = count?.n ?? 0
  return { draw: req.draw, data: data.map((r) => ({ ...r, at: new Date(r.at).toISOString() })), recordsTotal: n, recordsFiltered: n }
}

// ---- retention ---------------------------------------------------------------------------------

export const SCAN_LOG_RETENTION_JOB = 'scan-log-retention'

/** Deletes rows older than FLOOR.scanLogKeepDays; returns how many went. */
export async function pruneScanLog(q: Queryable): Promise<number> {
  const [r] = await q.query<{ n: number }>(
    `with d as (delete from scan_log where at < now() - make_interval(days => $1) returning 1) select count(*)::int as n from d`,
    [FLOOR.scanLogKeepDays],
  )
  return r?.n ?? 0
}

/** Registers the retention job's handler (src/server/jobs.ts). */
export function registerScanLogJobs(): void {
  registerJob(SCAN_LOG_RETENTION_JOB, async (db) => {
    await pruneScanLog(db)
  })
}

/** Orders the retention job periodically on the job queue; returns the stop. */
export function scheduleScanLogRetention(db: Db, everyMs = FLOOR.scanLogRetentionEverySeconds * 1000): () => void {
  const timer = setInterval(() => {
    enqueueJob(db, SCAN_LOG_RETENTION_JOB, {}).catch((e) => console.error(`[jobs] ${SCAN_LOG_RETENTION_JOB}:`, (e as Error).message))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

// ---- what a request's row holds ----------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** An id as the table's int columns hold it; anything else sent (1.5, 1e12, "7") is not one. */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? v : null)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/**
 * Text as PostgreSQL's jsonb takes it (no NUL, no lone surrogate) and no longer than a log row
 * needs: what was sent may be anything, and one bad row would lose its whole batch.
 */
const str = (v: unknown): string | null => (typeof v === 'string' ? v.replaceAll('\u0000', '').slice(0, FLOOR.scanLogTextMax).replace(LONE_SURROGATE, '\uFFFD') : null)

/**
 * The row of one floor request from what the screen sent (the body as it came, also when it was
 * refused as invalid) and the answer: its code, message, and from its `data` the parcel, the
 * status written or suggested, the sector the parcel is in or is sent to, and the bucket.
 */
export function scanLogEntry(kind: ScanLogKind, at: Date, done: Date, userId: number | null, sent: unknown, code: number, reply: unknown): ScanLogEntry {
  const s = isRecord(sent) ? sent : {}
  const r = isRecord(reply) ? reply : {}
  const d = isRecord(r.data) ? r.data : {}
  const sector = isRecord(d.problematic_sector) ? num(d.problematic_sector.id) : null
  const bucket = isRecord(d.bucket) ? str(d.bucket.name) : null
  return {
    kind,
    at,
    done,
    barcode: (str(s.barcode) ?? str(s.code))?.trim() || null,
    userId,
    sent: {
      status_type_id: num(s.id_status_type) ?? num(s.status_type_id),
      sector_id: num(s.id_problematic_sector) ?? num(s.problematic_sector_id),
      client_id: num(s.id_client),
      where: str(s.where),
    },
    answerCode: code,
    answerMessage: str(r.message),
    parcelId: num(d.parcel_id),
    statusTypeId: num(d.status_type_id) ?? num(d.suggested_status_type_id),
    sectorId: sector ?? num(d.suggested_problematic_sector_id),
    bucket,
  }
}
