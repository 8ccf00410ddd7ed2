-- Warehouse floor: couriers, status types, problem sectors, shipments and parcels, status
-- history, external inbound, sorting buckets, file tokens ("Workstations",
-- "Intake scan", "Classification", "Problem resolution", "External inbound").
-- Tables other areas share (couriers, client parameters, client aliases) are created only if
-- absent, so an area that needs them first can own them.

-- ---- couriers ------------------------------------------------------------------------------
-- 1 is the operator itself; 2 DPD Romania (default for credentials); Sameday Romania; HU and BG.
create table if not exists couriers (
  id int primary key,
  name text not null,
  code text not null unique,
  country_id int references countries(id)
);
-- A courier whose hand-over waybills external inbound recognises by their form (DOMAIN
-- "Numbers and barcodes"): a POSIX regular expression, null = not a hand-over courier.
alter table couriers add column if not exists inbound_pattern text;

-- ---- client parameters and aliases ---------------------------------------------------
create table if not exists client_additional_parameter_types (
  id serial primary key,
  code text not null unique,
  name text not null
);
create table if not exists client_additional_parameters (
  id serial primary key,
  client_id int not null references clients(id) on delete cascade,
  type_id int not null references client_additional_parameter_types(id),
  value text not null default '',
  unique (client_id, type_id)
);
create table if not exists client_aliases (
  id serial primary key,
  client_id int not null references clients(id) on delete cascade,
  alias text not null
);
create index if not exists client_aliases_client_idx on client_aliases (client_id, lower(alias));
create index if not exists clients_phone_idx on clients (phone_number);

-- ---- warehouse frame additions ---------------------------------------------------------------
-- Roles that may work at a workstation type (406 otherwise).
alter table workstation_types add column allowed_roles smallint[] not null default '{0,1}';
-- Workstations are deleted softly: status history and workflows keep pointing at them.
alter table workstations add column deleted_at timestamptz;
alter table workstations drop constraint workstations_code_key;
create unique index workstations_code_live_key on workstations (code) where deleted_at is null;
create index workstations_list_idx on workstations (warehouse_id, workstation_type_id, code) where deleted_at is null;
-- Scans accepted during the workflow (the per-session counter the scanning screens show).
alter table workflows add column accepted_scans int not null default 0;
create index workflows_workstation_idx on workflows (workstation_id, start_at desc);
create index workflows_user_idx on workflows (user_id, start_at desc);

-- ---- status types -------------------------------------------------------------
create table status_type_groups (
  id int primary key,
  identifier text not null unique,
  name text not null
);
create table status_types (
  id int primary key,
  name text not null,
  displayed_name text not null,
  displayed_name_ro text not null,
  internal smallint not null default 0 check (internal in (0, 1)),
  id_courier int not null references couriers(id),
  system_id text unique,
  code text,
  status_type_group_id int references status_type_groups(id)
);
create sequence status_types_id_seq start 1000 owned by status_types.id;
alter table status_types alter column id set default nextval('status_types_id_seq');
-- Which status types each workstation type offers, in display order.
create table workstation_type_status_types (
  workstation_type_id int not null references workstation_types(id) on delete cascade,
  status_type_id int not null references status_types(id) on delete cascade,
  position int not null default 0,
  primary key (workstation_type_id, status_type_id)
);
create index workstation_type_status_types_status_idx on workstation_type_status_types (status_type_id);

