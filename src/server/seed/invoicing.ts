import type { Queryable } from '../db/db.ts'

/**
 * The invoicing part of the demo data. Demo Shop SRL's parameters (monthly, external id DS-0001,
 * e-mail address) come with the clients part. Only clients with a billing period are invoiced:
 * Budapest Kft and Sofia EOOD are billed monthly too (the generated clients have no period and
 * are not invoiced). Sofia EOOD gets an external invoicing id, so its invoice gets as far as the
 * billing statement (which fails: no price list for Bulgaria); Budapest Kft has none (its invoice
 * stops at missing_client_id). No invoice exists until invoicing is triggered.
 */
async function monthlyPeriods(q: Queryable) {
  await q.query(
    `insert into client_additional_parameters (client_id, type_id, value)
     select c.id, t.id, 'monthly' from clients c, client_additional_parameter_types t
      where c.name in ('Budapest Kft', 'Sofia EOOD') and t.code = 'ACCOUNT_PERIOD'
     on conflict (client_id, type_id) do nothing`,
  )
}

async function sofiaExternalId(q: Queryable) {
  await q.query(
    `insert into client_additional_parameters (client_id, type_id, value)
     select c.id, t.id, 'SE-0004' from clients c, client_additional_parameter_types t
      where c.name = 'Sofia EOOD' and t.code = 'EXTERNAL_INVOICING_SYSTEM_ID'
     on conflict (client_id, type_id) do nothing`,
  )
}

export const invoicingSeedParts = [monthlyPeriods, sofiaExternalId]
