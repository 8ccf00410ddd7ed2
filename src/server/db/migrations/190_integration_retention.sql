-- Retention of the integration API's records (src/server/domain/integrationRetention.ts): calls are
-- deleted by age, so the age is indexed.
create index integration_calls_at_idx on integration_calls (at);
