import { randomBytes } from 'node:crypto'
import { AUDIT } from '../../contract/constants/audit.ts'
import { CLIENTS, EXTERNAL_TYPES_WITH_LOGIN } from '../../contract/constants/clients.ts'
import { CLIENT_MSG } from '../../contract/messages/clients.ts'
import { MSG } from '../../contract/messages.ts'
import type {
  Client, ClientCreateRequest, Credential, CredentialCheckReply, CredentialCheckRequest, ExternalCredential, ExternalCredentialType,
} from '../../contract/schemas/clients.ts'
import type { Db, Queryable } from '../db/db.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { type Actor, type Changes, changesOf, record } from './audit.ts'
import { assertClient, auditClient, createClient, getClient, storeIaiPassword } from './clients.ts'
import { defaultDpdAccess } from './clientsCourierApi.ts'
import type { CourierApi } from './clientsCourierApi.ts'
import { iso } from './dates.ts'
import type { Vault } from './secrets.ts'

/**
 * Courier accounts of clients and the external API credentials a client's shop system uses
 *. Passwords are stored encrypted (./secrets.ts) and never sent back
 * by a list. Saving a courier account with a new login, password or service checks it with the
 * courier first (406 when the courier refuses).
 */

const credentialNotFound = () => notFound(CLIENT_MSG.credentialNotFound)
const checkFailed = () => new DomainError(406, { message: CLIENT_MSG.checkFailed })
const isProtected = () => new DomainError(409, { message: CLIENT_MSG.credentialProtected })

/**
 * A protected account (the operator's shared one) is in use once a shipment of a client it is
 * pinned to goes with its courier (first or last mile): from then on it can only be unpinned. Before
 * that it may be corrected or deleted (one created by mistake).
 */
async function protectedInUse(q: Queryable, id: number): Promise<boolean> {
  const [r] = await q.query<{ used: boolean }>(
    `select exists (
       select 1 from client_courier_credentials l
         join courier_credentials cc on cc.id = l.credential_id
         join shipments s on s.client_id = l.client_id and cc.id_courier in (s.first_mile_courier_id, s.last_mile_courier_id)
        where l.credential_id = $1) as used`,
    [id],
  )
  return !!r?.used
}

type CredentialRow = Omit<Credential, 'clients' | 'main'> & { clients: number[] | null; main: boolean | null }

const CREDENTIAL_SELECT = (clientArg: string) => `
  select cc.id, cc.id_courier, co.name as courier, cc.id_type, t.assign, t.name as type, cc.username, true as has_password,
         cc.contract_number, cc.email, cc.phone_number, cc.service, cc.note, cc.comment, t.protected,
         (select array_agg(l.client_id order by l.client_id) from client_courier_credentials l where l.credential_id = cc.id) as clients,
         (select l.is_main from client_courier_credentials l where l.credential_id = cc.id and l.client_id = ${clientArg}) as main
    from courier_credentials cc
    join courier_credential_types t on t.id = cc.id_type
    left join couriers co on co.id = cc.id_courier`

const toCredential = (r: CredentialRow): Credential => ({
  ...r,
  courier: r.courier ?? '',
  clients: (r.clients ?? []).map(Number),
  main: r.main === true,
})

export async function getCredential(q: Queryable, id: number, clientId = 0): Promise<Credential> {
  const [r] = await q.query<CredentialRow>(`${CREDENTIAL_SELECT('$2::int')} where cc.id = $1`, [id, clientId])
  if (!r) throw credentialNotFound()
  return toCredential(r)
}

export const allCredentials = async (q: Queryable) =>
  (await q.query<CredentialRow>(`${CREDENTIAL_SELECT('0')} order by cc.id`)).map(toCredential)

export async function clientCredentials(q: Queryable, clientId: number) {
  await assertClient(q, clientId)
  return (
    await q.query<CredentialRow>(
      `${CREDENTIAL_SELECT('$1::int')} where exists (select 1 from client_courier_credentials l where l.credential_id = cc.id and l.client_id = $1) order by cc.id`,
      [clientId],
    )
  ).map(toCredential)
}

export const credentialTypes = (q: Queryable) =>
  q.query<{ id: number; name: string; assign: string; id_courier: number; protected: boolean }>(
    `select id, name, assign, id_courier, protected from courier_credential_types order by id`,
  )

