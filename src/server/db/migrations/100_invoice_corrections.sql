-- Correction invoices (docs/invoicing.md): an issued invoice is never rewritten; re-issuing one
-- makes a correction invoice of its own number series that refers to it. Numbers are counted per
-- series and year.

alter table invoices add column corrects_id int references invoices(id);
alter table invoices add column number_series text not null default 'FV';

-- One original invoice per client and period; corrections of it share the period.
alter table invoices drop constraint invoices_client_id_period_from_period_to_key;
create unique index invoices_original_period_key on invoices (client_id, period_from, period_to) where corrects_id is null;
create index invoices_corrects_idx on invoices (corrects_id) where corrects_id is not null;

alter table invoices drop constraint invoices_number_year_number_seq_key;
alter table invoices add constraint invoices_series_number_key unique (number_series, number_year, number_seq);

-- no_difference: a correction whose statement gives the same lines as the invoice it corrects
-- (nothing to correct: no number is taken, nothing is sent).
alter table invoices drop constraint invoices_status_check;
alter table invoices add constraint invoices_status_check
  check (status in ('pending', 'waiting_for_report', 'report_validated', 'report_validation_error', 'issued', 'missing_client_id', 'send', 'no_difference'));

alter table invoice_number_counters add column series text not null default 'FV';
alter table invoice_number_counters drop constraint invoice_number_counters_pkey;
alter table invoice_number_counters add primary key (series, year);
