-- A version number of the floor's fixed data: problem sectors, status types and which statuses
-- each workstation type offers. Scans read it (one row, one index probe) and keep the fixed data
-- cached per server process while it is unchanged; every change to those tables, made by any
-- process, bumps it in the same transaction, so every server reloads on its next scan.
create table fixed_data_version (
  id int primary key default 1 check (id = 1),
  version bigint not null
);
insert into fixed_data_version (id, version) values (1, 1);

create function bump_fixed_data_version() returns trigger language plpgsql as $$
begin
  update fixed_data_version set version = version + 1 where id = 1;
  return null;
end
$$;

create trigger problematic_sectors_fixed_data after insert or update or delete or truncate on problematic_sectors
  for each statement execute function bump_fixed_data_version();
create trigger status_types_fixed_data after insert or update or delete or truncate on status_types
  for each statement execute function bump_fixed_data_version();
create trigger workstation_type_status_types_fixed_data after insert or update or delete or truncate on workstation_type_status_types
  for each statement execute function bump_fixed_data_version();
