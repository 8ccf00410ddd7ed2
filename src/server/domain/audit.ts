import { createHash } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'
import { AUDIT, type AuditAction, type AuditEntity } from '../../contract/constants/audit.ts'
import { XLSX_FORMAT } from '../../contract/constants/billing.ts'
import { TIME_ZONE } from '../../contract/constants/platform.ts'
import { AUDIT_MSG, auditChangeLines } from '../../contract/messages/audit.ts'
import type { AuditFilters, AuditListRequest, AuditRow } from '../../contract/schemas/audit.ts'
import type { Queryable } from '../db/db.ts'
import { safeRow } from '../documents/cells.ts'
import { containsPattern } from '../db/like.ts'
import { iso } from './dates.ts'
import type { SessionUser } from './context.ts'

/**
 * The audit trail (migration 220): who changed what, when, from which address, old → new per
 * field. `record` runs in the transaction of the change, so the entry exists exactly when the
 * change does. Rows form a hash chain: hash = sha256(prev_hash || canonical row); the previous
 * hash is read under a transaction-scoped advisory lock, so writers on several app instances
 * chain one after the other.
 */

/** The person behind a change: the signed-in user (none when signing up) and the caller's address. */
export interface Actor {
  id: number | null
  email: string
  address: string
}

/** The actor of a request: its signed-in user and the caller's address the http layer resolved. */
export const actorOf = (c: { user: SessionUser; ip: string }): Actor => ({ id: c.user.id, email: c.user.email, address: c.ip })

/** Per changed field: [old, new]. A secret's pair is [null, AUDIT.secretChanged]. */
export type Changes = Record<string, [unknown, unknown]>

/** The advisory lock key the inserts take (one chain for the whole database). */
const CHAIN_LOCK = 0x617564 // "aud"

const norm = (v: unknown): unknown => {
  if (v === undefined) return null
  if (v instanceof Date) return v.toISOString()
  if (Array.isArray(v)) return v.map(norm)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)]))
  return v
}

