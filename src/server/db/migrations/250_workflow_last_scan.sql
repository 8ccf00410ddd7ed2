-- The idempotency guard of a scan ("the same scan just accepted is not written again") compared
-- the scan with the user's newest status-history row: `where user_id = … order by id desc limit 1`.
-- With the table's statistics the planner walks the whole history backwards by its primary key
-- for that (it expects the user's rows to be spread evenly), so a worker's first scan of a shift
-- read every row written since their last one. The scan now keeps its own last accepted scan on
-- the workflow row it already updates (the scan counter): no extra row written, the read is a
-- column of a row the scan reads anyway. A workflow is one user at one workstation.
alter table workflows
  add column last_barcode text,
  add column last_status_type_id int,
  add column last_scan_at timestamptz;
