import type { PagingRequest } from '../../contract/schemas/common.ts'
import type { User, UserRow } from '../../contract/schemas/users.ts'
import { MSG } from '../../contract/messages.ts'
import type { Db, Queryable } from '../db/db.ts'
import { containsPattern } from '../db/like.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { USERS } from '../../contract/constants/users.ts'
import type { OutboxReply } from '../../contract/schemas/mail.ts'
import type { Deps } from './context.ts'
import { revokeAllSessions, revokeOtherSessions } from './session.ts'
import { unlockAccount } from './throttle.ts'
import { endWorkflow, heldWorkstation } from './warehouseWorkflows.ts'

const iso = (d: unknown) => (d == null ? null : d instanceof Date ? d.toISOString() : String(d))

type UserRecord = { id: number; email: string; email_verified_at: unknown; role: 0 | 1 | 2 | 3; deleted_at: unknown; client_id: number | null }

export async function findUser(q: Queryable, id: number): Promise<User | null> {
  const [u] = await q.query<UserRecord>(`select id, email, email_verified_at, role, deleted_at, client_id from users where id = $1`, [id])
  if (!u) return null
  return { ...u, email_verified_at: iso(u.email_verified_at), deleted_at: iso(u.deleted_at), workstation: await heldWorkstation(q, u.id) }
}

export async function getUser(q: Queryable, id: number): Promise<User> {
  const u = await findUser(q, id)
  if (!u) throw notFound()
  return u
}

/** Columns of the /users table: id, email, email_verified_at — sortable by index. */
const USER_COLUMNS = ['id', 'email', 'email_verified_at'] as const

/** Server paging for /users (active or blocked). Search matches e-mail or id. */
export async function listUsers(q: Queryable, p: PagingRequest, deleted: boolean) {
  const where = [deleted ? 'deleted_at is not null' : 'deleted_at is null']
  const params: unknown[] = []
  const total = await q.query<{ n: number }>(`select count(*)::int as n from users where ${where[0]}`)
  const search = p.search?.value.trim()
  if (search) {
    params.push(containsPattern(search))
    where.push(`(lower(email) like $${params.length} or id::text = $${params.length + 1})`)
    params.push(search)
  }
  const order = (p.order ?? [{ column: 0, dir: 'asc' as const }])
    .filter((o) => USER_COLUMNS[o.column])
    .map((o) => `${USER_COLUMNS[o.column]} ${o.dir === 'desc' ? 'desc' : 'asc'} nulls last`)
  const sql = `from users where ${where.join(' and ')}`
  const filtered = await q.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)
  const rows = await q.query<UserRow>(
    `select id, email, email_verified_at, role, deleted_at ${sql} order by ${[...order, 'id asc'].join(', ')} limit ${p.length} offset ${p.start}`,
    params,
  )
  return {
    draw: p.draw,
    data: rows.map((r) => ({ ...r, email_verified_at: iso(r.email_verified_at), deleted_at: iso(r.deleted_at) })),
    recordsTotal: total[0]!.n,
    recordsFiltered: filtered[0]!.n,
  }
}

export async function assertEmailFree(q: Queryable, email: string, exceptId?: number) {
  const rows = await q.query(`select 1 from users where lower(email) = lower($1) and id <> $2`, [email, exceptId ?? 0])
  if (rows.length) throw invalid({ email: [MSG.emailTaken] })
}

/**
 * Records a change of a user account: e-mail, role, verification, block. The password and the
 * workstation held (not an account setting) are never recorded.
 */
export async function auditUser(q: Queryable, actor: Actor, id: number, action: 'create' | 'update' | 'block' | 'unblock' | 'unlock', before: User | null) {
  const after = await getUser(q, id)
  const changes = changesOf(before, after, { omit: ['id', 'workstation'] })
  await record(q, actor, { entity: 'user', entityId: id, action, changes })
}

export async function updateUser(q: Queryable, input: { id: number; email: string; role: 0 | 1 }, actor: Actor) {
  const current = await getUser(q, input.id)
  if (current.role >= 2) throw new DomainError(422, { message: MSG.invalidData, errors: { role: [MSG.invalidValue] } })
  await assertEmailFree(q, input.email, input.id)
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase()
  await q.query(
    `update users set email = $2, role = $3, email_verified_at = case when $4 then null else email_verified_at end where id = $1`,
    [input.id, input.email, input.role, emailChanged],
  )
  await auditUser(q, actor, input.id, 'update', current)
  return getUser(q, input.id)
}

/** Block = soft delete; ends the user's sessions and workflow so a blocked worker leaves the floor. */
export async function setBlocked(q: Queryable, id: number, blocked: boolean, actor: Actor) {
  const before = await getUser(q, id)
  await q.query(`update users set deleted_at = ${blocked ? 'coalesce(deleted_at, now())' : 'null'} where id = $1`, [id])
  await auditUser(q, actor, id, blocked ? 'block' : 'unblock', before)
  return getUser(q, id)
}

export async function employeesEmails(q: Queryable, roles: readonly number[]) {
  return q.query<{ id: number; email: string; role: 0 | 1 | 2 | 3 }>(
    `select id, email, role from users where role = any($1::int[]) and deleted_at is null order by email`,
    [roles.filter((r) => r < 2)],
  )
}

/** An admin blocks a user (never themself): their sessions and workflow end, so a blocked worker leaves the floor. */
export async function blockUser(db: Db, id: number, actor: Actor): Promise<User> {
  if (id === actor.id) throw new DomainError(422, { message: MSG.cannotBlockSelf, errors: { id: [MSG.cannotBlockSelf] } })
  return db.tx(async (q) => {
    await setBlocked(q, id, true, actor)
    await revokeAllSessions(q, id)
    await endWorkflow(q, id, 'admin')
    return getUser(q, id)
  })
}

export const restoreUser = (db: Db, id: number, actor: Actor) => db.tx((q) => setBlocked(q, id, false, actor))

/** An admin ends every session of a user; of their own account, every other one (`token` is theirs). */
export async function endUserSessions(db: Db, id: number, admin: { id: number; token: string | null }) {
  const u = await getUser(db, id)
  const ended = await db.tx((q) => revokeOtherSessions(q, u.id, u.id === admin.id ? admin.token : null))
  return { message: MSG.userSessionsEnded(ended), ended }
}

/** Clears the user's failed-login counters from every address (lockout and slow-down). */
export async function unlockUser(db: Db, id: number, actor: Actor) {
  await db.tx(async (q) => {
    const u = await getUser(q, id)
    await unlockAccount(q, u.email)
    await record(q, actor, { entity: 'user', entityId: id, action: 'unlock', changes: {} })
  })
  return { message: MSG.userUnlocked }
}

/** A timestamp column as ISO 8601 text (UTC). */
const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The admin's "Poczta wychodząca": the newest messages, sent or waiting, and how mail leaves. */
export async function outbox(deps: Deps): Promise<OutboxReply> {
  return {
    delivery: deps.mail.delivery,
    messages: await deps.db.query(
      `select id, to_address, subject, body, ${ISO('created_at')} as created_at, ${ISO('sent_at')} as sent_at, attempts, last_error
         from outbox order by id desc limit $1`,
      [USERS.outboxListLimit],
    ),
  }
}
