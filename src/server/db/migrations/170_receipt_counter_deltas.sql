-- The daily receipt counters are written insert-only. A receipt (or its undoing) adds one row to
-- `parcel_receipt_day_deltas` (no key, no index: an insert waits for no other transaction), and
-- a periodic job (domain/statsCompaction.ts, on the job queue) moves the deltas into
-- `parcel_receipt_days_compacted`, one row per kind, client and day. Readers read the view
-- `parcel_receipt_days`, the two tables together, and sum. No scan ever updates a shared row:
-- with an upserted counter every station receiving one client's parcels waited for the previous
-- scan's commit on the same row.
alter table parcel_receipt_days rename to parcel_receipt_days_compacted;
alter index parcel_receipt_days_day_idx rename to parcel_receipt_days_compacted_day_idx;

-- The slots of migration 091 are folded into one row per kind, client and day.
create temporary table receipt_days_folded on commit drop as
  select kind, client_id, day, sum(parcels)::int as parcels from parcel_receipt_days_compacted group by 1, 2, 3;
delete from parcel_receipt_days_compacted;
alter table parcel_receipt_days_compacted drop constraint parcel_receipt_days_pkey;
alter table parcel_receipt_days_compacted drop column slot;
alter table parcel_receipt_days_compacted add primary key (kind, client_id, day);
insert into parcel_receipt_days_compacted (kind, client_id, day, parcels) select kind, client_id, day, parcels from receipt_days_folded;

create table parcel_receipt_day_deltas (
  kind text not null,
  client_id int not null,
  day date not null,
  parcels int not null
);

create view parcel_receipt_days as
  select kind, client_id, day, parcels from parcel_receipt_days_compacted
  union all
  select kind, client_id, day, parcels from parcel_receipt_day_deltas;

-- Adds `delta` to the counter of one receipt (nothing when there is no client or no receipt).
create or replace function parcel_receipt_days_add(p_kind text, p_client int, p_at timestamptz, p_delta int) returns void language plpgsql as $$
begin
  if p_client is null or p_at is null then return; end if;
  insert into parcel_receipt_day_deltas (kind, client_id, day, parcels)
  values (p_kind, p_client, (p_at at time zone 'Europe/Warsaw')::date, p_delta);
end $$;

-- Moves every delta visible now into the compacted rows (deltas of transactions still running
-- stay for the next time). Two compactions at once: the second skips the rows the first deleted.
-- Deltas of a client removed since are dropped (the compacted rows go with their client).
-- Returns how many delta rows were moved.
create function parcel_receipt_days_compact() returns int language sql as $$
  with moved as (
    delete from parcel_receipt_day_deltas returning kind, client_id, day, parcels
  ), summed as (
    select kind, client_id, day, sum(parcels)::int as parcels, count(*)::int as n from moved group by 1, 2, 3
  ), upserted as (
    -- A data-modifying WITH runs once whether or not it is read.
    insert into parcel_receipt_days_compacted (kind, client_id, day, parcels)
    select kind, client_id, day, parcels from summed where exists (select 1 from clients c where c.id = summed.client_id)
    on conflict (kind, client_id, day) do update set parcels = parcel_receipt_days_compacted.parcels + excluded.parcels
  )
  select coalesce(sum(n), 0)::int from summed;
$$;

-- Counts everything again from the parcels.
create or replace function parcel_receipt_days_rebuild() returns void language sql as $$
  delete from parcel_receipt_day_deltas;
  delete from parcel_receipt_days_compacted;
  insert into parcel_receipt_days_compacted (kind, client_id, day, parcels)
  select 'received_by_re', client_id, (shipping_warehouse_received_at at time zone 'Europe/Warsaw')::date, count(*)
    from parcels where client_id is not null and shipping_warehouse_received_at is not null group by 2, 3
  union all
  select 'back_in_poland', client_id, (return_warehouse_received_at at time zone 'Europe/Warsaw')::date, count(*)
    from parcels where client_id is not null and return_warehouse_received_at is not null group by 2, 3;
$$;