/** JSON with object keys sorted at every level: the same text for the same value, whatever the key order. */
export function canonical(v: unknown): string {
  const n = norm(v)
  if (Array.isArray(n)) return `[${n.map(canonical).join(',')}]`
  if (n && typeof n === 'object') {
    const o = n as Record<string, unknown>
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`
  }
  return JSON.stringify(n)
}

/**
 * The fields that differ between two views of a record (read the same way before and after).
 * `secrets`: only that they changed; `omit`: never recorded (password hashes, timestamps).
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  opts: { secrets?: readonly string[]; omit?: readonly string[] } = {},
): Changes {
  const out: Changes = {}
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const k of keys) {
    if (opts.omit?.includes(k)) continue
    const a = norm(before?.[k] ?? null)
    const b = norm(after?.[k] ?? null)
    if (canonical(a) === canonical(b)) continue
    out[k] = opts.secrets?.includes(k) ? [null, AUDIT.secretChanged] : [a, b]
  }
  return out
}

export interface AuditEntry {
  entity: AuditEntity
  entityId: number | string
  action: AuditAction
  changes: Changes
}

/** The row as hashed: every column but the hashes, in a fixed order. */
interface ChainRow {
  id: string
  at: Date
  user_id: number | null
  user_email: string
  address: string
  entity: string
  entity_id: string
  action: string
  changes: unknown
}
const rowText = (r: ChainRow) =>
  canonical([r.id, r.at.toISOString(), r.user_id, r.user_email, r.address, r.entity, r.entity_id, r.action, r.changes])
export const chainHash = (prev: string, r: ChainRow) => createHash('sha256').update(prev).update(rowText(r)).digest('hex')

/** Actions that changed nothing when no field differs (an update saving the same values, a pin already in place). */
const SKIPPED_WHEN_EMPTY: ReadonlySet<AuditAction> = new Set(['update', 'pin'])

/**
 * Appends an entry in the caller's transaction. An update or pin that changed nothing is not recorded.
 * Call it after the change's own writes: the chain lock is held until the transaction ends.
 */
export async function record(q: Queryable, actor: Actor | null, e: AuditEntry): Promise<void> {
  if (SKIPPED_WHEN_EMPTY.has(e.action) && !Object.keys(e.changes).length) return
  await q.query(`select pg_advisory_xact_lock($1)`, [CHAIN_LOCK])
  const [last] = await q.query<{ hash: string }>(`select hash from audit_log order by id desc limit 1`)
  const [seq] = await q.query<{ id: string }>(`select nextval('audit_log_id_seq')::text as id`)
  const row: ChainRow = {
    id: seq!.id,
    // Milliseconds: what the database stores is what the hash was made of.
    at: new Date(),
    user_id: actor?.id ?? null,
    user_email: actor?.email ?? '',
    address: actor?.address ?? '',
    entity: e.entity,
    entity_id: String(e.entityId),
    action: e.action,
    changes: norm(e.changes),
  }
  const prev = last?.hash ?? ''
  await q.query(
    `insert into audit_log (id, at, user_id, user_email, address, entity, entity_id, action, changes, prev_hash, hash)
     values ($1::bigint, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
    [row.id, row.at.toISOString(), row.user_id, row.user_email, row.address, row.entity, row.entity_id, row.action, JSON.stringify(row.changes), prev, chainHash(prev, row)],
  )
}

export type ChainCheck = { ok: true; rows: number } | { ok: false; rows: number; brokenId: string; reason: 'prev_hash' | 'hash' }

/** Walks the chain in id order; the first row whose links or content do not match is named. */
export async function verifyChain(q: Queryable): Promise<ChainCheck> {
  let prev = ''
  let after = '0'
  let rows = 0
  for (;;) {
    const batch = await q.query<ChainRow & { prev_hash: string; hash: string }>(
      `select id::text as id, at, user_id, user_email, address, entity, entity_id, action, changes, prev_hash, hash
         from audit_log where audit_log.id > $1::bigint order by audit_log.id limit ${AUDIT.verifyBatch}`,
      [after],
    )
    for (const r of batch) {
      if (r.prev_hash !== prev) return { ok: false, rows, brokenId: r.id, reason: 'prev_hash' }
      if (chainHash(prev, { ...r, at: new Date(r.at) }) !== r.hash) return { ok: false, rows, brokenId: r.id, reason: 'hash' }
      prev = r.hash
      rows++
    }
    if (batch.length < AUDIT.verifyBatch) return { ok: true, rows }
    after = batch[batch.length - 1]!.id
  }
}

/** Columns of the audit table, in the order the table sends column indexes. */
const AUDIT_COLUMNS = ['id', 'at', 'user_email', 'address', 'entity', 'entity_id', 'action'] as const

/** What both the table and the export filter on (the export names the search `text`). */
type AuditWhere = Omit<AuditFilters, 'user_id'> & { user_id?: number | undefined; text?: string | undefined }

/**
 * The where clause of a filter: dates are Warsaw days, both ends included; the e-mail matches a
 * fragment; a client's id also finds its parameters' entries (`<client id>/<type id>`); the text
 * matches the e-mail, the address, the entity id and the changes (field names and values).
 */
function auditWhere(p: AuditWhere, params: unknown[]): string[] {
  const where: string[] = []
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v)
    where.push(sql(`$${params.length}`))
  }
  const entityId = p.entity_id?.trim() ?? ''
  if (p.user_id != null) add((n) => `a.user_id = ${n}`, p.user_id)
  const email = p.user_email?.trim() ?? ''
  if (email) add((n) => `a.user_email ilike ${n}`, containsPattern(email))
  if (p.entity === 'client' && entityId) {
    params.push(entityId)
    const n = `$${params.length}`
    where.push(`((a.entity = 'client' and a.entity_id = ${n}) or (a.entity = 'client_parameter' and split_part(a.entity_id, '/', 1) = ${n}))`)
  } else {
    if (p.entity) add((n) => `a.entity = ${n}`, p.entity)
    if (entityId) add((n) => `a.entity_id = ${n}`, entityId)
  }
  if (p.from) add((n) => `a.at >= (${n}::date)::timestamp at time zone '${TIME_ZONE}'`, p.from)
  if (p.to) add((n) => `a.at < (${n}::date + 1)::timestamp at time zone '${TIME_ZONE}'`, p.to)
  const search = p.text?.trim() ?? ''
  if (search) add((n) => `(a.user_email ilike ${n} or a.address ilike ${n} or a.entity_id ilike ${n} or a.changes::text ilike ${n})`, containsPattern(search))
  return where
}

