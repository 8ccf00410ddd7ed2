-- Which server instance ran (or runs) a billing statement's job: "host:pid:n". Shown to nobody;
-- kept for operations and for the test that several instances share the work.
alter table exports add column processed_by text;
