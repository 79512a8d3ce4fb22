-- One keyed check-in as the server sends it for POST /api/checkin with an Idempotency-Key (statement texts from
-- PostgreSQL's log with log_statement = 'all'; the session read, shared by a whole burst, is left out): the key's
-- claim committed on its own, then in one transaction the streak read, the day's row with its award (the ledger
-- trigger keeps the leaderboards), and the stored answer. Member n of the bench's users, day d of 3,000.
-- Run by scripts/bench-checkin-sql.ts. This is one transaction per check-in, as the server ran them before it
-- committed a burst's check-ins in groups with set-based statements (docs/decisions/0066): the baseline groups beat.
\set n random(1, 10000)
\set d random(1, 3000)
\set k random(1, 1000000000)
insert into idempotency_records (principal, key, method, path, fingerprint, created_at, expires_at) values ('user:' || (:n)::text, 'k' || (:k)::text || '-' || (:n)::text || '-' || (:d)::text, 'POST', '/api/checkin', 'fp', now(), now() + interval '1 day') on conflict do nothing returning key;
begin;
select (select streak_day from checkins where user_id = md5('u' || (:n)::text)::uuid and day = (date '2020-01-01' + (:d)::int - 1)) as previous, latest.day::text as day, latest.streak_day from (select 1) as one left join lateral (select day, streak_day from checkins where user_id = md5('u' || (:n)::text)::uuid order by day desc limit 1) as latest on true;
with gate as (insert into checkins (user_id, day, streak_day, points_awarded, occurred_at, created_at) values (md5('u' || (:n)::text)::uuid, date '2020-01-01' + (:d)::int, 1, 10, now(), now()) on conflict (user_id, day) do nothing returning day), account as (select id, organization_id, points from users where id = md5('u' || (:n)::text)::uuid for update), entry as (insert into point_transactions (organization_id, user_id, amount, reason, reference, label, balance_after, created_at) select organization_id, id, 10, 'checkin', 'checkin:' || (:d)::text, 'Daily check-in, day 1', points + 10, now() from account where exists (select 1 from gate) on conflict (user_id, reference) do nothing returning id, amount, reason, reference, label, balance_after), moved as (update users set points = users.points + 10, lifetime_points = users.lifetime_points + 10 from entry where users.id = md5('u' || (:n)::text)::uuid returning 1) select exists (select 1 from account) as found, exists (select 1 from gate) as passed, (select points from account) as balance, false as used, entry.* from (select 1) as one left join entry on true;
update idempotency_records set status = 201, response_body = repeat('x', 420), response_content_type = 'application/json' where principal = 'user:' || (:n)::text and key = 'k' || (:k)::text || '-' || (:n)::text || '-' || (:d)::text and status is null returning key;
commit;
