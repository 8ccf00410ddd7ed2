/**
 * The "before" baseline of `npm run bench`: the statement list of one scan as issue 23 counted it
 * on the code before the scan's SQL was reworked, kept here verbatim (frozen SQL texts, so later
 * changes to the product's statements do not move the baseline):
 *
 *   session lookup · BEGIN · open_scan_v2 · fixed-data version select · resignation check (intake)
 *   · write_status · COMMIT
 *
 * and the receipt counter of that time: a striped (16 slots, one per connection) upserted row per
 * kind, client and day, written by the trigger inside every receipt scan (migration 091).
 * `installBeforeCounter` puts that counter in place of the insert-only one for the baseline's run;
 * the function it returns restores the current one.
 */
import type { Db } from '../src/server/db/db.ts'

export const BEFORE_OPEN_SCAN_SQL = `select sess.ok as session_ok, fv.version as fixed_version, ctx.*,
            last.barcode as last_barcode, last.status_type_id as last_status_type_id,
            last.created_at > now() - $3::int * interval '1 millisecond' as last_recent, t.*
       from (select $4::text is null or exists (
               select 1 from sessions s join users u on u.id = s.user_id
                where s.token_hash = $4::text and s.user_id = $1::int and s.revoked_at is null and s.expires_at > now()
                  and u.deleted_at is null and u.role = $5::int) as ok) sess
       join fixed_data_version fv on fv.id = 1
       left join lateral (
         select w.id as workstation_id, w.code, w.warehouse_id, h.name as warehouse_name,
                t.id as type_id, t.name as type_name, t.code as type_code,
                wf.id as workflow_id, wf.accepted_scans
           from workstations w
           join workstation_types t on t.id = w.workstation_type_id
           join warehouses h on h.id = w.warehouse_id
           left join workflows wf on wf.workstation_id = w.id and wf.end_at is null
          where w.active_user_id = $1::int and w.deleted_at is null and sess.ok
            for update of w
       ) ctx on true
       left join lateral (select barcode, status_type_id, created_at from parcel_status_history ph
                           where ph.user_id = $1::int order by ph.id desc limit 1) last on ctx.workstation_id is not null
       left join lateral (
         select 
  p.id as found, p.id, p.internal_number, p.out_number, p.client_id, c.name as client_name, p.shipment_id, s.internal_waybill,
  coalesce(s.is_return, false) as is_return,
  (p.deleted_at is not null or s.deleted_at is not null or p.cancelled_at is not null) as deleted,
  p.buffer_number, p.processable, p.error_message,
  (p.label_repaste_required and p.label_repasted_at is null) as repaste,
  ps.id as sector_id, ps.code as sector_code, ps.name as sector_name, ps.purpose as sector_purpose,
  (case when coalesce(s.is_return, false) then p.return_warehouse_received_at else p.shipping_warehouse_received_at end) is not null as received,
  p.sorted_at is not null as sorted,
  (p.client_id is not null and exists (
  select 1 from client_additional_parameters cap join client_additional_parameter_types cpt on cpt.id = cap.type_id
   where cap.client_id = p.client_id and cpt.code = 'SENDING_SHIPMENTS_BLOCK' and lower(cap.value) not in ('0', 'false', 'no', 'nie', 'n'))) as blocked,
  (p.read_client_alias is not null and p.client_id is not null and not exists (
     select 1 from client_aliases a where a.client_id = p.client_id and lower(a.alias) = lower(p.read_client_alias))) as alias_mismatch,
  coalesce(mp.total, 1) as mp_total, coalesce(mp.received_others, 0) as mp_received_others, coalesce(mp.sorted_others, 0) as mp_sorted_others,
  b.name as bucket_name, b.identifier as bucket_identifier
           from parcels p
           left join shipments s on s.id = p.shipment_id
           left join clients c on c.id = p.client_id
           left join problematic_sectors ps on ps.id = p.problematic_sector_id
           left join sorting_buckets b on b.courier_id = s.last_mile_courier_id and b.country_id = s.destination_country_id and b.is_return = s.is_return
           left join lateral (
             select count(*)::int as total,
                    count(*) filter (where o.id <> p.id and (case when s.is_return then o.return_warehouse_received_at else o.shipping_warehouse_received_at end) is not null)::int as received_others,
                    count(*) filter (where o.id <> p.id and o.sorted_at is not null)::int as sorted_others
               from parcels o where o.shipment_id = p.shipment_id and o.deleted_at is null and o.duplicate_of_parcel_id is null
           ) mp on p.shipment_id is not null
          where p.id = (
  select id from (
    select id, 1 as pr, deleted_at from parcels where internal_number = $2::text
    union all select id, 2, deleted_at from parcels where out_number = $2::text
    union all select id, 3, deleted_at from parcels where in_number = $2::text
    union all select id, 4, deleted_at from parcels where buffer_number = $2::text
    union all select id, 5, deleted_at from parcels where return_number = $2::text
    union all select id, 6, deleted_at from parcels where duplicated_number = $2::text
  ) found order by pr, (deleted_at is not null), id desc limit 1)
       ) t on ctx.workstation_id is not null`

