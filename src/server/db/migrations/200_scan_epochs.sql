-- The floor's scans keep the caller's session and the fixed data cached per server process and
-- read neither per scan. What tells a scan that a cached copy is stale sits on the row every scan
-- locks anyway, its workstation:
--  session_epoch: a new value (a sequence: never reused) whenever a session of the workstation's
--    user ends or changes (revoked, expiry moved, deleted), the user changes (deleted, role,
--    e-mail, client) or the workstation changes hands. A cached session keeps the epoch it was
--    looked up with (sessions.ts); a scan finding another one looks the token up afresh.
--  fixed_version: fixed_data_version's version, written to every workstation by the transaction
--    that changes the fixed data (migration 090's trigger, redefined below).
-- Both are written by the changing transaction itself, so a scan locking the workstation after
-- that commit sees them, on whichever server it runs: a logout ends the session on the very
-- next scan, and a sector change is used by the very next scan.
create sequence workstation_session_epoch_seq;
alter table workstations
  add column session_epoch bigint not null default nextval('workstation_session_epoch_seq'),
  add column fixed_version bigint not null default 0;
update workstations set fixed_version = (select version from fixed_data_version where id = 1);

create function workstations_scan_epochs() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.fixed_version := (select version from fixed_data_version where id = 1);
  elsif new.active_user_id is distinct from old.active_user_id then
    new.session_epoch := nextval('workstation_session_epoch_seq');
  end if;
  return new;
end $$;
create trigger workstations_scan_epochs before insert or update of active_user_id on workstations
  for each row execute function workstations_scan_epochs();

-- A new session epoch for the workstation held by `p_user` (none held: nothing to do).
create function bump_session_epoch(p_user int) returns void language sql as $$
  update workstations set session_epoch = nextval('workstation_session_epoch_seq') where active_user_id = p_user;
$$;

create function sessions_scan_epoch() returns trigger language plpgsql as $$
begin
  perform bump_session_epoch(old.user_id);
  return null;
end $$;
create trigger sessions_scan_epoch_update after update of revoked_at, expires_at on sessions
  for each row when (old.revoked_at is distinct from new.revoked_at or old.expires_at is distinct from new.expires_at)
  execute function sessions_scan_epoch();
create trigger sessions_scan_epoch_delete after delete on sessions
  for each row execute function sessions_scan_epoch();

create function users_scan_epoch() returns trigger language plpgsql as $$
begin
  perform bump_session_epoch(new.id);
  return null;
end $$;
create trigger users_scan_epoch after update of email, role, client_id, deleted_at on users
  for each row when (old.email is distinct from new.email or old.role is distinct from new.role
                     or old.client_id is distinct from new.client_id or old.deleted_at is distinct from new.deleted_at)
  execute function users_scan_epoch();

create or replace function bump_fixed_data_version() returns trigger language plpgsql as $$
declare
  v bigint;
begin
  update fixed_data_version set version = version + 1 where id = 1 returning version into v;
  update workstations set fixed_version = v;
  return null;
end
$$;
