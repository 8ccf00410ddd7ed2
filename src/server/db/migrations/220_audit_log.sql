-- The audit trail (domain/audit.ts): one row per change a person makes through the API, written in
-- the transaction of the change. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE for
-- every role (the owner too); the grants take those rights from PUBLIC and from the role that
-- runs the migrations. Each row carries the hash of the previous one (`npm run audit:verify`).
create table audit_log (
  id bigint primary key,
  at timestamptz not null,
  user_id int,
  user_email text not null default '',
  address text not null default '',
  entity text not null,
  entity_id text not null,
  action text not null,
  changes jsonb not null default '{}'::jsonb,
  prev_hash text not null,
  hash text not null
);
create sequence audit_log_id_seq owned by audit_log.id;
create index audit_log_entity on audit_log (entity, entity_id, id desc);
create index audit_log_user on audit_log (user_id, id desc);
create index audit_log_at on audit_log (at);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only (% refused)', tg_op using errcode = '42501';
end
$$;
create trigger audit_log_no_change before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

revoke update, delete, truncate on audit_log from public;
do $$
begin
  execute format('revoke update, delete, truncate on audit_log from %I', current_user);
exception when others then
  -- A role that may not change its own grants keeps them; the trigger still refuses.
  null;
end
$$;
