import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { ROLE } from '../../contract/constants/access.ts'
import { INTEGRATION } from '../../contract/constants/integration.ts'
import { TIME_ZONE } from '../../contract/constants/platform.ts'
import { INTEGRATION_MSG } from '../../contract/messages/integration.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import type {
  ChangesReply, IntegrationShipmentRequest, QuoteReply, QuoteRequest, TokenReply, TokenRequest,
} from '../../contract/schemas/integration.ts'
import { ShipmentCreateRequest } from '../../contract/schemas/shipments.ts'
import { decode } from '../../contract/validation.ts'
import type { Db, Queryable } from '../db/db.ts'
import type { SessionUser } from './context.ts'
import { iso } from './dates.ts'
import { DomainError, invalid } from './errors.ts'
import { loadPricer } from './pricing/store.ts'
import type { Vault } from './secrets.ts'
import { createShipmentIn } from './shipments.ts'
import { countAttempt, limitersFor, storeClient } from './throttle.ts'

/**
 * The integration API's rules (docs/integration.md): a client's external API credential opens it —
 * exchanged for a short-lived token, or its stored token used directly — only while the credential
 * is not revoked, its client is live with API access on (`api_enabled = 1`), and the call comes
 * from an address of the credential's `ip` list when it has one. Everything is scoped to that
 * client. Creates are idempotent per client and key; every call is counted per credential (429)
 * and logged with it.
 */

/** Who calls: the credential and its client. */
export interface IntegrationCaller {
  credentialId: number
  clientId: number
}

const refused = (status: number, message: string) => new DomainError(status, { message })
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

interface CredentialRow {
  id: number
  client_id: number
  username: string
  password_enc: string | null
  token: string
  ip: string
  revoked: boolean
  api_enabled: number
  client_live: boolean
}
const CREDENTIAL_SELECT = `
  select e.id, e.client_id, e.username, e.password_enc, e.token, e.ip, e.revoked_at is not null as revoked,
         c.api_enabled, c.deleted_at is null as client_live
    from external_api_credentials e join clients c on c.id = e.client_id`

/** The address as compared: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is its IPv4 address. */
const plainAddress = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip)

/** Whether `ip` is in the credential's list (addresses or CIDR ranges, separated by commas or spaces); an empty list allows any. */
export function addressAllowed(list: string, ip: string): boolean {
  const entries = list.split(/[\s,]+/).filter(Boolean)
  if (!entries.length) return true
  const addr = plainAddress(ip)
  const family = isIP(addr)
  if (!family) return false
  const allowed = new BlockList()
  for (const e of entries) {
    const [base, bits] = e.split('/')
    const f = isIP(base ?? '')
    if (!f) continue
    const type = f === 6 ? 'ipv6' : 'ipv4'
    if (bits !== undefined && /^\d+$/.test(bits)) allowed.addSubnet(base!, Number(bits), type)
    else if (bits === undefined) allowed.addAddress(base!, type)
  }
  return allowed.check(addr, family === 6 ? 'ipv6' : 'ipv4')
}

/** The checks every use of a credential passes, in the order a caller can act on them. */
function admit(c: CredentialRow, ip: string): IntegrationCaller {
  if (c.revoked) throw refused(403, INTEGRATION_MSG.revoked)
  if (!c.client_live) throw refused(403, INTEGRATION_MSG.clientBlocked)
  if (c.api_enabled !== 1) throw refused(403, INTEGRATION_MSG.apiDisabled)
  if (!addressAllowed(c.ip, ip)) throw refused(403, INTEGRATION_MSG.ipNotAllowed(plainAddress(ip)))
  return { credentialId: c.id, clientId: c.client_id }
}

const sameSecret = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'))

// ---- rate limit --------------------------------------------------------------------------------------

const limiters = new WeakMap<Db, RateLimiterPostgres>()
function limiterOf(db: Db) {
  let l = limiters.get(db)
  if (!l) {
    l = new RateLimiterPostgres({
      storeClient: storeClient(db),
      storeType: 'client',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'integration',
      points: INTEGRATION.rateLimitPoints,
      duration: INTEGRATION.rateLimitWindowSeconds,
    })
    limiters.set(db, l)
  }
  return l
}

/** Counts one call of the credential; 429 with Retry-After past the limit. */
export async function countCall(db: Db, credentialId: number): Promise<void> {
  try {
    await limiterOf(db).consume(String(credentialId))
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e
    const seconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000))
    throw new DomainError(429, { message: INTEGRATION_MSG.tooManyCalls(seconds) }, { 'Retry-After': String(seconds) })
  }
}

// ---- tokens ------------------------------------------------------------------------------------------