-- ---- problem sectors -----------------------------------------------------------------
create table problematic_sectors (
  id serial primary key,
  warehouse_id int not null references warehouses(id),
  code text not null,
  name text not null,
  internal smallint not null default 0 check (internal in (0, 1)),
  status_type_id int references status_types(id),
  -- The role the warehouse rules give the sector (contract SECTOR_PURPOSE); null for others.
  purpose text check (purpose in ('receiving', 'cancelled', 'blocked_dispatch', 'multi_pack_waiting_room', 'duplicated', 'verification_zone')),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index problematic_sectors_code_key on problematic_sectors (warehouse_id, code) where deleted_at is null;
create index problematic_sectors_purpose_idx on problematic_sectors (warehouse_id, purpose) where deleted_at is null and purpose is not null;

-- ---- sorting buckets: last-mile routes -------------------------------
create table sorting_buckets (
  id serial primary key,
  identifier text not null unique,
  name text not null,
  courier_id int not null references couriers(id),
  country_id int not null references countries(id),
  is_return boolean not null default false,
  unique (courier_id, country_id, is_return)
);

-- ---- shipments and parcels -----------------------------------------------------------
-- Sender and recipient of a shipment. Locality and locker ids point into the address database
-- (built by the shipments area); their names are kept so a label never needs a join.
create table parties (
  id serial primary key,
  name text not null,
  private_person boolean not null default false,
  contact_name text not null default '',
  email text not null default '',
  phone_prefix text not null default '+40',
  phone_number text not null default '',
  country_id int not null references countries(id),
  locality_id int,
  locality_name text not null default '',
  postal_code text not null default '',
  address_details text not null default '',
  locker_id int,
  locker_name text
);

create table shipments (
  id serial primary key,
  -- Our shipment waybill: the internal number of its first parcel.
  internal_waybill text not null unique,
  -- Null for a buffer shipment still waiting for its client.
  client_id int references clients(id),
  delivery_service smallint not null check (delivery_service between 1 and 4),
  sender_id int references parties(id),
  recipient_id int references parties(id),
  -- Destination of the goods: the recipient's country, for returns the operator's (PL). Kept
  -- for filters and routing; origin likewise.
  origin_country_id int references countries(id),
  destination_country_id int references countries(id),
  -- content
  declared_content text not null default '',
  declared_value numeric(12, 2) not null default 0,
  cash_on_delivery_value numeric(12, 2) not null default 0,
  currency text not null default 'RON',
  -- additional_data
  note text not null default '',
  first_reference_number text,
  second_reference_number text,
  -- external_couriers
  first_mile_courier_id int references couriers(id),
  last_mile_courier_id int references couriers(id),
  -- internal_info
  creator text not null default 'app_v2',
  is_emag boolean not null default false,
  is_return boolean not null default false,
  correctly_requested_at timestamptz,
  error_message text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index shipments_client_created_idx on shipments (client_id, created_at desc);
create index shipments_created_idx on shipments (created_at desc);
create index shipments_destination_idx on shipments (destination_country_id, created_at desc);

create sequence parcel_internal_number_seq start 100000101;
create sequence parcel_buffer_number_seq start 1001;

create table parcels (
  id serial primary key,
  -- Null: a parcel with no shipment (context 'parcel', e.g. created at intake by init_scan).
  shipment_id int references shipments(id),
  client_id int references clients(id),
  -- waybill.internal: RE + 9 digits.
  internal_number text not null unique,
  in_shipment_order int not null default 1,
  -- waybill.external_first_mile (in number), external_last_mile (out number), external_return,
  -- external_buffer (BUF + 8 digits), external_duplicated.
  in_number text,
  out_number text,
  return_number text,
  buffer_number text,
  duplicated_number text,
  -- The parcel this row duplicates (create_duplicated_parcel_row).
  duplicate_of_parcel_id int references parcels(id),
  external_inbound_id int,
  weight_declared numeric(10, 3) not null default 0,
  height_declared numeric(10, 1) not null default 0,
  width_declared numeric(10, 1) not null default 0,
  length_declared numeric(10, 1) not null default 0,
  weight_measured numeric(10, 3),
  height_measured numeric(10, 1),
  width_measured numeric(10, 1),
  length_measured numeric(10, 1),
  shipping_warehouse_received_at timestamptz,
  return_warehouse_received_at timestamptz,
  sorted_at timestamptz,
  delivered_at timestamptz,
  -- Set by the first status with system id 'cancelled'; a cancelled parcel stays cancelled.
  cancelled_at timestamptz,
  -- internal info per parcel
  processable boolean not null default true,
  error_message text,
  read_client_alias text,
  delay_counter int not null default 0,
  status_checked_at timestamptz,
  -- Our label must replace the one on the parcel; cleared once the re-paste label was printed.
  label_repaste_required boolean not null default false,
  label_repasted_at timestamptz,
  creator text not null default 'app_v2',
  -- Current state, kept with every status row.
  last_status_type_id int references status_types(id),
  last_status_at timestamptz,
  problematic_sector_id int references problematic_sectors(id),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index parcels_out_number_idx on parcels (out_number) where out_number is not null;
create index parcels_in_number_idx on parcels (in_number) where in_number is not null;
create index parcels_return_number_idx on parcels (return_number) where return_number is not null;
create index parcels_buffer_number_idx on parcels (buffer_number) where buffer_number is not null;
create index parcels_duplicated_number_idx on parcels (duplicated_number) where duplicated_number is not null;
create index parcels_shipment_idx on parcels (shipment_id, in_shipment_order);
create index parcels_client_created_idx on parcels (client_id, created_at desc);
create index parcels_created_idx on parcels (created_at desc);
create index parcels_sector_idx on parcels (problematic_sector_id) where problematic_sector_id is not null;
create index parcels_last_status_idx on parcels (last_status_type_id, last_status_at desc);
create index parcels_external_inbound_idx on parcels (external_inbound_id) where external_inbound_id is not null;

-- ---- status history: one row per status given, with user, workstation and sector -----------------
create table parcel_status_history (
  id bigserial primary key,
  parcel_id int not null references parcels(id),
  status_type_id int not null references status_types(id),
  -- "when" of the spec: the moment the status applies.
  occurred_at timestamptz not null default now(),
  -- "where" of the spec (TYCHY by default).
  where_name text,
  user_id int references users(id),
  workstation_id int references workstations(id),
  workflow_id int references workflows(id),
  problematic_sector_id int references problematic_sectors(id),
  -- What was scanned, for the idempotency window (same user, barcode, status within 3 s).
  barcode text,
  created_at timestamptz not null default now()
);
create index parcel_status_history_parcel_idx on parcel_status_history (parcel_id, occurred_at desc, id desc);
create index parcel_status_history_user_idx on parcel_status_history (user_id, id desc) where user_id is not null;
create index parcel_status_history_status_idx on parcel_status_history (status_type_id, occurred_at desc);

-- ---- external inbound ----------------------------------------------------------------
create table external_inbounds (
  id serial primary key,
  barcode text not null,
  waybill text not null unique,
  inbound_courier_id int references couriers(id),
  scanned_at timestamptz not null default now(),
  scanned_by_user_id int references users(id),
  comment text not null default ''
);
create index external_inbounds_scanned_idx on external_inbounds (scanned_at desc, id desc);
create index external_inbounds_courier_idx on external_inbounds (inbound_courier_id, scanned_at desc);
alter table parcels add constraint parcels_external_inbound_fk foreign key (external_inbound_id) references external_inbounds(id);

-- ---- short-lived file tokens (GET app/v1/public_token) ------------------------------------------
create table public_tokens (
  token_hash text primary key,
  user_id int not null references users(id) on delete cascade,
  expires_at timestamptz not null
);
create index public_tokens_expires_idx on public_tokens (expires_at);
