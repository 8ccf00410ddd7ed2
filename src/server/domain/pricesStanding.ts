import { TIME_ZONE } from '../../contract/constants/platform.ts'

/**
 * A price list's standing today (PRICE_LIST_STANDINGS), as SQL over the list aliased `o`: the same
 * rule the prices engine charges by — among the lists of one type, owner (client or default),
 * country (income) or courier (cost) and special association, the one begun on or before today and
 * not deactivated with the newest begin date (then the newest id) is in force.
 */
const TODAY = `(now() at time zone '${TIME_ZONE}')::date`
const BEGUN_LIVE = (a: string) => `(${a}.deactivated_at is null and ${a}.begin_date <= ${TODAY})`
const NEWER_IN_FORCE = `exists (
  select 1 from operational_price_lists n
   where n.type = o.type and n.id_client is not distinct from o.id_client and n.special_association = o.special_association
     and n.id_country is not distinct from o.id_country and n.id_courier is not distinct from o.id_courier
     and ${BEGUN_LIVE('n')} and (n.begin_date > o.begin_date or (n.begin_date = o.begin_date and n.id > o.id)))`

/** Whether `o` is the list in force today. */
export const IN_FORCE_SQL = `(${BEGUN_LIVE('o')} and not ${NEWER_IN_FORCE})`

/** `o`'s standing: in_force, future, superseded or deactivated. */
export const STANDING_SQL = `case
  when o.deactivated_at is not null then 'deactivated'
  when o.begin_date > ${TODAY} then 'future'
  when ${NEWER_IN_FORCE} then 'superseded'
  else 'in_force' end`
