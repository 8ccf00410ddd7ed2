-- Operational price lists in full (docs/prices.md): the header of 050 gets its nine surcharge
-- blocks, its weight thresholds, and the exchange rates of the currencies a list may use.

-- ---- currencies and their rates -------------------------------------------------------------------
-- `pln_rate`: how many PLN one unit is worth (a mid rate kept by hand). The rate from currency A to
-- B is A.pln_rate / B.pln_rate. Reference data: the same on every database.
create table if not exists currencies (
  code text primary key,
  name text not null,
  pln_rate numeric(14, 6) not null check (pln_rate > 0)
);
insert into currencies (code, name, pln_rate) values
  ('PLN', 'złoty polski', 1),
  ('RON', 'lej rumuński', 0.870000),
  ('HUF', 'forint węgierski', 0.011000),
  ('BGN', 'lew bułgarski', 2.220000),
  ('EUR', 'euro', 4.330000)
on conflict (code) do nothing;

-- ---- surcharge blocks ------------------------------------------------------------------------------
-- Per surcharge x: {x}_account_factor_type lump_sum | percent, {x}_account_factor (the lump sum, or
-- the percent), and for percent {x}_account_factor_minimal / _maximal (bounds of the result).
do $$
declare x text;
begin
  foreach x in array array['cod', 'insurance', 'oversize', 'overweight', 'multi_pack', 'cod_card_payment', 'unclaimed', 'collect_from_client', 'non_conveyable'] loop
    execute format('alter table operational_price_lists
      add column %1$I text not null default ''lump_sum'' check (%1$I in (''lump_sum'', ''percent'')),
      add column %2$I numeric(9, 2) not null default 0 check (%2$I between 0 and 100000),
      add column %3$I numeric(9, 2) check (%3$I between 0 and 100000),
      add column %4$I numeric(9, 2) check (%4$I between 0 and 100000),
      add constraint %5$I check (%3$I is null or %4$I is null or %3$I <= %4$I)',
      x || '_account_factor_type', x || '_account_factor', x || '_account_factor_minimal', x || '_account_factor_maximal',
      'operational_price_lists_' || x || '_bounds');
  end loop;
end $$;
alter table operational_price_lists add column if not exists updated_at timestamptz not null default now();
create index if not exists operational_price_lists_country_idx on operational_price_lists (type, id_country, begin_date desc);
create index if not exists operational_price_lists_courier_idx on operational_price_lists (type, id_courier, begin_date desc);

-- ---- base amounts by weight threshold ---------------------------------------------------------------
-- A shipment pays the base amount of the first threshold at or above its accounting weight.
create table operational_price_list_thresholds (
  id serial primary key,
  price_list_id int not null references operational_price_lists(id) on delete cascade,
  limiting_threshold numeric(9, 3) not null check (limiting_threshold > 0 and limiting_threshold <= 100000),
  base_amount numeric(9, 2) not null check (base_amount between 0 and 100000),
  unique (price_list_id, limiting_threshold)
);

-- ---- accounted amounts: each charge of a shipment with its WHY ----------------------------------------
-- kind main (the shipment's first charge), after_service (charged later, e.g. unclaimed), cost
-- (what the courier charges us). `lines` holds the breakdown: [{kind, amount, note}], kind 'base'
-- or a surcharge name; amounts in `currency`. A list that charged something is "in use".
create table accounted_amounts (
  id bigserial primary key,
  shipment_id int not null references shipments(id) on delete cascade,
  kind text not null check (kind in ('main', 'after_service', 'cost')),
  amount numeric(12, 2) not null,
  currency text not null,
  specific_factors_currency text not null,
  specific_exchange_rate numeric(18, 8) not null,
  accounting_weight numeric(10, 3) not null,
  price_list_id int not null references operational_price_lists(id),
  price_list_name text not null,
  lines jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index accounted_amounts_shipment_idx on accounted_amounts (shipment_id, kind);
create index accounted_amounts_price_list_idx on accounted_amounts (price_list_id);
