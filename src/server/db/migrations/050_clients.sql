-- Clients and their credentials: price bands, additional parameter types with their inputs,
-- courier accounts, external API credentials, the key store of encrypted passwords, and the
-- operational price lists a client card lists (their forms and the pricing come later).

-- The IdoSell (IAI) password of a client, encrypted like every stored credential password.
alter table clients add column iai_password_enc text;
create index clients_live_name_idx on clients (lower(name)) where deleted_at is null;
-- The client list counts each client's live shipments by creation time: an index-only range scan.
create index shipments_client_live_created_idx on shipments (client_id, created_at) where deleted_at is null;

-- ---- additional parameters: what each type's input is --------------------------------------------
-- input_type: boolean (value '1'/'0'), number, select (option_keys with labels in options), text,
-- email, contact (a contact name at courier courier_id, flagged when left empty).
alter table client_additional_parameter_types
  add column input_type text not null default 'text',
  add column options text[] not null default '{}',
  add column option_keys text[] not null default '{}',
  add column default_value text not null default '',
  add column courier_id int,
  add column danger_when_empty boolean not null default false,
  add column position int not null default 0;
alter table client_additional_parameters add column hidden_value text;

insert into client_additional_parameter_types (code, name, input_type, options, option_keys, default_value, courier_id, danger_when_empty, position) values
  ('USE_REAL_WEIGHT_FOR_ROMANIA_SHIPMENTS_ACCOUNTING', 'Rozliczanie wagą rzeczywistą – Rumunia', 'boolean', '{Tak,Nie}', '{1,0}', '1', null, false, 1),
  ('USE_REAL_WEIGHT_FOR_HUNGARY_SHIPMENTS_ACCOUNTING', 'Rozliczanie wagą rzeczywistą – Węgry', 'boolean', '{Tak,Nie}', '{1,0}', '1', null, false, 2),
  ('USE_REAL_WEIGHT_FOR_BULGARIA_SHIPMENTS_ACCOUNTING', 'Rozliczanie wagą rzeczywistą – Bułgaria', 'boolean', '{Tak,Nie}', '{1,0}', '1', null, false, 3),
  ('SENDING_SHIPMENTS_BLOCK', 'Blokada nadawania przesyłek', 'boolean', '{Tak,Nie}', '{1,0}', '1', null, false, 4),
  ('INVOICING_VAT_RATE', 'Stawka VAT na fakturze', 'select', '{23 %,nie podlega (np)}', '{23,np}', '23', null, false, 5),
  ('SHIPMENT_COUNT_VOLUME', 'Klasa wolumenu przesyłek', 'select', '{A,B,C}', '{A,B,C}', 'C', null, false, 6),
  ('ACCOUNT_PERIOD', 'Okres rozliczeniowy', 'select', '{miesięczny,półmiesięczny,tygodniowy}', '{monthly,half_monthly,weekly}', 'monthly', null, false, 7),
  ('SIDE_FORMULA_LIMIT', 'Limit sumy boków', 'number', '{}', '{}', '300', null, false, 8),
  ('MARKETPLACE_NAME', 'Nazwa w marketplace (eMAG)', 'text', '{}', '{}', '', null, false, 9),
  ('INVOICING_EMAIL_ADDRESS', 'Adres e-mail do faktur', 'email', '{}', '{}', '', null, false, 10),
  ('EXTERNAL_INVOICING_SYSTEM_ID', 'Identyfikator w zewnętrznym systemie fakturowym', 'text', '{}', '{}', '', null, false, 11),
  ('DPD_RO_CONTACT_NAME', 'Osoba kontaktowa – DPD Rumunia', 'contact', '{}', '{}', '', 2, true, 12),
  ('SAMEDAY_RO_CONTACT_NAME', 'Osoba kontaktowa – Sameday Rumunia', 'contact', '{}', '{}', '', 3, true, 13),
  ('GLS_HU_CONTACT_NAME', 'Osoba kontaktowa – GLS Węgry', 'contact', '{}', '{}', '', 4, true, 14),
  ('SPEEDY_BG_CONTACT_NAME', 'Osoba kontaktowa – Speedy Bułgaria', 'contact', '{}', '{}', '', 5, true, 15)
