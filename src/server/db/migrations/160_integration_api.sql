-- The integration API (docs/integration.md): a client's shop system calls /api/integration/v1/ with
-- its external API credential. Short-lived bearer tokens (kept as a hash), the idempotency keys of
-- creates (per client, kept at least 24 h), the log of every call, and on the credential: when it
-- was last used and when it was revoked (a revoked credential opens nothing).
alter table external_api_credentials add column last_used_at timestamptz;
alter table external_api_credentials add column revoked_at timestamptz;

create table integration_tokens (
  token_hash text primary key,
  credential_id int not null references external_api_credentials(id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index integration_tokens_credential_idx on integration_tokens (credential_id);
create index integration_tokens_expires_idx on integration_tokens (expires_at);

-- state: 'pending' while the first request runs, 'done' with its answer (status, body) after.
create table integration_idempotency_keys (
  client_id int not null references clients(id) on delete cascade,
  key text not null,
  request_hash text not null,
  state text not null check (state in ('pending', 'done')),
  status int,
  body jsonb,
  credential_id int references external_api_credentials(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (client_id, key)
);
create index integration_idempotency_keys_created_idx on integration_idempotency_keys (created_at);

create table integration_calls (
  id bigserial primary key,
  credential_id int references external_api_credentials(id) on delete set null,
  client_id int references clients(id) on delete cascade,
  method text not null,
  path text not null,
  status int not null,
  ip text not null,
  at timestamptz not null default now()
);
create index integration_calls_credential_idx on integration_calls (credential_id, at desc);