/**
 * POST integration/v1/token: username + password (or the credential's token) → a bearer token
 * valid INTEGRATION.tokenTtlSeconds. Wrong login → 401 (too many → 429, as people's sign-in);
 * revoked, API off, blocked client or an address not allowed → 403.
 */
export async function exchangeToken(db: Db, vault: Vault, body: TokenRequest, ip: string): Promise<{ reply: TokenReply; caller: IntegrationCaller }> {
  const username = body.username?.trim() ?? ''
  const password = body.password ?? ''
  const given = body.token?.trim() ?? ''
  let row: CredentialRow | undefined
  if (username) {
    if (!password) throw invalid({ password: [INTEGRATION_MSG.loginRequired] })
    // Guessing protection as for people's sign-in: counted first, per login and per address; a
    // right password clears the login's failures and gives the address its attempt back.
    const limits = limitersFor(db)
    const account = `api:${username.toLowerCase()}`
    await countAttempt([limits.loginAccount, account], [limits.loginAddress, ip])
    ;[row] = await db.query<CredentialRow>(`${CREDENTIAL_SELECT} where lower(e.username) = lower($1)`, [username])
    let ok = false
    if (row?.password_enc) {
      try {
        ok = sameSecret(vault.decrypt(row.password_enc), password)
      } catch {
        ok = false // unreadable with this key: the password must be entered again
      }
    }
    if (!row || !ok) throw refused(401, INTEGRATION_MSG.wrongLogin)
    await Promise.all([limits.loginAccount.delete(account), limits.loginAddress.reward(ip)])
  } else if (given) {
    ;[row] = await db.query<CredentialRow>(`${CREDENTIAL_SELECT} where e.token = $1`, [given])
    if (!row) throw refused(401, INTEGRATION_MSG.wrongToken)
  } else {
    throw invalid({ username: [INTEGRATION_MSG.loginRequired] })
  }
  const caller = admit(row, ip)
  await countCall(db, caller.credentialId)
  const access = randomBytes(32).toString('base64url')
  await db.query(`delete from integration_tokens where expires_at < now()`)
  await db.query(
    `insert into integration_tokens (token_hash, credential_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(access), caller.credentialId, INTEGRATION.tokenTtlSeconds],
  )
  return { reply: { access_token: access, token_type: 'Bearer', expires_in: INTEGRATION.tokenTtlSeconds, client_id: caller.clientId }, caller }
}

/**
 * The caller of a bearer call: a token from the exchange (not expired), or a credential's stored
 * token. The credential is checked again on every call, so revoking it or turning the client's
 * API access off takes effect at once.
 */
export async function authenticate(db: Db, bearer: string | null, ip: string): Promise<IntegrationCaller> {
  if (!bearer) throw refused(401, INTEGRATION_MSG.tokenMissing)
  const [row] = await db.query<CredentialRow>(
    `${CREDENTIAL_SELECT}
      where e.id = (select t.credential_id from integration_tokens t where t.token_hash = $1 and t.expires_at > now())
         or e.token = $2
      limit 1`,
    [sha256(bearer), bearer],
  )
  if (!row) throw refused(401, INTEGRATION_MSG.tokenExpired)
  return admit(row, ip)
}

/**
 * Records one call with its credential and marks the credential used (shown on the client card).
 * A NUL in the decoded path is kept as `%00` (PostgreSQL text cannot hold it).
 */
export async function logCall(db: Db, caller: IntegrationCaller | null, call: { method: string; path: string; status: number; ip: string }) {
  await db.query(
    `insert into integration_calls (credential_id, client_id, method, path, status, ip) values ($1, $2, $3, $4, $5, $6)`,
    [caller?.credentialId ?? null, caller?.clientId ?? null, call.method, call.path.replaceAll('\u0000', '%00'), call.status, call.ip],
  )
  if (caller) await db.query(`update external_api_credentials set last_used_at = now() where id = $1`, [caller.credentialId])
}

/** The caller as the shipment rules see it: a client of its own client, no user. */
export const callerAsUser = (caller: IntegrationCaller): SessionUser => ({ id: 0, email: '', role: ROLE.client, client_id: caller.clientId })

// ---- shipments ---------------------------------------------------------------------------------------

/** The integration body as the form's request (decimal strings → numbers), checked with the form's schema. */
export function toCreateRequest(body: IntegrationShipmentRequest): ShipmentCreateRequest {
  const raw = {
    ...body,
    client_id: null,
    content: {
      declared_content: body.content.declared_content,
      declared_value: Number(body.content.declared_value),
      cash_on_delivery_value: Number(body.content.cash_on_delivery_value),
      currency: body.content.currency ?? '',
    },
    parcels: body.parcels.map((p) => ({
      in_shipment_order: p.in_shipment_order,
      weight: { declared: Number(p.weight.declared) },
      dimensions: {
        declared: {
          height: Number(p.dimensions.declared.height),
          width: Number(p.dimensions.declared.width),
          length: Number(p.dimensions.declared.length),
        },
      },
    })),
  }
  const d = decode(ShipmentCreateRequest, raw)
  if (!d.ok) throw invalid(d.errors)
  return d.value
}

/** The same JSON for the same value, whatever the order of its keys. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`
  }
  return JSON.stringify(v)
}

