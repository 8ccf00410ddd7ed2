-- A scan's status write finds the same scan just accepted (the idempotency guard): it raises
-- this error, so the whole transaction rolls back even when its COMMIT was already sent with the
-- write (db.ts preparedLast); the server answers 204. SQLSTATE SC204, message 'repeated scan'.
create function scan_repeated() returns int language plpgsql as $$
begin
  raise exception 'repeated scan' using errcode = 'SC204';
end $$;
