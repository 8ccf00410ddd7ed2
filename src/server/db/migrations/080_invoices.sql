-- Invoicing (docs/invoicing.md): invoices per client and billing period, their validation errors
-- (copied from the billing statement, with the reviewed flag), the gap-free yearly numbering, and
-- e-mail attachments in the outbox.

create table invoices (
  id serial primary key,
  client_id int not null references clients(id),
  period_from date not null,
  period_to date not null,
  status text not null default 'pending'
    check (status in ('pending', 'waiting_for_report', 'report_validated', 'report_validation_error', 'issued', 'missing_client_id', 'send')),
  -- The client's EXTERNAL_INVOICING_SYSTEM_ID, read each time the invoice is prepared.
  external_id text,
  -- Number: prefix/seq/year; seq from invoice_number_counters, kept across re-issues.
  invoice_number text unique,
  number_year int,
  number_seq int,
  issue_date date,
  payment_to_date date,
  net_amount numeric(14, 2),
  vat_rate text,
  vat_amount numeric(14, 2),
  total_amount numeric(14, 2),
  currency text,
  -- The lines printed: [{kind, count, net, vat, gross}] (decimal strings).
  lines jsonb not null default '[]',
  -- The billing statement (exports.uuid) the amounts come from.
  statement_uuid text,
  pdf bytea,
  pdf_name text,
  email_id int references outbox(id),
  trigger_date date,
  triggered_by int references users(id),
  error_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Triggering twice for the same period never makes a second invoice.
  unique (client_id, period_from, period_to),
  unique (number_year, number_seq)
);
create index invoices_status_idx on invoices (status, id desc);
create index invoices_statement_idx on invoices (statement_uuid) where statement_uuid is not null;

-- One row per year; the issuing transaction increments it (row lock), so numbers have no gaps:
-- a rolled-back issue gives its number back.
create table invoice_number_counters (
  year int primary key,
  last_number int not null default 0
);

create table invoice_validation_errors (
  id serial primary key,
  invoice_id int not null references invoices(id) on delete cascade,
  type text not null,
  reviewed boolean not null default false,
  parcel_internal_numbers text[] not null default '{}',
  additional_data jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index invoice_validation_errors_invoice_idx on invoice_validation_errors (invoice_id, id);

-- Files sent with an e-mail of the outbox (the invoice PDF).
create table outbox_attachments (
  id serial primary key,
  outbox_id int not null references outbox(id) on delete cascade,
  filename text not null,
  content_type text not null,
  data bytea not null
);
create index outbox_attachments_outbox_idx on outbox_attachments (outbox_id);
