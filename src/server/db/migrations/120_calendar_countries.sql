-- The calendar of non-working days per country: the operator's own (PL) and the destinations'
-- (RO, HU, BG: last-mile estimates). Every day so far was Poland's.
alter table calendar_days add column if not exists country text not null default 'PL';
drop index if exists calendar_days_day_key;
create unique index if not exists calendar_days_country_day_key on calendar_days (country, day);

alter table calendar_years add column if not exists country text not null default 'PL';
alter table calendar_years drop constraint if exists calendar_years_pkey;
alter table calendar_years add primary key (country, year);
