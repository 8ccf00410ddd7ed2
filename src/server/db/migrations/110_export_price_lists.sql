-- The price lists a billing statement charged with: [{id, name, type, client_name, country, begin_date, shipments}],
-- and how many shipments kept their earlier charges (re_account off).
alter table exports add column if not exists price_lists jsonb not null default '[]'::jsonb;
alter table exports add column if not exists kept_count int not null default 0;
