import { PLAINTEXT_PREFIX } from '../../domain/secrets.ts'
import { SANDBOX_ACCOUNT } from '../../domain/courierApi.ts'
import type { Queryable } from '../db.ts'

/**
 * The clients part of the demo data (the clients themselves are seeded with the users): Demo Shop
 * SRL's parameters, price band and DPD account (sandbox / sandbox123, courier 2), and the
 * operational price lists the client card lists. Sofia EOOD has no list of its own and there is
 * no default list for Bulgaria. The shipments that make the volume classes differ are the
 * warehouse part's ordinary shipments (Demo Shop SRL gets about a third of them).
 *
 * The account password is written as plaintext marked for sealing; the server encrypts it with
 * the installation's key when it starts (the seed does not know the key).
 */
async function demoShopCard(q: Queryable) {
  const [demo] = await q.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  const id = demo!.id
  const params: Array<[string, string]> = [
    ['ACCOUNT_PERIOD', 'monthly'],
    ['INVOICING_VAT_RATE', '23'],
    ['SHIPMENT_COUNT_VOLUME', 'A'],
    ['MARKETPLACE_NAME', 'DemoShop Marketplace'],
    ['INVOICING_EMAIL_ADDRESS', 'faktury@demoshop.example.com'],
    ['EXTERNAL_INVOICING_SYSTEM_ID', 'DS-0001'],
    ['DPD_RO_CONTACT_NAME', 'Ion Popescu'],
  ]
  for (const [code, value] of params) {
    await q.query(
      `insert into client_additional_parameters (client_id, type_id, value)
       select $1, id, $3 from client_additional_parameter_types where code = $2 on conflict (client_id, type_id) do nothing`,
      [id, code, value],
    )
  }
  await q.query(
    `insert into client_price_bands (id_client, service_id, net_price, vat_percentage, min_weight_value, max_weight_value) values ($1, '2505', 9.50, 23, 0, 5)`,
    [id],
  )
  const info = SANDBOX_ACCOUNT.info
  const [cred] = await q.query<{ id: number }>(
    `insert into courier_credentials (id_courier, id_type, username, password_enc, contract_number, email, phone_number, service, note)
     select $1, t.id, $2, $3, $4, $5, $6, 'Classic', 'Konto demonstracyjne (sandbox)' from courier_credential_types t where t.assign = 'dpd_ro_main'
     returning id`,
    [SANDBOX_ACCOUNT.courierId, SANDBOX_ACCOUNT.username, PLAINTEXT_PREFIX + SANDBOX_ACCOUNT.password, info.contract_number, info.email, info.phone_number],
  )
  await q.query(`insert into client_courier_credentials (client_id, credential_id, is_main) values ($1, $2, true)`, [id, cred!.id])
}

/** Default income lists for Romania and Hungary (none for Bulgaria), Demo Shop's own lists, cost lists per courier. */
async function priceLists(q: Queryable) {
  await q.exec(`
    insert into operational_price_lists (id_client, type, name, special_association, begin_date, currency, id_courier, id_country) values
      (null, 'income', 'Cennik domyślny – Rumunia', '', current_date - 180, 'PLN', null, 1),
      (null, 'income', 'Cennik domyślny – Węgry', '', current_date - 180, 'PLN', null, 3),
      (null, 'cost', 'Koszty DPD Rumunia', '', current_date - 180, 'RON', 2, 1),
      (null, 'cost', 'Koszty Sameday Rumunia', '', current_date - 180, 'RON', 3, 1),
      (null, 'cost', 'Koszty GLS Węgry', '', current_date - 180, 'HUF', 4, 3),
      (null, 'cost', 'Koszty Speedy Bułgaria', '', current_date - 180, 'BGN', 5, 4);
    insert into operational_price_lists (id_client, type, name, special_association, begin_date, deactivated_at, currency, id_courier, id_country)
      select c.id, v.type, v.name, v.assoc, current_date - v.age, v.deactivated, 'PLN', v.courier, v.country
        from clients c,
             (values ('income', 'Demo Shop – Rumunia 2025', '', 400, now() - interval '90 days', null::int, 1),
                     ('income', 'Demo Shop – Rumunia', 'eMAG', 90, null::timestamptz, null::int, 1),
                     ('cost', 'Demo Shop – DPD Rumunia', '', 90, null::timestamptz, 2, 1))
               as v(type, name, assoc, age, deactivated, courier, country)
       where c.name = 'Demo Shop SRL';
  `)
}

export const clientSeedParts = [demoShopCard, priceLists]