/** One page of the audit trail for admins, newest first unless sorted otherwise. */
export async function auditTable(q: Queryable, p: AuditListRequest) {
  const params: unknown[] = []
  const where = auditWhere({ ...p, text: p.search?.value }, params)
  const cond = where.length ? `where ${where.join(' and ')}` : ''
  const order = (p.order ?? [])
    .filter((o) => AUDIT_COLUMNS[o.column])
    .map((o) => `a.${AUDIT_COLUMNS[o.column]!} ${o.dir === 'asc' ? 'asc' : 'desc'}`)
  const [total] = await q.query<{ n: number }>(`select count(*)::int as n from audit_log`)
  const [filtered] = await q.query<{ n: number }>(`select count(*)::int as n from audit_log a ${cond}`, params)
  const rows = await q.query<Omit<AuditRow, 'at' | 'id'> & { id: string; at: unknown }>(
    `select a.id::text as id, a.at, a.user_id, a.user_email, a.address, a.entity, a.entity_id, a.action, a.changes
       from audit_log a ${cond} order by ${[...order, 'a.id desc'].join(', ')} limit ${p.length} offset ${p.start}`,
    params,
  )
  return {
    draw: p.draw,
    data: rows.map((r) => ({ ...r, id: Number(r.id), at: iso(r.at) ?? '' })),
    recordsTotal: total!.n,
    recordsFiltered: filtered!.n,
  }
}

/** An instant as a date cell showing Warsaw's wall-clock time to the second (a spreadsheet has no time zones). */
const WARSAW_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
})
export function warsawWallClock(at: Date): Date {
  const part = (t: Intl.DateTimeFormatPartTypes) => Number(WARSAW_PARTS.formatToParts(at).find((x) => x.type === t)?.value)
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')))
}

/** The export's columns: header, width, cell format (dates are date cells, ids numbers). */
const C = AUDIT_MSG.columns
const EXPORT_COLUMNS = [
  { key: 'id', header: C.entryId, width: 10, format: XLSX_FORMAT.count },
  { key: 'at', header: C.at, width: 20, format: AUDIT.xlsxDateTime },
  { key: 'who', header: C.who, width: 28 },
  { key: 'address', header: C.address, width: 16 },
  { key: 'entity', header: C.entity, width: 22 },
  { key: 'entity_id', header: C.entityId, width: 10 },
  { key: 'action', header: C.action, width: 18 },
  { key: 'changes', header: C.changes, width: 80 },
] as const

/** A numeric entity id as a number cell; a composite one (`<client id>/<type id>`) stays text. */
const idCell = (id: string): number | string => (/^\d{1,15}$/.test(id) ? Number(id) : id)

/**
 * The filtered log as an XLSX, newest first, streamed: exceljs's WorkbookWriter commits each row
 * as it is written, and rows are read in keyset pages of AUDIT.exportBatch below the newest id at
 * the start, so memory stays flat whatever the log's size and rows appended meanwhile are not mixed in.
 */
export function auditXlsx(q: Queryable, filters: AuditWhere): ReadableStream<Uint8Array> {
  const sink = new PassThrough()
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false })
    book.creator = 'RE Logistics'
    const sheet = book.addWorksheet(AUDIT_MSG.sheet, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = EXPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }))
    sheet.getRow(1).font = { bold: true }
    sheet.getRow(1).commit()
    const params: unknown[] = []
    const where = auditWhere(filters, params)
    const [top] = await q.query<{ id: string | null }>(`select max(id)::text as id from audit_log`)
    let below = top?.id == null ? '0' : String(BigInt(top.id) + 1n)
    for (;;) {
      const page = await q.query<{ id: string; at: unknown; user_email: string; address: string; entity: AuditEntity; entity_id: string; action: AuditAction; changes: Changes }>(
        `select a.id::text as id, a.at, a.user_email, a.address, a.entity, a.entity_id, a.action, a.changes
           from audit_log a where ${[...where, `a.id < $${params.length + 1}::bigint`].join(' and ')}
          order by a.id desc limit ${AUDIT.exportBatch}`,
        [...params, below],
      )
      for (const r of page) {
        const row = sheet.addRow(
          safeRow({
            id: Number(r.id),
            at: warsawWallClock(new Date(iso(r.at) ?? 0)),
            who: r.user_email,
            address: r.address,
            entity: AUDIT_MSG.entities[r.entity] ?? r.entity,
            entity_id: idCell(r.entity_id),
            action: AUDIT_MSG.actions[r.action] ?? r.action,
            changes: auditChangeLines(r.changes).join('\n'),
          }),
        )
        EXPORT_COLUMNS.forEach((c, i) => {
          if ('format' in c) row.getCell(i + 1).numFmt = c.format
        })
        row.commit()
      }
      if (page.length < AUDIT.exportBatch) break
      below = page[page.length - 1]!.id
    }
    await sheet.commit()
    await book.commit()
  }
  write().catch((e: unknown) => sink.destroy(e instanceof Error ? e : new Error(String(e))))
  return Readable.toWeb(sink) as ReadableStream<Uint8Array>
}
