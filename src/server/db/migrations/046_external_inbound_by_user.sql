-- External inbound scan screen: the person's own hand-overs of the day (the screen's counter,
-- criteria scanned_by_user_id + date of POST app/v1/external_inbound/list).
create index if not exists external_inbounds_user_idx on external_inbounds (scanned_by_user_id, scanned_at desc);
