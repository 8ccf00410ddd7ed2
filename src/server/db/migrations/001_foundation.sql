-- Foundation: people, sessions, e-mails, the warehouse frame and clients.

create table countries (
  id int primary key,
  name text not null,
  iso_code text not null unique,
  currency text not null
);

create table clients (
  id serial primary key,
  name text not null,
  nip text not null default '',
  email text not null default '',
  contact_name text not null default '',
  street text not null default '',
  city text not null default '',
  post_code text not null default '',
  address text not null default '-',
  bank_account_number text not null default 'n/d',
  phone_number_prefix text not null default '+48',
  phone_number text not null default '',
  country_id int not null references countries(id),
  cod_enabled smallint not null default 0,
  show_price_parcel smallint not null default 0,
  download_ext smallint not null default 0,
  api_enabled smallint not null default 0,
  ext_number smallint not null default 0,
  sender_signature text not null default '',
  shipment_note text not null default '',
  re_returning_address text not null default '',
  re_broadcasting_facility_address text not null default '',
  allowed_countries int[] not null default '{1,3,4}',
  email_verified_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create index clients_name_idx on clients (lower(name));

create table users (
  id serial primary key,
  email text not null,
  password_hash text not null,
  role smallint not null check (role between 0 and 3),
  client_id int references clients(id),
  email_verified_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  constraint client_users_have_client check (role < 2 or client_id is not null)
);
create unique index users_email_key on users (lower(email));
create index users_deleted_idx on users (deleted_at, id);

-- Opaque bearer tokens: only the SHA-256 of a token is stored.
create table sessions (
  token_hash text primary key,
  user_id int not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

-- One-time links sent by e-mail (verification, password recovery); hashed like sessions.
create table email_tokens (
  token_hash text primary key,
  user_id int not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('verify', 'recover')),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table outbox (
  id serial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts int not null default 0,
  last_error text
);
create index outbox_unsent_idx on outbox (id) where sent_at is null;

create table login_attempts (
  id bigserial primary key,
  email text not null,
  address text not null,
  at timestamptz not null default now()
);
create index login_attempts_email_idx on login_attempts (lower(email), at);
create index login_attempts_address_idx on login_attempts (address, at);

-- The warehouse frame: who holds which workstation.
create table warehouses (
  id int primary key,
  name text not null
);
create table workstation_types (
  id int primary key,
  name text not null,
  code text not null unique
);
create table workstations (
  id serial primary key,
  code text not null unique,
  workstation_type_id int not null references workstation_types(id),
  warehouse_id int not null references warehouses(id),
  -- One holder at a time, one workstation per holder: the database decides races.
  active_user_id int unique references users(id)
);
create table workflows (
  id serial primary key,
  workstation_id int not null references workstations(id) on delete cascade,
  user_id int not null references users(id),
  start_at timestamptz not null default now(),
  end_at timestamptz,
  end_type text check (end_type in ('manual', 'logout', 'switch', 'admin'))
);
create unique index workflows_open_per_workstation on workflows (workstation_id) where end_at is null;
create unique index workflows_open_per_user on workflows (user_id) where end_at is null;
create index workflows_end_idx on workflows (end_at desc nulls first, id);
