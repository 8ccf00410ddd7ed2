-- Billing statements (docs/billing.md): exports ordered as jobs, their progress, and the validation
-- errors a statement found. The job queue itself (pg-boss) keeps its tables in its own schema
-- `pgboss`, created and migrated by the library when the server starts.

alter table exports
  -- the statement's period and whether shipments charged before are charged again
  add column period_start date,
  add column period_end date,
  add column re_account boolean not null default false,
  -- progress while accounting: shipments charged so far of all the statement holds
  add column total_count int not null default 0,
  add column performed_count int not null default 0,
  add column progress_at timestamptz,
  add column errors_count int not null default 0,
  -- the run of the job allowed to write this export (a newer run replaces an interrupted one;
  -- a stale run's writes match no row, so a statement is never stored half made)
  add column run_id text,
  -- admins flag a statement as used for an invoice (reversible)
  add column used_for_invoice boolean not null default false;

create index exports_client_idx on exports (client_id, created_at desc);
create index exports_created_idx on exports (created_at desc, id desc);

create table export_validation_errors (
  id serial primary key,
  export_id int not null references exports(id) on delete cascade,
  type text not null check (type in ('missing_amount', 'giant_amount', 'wrong_shipments_in_report_count',
                                     'no_operational_price_list_match', 'uncompleted_shipment_missing_parcel')),
  shipment_id int references shipments(id) on delete set null,
  internal_waybill text,
  parcel_internal_numbers text[] not null default '{}',
  additional_data jsonb not null default '{}',
  reviewed boolean not null default false
);
create index export_validation_errors_export_idx on export_validation_errors (export_id, id);

-- A statement ordered by the system (invoicing) has no user.
alter table exports alter column user_id drop not null;
