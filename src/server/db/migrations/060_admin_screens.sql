-- Admin screens: calendar of non-working days, unknown client aliases, reported resignations
--. Tables another area may have created first are made only if absent.

-- ---- calendar: public holidays (from the holiday library) and the operator's own days ------------
create table if not exists calendar_days (
  id serial primary key,
  day date not null,
  name text not null,
  -- true: a public holiday written from the library; false: a day the operator added.
  holiday boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index if not exists calendar_days_day_key on calendar_days (day);
-- Years whose public holidays have been written (each year once, even if the operator deletes some).
create table if not exists calendar_years (
  year int primary key,
  filled_at timestamptz not null default now()
);

-- ---- unknown client aliases: an alias read from a label that is not the parcel's client's ----------
create table if not exists unknown_client_aliases (
  id serial primary key,
  alias text not null,
  -- The client of the parcel the alias was read from (the proposition).
  proposed_client_id int references clients(id) on delete set null,
  parcel_id int references parcels(id) on delete set null,
  is_emag boolean not null default false,
  resolved_client_id int references clients(id) on delete set null,
  resolved_type text check (resolved_type in ('manual', 'proposition')),
  resolved_by_user_id int references users(id),
  resolved_at timestamptz,
  created_at timestamptz not null default now()
);
-- One open entry per alias (case-insensitive).
create unique index if not exists unknown_client_aliases_open_key on unknown_client_aliases (lower(alias)) where resolved_at is null;
create index if not exists unknown_client_aliases_created_idx on unknown_client_aliases (created_at, id) where resolved_at is null;

-- ---- reported resignations: a client gives up a parcel; intake sends it back ----------------------
create table if not exists parcel_reported_resignations (
  id serial primary key,
  client_id int not null references clients(id),
  -- Who reported it (the client's user, or an admin on the client's behalf).
  user_id int references users(id),
  -- Any number of the parcel (internal, outbound, first-mile, buffer, return).
  waybill text not null,
  note text not null default '',
  -- Set by the first intake scan of the parcel after the report.
  scanned_at timestamptz,
  scanned_by_user_id int references users(id),
  resend_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists parcel_reported_resignations_list_idx on parcel_reported_resignations (created_at desc, id desc);
create index if not exists parcel_reported_resignations_client_idx on parcel_reported_resignations (client_id, created_at desc, id desc);
-- Intake looks a resignation up by the scanned parcel's numbers.
create index if not exists parcel_reported_resignations_waybill_idx on parcel_reported_resignations (upper(waybill)) where resend_at is null;