export const protectedAssigns = async (q: Queryable) =>
  (await q.query<{ assign: string }>(`select assign from courier_credential_types where protected order by id`)).map((r) => r.assign)

export async function hasCredentialType(q: Queryable, clientId: number, assign: string) {
  await assertClient(q, clientId)
  const rows = await q.query(
    `select 1 from client_courier_credentials l join courier_credentials cc on cc.id = l.credential_id
       join courier_credential_types t on t.id = cc.id_type where l.client_id = $1 and t.assign = $2`,
    [clientId, assign],
  )
  return { has: rows.length > 0 }
}

/** Whether the client uses the operator's default account (a protected one). */
export async function hasDefaultCredentials(q: Queryable, clientId: number) {
  await assertClient(q, clientId)
  const rows = await q.query(
    `select 1 from client_courier_credentials l join courier_credentials cc on cc.id = l.credential_id
       join courier_credential_types t on t.id = cc.id_type where l.client_id = $1 and t.protected`,
    [clientId],
  )
  return { has_default_credentials: rows.length > 0 }
}

async function typeOf(q: Queryable, idType: number) {
  const [t] = await q.query<{ id: number; id_courier: number; protected: boolean }>(
    `select id, id_courier, protected from courier_credential_types where id = $1`,
    [idType],
  )
  if (!t) throw invalid({ id_type: [CLIENT_MSG.credentialTypeUnknown] })
  return t
}

/** Asks the courier; 406 when it refuses. */
export async function checkWithCourier(api: CourierApi, courierId: number, username: string, password: string, service: string) {
  const info = await api.check(courierId, { username: username.trim(), password, service })
  if (!info) throw checkFailed()
  return info
}

/**
 * The credential check: the given login and password (or the stored password of account `id` when
 * none is given) against the courier's API.
 */
export async function checkCredential(q: Queryable, vault: Vault, api: CourierApi, b: CredentialCheckRequest): Promise<CredentialCheckReply> {
  let password = b.password ?? ''
  let courierId = b.id_courier ?? CLIENTS.defaultCourierId
  if (b.id !== undefined) {
    const [stored] = await q.query<{ password_enc: string; id_courier: number }>(`select password_enc, id_courier from courier_credentials where id = $1`, [b.id])
    if (!stored) throw credentialNotFound()
    if (!password) password = vault.decrypt(stored.password_enc)
    courierId = b.id_courier ?? stored.id_courier
  }
  if (!password) throw invalid({ password: [MSG.required] })
  return checkWithCourier(api, courierId, b.username, password, b.service ?? '')
}

/**
 * The client's pinned courier accounts as the audit trail keeps them, one field per account:
 * `courier_credential.<id>` → AUDIT.pin.main or AUDIT.pin.pinned (absent: not pinned).
 */
async function pinsOf(q: Queryable, clientId: number): Promise<Record<string, string>> {
  const rows = await q.query<{ credential_id: number; is_main: boolean }>(
    `select credential_id, is_main from client_courier_credentials where client_id = $1`,
    [clientId],
  )
  return Object.fromEntries(rows.map((r) => [`courier_credential.${r.credential_id}`, r.is_main ? AUDIT.pin.main : AUDIT.pin.pinned]))
}

/** Pins an account to a client and records, on the client, every account whose pin changed (a new main one demotes the old). */
async function link(q: Queryable, clientId: number, credentialId: number, main: boolean, actor: Actor) {
  const before = await pinsOf(q, clientId)
  await linkRow(q, clientId, credentialId, main)
  await record(q, actor, { entity: 'client', entityId: clientId, action: 'pin', changes: changesOf(before, await pinsOf(q, clientId)) })
}

async function linkRow(q: Queryable, clientId: number, credentialId: number, main: boolean) {
  if (main) await q.query(`update client_courier_credentials set is_main = false where client_id = $1`, [clientId])
  await q.query(
    `insert into client_courier_credentials (client_id, credential_id, is_main) values ($1, $2, $3)
     on conflict (client_id, credential_id) do update set is_main = excluded.is_main or client_courier_credentials.is_main`,
    [clientId, credentialId, main],
  )
}

export interface CredentialInput {
  id_client: number
  id_courier?: number | undefined
  id_type: number
  username: string
  password: string
  service?: string | undefined
  note?: string | undefined
  comment?: string | undefined
}

