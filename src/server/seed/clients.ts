import { SANDBOX_ACCOUNT } from '../domain/clientsCourierApi.ts'
import type { Queryable } from '../db/db.ts'

/**
 * The clients part of the demo data (the clients themselves are seeded with the users): Demo Shop
 * SRL's parameters, price band, DPD account (sandbox / sandbox123, courier 2) and external API
 * credential (DEMO_API_CREDENTIAL, API access on), and the
 * operational price lists the client card lists. Sofia EOOD has no list of its own and there is
 * no default list for Bulgaria. The shipments that make the volume classes differ are the
 * warehouse part's ordinary shipments (Demo Shop SRL gets about a third of them).
 *
 * The account password is written as plaintext marked for sealing; the server encrypts it with
 * the installation's key when it starts (the seed does not know the key).
 */
/** Demo Shop's external API credential (its shop system's login to the integration API, docs/integration.md). */
export const DEMO_API_CREDENTIAL = { type: 'api_v2', username: 'demoshop-api', password: 'Demo!Shop#2026api', token: 'demo-shop-integration-token-0001' } as const

async function demoShopCard(q: Queryable, seal: (plain: string) => string) {
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
    [SANDBOX_ACCOUNT.courierId, SANDBOX_ACCOUNT.username, seal(SANDBOX_ACCOUNT.password), info.contract_number, info.email, info.phone_number],
  )
  await q.query(`insert into client_courier_credentials (client_id, credential_id, is_main) values ($1, $2, true)`, [id, cred!.id])
  // The shop connects through the integration API: access on, one credential (password sealed at start).
  await q.query(`update clients set api_enabled = 1 where id = $1`, [id])
  await q.query(
    `insert into external_api_credentials (client_id, type, username, password_enc, token) values ($1, $2, $3, $4, $5)`,
    [id, DEMO_API_CREDENTIAL.type, DEMO_API_CREDENTIAL.username, seal(DEMO_API_CREDENTIAL.password), DEMO_API_CREDENTIAL.token],
  )
}

/**
 * Default income lists for Romania and Hungary (none for Bulgaria), Demo Shop's own lists, cost lists
 * per courier; every list with real thresholds and surcharges, so that the demo shipments of the
 * last 60 days charge to non-zero amounts (docs/prices.md).
 */
