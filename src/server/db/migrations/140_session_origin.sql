-- Where a session began: the client's address at sign-in (shown on /profile with its start time).
alter table sessions add column address text;
-- Live sessions of one user, newest first (the profile's list, "log out everywhere").
create index sessions_user_live_idx on sessions (user_id, created_at desc) where revoked_at is null;
