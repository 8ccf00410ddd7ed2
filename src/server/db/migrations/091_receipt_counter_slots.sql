-- The daily receipt counters are striped: a client's count for a day is the sum of up to 16 rows
-- (slots), and a transaction adds to the slot of its own database connection. With one row per
-- client and day, every station receiving that client's parcels updated the same row, so each
-- scan waited for the previous one to commit (the row lock is held until the commit is on disk):
-- scans of one big client were taken one at a time. Readers already sum the rows.
alter table parcel_receipt_days add column slot smallint not null default 0;
alter table parcel_receipt_days drop constraint parcel_receipt_days_pkey;
alter table parcel_receipt_days add primary key (kind, client_id, day, slot);

create or replace function parcel_receipt_days_add(p_kind text, p_client int, p_at timestamptz, p_delta int) returns void language plpgsql as $$
begin
  if p_client is null or p_at is null then return; end if;
  insert into parcel_receipt_days (kind, client_id, day, slot, parcels)
  values (p_kind, p_client, (p_at at time zone 'Europe/Warsaw')::date, pg_backend_pid() % 16, p_delta)
  on conflict (kind, client_id, day, slot) do update set parcels = parcel_receipt_days.parcels + excluded.parcels;
end $$;