export interface Answer {
  status: number
  body: unknown
  replayed: boolean
}

/**
 * Runs a create once per (client, key), after the IETF httpapi idempotency draft: the first
 * request claims the key (pending) and records its answer in the transaction that makes the
 * shipment, so a retry gets that answer and no second shipment; the same key with another body →
 * 422; while the first is still running → 409. A refused create frees the key (nothing was made).
 * Keys are kept INTEGRATION.idempotencyKeepHours; a pending claim older than the timeout belongs
 * to a request that died and is taken over.
 */
export async function idempotentCreate(
  db: Db,
  caller: IntegrationCaller,
  key: string,
  body: unknown,
  run: (q: Queryable) => Promise<{ status: number; body: unknown }>,
): Promise<Answer> {
  const hash = sha256(canonical(body))
  const prior = await db.tx(async (q) => {
    await q.query(
      `delete from integration_idempotency_keys
        where client_id = $1 and (created_at < now() - make_interval(hours => $2)
              or (key = $3 and state = 'pending' and created_at < now() - make_interval(secs => $4)))`,
      [caller.clientId, INTEGRATION.idempotencyKeepHours, key, INTEGRATION.idempotencyPendingTimeoutSeconds],
    )
    const claimed = await q.query(
      `insert into integration_idempotency_keys (client_id, key, request_hash, state, credential_id) values ($1, $2, $3, 'pending', $4)
       on conflict (client_id, key) do nothing returning key`,
      [caller.clientId, key, hash, caller.credentialId],
    )
    if (claimed.length) return null
    const [row] = await q.query<{ request_hash: string; state: string; status: number | null; body: unknown }>(
      `select request_hash, state, status, body from integration_idempotency_keys where client_id = $1 and key = $2`,
      [caller.clientId, key],
    )
    return row ?? null
  })
  if (prior) {
    if (prior.request_hash !== hash) throw refused(422, INTEGRATION_MSG.keyReused)
    if (prior.state !== 'done') throw refused(409, INTEGRATION_MSG.keyInFlight)
    const stored = typeof prior.body === 'string' ? JSON.parse(prior.body) : prior.body
    return { status: prior.status ?? 200, body: stored, replayed: true }
  }
  try {
    const out = await db.tx(async (q) => {
      const answer = await run(q)
      await q.query(
        `update integration_idempotency_keys set state = 'done', status = $3, body = $4::jsonb where client_id = $1 and key = $2`,
        [caller.clientId, key, answer.status, JSON.stringify(answer.body)],
      )
      return answer
    })
    return { ...out, replayed: false }
  } catch (e) {
    await db.query(`delete from integration_idempotency_keys where client_id = $1 and key = $2 and state = 'pending'`, [caller.clientId, key])
    throw e
  }
}

/** POST integration/v1/shipments: the form's create, for the caller's client, idempotent by key. */
export async function createIntegrationShipment(db: Db, caller: IntegrationCaller, key: string | undefined, body: IntegrationShipmentRequest): Promise<Answer> {
  const k = key?.trim() ?? ''
  if (!k) throw invalid({ [INTEGRATION.idempotencyHeader]: [INTEGRATION_MSG.keyRequired] })
  if (k.length > INTEGRATION.idempotencyKeyMaxLength) throw invalid({ [INTEGRATION.idempotencyHeader]: [INTEGRATION_MSG.keyTooLong] })
  const request = toCreateRequest(body)
  const user = callerAsUser(caller)
  return idempotentCreate(db, caller, k, body, async (q) => ({
    status: 201,
    body: await createShipmentIn(q, { ...user, id: null }, request),
  }))
}

// ---- changes since a cursor --------------------------------------------------------------------------

/**
 * GET integration/v1/changes: the caller's shipments with a status row (creation, every status,
 * removal) after the cursor — the id of the status history, which only grows — oldest change
 * first, each once with its newest status. `next_cursor` continues after the page.
 */
