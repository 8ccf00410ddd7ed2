-- The scan log is written on every floor request; what each row costs the database is kept small.
-- A log row names the worker and the workstation as they were: it keeps their ids when they are
-- deleted later (the listing joins them and shows nothing for a gone one), so the two foreign keys
-- and the two key checks they ran per inserted row go. The rows arrive in time order, so the
-- retention job's "older than" search uses a block-range index, which costs next to nothing to keep.
alter table scan_log drop constraint if exists scan_log_user_id_fkey;
alter table scan_log drop constraint if exists scan_log_workstation_id_fkey;
drop index if exists scan_log_at_idx;
create index scan_log_at_brin on scan_log using brin (at);
