-- Address database: localities, streets, lockers.
-- Filled by the importer (src/server/domain/addressImport.ts, docs/address-import.md).

-- Search key of a name: lower-case ASCII without diacritics (Romanian, Hungarian, Polish, German
-- letters and Bulgarian Cyrillic transliterated), every run of other characters one space, trimmed.
-- "Cluj-Napoca" → "cluj napoca", "Iași" → "iasi", "Șoseaua" → "soseaua", "София" → "sofiya".
-- One definition, used by the generated columns below and by every search query, so a row inserted
-- by any path is searchable and the query text is normalised exactly like the stored names.
-- translate() runs before lower() so the result does not depend on the database's locale.
create or replace function addr_norm(t text) returns text
language sql immutable parallel safe
as $$
  select btrim(regexp_replace(lower(
    translate(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        coalesce(t, ''),
        'Щ', 'sht'), 'щ', 'sht'), 'Ж', 'zh'), 'ж', 'zh'), 'Ц', 'ts'), 'ц', 'ts'), 'Ч', 'ch'), 'ч', 'ch'),
        'Ш', 'sh'), 'ш', 'sh'), 'Ю', 'yu'), 'ю', 'yu'), 'Я', 'ya'), 'я', 'ya'),
      'ĂăÂâÎîȘșŞşȚțŢţÁáÀàÄäÉéÈèËëÍíÓóÒòÖöŐőÔôÚúÙùÜüŰűĄąĆćČčĘęŁłŃńŚśŠšŹźŻżŽžßАаБбВвГгДдЕеЗзИиЙйКкЛлМмНнОоПпРрСсТтУуФфХхЪъЬь',
      'aaaaiissssttttaaaaaaeeeeeeiioooooooooouuuuuuuuaacccceellnnsssszzzzzzsaabbvvggddeezziiyykkllmmnnoopprrssttuuffhhaayy'
    )), '[^a-z0-9]+', ' ', 'g'))
$$;

create table localities (
  id serial primary key,
  country_id int not null references countries(id),
  name text not null,
  -- Called voivodeship in the API; in Romania it is the județ (county).
  county text not null,
  -- The municipality the locality belongs to (the city itself, or the commune of a village;
  -- in Bucharest the sector).
  municipality text not null,
  -- The locality's postal code; cities with a code per street keep a representative one here and
  -- the per-street codes in streets.postal_code.
  postal_code text not null,
  name_norm text generated always as (addr_norm(name)) stored,
  county_norm text generated always as (addr_norm(county)) stored,
  municipality_norm text generated always as (addr_norm(municipality)) stored
);
-- One locality per name within a municipality of a county: the import key (re-import updates).
create unique index localities_key on localities (country_id, county_norm, municipality_norm, name_norm);
-- Prefix search by name (also serves exact matches) and search by postal code.
create index localities_name_idx on localities (country_id, name_norm text_pattern_ops);
create index localities_postal_idx on localities (country_id, postal_code text_pattern_ops);

create table streets (
  id serial primary key,
  locality_id int not null references localities(id) on delete cascade,
  -- Strada, Bulevardul, Calea, Șoseaua, Piața, Aleea, ... (may be empty).
  type text not null default '',
  name text not null,
  -- Street-level postal code where the country has them (Romanian cities); '' when unknown.
  postal_code text not null default '',
  name_norm text generated always as (addr_norm(name)) stored
);
-- A street may carry several postal codes (ranges of house numbers): one row per code.
create unique index streets_key on streets (locality_id, type, name_norm, postal_code);
create index streets_name_idx on streets (locality_id, name_norm text_pattern_ops);
create index streets_postal_idx on streets (postal_code text_pattern_ops);

create table lockers (
  id serial primary key,
  country_id int not null references countries(id),
  -- The operator's external id of the pickup point (the import key within a country).
  code text not null,
  name text not null,
  locality_id int references localities(id) on delete set null,
  city text not null,
  address text not null,
  postal_code text not null default '',
  lat double precision,
  lng double precision,
  name_norm text generated always as (addr_norm(name)) stored,
  search_norm text generated always as (addr_norm(name || ' ' || city || ' ' || address || ' ' || code)) stored,
  unique (country_id, code)
);
create index lockers_search_idx on lockers (country_id, search_norm text_pattern_ops);
create index lockers_locality_idx on lockers (locality_id);

-- Contains-search ("napoca" in "cluj napoca") is served by trigram indexes where the pg_trgm
-- extension can be created (a PostgreSQL server with contrib). Embedded PGlite does not load it
-- by default: there the same queries scan the country's rows (measured: ~10–20 ms for 15 000
-- localities), with prefix matches served by the btree indexes above.
do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm not available; address contains-search without trigram indexes';
    return;
  end;
  execute 'create index localities_name_trgm on localities using gin (name_norm gin_trgm_ops)';
  execute 'create index streets_name_trgm on streets using gin (name_norm gin_trgm_ops)';
  execute 'create index lockers_search_trgm on lockers using gin (search_norm gin_trgm_ops)';
end
$$;
