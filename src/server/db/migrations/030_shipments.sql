-- Shipments area (docs/domain.md "Shipments, listing, tracking", "Exports (reports)"): courier routes for registration, problems, exports, and the listing's indexes.

-- ---- courier routes: which courier serves a country and delivery service -------------------------
-- Registration of a shipment with its courier picks the route of the foreign party's country and
-- the service: for deliveries (1, 3) the last-mile courier, for returns (2, 4) the first-mile
-- courier (the last mile of a return is the operator). No route, or a courier code no courier
-- has → SHIPMENT_REGISTRATION_FAILED. Countries and couriers are named by their codes: both are
-- seed data, absent when this runs on a new database.
create table courier_routes (
  country_iso text not null,
  delivery_service smallint not null check (delivery_service between 1 and 4),
  courier_code text not null,
  primary key (country_iso, delivery_service)
);
insert into courier_routes (country_iso, delivery_service, courier_code) values
  ('RO', 1, 'dpd_romania'), ('RO', 2, 'dpd_romania'), ('RO', 3, 'sameday_romania'), ('RO', 4, 'sameday_romania'),
  ('HU', 1, 'gls_hungary'), ('HU', 2, 'gls_hungary'), ('HU', 3, 'gls_hungary'), ('HU', 4, 'gls_hungary'),
  ('BG', 1, 'speedy_bulgaria'), ('BG', 2, 'speedy_bulgaria'), ('BG', 3, 'speedy_bulgaria'), ('BG', 4, 'speedy_bulgaria');

-- ---- problems recognised on shipments (the shipment's internal-info tab and the listing's problem-rule filter) -----------
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

-- ---- exports (reports ordered from the listing) ---------------------------------
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

-- ---- listing: default order created_at desc, id desc; an index behind every filter ----------
-- The country a shipment is about: the recipient's, for returns the sender's (criteria.country).
alter table shipments add column country_id int generated always as (case when is_return then origin_country_id else destination_country_id end) stored;

-- The shipment's filter columns copied onto its parcels, so the parcel list filters one table
-- through one index (a join per scanned row costs too much on big pages). Kept by triggers: a
-- parcel takes them from its shipment when inserted or moved; a shipment's change reaches its parcels.
alter table parcels
  add column country_id int,
  add column delivery_service smallint,
  add column cod boolean not null default false,
  add column first_mile_courier_id int,
  add column last_mile_courier_id int;

create function parcels_from_shipment() returns trigger language plpgsql as $$
begin
  if new.shipment_id is null then
    new.country_id := null; new.delivery_service := null; new.cod := false;
    new.first_mile_courier_id := null; new.last_mile_courier_id := null;
  else
    select s.country_id, s.delivery_service, s.cash_on_delivery_value > 0, s.first_mile_courier_id, s.last_mile_courier_id
      into new.country_id, new.delivery_service, new.cod, new.first_mile_courier_id, new.last_mile_courier_id
      from shipments s where s.id = new.shipment_id;
  end if;
  return new;
end $$;
create trigger parcels_from_shipment before insert or update of shipment_id on parcels
  for each row execute function parcels_from_shipment();

create function shipments_to_parcels() returns trigger language plpgsql as $$
begin
  update parcels set country_id = new.country_id, delivery_service = new.delivery_service, cod = new.cash_on_delivery_value > 0,
         first_mile_courier_id = new.first_mile_courier_id, last_mile_courier_id = new.last_mile_courier_id
   where shipment_id = new.id;
  return null;
end $$;
create trigger shipments_to_parcels after update of is_return, origin_country_id, destination_country_id, delivery_service,
    cash_on_delivery_value, first_mile_courier_id, last_mile_courier_id on shipments
  for each row when (old.country_id is distinct from new.country_id or old.delivery_service is distinct from new.delivery_service
                     or (old.cash_on_delivery_value > 0) is distinct from (new.cash_on_delivery_value > 0)
                     or old.first_mile_courier_id is distinct from new.first_mile_courier_id
                     or old.last_mile_courier_id is distinct from new.last_mile_courier_id)
  execute function shipments_to_parcels();

-- Parcels already in the database take their shipment's values once.
update parcels p set country_id = s.country_id, delivery_service = s.delivery_service, cod = s.cash_on_delivery_value > 0,
       first_mile_courier_id = s.first_mile_courier_id, last_mile_courier_id = s.last_mile_courier_id
  from shipments s where s.id = p.shipment_id;

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
create index parcels_country_list_idx on parcels (country_id, created_at desc, id desc);
create index parcels_service_list_idx on parcels (delivery_service, created_at desc, id desc);
create index parcels_cod_list_idx on parcels (created_at desc, id desc) where cod;
create index parcels_last_mile_list_idx on parcels (last_mile_courier_id, created_at desc, id desc);
create index parcels_first_mile_list_idx on parcels (first_mile_courier_id, created_at desc, id desc) where first_mile_courier_id is not null;

-- shipments (list type 'shipments', and the shipment columns of the parcel list).
create index shipments_list_idx on shipments (created_at desc, id desc) where deleted_at is null;
create index shipments_list_deleted_idx on shipments (created_at desc, id desc) where deleted_at is not null;
create index shipments_client_list_idx on shipments (client_id, created_at desc, id desc);
create index shipments_country_list_idx on shipments (country_id, created_at desc, id desc);
create index shipments_service_list_idx on shipments (delivery_service, created_at desc, id desc);
create index shipments_cod_list_idx on shipments (created_at desc, id desc) where cash_on_delivery_value > 0;
create index shipments_last_mile_idx on shipments (last_mile_courier_id, created_at desc, id desc);
create index shipments_first_mile_idx on shipments (first_mile_courier_id, created_at desc, id desc) where first_mile_courier_id is not null;
