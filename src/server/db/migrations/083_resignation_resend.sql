-- Reported resignations: the resend date. A report's parcel is scanned at intake (scan date and
-- scanner stamped, the scan answer says the parcel goes back); it is resent when, after that scan,
-- it leaves our warehouse again: the first status row of a status in the groups 'transit'
-- (handed to a courier, out for delivery, in a locker) or 'delivered'. That row's time is the
-- resend date; from then on the report is closed (intake stops saying "goes back", and a new
-- report for the same waybill may be made). Kept by a trigger, so every way a status is written
-- (intake, sorting, problem resolution, single and group status changes, courier updates) counts.

-- Reports waiting for their resend: scanned, not resent (a handful at any time).
create index parcel_reported_resignations_awaiting_resend_idx on parcel_reported_resignations (upper(waybill))
  where resend_at is null and scanned_at is not null;

create function resignation_resend_at() returns trigger language plpgsql as $$
begin
  -- Cheap exits first: this runs for every status row written.
  if not exists (select 1 from parcel_reported_resignations where resend_at is null and scanned_at is not null) then
    return null;
  end if;
  if not exists (select 1 from status_types st join status_type_groups g on g.id = st.status_type_group_id
                  where st.id = new.status_type_id and g.identifier in ('transit', 'delivered')) then
    return null;
  end if;
  update parcel_reported_resignations r
     set resend_at = new.occurred_at
    from parcels p
   where p.id = new.parcel_id and r.resend_at is null and r.scanned_at is not null and new.occurred_at >= r.scanned_at
     and upper(r.waybill) = any(array[upper(p.internal_number), upper(p.out_number), upper(p.in_number), upper(p.buffer_number), upper(p.return_number), upper(p.duplicated_number)])
     and (p.client_id is null or r.client_id = p.client_id);
  return null;
end $$;

create trigger resignation_resend_at after insert on parcel_status_history
  for each row execute function resignation_resend_at();