export async function changesSince(q: Queryable, caller: IntegrationCaller, query: { cursor?: string | undefined; limit?: string | undefined }): Promise<ChangesReply> {
  const cursor = query.cursor ?? '0'
  const limit = Math.min(INTEGRATION.changesPageMax, Math.max(1, Number(query.limit ?? INTEGRATION.changesPageDefault) || INTEGRATION.changesPageDefault))
  const rows = await q.query<{
    id: number; internal_waybill: string; delivery_service: number; deleted: boolean; cursor: string
    status: string | null; status_code: string | null; status_at: unknown
  }>(
    `select s.id, s.internal_waybill, s.delivery_service, s.deleted_at is not null as deleted, m.cursor::text as cursor,
            st.displayed_name as status, st.code as status_code, fp.last_status_at as status_at
       from (select p.shipment_id, max(h.id) as cursor
               from parcel_status_history h join parcels p on p.id = h.parcel_id
              where h.id > $2::bigint and p.client_id = $1 and p.shipment_id is not null
              group by p.shipment_id) m
       join shipments s on s.id = m.shipment_id and s.client_id = $1
       left join lateral (select p.last_status_type_id, p.last_status_at from parcels p
                           where p.shipment_id = s.id order by p.in_shipment_order, p.id limit 1) fp on true
       left join status_types st on st.id = fp.last_status_type_id
      order by m.cursor
      limit $3`,
    [caller.clientId, cursor, limit + 1],
  )
  const page = rows.slice(0, limit)
  return {
    changes: page.map((r) => ({
      id: r.id, internal_waybill: r.internal_waybill, delivery_service: r.delivery_service, status: r.status, status_code: r.status_code,
      status_at: iso(r.status_at), deleted: r.deleted, cursor: r.cursor,
    })),
    next_cursor: page.length ? page[page.length - 1]!.cursor : cursor,
    has_more: rows.length > limit,
  }
}

// ---- price quote -------------------------------------------------------------------------------------

/**
 * POST integration/v1/quote: what billing would charge today for a shipment of the caller's
 * client with these parcels (declared weights and dimensions, as billing takes them when nothing
 * was measured), from the same engine and lists (pricing/), with its breakdown.
 */
export async function quote(q: Queryable, caller: IntegrationCaller, b: QuoteRequest): Promise<QuoteReply> {
  const [place] = await q.query<{ currency: string; courier_id: number | null; allowed: boolean; today: string }>(
    `select co.currency, rc.id as courier_id, co.id = any(c.allowed_countries) as allowed,
            to_char((now() at time zone '${TIME_ZONE}')::date, 'YYYY-MM-DD') as today
       from countries co
       join clients c on c.id = $3
       left join courier_routes r on r.country_iso = co.iso_code and r.delivery_service = $2
       left join couriers rc on rc.code = r.courier_code
      where co.id = $1`,
    [b.country_id, b.delivery_service, caller.clientId],
  )
  if (!place) throw invalid({ country_id: [INTEGRATION_MSG.countryUnknown] })
  if (!place.allowed) throw new DomainError(451, { message: SHIPMENT_MSG.countryNotAllowed })
  if (place.courier_id == null) throw invalid({ delivery_service: [INTEGRATION_MSG.noRoute] })
  const pricer = await loadPricer(q, { clientId: caller.clientId, from: place.today, to: place.today })
  const isReturn = b.delivery_service === 2 || b.delivery_service === 4
  const result = pricer.charge({
    shipmentId: 0,
    internalWaybill: '',
    clientId: caller.clientId,
    countryId: b.country_id,
    courierId: place.courier_id,
    chargedOn: place.today,
    parcels: b.parcels.map((p, i) => ({
      internalNumber: String(i + 1),
      weight: Number(p.weight) > 0 ? p.weight : null,
      length: Number(p.dimensions.length) > 0 ? p.dimensions.length : null,
      width: Number(p.dimensions.width) > 0 ? p.dimensions.width : null,
      height: Number(p.dimensions.height) > 0 ? p.dimensions.height : null,
    })),
    deliveryService: b.delivery_service,
    isReturn,
    isEmag: false,
    codValue: b.cash_on_delivery_value ?? '0',
    declaredValue: b.declared_value ?? '0',
    currency: place.currency,
  })
  if (!result.ok) throw new DomainError(422, { message: result.type === 'no_operational_price_list_match' ? INTEGRATION_MSG.noPriceList : INTEGRATION_MSG.quoteFailed })
  const main = result.amounts.find((a) => a.kind === 'main')
  if (!main) throw new DomainError(422, { message: INTEGRATION_MSG.noPriceList })
  return {
    amount: main.amount,
    currency: main.currency,
    accounting_weight: main.accountingWeight,
    price_list: { id: main.priceListId, name: main.priceListName },
    lines: main.lines.map((l) => ({ kind: l.kind, amount: l.amount, note: l.note })),
  }
}
