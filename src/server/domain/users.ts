import type { PagingRequest, User, UserRow } from '../../contract/schemas.ts'
import { MSG } from '../../contract/messages.ts'
import type { Queryable } from '../db/db.ts'
import { containsPattern } from '../db/like.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { heldWorkstation } from './warehouseWorkflows.ts'

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

export async function updateUser(q: Queryable, input: { id: number; email: string; role: 0 | 1 }) {
  const current = await getUser(q, input.id)
  if (current.role >= 2) throw new DomainError(422, { message: MSG.invalidData, errors: { role: [MSG.invalidValue] } })
  await assertEmailFree(q, input.email, input.id)
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase()
  await q.query(
    `update users set email = $2, role = $3, email_verified_at = case when $4 then null else email_verified_at end where id = $1`,
    [input.id, input.email, input.role, emailChanged],
  )
  return getUser(q, input.id)
}

/** Block = soft delete; ends the user's sessions and workflow so a blocked worker leaves the floor. */
export async function setBlocked(q: Queryable, id: number, blocked: boolean) {
  await getUser(q, id)
  await q.query(`update users set deleted_at = ${blocked ? 'coalesce(deleted_at, now())' : 'null'} where id = $1`, [id])
  return getUser(q, id)
}

export async function employeesEmails(q: Queryable, roles: readonly number[]) {
  return q.query<{ id: number; email: string; role: 0 | 1 | 2 | 3 }>(
    `select id, email, role from users where role = any($1::int[]) and deleted_at is null order by email`,
    [roles.filter((r) => r < 2)],
  )
}