on conflict (code) do update set
  name = excluded.name, input_type = excluded.input_type, options = excluded.options, option_keys = excluded.option_keys,
  default_value = excluded.default_value, courier_id = excluded.courier_id, danger_when_empty = excluded.danger_when_empty,
  position = excluded.position;

-- ---- price bands ------------------------------------------------------------------------------------
create table client_price_bands (
  id serial primary key,
  id_client int not null references clients(id) on delete cascade,
  service_id text not null default '2505',
  net_price numeric(10, 2) not null,
  vat_percentage numeric(5, 2) not null,
  min_weight_value numeric(6, 3) not null,
  max_weight_value numeric(6, 3) not null,
  created_at timestamptz not null default now()
);
create index client_price_bands_client_idx on client_price_bands (id_client, min_weight_value);

-- ---- courier accounts ---------------------------------------------------------------------------------
-- Kinds of courier account; a protected assign (the operator's shared account) cannot be edited
-- or deleted, only unpinned from a client.
create table courier_credential_types (
  id int primary key,
  name text not null,
  assign text not null unique,
  id_courier int not null,
  protected boolean not null default false
);
insert into courier_credential_types (id, name, assign, id_courier, protected) values
  (1, 'DPD Rumunia – konto główne operatora', 'dpd_ro_main', 2, true),
  (2, 'DPD Rumunia – konto klienta', 'dpd_ro_client', 2, false),
  (3, 'DPD Rumunia – zwroty', 'dpd_ro_return', 2, false),
  (4, 'Sameday Rumunia – konto klienta', 'sameday_ro_client', 3, false);

create table courier_credentials (
  id serial primary key,
  id_courier int not null,
  id_type int not null references courier_credential_types(id),
  username text not null,
  -- AES-256-GCM: base64 of iv | tag | ciphertext (src/server/domain/secrets.ts).
  password_enc text not null,
  contract_number text not null default '',
  email text not null default '',
  phone_number text not null default '',
  service text not null default '',
  note text not null default '',
  comment text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Which clients use an account (one account may serve several clients); `is_main` marks the
-- client's default account.
create table client_courier_credentials (
  client_id int not null references clients(id) on delete cascade,
  credential_id int not null references courier_credentials(id) on delete cascade,
  is_main boolean not null default false,
  primary key (client_id, credential_id)
);
create index client_courier_credentials_credential_idx on client_courier_credentials (credential_id);

-- ---- external API credentials (a client's shop system calling our API) ---------------------------
create table external_api_credentials (
  id serial primary key,
  client_id int not null references clients(id) on delete cascade,
  type text not null check (type in ('baselinker', 'api_v2', 'ido_sell', 'another')),
  username text not null default '',
  password_enc text,
  token text not null unique,
  ip text not null default '',
  creator_id int references users(id),
  created_at timestamptz not null default now()
);
create index external_api_credentials_client_idx on external_api_credentials (client_id);
create unique index external_api_credentials_username_key on external_api_credentials (lower(username)) where username <> '';

-- ---- secrets: the credentials key when PostgreSQL is used without CREDENTIALS_KEY -----------------
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- ---- operational price lists (the fields the client card lists) -----------------------------------
create table if not exists operational_price_lists (
  id serial primary key,
  id_client int references clients(id) on delete cascade,
  type text not null check (type in ('income', 'cost')),
  name text not null,
  special_association text not null default '',
  begin_date date not null,
  deactivated_at timestamptz,
  currency text not null default 'PLN',
  specific_factors_currency text not null default 'RON',
  id_courier int,
  id_country int references countries(id),
  created_at timestamptz not null default now()
);
create index if not exists operational_price_lists_client_idx on operational_price_lists (type, id_client, begin_date desc);
