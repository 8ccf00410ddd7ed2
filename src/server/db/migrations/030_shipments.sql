-- Shipments area (S3 §2.2, §3, §4, §7; S2 §2 listing; DOMAIN "Data", "Group status change",
-- "Exports"): courier routes for registration, problems, exports, and the listing's indexes.

-- ---- courier routes: which courier serves a country and delivery service -------------------------
-- Registration of a shipment with its courier picks the route of the foreign party's country and
-- the service: for deliveries (1, 3) the last-mile courier, for returns (2, 4) the first-mile
-- courier (the last mile of a return is the operator). No route → SHIPMENT_REGISTRATION_FAILED.
-- Rows come with the seed (couriers are seed data).
create table courier_routes (
  country_id int not null references countries(id),
  delivery_service smallint not null check (delivery_service between 1 and 4),
  courier_id int not null references couriers(id),
  primary key (country_id, delivery_service)
);

-- ---- problems recognised on shipments (S3 §2.2 internal info, §3; S2 §3 problem rules) -----------
create table problem_rules (
  code text primary key,
  name text not null
);
insert into problem_rules (code, name) values
  ('SHIPMENT_NOT_ACCOUNTED', 'SHIPMENT_NOT_ACCOUNTED'),
  ('SHIPMENT_REGISTRATION_FAILED', 'SHIPMENT_REGISTRATION_FAILED'),
  ('SHIPMENT_NOT_MAIN_INVOICED', 'SHIPMENT_NOT_MAIN_INVOICED'),
  ('SHIPMENT_NOT_AFTER_SERVICE_INVOICED', 'SHIPMENT_NOT_AFTER_SERVICE_INVOICED');

create table problems (
  id serial primary key,
  rule_code text not null references problem_rules(code),
  shipment_id int references shipments(id) on delete cascade,
  parcel_id int references parcels(id) on delete cascade,
  status text not null default 'reported' check (status in ('reported', 'resolved')),
  -- What the rule saw (e.g. the registration request and the courier's answer), shown base64-encoded.
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by_user_id int references users(id)
);
create index problems_shipment_idx on problems (shipment_id, created_at desc);
-- The admin's problem-rule filter: shipments with a reported problem of a rule.
create index problems_rule_idx on problems (rule_code, shipment_id) where status = 'reported';

-- ---- parcels: marketplace flag of a parcel given a new buffer number --------------------------------
alter table parcels add column is_emag boolean not null default false;

-- ---- exports (reports ordered from the listing; DOMAIN "Exports") ---------------------------------
create table exports (
  id serial primary key,
  uuid text not null unique,
  type text not null,
  user_id int not null references users(id),
  -- Set for a client's export: only that client may read it.
  client_id int references clients(id),
  criteria jsonb not null default '{}',
  status text not null default 'order_accepted'
    check (status in ('order_accepted', 'accounting', 'validated', 'validation_error', 'generated', 'downloaded', 'verified', 'file_deleted', 'internal_error')),
  row_count int not null default 0,
  file bytea,
  file_name text,
  error_message text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  downloaded_at timestamptz
);
create index exports_user_idx on exports (user_id, created_at desc);

-- ---- listing (S2 §2): default order created_at desc, id desc; an index behind every filter ----------
-- The country a shipment is about: the recipient's, for returns the sender's (criteria.country).
alter table shipments add column country_id int generated always as (case when is_return then origin_country_id else destination_country_id end) stored;

drop index if exists parcels_created_idx;
drop index if exists parcels_client_created_idx;
drop index if exists shipments_created_idx;
drop index if exists shipments_client_created_idx;

-- parcels (list type 'parcels'): keyset-friendly (created_at, id) in every index.
create index parcels_list_idx on parcels (created_at desc, id desc) where deleted_at is null;
create index parcels_list_deleted_idx on parcels (created_at desc, id desc) where deleted_at is not null;
create index parcels_client_list_idx on parcels (client_id, created_at desc, id desc);
create index parcels_status_list_idx on parcels (last_status_type_id, created_at desc, id desc);
create index parcels_unprocessable_idx on parcels (created_at desc, id desc) where not processable;
create index parcels_sector_list_idx on parcels (problematic_sector_id, created_at desc, id desc) where problematic_sector_id is not null;
create index parcels_shipment_created_idx on parcels (shipment_id, created_at desc);

-- shipments (list type 'shipments', and the shipment columns of the parcel list).
create index shipments_list_idx on shipments (created_at desc, id desc) where deleted_at is null;
create index shipments_list_deleted_idx on shipments (created_at desc, id desc) where deleted_at is not null;
create index shipments_client_list_idx on shipments (client_id, created_at desc, id desc);
create index shipments_country_list_idx on shipments (country_id, created_at desc, id desc);
create index shipments_service_list_idx on shipments (delivery_service, created_at desc, id desc);
create index shipments_cod_list_idx on shipments (created_at desc, id desc) where cash_on_delivery_value > 0;
create index shipments_last_mile_idx on shipments (last_mile_courier_id, created_at desc, id desc);
create index shipments_first_mile_idx on shipments (first_mile_courier_id, created_at desc, id desc) where first_mile_courier_id is not null;
