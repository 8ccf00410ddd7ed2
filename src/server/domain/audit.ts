import { createHash } from 'node:crypto'
import { AUDIT, type AuditAction, type AuditEntity } from '../../contract/constants/audit.ts'
import { TIME_ZONE } from '../../contract/constants/platform.ts'
import type { AuditListRequest, AuditRow } from '../../contract/schemas/audit.ts'
import type { Queryable } from '../db/db.ts'
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

/**
 * One page of the audit trail for admins, newest first unless sorted otherwise. Dates are
 * Warsaw days, both ends included; the search text matches the e-mail, the address, the entity
 * id and the changes (field names and values).
 */
export async function auditTable(q: Queryable, p: AuditListRequest) {
  const params: unknown[] = []
  const where: string[] = []
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v)
    where.push(sql(`$${params.length}`))
  }
  if (p.user_id != null) add((n) => `a.user_id = ${n}`, p.user_id)
  if (p.entity) add((n) => `a.entity = ${n}`, p.entity)
  if (p.entity_id) add((n) => `a.entity_id = ${n}`, p.entity_id.trim())
  if (p.from) add((n) => `a.at >= (${n}::date)::timestamp at time zone '${TIME_ZONE}'`, p.from)
  if (p.to) add((n) => `a.at < (${n}::date + 1)::timestamp at time zone '${TIME_ZONE}'`, p.to)
  const search = p.search?.value.trim() ?? ''
  if (search) add((n) => `(a.user_email ilike ${n} or a.address ilike ${n} or a.entity_id ilike ${n} or a.changes::text ilike ${n})`, containsPattern(search))
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
