-- A file token belongs to the session that asked for it: logout or a password change ends both.
-- Tokens issued before have no session and are no longer accepted (they lived a minute anyway).
alter table public_tokens add column session_hash text;
-- An e-mail that carries a secret (a password, a one-time link): its body is cleared once sent.
alter table outbox add column holds_secret boolean not null default false;
-- Bodies of secret-bearing mails already sent go now.
update outbox set body = '', holds_secret = true
 where sent_at is not null and (subject in ('Nowe hasło', 'Odzyskiwanie hasła', 'Twoje konto zostało utworzone', 'Potwierdź adres e-mail'));