/** A new account for the client, checked with the courier first; it becomes the main one when the client has none. */
/** A courier account as the audit trail keeps it: never its password, only that one was set. */
const CREDENTIAL_OMIT = ['id', 'has_password', 'main', 'courier', 'type', 'assign'] as const
const passwordSet = (set: boolean): Changes => (set ? changesOf({ password: null }, { password: '' }, { secrets: ['password'] }) : {})

export async function createCredential(q: Queryable, vault: Vault, api: CourierApi, b: CredentialInput, actor: Actor): Promise<Credential> {
  await assertClient(q, b.id_client)
  const t = await typeOf(q, b.id_type)
  const courierId = b.id_courier ?? t.id_courier
  if (courierId !== t.id_courier) throw invalid({ id_type: [CLIENT_MSG.credentialCourierMismatch] })
  const info = await checkWithCourier(api, courierId, b.username, b.password, b.service ?? '')
  const [row] = await q.query<{ id: number }>(
    `insert into courier_credentials (id_courier, id_type, username, password_enc, contract_number, email, phone_number, service, note, comment)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [courierId, t.id, b.username.trim(), vault.encrypt(b.password), info.contract_number, info.email, info.phone_number, b.service ?? '', b.note ?? '', b.comment ?? ''],
  )
  const [hasMain] = await q.query<{ n: number }>(`select count(*)::int as n from client_courier_credentials where client_id = $1 and is_main`, [b.id_client])
  const pins = await pinsOf(q, b.id_client)
  await linkRow(q, b.id_client, row!.id, hasMain!.n === 0)
  const after = await getCredential(q, row!.id, b.id_client)
  await record(q, actor, { entity: 'courier_credential', entityId: row!.id, action: 'create', changes: { ...changesOf(null, after, { omit: CREDENTIAL_OMIT }), ...passwordSet(true) } })
  await record(q, actor, { entity: 'client', entityId: b.id_client, action: 'pin', changes: changesOf(pins, await pinsOf(q, b.id_client)) })
  return after
}

export async function updateCredential(
  q: Queryable,
  vault: Vault,
  api: CourierApi,
  b: Omit<CredentialInput, 'id_client' | 'password'> & { id: number; password?: string | undefined },
  actor: Actor,
): Promise<Credential> {
  const [cur] = await q.query<{ id_courier: number; id_type: number; username: string; password_enc: string; service: string; protected: boolean }>(
    `select cc.id_courier, cc.id_type, cc.username, cc.password_enc, cc.service, t.protected
       from courier_credentials cc join courier_credential_types t on t.id = cc.id_type where cc.id = $1`,
    [b.id],
  )
  if (!cur) throw credentialNotFound()
  if (cur.protected && (await protectedInUse(q, b.id))) throw isProtected()
  const before = await getCredential(q, b.id)
  const t = await typeOf(q, b.id_type)
  // A protected type only stays on the protected account it already is (a correction).
  if (t.protected && !(cur.protected && t.id === cur.id_type)) throw invalid({ id_type: [CLIENT_MSG.credentialTypeUnknown] })
  const courierId = b.id_courier ?? t.id_courier
  if (courierId !== t.id_courier) throw invalid({ id_type: [CLIENT_MSG.credentialCourierMismatch] })
  const password = b.password || vault.decrypt(cur.password_enc)
  const service = b.service ?? cur.service
  const changed = b.username.trim() !== cur.username || !!b.password || service !== cur.service || courierId !== cur.id_courier
  if (changed) {
    const info = await checkWithCourier(api, courierId, b.username, password, service)
    await q.query(`update courier_credentials set contract_number = $2, email = $3, phone_number = $4 where id = $1`, [
      b.id, info.contract_number, info.email, info.phone_number,
    ])
  }
  await q.query(
    `update courier_credentials set id_courier = $2, id_type = $3, username = $4, password_enc = $5, service = $6, note = $7, comment = $8,
            updated_at = now() where id = $1`,
    [b.id, courierId, t.id, b.username.trim(), b.password ? vault.encrypt(b.password) : cur.password_enc, service, b.note ?? '', b.comment ?? ''],
  )
  const after = await getCredential(q, b.id)
  await record(q, actor, { entity: 'courier_credential', entityId: b.id, action: 'update', changes: { ...changesOf(before, after, { omit: CREDENTIAL_OMIT }), ...passwordSet(!!b.password) } })
  return after
}

export async function deleteCredential(q: Queryable, id: number, actor: Actor) {
  const c = await getCredential(q, id)
  if (c.protected && (await protectedInUse(q, id))) throw isProtected()
  await q.query(`delete from courier_credentials where id = $1`, [id])
  await record(q, actor, { entity: 'courier_credential', entityId: id, action: 'delete', changes: changesOf(c, null, { omit: CREDENTIAL_OMIT }) })
}

/** Pins an existing account to a client; `main` makes it the client's main account. */
export async function pinCredential(q: Queryable, id: number, clientId: number, main: boolean, actor: Actor) {
  await assertClient(q, clientId)
  await getCredential(q, id)
  await link(q, clientId, id, main, actor)
  return getCredential(q, id, clientId)
}

/** Unpins an account from a client (protected accounts too); 404 when it is not pinned there. */
export async function unpinCredential(q: Queryable, id: number, clientId: number, actor: Actor) {
  await assertClient(q, clientId)
  const before = await pinsOf(q, clientId)
  const rows = await q.query(`delete from client_courier_credentials where client_id = $1 and credential_id = $2 returning credential_id`, [clientId, id])
  if (!rows.length) throw credentialNotFound()
  await record(q, actor, { entity: 'client', entityId: clientId, action: 'unpin', changes: changesOf(before, await pinsOf(q, clientId)) })
}

/**
 * The default access data of a new client: pins the operator's account with this login (creating it
 * once, unchecked: it is the operator's own) as the client's main account.
 */
export async function pinDefaultAccount(q: Queryable, vault: Vault, clientId: number, username: string, password: string, service: string, actor: Actor) {
  const [t] = await q.query<{ id: number; id_courier: number }>(`select id, id_courier from courier_credential_types where assign = 'dpd_ro_main'`)
  let [row] = await q.query<{ id: number }>(`select id from courier_credentials where id_type = $1 and username = $2 order by id limit 1`, [t!.id, username])
  if (!row) {
    ;[row] = await q.query<{ id: number }>(
      `insert into courier_credentials (id_courier, id_type, username, password_enc, service) values ($1, $2, $3, $4, $5) returning id`,
      [t!.id_courier, t!.id, username, vault.encrypt(password), service],
    )
  }
  await link(q, clientId, row!.id, true, actor)
}

// ---- external API credentials -----------------------------------------------------------------------

type ExternalRow = Omit<ExternalCredential, 'password' | 'created_at' | 'last_used_at' | 'revoked_at'> & {
  password_enc: string | null
  created_at: unknown
  last_used_at: unknown
  revoked_at: unknown
}

const EXTERNAL_SELECT = `select id, client_id, type, username, password_enc, token, ip, creator_id, created_at, last_used_at, revoked_at from external_api_credentials`

const toExternal = (r: ExternalRow, vault: Vault | null): ExternalCredential => ({
  id: r.id,
  client_id: r.client_id,
  type: r.type,
  username: r.username,
  password: vault && r.password_enc ? vault.decrypt(r.password_enc) : null,
  token: r.token,
  ip: r.ip,
  creator_id: r.creator_id,
  created_at: iso(r.created_at) ?? '',
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
})

/** The client's external credentials, without passwords. */
export async function externalCredentials(q: Queryable, clientId: number) {
  await assertClient(q, clientId)
  return (await q.query<ExternalRow>(`${EXTERNAL_SELECT} where client_id = $1 order by id`, [clientId])).map((r) => toExternal(r, null))
}

/** One credential with its password (to hand it to the client). */
export async function externalCredential(q: Queryable, vault: Vault, clientId: number, id: number) {
  await assertClient(q, clientId)
  const [r] = await q.query<ExternalRow>(`${EXTERNAL_SELECT} where client_id = $1 and id = $2`, [clientId, id])
  if (!r) throw notFound(CLIENT_MSG.externalNotFound)
  return toExternal(r, vault)
}

async function assertUsernameFree(q: Queryable, username: string, exceptId = 0) {
  if (!username) return
  const rows = await q.query(`select 1 from external_api_credentials where lower(username) = lower($1) and id <> $2`, [username, exceptId])
  if (rows.length) throw invalid({ username: [CLIENT_MSG.usernameTaken] })
}

export interface ExternalInput {
  type: ExternalCredentialType
  username?: string | undefined
  password?: string | null | undefined
  ip?: string | undefined
}

/** An external credential as the audit trail keeps it: its password and token only as set. */
const EXTERNAL_OMIT = ['id', 'password', 'token', 'last_used_at', 'created_at'] as const

export async function createExternal(q: Queryable, vault: Vault, clientId: number, b: ExternalInput, actor: Actor) {
  await assertClient(q, clientId)
  const username = (b.username ?? '').trim()
  await assertUsernameFree(q, username)
  const [row] = await q.query<{ id: number }>(
    `insert into external_api_credentials (client_id, type, username, password_enc, token, ip, creator_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [clientId, b.type, username, b.password ? vault.encrypt(b.password) : null, randomBytes(24).toString('hex'), (b.ip ?? '').trim(), actor.id],
  )
  const after = await externalCredential(q, vault, clientId, row!.id)
  await record(q, actor, { entity: 'external_credential', entityId: row!.id, action: 'create', changes: { ...changesOf(null, after, { omit: EXTERNAL_OMIT }), ...passwordSet(!!b.password) } })
  return after
}

/** An empty password keeps the stored one. */
export async function updateExternal(q: Queryable, vault: Vault, clientId: number, b: ExternalInput & { id: number }, actor: Actor) {
  const current = await externalCredential(q, vault, clientId, b.id)
  // A type that needs a password keeps the stored one; without any, one must be given.
  if (EXTERNAL_TYPES_WITH_LOGIN.includes(b.type) && !b.password && !current.password) throw invalid({ password: [MSG.required] })
  const username = (b.username ?? '').trim()
  await assertUsernameFree(q, username, b.id)
  await q.query(
    `update external_api_credentials set type = $3, username = $4, password_enc = coalesce($5, password_enc), ip = $6 where client_id = $1 and id = $2`,
    [clientId, b.id, b.type, username, b.password ? vault.encrypt(b.password) : null, (b.ip ?? '').trim()],
  )
  const after = await externalCredential(q, vault, clientId, b.id)
  await record(q, actor, { entity: 'external_credential', entityId: b.id, action: 'update', changes: { ...changesOf(current, after, { omit: EXTERNAL_OMIT }), ...passwordSet(!!b.password) } })
  return after
}

export async function deleteExternal(q: Queryable, clientId: number, id: number, actor: Actor) {
  await assertClient(q, clientId)
  const [row] = await q.query<ExternalRow>(`delete from external_api_credentials where client_id = $1 and id = $2 returning *`, [clientId, id])
  if (!row) throw notFound(CLIENT_MSG.externalNotFound)
  await record(q, actor, { entity: 'external_credential', entityId: id, action: 'delete', changes: changesOf(toExternal(row, null), null, { omit: EXTERNAL_OMIT }) })
}

/** Revokes a credential: the integration API refuses it from now on (tokens it got included); kept for the record. */
export async function revokeExternal(q: Queryable, vault: Vault, clientId: number, id: number, actor: Actor) {
  await assertClient(q, clientId)
  const rows = await q.query(`update external_api_credentials set revoked_at = coalesce(revoked_at, now()) where client_id = $1 and id = $2 returning id`, [clientId, id])
  if (!rows.length) throw notFound(CLIENT_MSG.externalNotFound)
  await q.query(`delete from integration_tokens where credential_id = $1`, [id])
  const after = await externalCredential(q, vault, clientId, id)
  await record(q, actor, { entity: 'external_credential', entityId: id, action: 'deactivate', changes: changesOf({ revoked_at: null }, { revoked_at: after.revoked_at }) })
  return after
}

export const courierList = (q: Queryable) => q.query<{ id: number; name: string; code: string; country_id: number }>(`select id, name, code, country_id from couriers order by id`)

/**
 * A new client; with the operator's default access data its DPD account is pinned as the main
 * one, and the IAI password stored.
 */
export async function openClient(db: Db, vault: Vault, body: ClientCreateRequest, actor: Actor): Promise<Client> {
  return db.tx(async (q) => {
    const id = await createClient(q, body)
    const defaults = defaultDpdAccess()
    const password = body.dpd_api_password || (body.dpd_system_id === defaults.dpd_system_id ? defaults.dpd_api_password : '')
    if (body.dpd_system_id && password) await pinDefaultAccount(q, vault, id, body.dpd_system_id, password, body.out_service ?? '', actor)
    if (body.iai_password) await storeIaiPassword(q, vault, id, body.iai_password)
    await auditClient(q, actor, id, 'create', null)
    return getClient(q, id)
  })
}
