-- Statistics: parcels received per client and day, kept as they happen, so the /stats table and
-- its 30-day chart sum a few thousand small rows instead of counting every parcel ever received.
--
-- kind 'received_by_re': the parcel's first receipt at our shipping warehouse
--   (parcels.shipping_warehouse_received_at); 'back_in_poland': a return's first receipt at the
--   return warehouse (parcels.return_warehouse_received_at).
-- day: the receipt's calendar day in Europe/Warsaw.
-- Only parcels with a client count; a buffer parcel counts from the moment it gets its client
-- (on its receipt day). A receipt stays counted when the parcel is later marked removed.
create table parcel_receipt_days (
  kind text not null check (kind in ('received_by_re', 'back_in_poland')),
  client_id int not null references clients(id) on delete cascade,
  day date not null,
  parcels int not null default 0,
  primary key (kind, client_id, day)
);
-- The chart: every client's receipts of the last days.
create index parcel_receipt_days_day_idx on parcel_receipt_days (day, kind);

-- Adds `delta` to the counter of one receipt (nothing when there is no client or no receipt).
create function parcel_receipt_days_add(p_kind text, p_client int, p_at timestamptz, p_delta int) returns void language plpgsql as $$
begin
  if p_client is null or p_at is null then return; end if;
  insert into parcel_receipt_days (kind, client_id, day, parcels)
  values (p_kind, p_client, (p_at at time zone 'Europe/Warsaw')::date, p_delta)
  on conflict (kind, client_id, day) do update set parcels = parcel_receipt_days.parcels + excluded.parcels;
end $$;

create function parcel_receipt_days_count() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform parcel_receipt_days_add('received_by_re', old.client_id, old.shipping_warehouse_received_at, -1);
    perform parcel_receipt_days_add('back_in_poland', old.client_id, old.return_warehouse_received_at, -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform parcel_receipt_days_add('received_by_re', new.client_id, new.shipping_warehouse_received_at, 1);
    perform parcel_receipt_days_add('back_in_poland', new.client_id, new.return_warehouse_received_at, 1);
  end if;
  return null;
end $$;

create trigger parcel_receipt_days_insert after insert on parcels
  for each row when (new.client_id is not null and (new.shipping_warehouse_received_at is not null or new.return_warehouse_received_at is not null))
  execute function parcel_receipt_days_count();
create trigger parcel_receipt_days_update after update of client_id, shipping_warehouse_received_at, return_warehouse_received_at on parcels
  for each row when (old.client_id is distinct from new.client_id
                     or old.shipping_warehouse_received_at is distinct from new.shipping_warehouse_received_at
                     or old.return_warehouse_received_at is distinct from new.return_warehouse_received_at)
  execute function parcel_receipt_days_count();
create trigger parcel_receipt_days_delete after delete on parcels
  for each row when (old.client_id is not null and (old.shipping_warehouse_received_at is not null or old.return_warehouse_received_at is not null))
  execute function parcel_receipt_days_count();

-- Counts everything again from the parcels (here for the parcels already in the database; also
-- after a bulk load that ran with triggers off).
create function parcel_receipt_days_rebuild() returns void language sql as $$
  delete from parcel_receipt_days;
  insert into parcel_receipt_days (kind, client_id, day, parcels)
  select 'received_by_re', client_id, (shipping_warehouse_received_at at time zone 'Europe/Warsaw')::date, count(*)
    from parcels where client_id is not null and shipping_warehouse_received_at is not null group by 2, 3
  union all
  select 'back_in_poland', client_id, (return_warehouse_received_at at time zone 'Europe/Warsaw')::date, count(*)
    from parcels where client_id is not null and return_warehouse_received_at is not null group by 2, 3;
$$;
select parcel_receipt_days_rebuild();
