import { type UnknownAlias, type UnknownAliasResolveRequest, resolvedTypeOf } from '../../contract/schemas/aliases.ts'
import type { Queryable } from '../db/db.ts'
import { DomainError, invalid, notFound } from './errors.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { iso } from './dates.ts'
import { ALIAS_MSG } from '../../contract/messages/aliases.ts'

/**
 * Unknown client aliases: the alias printed on a label that is not one of the
 * parcel's client's aliases is recorded at intake (once per alias while it is open), with the
 * parcel's client as the proposition. Resolving it to a client makes the alias one of that
 * client's aliases: intake then stops answering "wrong alias" for that client's parcels carrying
 * it. resolved_type is manual when the admin changed the client, proposition otherwise; the server
 * checks that the two agree. is_emag marks an e-commerce marketplace (eMAG) alias and is kept with
 * the resolution.
 */

const SELECT = `
  select a.id, a.alias, a.proposed_client_id, c.name as client_name, case when a.is_emag then 1 else 0 end as is_emag,
         p.internal_number as waybill, a.created_at
    from unknown_client_aliases a
    left join clients c on c.id = a.proposed_client_id
    left join parcels p on p.id = a.parcel_id`

type Record_ = Omit<UnknownAlias, 'created_at'> & { created_at: unknown }
const toAlias = (r: Record_): UnknownAlias => ({ ...r, created_at: iso(r.created_at) ?? '' })

/** Records the label alias of a parcel whose client does not have it (intake, wrong alias). */
export async function recordUnknownAlias(q: Queryable, parcelId: number): Promise<void> {
  await q.query(
    `insert into unknown_client_aliases (alias, proposed_client_id, parcel_id)
     select p.read_client_alias, p.client_id, p.id from parcels p where p.id = $1 and p.read_client_alias is not null
     on conflict (lower(alias)) where resolved_at is null do nothing`,
    [parcelId],
  )
}

export async function listUnknownAliases(q: Queryable): Promise<UnknownAlias[]> {
  return (await q.query<Record_>(`${SELECT} where a.resolved_at is null order by a.created_at, a.id`)).map(toAlias)
}

export async function getUnknownAlias(q: Queryable, id: number): Promise<UnknownAlias> {
  const [r] = await q.query<Record_>(`${SELECT} where a.id = $1 and a.resolved_at is null`, [id])
  if (!r) throw notFound(ALIAS_MSG.aliasNotFound)
  return toAlias(r)
}

/** An unknown alias as the audit trail keeps it: the alias, the client it was resolved to, how, and the marketplace flag. */
async function aliasView(q: Queryable, id: number) {
  const [r] = await q.query<Record<string, unknown>>(
    `select alias, proposed_client_id, resolved_client_id, resolved_type, is_emag from unknown_client_aliases where id = $1`,
    [id],
  )
  return r ?? null
}

export async function resolveUnknownAlias(q: Queryable, actor: Actor & { id: number }, input: UnknownAliasResolveRequest) {
  const userId = actor.id
  const [a] = await q.query<{ alias: string; proposed_client_id: number | null; resolved: boolean }>(
    `select alias, proposed_client_id, resolved_at is not null as resolved from unknown_client_aliases where id = $1 for update`,
    [input.id],
  )
  if (!a) throw notFound(ALIAS_MSG.aliasNotFound)
  if (a.resolved) throw new DomainError(409, { message: ALIAS_MSG.aliasAlreadyResolved })
  const [client] = await q.query(`select 1 from clients where id = $1`, [input.client_id])
  if (!client) throw invalid({ client_id: [ALIAS_MSG.clientNotFound] })
  if (input.resolved_type !== resolvedTypeOf(a.proposed_client_id, input.client_id)) throw invalid({ resolved_type: [ALIAS_MSG.aliasTypeMismatch] })
  const before = await aliasView(q, input.id)
  await q.query(
    `insert into client_aliases (client_id, alias)
     select $1, $2 where not exists (select 1 from client_aliases where client_id = $1 and lower(alias) = lower($2))`,
    [input.client_id, a.alias],
  )
  await q.query(
    `update unknown_client_aliases set resolved_client_id = $2, resolved_type = $3, is_emag = $4, resolved_by_user_id = $5, resolved_at = now() where id = $1`,
    [input.id, input.client_id, input.resolved_type, input.is_emag === 1, userId],
  )
  await record(q, actor, { entity: 'alias', entityId: input.id, action: 'resolve', changes: changesOf(before, await aliasView(q, input.id)) })
  return { message: ALIAS_MSG.aliasResolved, id: input.id, client_id: input.client_id }
}
