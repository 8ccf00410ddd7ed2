-- The scan log of the floor (src/server/domain/floorScanLog.ts): every floor request with what the
-- screen sent and what the answer said, kept FLOOR.scanLogKeepDays days. Written in batches
-- outside the scans' transactions; searched by barcode, by workstation and time, by parcel.
create table scan_log (
  id bigserial primary key,
  at timestamptz not null,
  kind text not null,
  barcode text,
  user_id int references users(id) on delete set null,
  workstation_id int references workstations(id) on delete set null,
  -- What the screen sent: status, sector, client, where (the request body as decoded).
  sent jsonb not null default '{}'::jsonb,
  answer_code int not null,
  answer_message text,
  -- What the answer gave: the parcel, the status written or suggested, the sector, the bucket.
  parcel_id int,
  status_type_id int,
  sector_id int,
  bucket text
);
create index scan_log_barcode_idx on scan_log (barcode, at desc);
create index scan_log_workstation_idx on scan_log (workstation_id, at desc);
create index scan_log_parcel_idx on scan_log (parcel_id, at desc) where parcel_id is not null;
create index scan_log_at_idx on scan_log (at);
