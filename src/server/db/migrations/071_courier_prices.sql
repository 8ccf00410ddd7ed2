-- Courier prices (the /prices screen): what a courier's service costs per weight range, with the
-- insurance ceiling and the handling flags of the service. Every bound 0 to 100.
create table courier_prices (
  id serial primary key,
  id_courier int not null references couriers(id),
  net_price numeric(5, 2) not null check (net_price between 0 and 100),
  vat_percentage numeric(5, 2) not null check (vat_percentage between 0 and 100),
  max_insurance_value numeric(5, 2) not null check (max_insurance_value between 0 and 100),
  min_weight_value numeric(5, 2) not null check (min_weight_value between 0 and 100),
  max_weight_value numeric(5, 2) not null check (max_weight_value between 0 and 100),
  this_side_up boolean not null default false,
  liquid boolean not null default false,
  not_expose_to_frost boolean not null default false,
  cash_on_delivery boolean not null default false,
  caution boolean not null default false,
  updated_at timestamptz not null default now(),
  check (min_weight_value <= max_weight_value)
);
create index courier_prices_courier_idx on courier_prices (id_courier, min_weight_value);