async function priceLists(q: Queryable) {
  await q.exec(`
    insert into operational_price_lists (id_client, type, name, special_association, begin_date, currency, specific_factors_currency, id_courier, id_country) values
      (null, 'income', 'Cennik domyślny – Rumunia', '', current_date - 180, 'PLN', 'RON', null, 1),
      (null, 'income', 'Cennik domyślny – Węgry', '', current_date - 180, 'PLN', 'HUF', null, 3),
      (null, 'cost', 'Koszty DPD Rumunia', '', current_date - 180, 'RON', 'RON', 2, 1),
      (null, 'cost', 'Koszty Sameday Rumunia', '', current_date - 180, 'RON', 'RON', 3, 1),
      (null, 'cost', 'Koszty GLS Węgry', '', current_date - 180, 'HUF', 'HUF', 4, 3),
      (null, 'cost', 'Koszty Speedy Bułgaria', '', current_date - 180, 'BGN', 'BGN', 5, 4);
    insert into operational_price_lists (id_client, type, name, special_association, begin_date, deactivated_at, currency, specific_factors_currency, id_courier, id_country)
      select c.id, v.type, v.name, v.assoc, current_date - v.age, v.deactivated, 'PLN', 'RON', v.courier, v.country
        from clients c,
             (values ('income', 'Demo Shop – Rumunia 2025', 'eMAG', 400, now() - interval '90 days', null::int, 1),
                     ('income', 'Demo Shop – Rumunia', '', 90, null::timestamptz, null::int, 1),
                     ('income', 'Demo Shop – Bułgaria', '', 90, null::timestamptz, null::int, 4),
                     ('income', 'Demo Shop – Polska', '', 90, null::timestamptz, null::int, 2),
                     ('cost', 'Demo Shop – DPD Rumunia', '', 90, null::timestamptz, 2, 1))
               as v(type, name, assoc, age, deactivated, courier, country)
       where c.name = 'Demo Shop SRL';

    -- Surcharges: income lists in PLN with cash-on-delivery and insurance in the destination's money.
    update operational_price_lists set
      cod_account_factor_type = 'percent', cod_account_factor = 1.50, cod_account_factor_minimal = 3.00, cod_account_factor_maximal = 60.00,
      insurance_account_factor_type = 'percent', insurance_account_factor = 0.50, insurance_account_factor_minimal = 1.00, insurance_account_factor_maximal = 100.00,
      oversize_account_factor = 15.00, overweight_account_factor = 1.20, multi_pack_account_factor = 8.00,
      cod_card_payment_account_factor_type = 'percent', cod_card_payment_account_factor = 1.00, cod_card_payment_account_factor_minimal = 1.00, cod_card_payment_account_factor_maximal = 30.00,
      unclaimed_account_factor = 10.00, collect_from_client_account_factor = 6.00, non_conveyable_account_factor = 20.00
     where type = 'income';
    update operational_price_lists set multi_pack_account_factor = 6.50, cod_account_factor = 1.20 where type = 'income' and name = 'Demo Shop – Rumunia';
    update operational_price_lists set
      cod_account_factor_type = 'percent', cod_account_factor = 1.00, cod_account_factor_minimal = 2.00, cod_account_factor_maximal = 40.00,
      oversize_account_factor = 10.00, overweight_account_factor = 1.00, multi_pack_account_factor = 5.00,
      unclaimed_account_factor = 8.00, collect_from_client_account_factor = 4.00, non_conveyable_account_factor = 12.00
     where type = 'cost';

    -- Base amounts by weight: income in PLN; costs in the courier's currency.
    insert into operational_price_list_thresholds (price_list_id, limiting_threshold, base_amount)
      select o.id, t.kg, round(t.amount * o.k, 2)
        from (select id, case name when 'Cennik domyślny – Rumunia' then 1.00 when 'Cennik domyślny – Węgry' then 1.10
                                   when 'Demo Shop – Rumunia' then 0.90 when 'Demo Shop – Bułgaria' then 1.05 when 'Demo Shop – Polska' then 0.60 when 'Demo Shop – Rumunia 2025' then 0.95
                                   when 'Koszty GLS Węgry' then 45.00 when 'Koszty Speedy Bułgaria' then 0.22 else 0.50 end as k
                from operational_price_lists) o,
             (values (1, 11.00), (3, 14.50), (5, 17.00), (10, 21.00), (15, 25.00), (20, 29.00), (30, 36.00)) as t(kg, amount);
  `)
}

/**
 * Sofia EOOD's shipment to Bulgaria in the middle of last month: with no Bulgarian list (neither its
 * own nor a default) its billing statement ends in no_operational_price_list_match.
 */
async function sofiaBulgaria(q: Queryable) {
  await q.exec(`
    with c as (select id from clients where name = 'Sofia EOOD'),
         at as (select date_trunc('month', now() at time zone 'Europe/Warsaw') at time zone 'Europe/Warsaw' - interval '15 days' + interval '10 hours' as t),
         snd as (insert into parties (name, private_person, contact_name, phone_prefix, phone_number, country_id, locality_name, postal_code, address_details)
                 values ('Sofia EOOD', false, 'Sofia EOOD', '+48', '321000444', 2, 'Tychy', '43-100', 'ul. Magazynowa 1') returning id),
         rcp as (insert into parties (name, private_person, phone_prefix, phone_number, country_id, locality_name, postal_code, address_details)
                 values ('Ivan Petrov', true, '+359', '881000555', 4, 'Sofia', '1000', 'bul. Vitosha 10') returning id),
         num as (select 'RE' || nextval('parcel_internal_number_seq') as n),
         sh as (insert into shipments (internal_waybill, client_id, delivery_service, sender_id, recipient_id, origin_country_id, destination_country_id,
                                       declared_content, declared_value, currency, last_mile_courier_id, correctly_requested_at, created_at)
                select num.n, c.id, 1, snd.id, rcp.id, 2, 4, 'Kosmetyki', 120, 'BGN', 5, at.t + interval '1 hour', at.t from num, c, snd, rcp, at
                returning id, internal_waybill, client_id, created_at)
    insert into parcels (shipment_id, client_id, internal_number, weight_declared, height_declared, width_declared, length_declared,
                         weight_measured, height_measured, width_measured, length_measured, created_at)
    select sh.id, sh.client_id, sh.internal_waybill, 2.4, 20, 30, 40, 2.6, 20, 30, 40, sh.created_at from sh;
  `)
}

export const clientSeedParts = [demoShopCard, priceLists, sofiaBulgaria]
