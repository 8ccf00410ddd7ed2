-- Counters of the guessing protection (failed logins per account and per client address, password
-- recovery requests), kept by rate-limiter-flexible in its PostgreSQL layout: `key` is
-- "<limiter>:<account or address>", `points` the attempts counted, `expire` the end of the window
-- in epoch milliseconds. They replace login_attempts (one row per failure, counted by each login).
create table rate_limits (
  key text primary key,
  points integer not null default 0,
  expire bigint
);
create index rate_limits_expire_idx on rate_limits (expire);
drop table login_attempts;