export const BEFORE_RESIGNATION_SQL = `update parcel_reported_resignations r
        set scanned_at = coalesce(r.scanned_at, now()), scanned_by_user_id = coalesce(r.scanned_by_user_id, $2::int)
       from parcels p
      where p.id = $1::int and r.resend_at is null
        and upper(r.waybill) = any(array[upper(p.internal_number), upper(p.out_number), upper(p.in_number), upper(p.buffer_number), upper(p.return_number), upper(p.duplicated_number)])
        and (p.client_id is null or r.client_id = p.client_id)
      returning r.waybill`

export const BEFORE_WRITE_STATUS_SQL = `with g as (
       -- The idempotency guard, read after the workstation lock: the same scan just accepted is not written again.
       select not ($12::boolean and exists (
         select 1 from (select barcode, status_type_id, created_at from parcel_status_history
                         where user_id = $5::int order by id desc limit 1) l
          where l.barcode = $9::text and l.status_type_id = $2::int and l.created_at > now() - $13::int * interval '1 millisecond')) as ok
     ), h as (
       insert into parcel_status_history (parcel_id, status_type_id, occurred_at, where_name, user_id, workstation_id, workflow_id, problematic_sector_id, barcode)
       select $1::int, $2::int, coalesce($3::timestamptz, now()), $4::text, $5::int, $6::int, $7::int, $8::int, $9::text from g where g.ok
       returning occurred_at
     ), p as (
       update parcels set last_status_type_id = $2, last_status_at = (select occurred_at from h), problematic_sector_id = $8,
              shipping_warehouse_received_at = case when $10::text = 'shipping' then coalesce(shipping_warehouse_received_at, now()) else shipping_warehouse_received_at end,
              return_warehouse_received_at = case when $10::text = 'return' then coalesce(return_warehouse_received_at, now()) else return_warehouse_received_at end,
              sorted_at = case when $11::boolean then now() else sorted_at end,
              cancelled_at = case when cancelled_at is null and exists (select 1 from status_types where id = $2 and system_id = 'cancelled')
                                  then now() else cancelled_at end
        where id = $1 and exists (select 1 from h)
       returning id
     ), w as (
       update workflows set accepted_scans = accepted_scans + 1 where id = $7 and $12::boolean and exists (select 1 from h) returning accepted_scans
     )
     select (select count(*) from h)::int as written, (select accepted_scans from w) as accepted_scans`

export const BEFORE_SESSION_SQL = `select u.id, u.email, u.role, u.client_id
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`

export const BEFORE_VERSION_SQL = `select version from fixed_data_version where id = 1`

/** The striped upserted receipt counter (migration 091) in place of the delta rows; returns the undo. */
export async function installBeforeCounter(db: Db): Promise<() => Promise<void>> {
  const [{ def }] = (await db.query<{ def: string }>(
    `select pg_get_functiondef('parcel_receipt_days_add(text, int, timestamptz, int)'::regprocedure) as def`,
  )) as [{ def: string }]
  await db.exec(`
    create table if not exists bench_before_receipt_days (
      kind text not null, client_id int not null references clients(id) on delete cascade, day date not null,
      slot smallint not null default 0, parcels int not null default 0, primary key (kind, client_id, day, slot));
    create or replace function parcel_receipt_days_add(p_kind text, p_client int, p_at timestamptz, p_delta int) returns void language plpgsql as $$
    begin
      if p_client is null or p_at is null then return; end if;
      insert into bench_before_receipt_days (kind, client_id, day, slot, parcels)
      values (p_kind, p_client, (p_at at time zone 'Europe/Warsaw')::date, pg_backend_pid() % 16, p_delta)
      on conflict (kind, client_id, day, slot) do update set parcels = bench_before_receipt_days.parcels + excluded.parcels;
    end $$;`)
  return async () => {
    await db.exec(def)
    await db.exec(`drop table bench_before_receipt_days`)
  }
}
