-- The scan's parcel update writes an entry into every index of parcels whose columns it changes
-- (it changes the status, its time and the sector, so it is never a HOT update). The sector index
-- repeats the first column of the sector listing index (problematic_sector_id, created_at, id)
-- with the same condition, and no query needs it: that listing index serves every "parcels in
-- this sector" lookup. (parcels_last_status_idx looks like the same case beside the status
-- listing index, but without it the 5,000-row page of a status group on 1M parcels measured
-- slower in two runs, 332 and 390 ms against 283 ms with it, over its 300 ms target; on a busy
-- machine, so not settled, and it stays.)
drop index if exists parcels_sector_idx;

-- The receipt counter: a delta only where there is one. An update that leaves a kind's client and
-- receipt time as they were adds nothing for that kind (its -1 and +1 cancel), and a side without a
-- client or a receipt time adds nothing either; before, every update ran all four calls.
create or replace function parcel_receipt_days_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.client_id is not distinct from new.client_id
       and old.shipping_warehouse_received_at is not distinct from new.shipping_warehouse_received_at then
      null;
    else
      if old.client_id is not null and old.shipping_warehouse_received_at is not null then
        perform parcel_receipt_days_add('received_by_re', old.client_id, old.shipping_warehouse_received_at, -1);
      end if;
      if new.client_id is not null and new.shipping_warehouse_received_at is not null then
        perform parcel_receipt_days_add('received_by_re', new.client_id, new.shipping_warehouse_received_at, 1);
      end if;
    end if;
    if old.client_id is not distinct from new.client_id
       and old.return_warehouse_received_at is not distinct from new.return_warehouse_received_at then
      null;
    else
      if old.client_id is not null and old.return_warehouse_received_at is not null then
        perform parcel_receipt_days_add('back_in_poland', old.client_id, old.return_warehouse_received_at, -1);
      end if;
      if new.client_id is not null and new.return_warehouse_received_at is not null then
        perform parcel_receipt_days_add('back_in_poland', new.client_id, new.return_warehouse_received_at, 1);
      end if;
    end if;
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform parcel_receipt_days_add('received_by_re', old.client_id, old.shipping_warehouse_received_at, -1);
    perform parcel_receipt_days_add('back_in_poland', old.client_id, old.return_warehouse_received_at, -1);
  else
    perform parcel_receipt_days_add('received_by_re', new.client_id, new.shipping_warehouse_received_at, 1);
    perform parcel_receipt_days_add('back_in_poland', new.client_id, new.return_warehouse_received_at, 1);
  end if;
  return null;
end $$;
