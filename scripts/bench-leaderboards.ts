/**
 * `npm run bench:leaderboards`: times the fans' tables (server/areas/leaderboards/leaderboards.service.ts; target: under
 * 100 ms per table) on PostgreSQL at a club's scale.
 *
 * Creates a throwaway database on the PostgreSQL server at `BENCH_PG_URL` (default
 * `postgres://postgres@127.0.0.1:5432/postgres`), applies the migrations and seeds, with set-based SQL, one
 * organization (Europe/Paris) with 100,000 members, a season started 60 days ago and `BENCH_LEDGER_ROWS` ledger rows
 * (default 1,000,000; one in ten a spend) over the last 120 days, then fills the tables set-based as the migration's
 * back-fill does. It also times single credits through the ledger trigger that keeps the tables. After `VACUUM ANALYZE` it reads, `RUNS` times per period, the organization's table as a random member sees
 * it (top 50 and the own place, most members far down) and a 50-member league's table, and prints p50 and p95 in
 * ms. The database is dropped at the end, whatever happens.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { runStatement } from './lib/postgres';
import { LeaderboardPeriodSchema } from '../src/contracts/leaderboard';
import type { Db } from '../server/db/client';
import { openDatabase } from '../server/db/runtime';
import { readLeaderboard, readLeagueTable } from '../server/areas/leaderboards/leaderboards.service';
import { createOrganization } from '../server/seed/factories';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `podium_bench_leaderboards_${process.pid}`;
const RUNS = 200;
const TIME_ZONE = 'Europe/Paris';
const MEMBERS = 100_000;
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const LEAGUE_SIZE = 50;

const adminQuery = (text: string) => runStatement(ADMIN_URL, text);

/** Runs one seeding statement and prints how long it took. */
async function step(db: Db, label: string, statement: ReturnType<typeof sql>) {
  const started = performance.now();
  await db.execute(statement);
  console.log(`  ${label.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

/** p50 and p95 of `timings`, in ms. */
function percentiles(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)}`.padStart(16);
}

await adminQuery(`create database "${NAME}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 4, poolTimeoutMs: 60_000 });
try {
  const { db } = database;
  const organization = await createOrganization(db, { name: 'Bench FC', publicKey: 'pk_bench_leaderboards', timeZone: TIME_ZONE });
  const org = organization.id;
  console.log('seeding:');
  await db.execute(sql`set synchronous_commit = off`);
  await step(
    db,
    `${MEMBERS.toLocaleString('en')} members`,
    sql`insert into users (organization_id, email, username, birthday)
    select ${org}, 'fan' || g || '@bench.example', 'fan' || g, case when g % 20 = 0 then date '2012-01-01' end
    from generate_series(0, ${MEMBERS - 1}) g`,
  );
  await step(
    db,
    'member numbers',
    sql`create table bench_members as
    select (split_part(username, 'fan', 2))::int as i, id from users where organization_id = ${org}`,
  );
  await db.execute(sql`alter table bench_members add primary key (i)`);
  await db.execute(sql`insert into seasons (organization_id, name, starts_at) values (${org}, 'Bench season', now() - interval '60 days')`);
  // Bulk load: the tables' trigger is off while the seed writes the ledger, then the tables are filled set-based with
  // the migration's back-fill statement (a row-by-row trigger over a million rows takes many minutes); the trigger's
  // own cost is timed afterwards, on single awards.
  await db.execute(sql`alter table point_transactions disable trigger point_transactions_leaderboard`);
  // Skewed earnings (a few members earn a lot, most a little), so the tables have long runs of equal points.
  await step(
    db,
    `${LEDGER_ROWS.toLocaleString('en')} ledger rows`,
    sql`insert into point_transactions
      (organization_id, user_id, amount, reason, reference, balance_after, created_at)
    select ${org}, m.id, case when g % 10 = 0 then -10 else 5 + (g % 7) * 5 end,
      case when g % 10 = 0 then 'sweepstake_entry' else 'challenge' end, 'bench:' || g, 0,
      now() - (${LEDGER_ROWS} - g) * (interval '120 days' / ${LEDGER_ROWS})
    from (select g, floor(${MEMBERS} * power(random(), 2))::int as i from generate_series(0, ${LEDGER_ROWS - 1}) g offset 0) r
    join bench_members m on m.i = r.i
    order by g`,
  );
  await step(
    db,
    'tables (week, month, all)',
    sql`insert into leaderboard_scores (organization_id, period, period_key, user_id, points)
    select t.organization_id, p.period, p.period_key, t.user_id, sum(t.amount)::int
    from point_transactions t join organizations o on o.id = t.organization_id
    cross join lateral (values
      ('week', podium_period_key('week', t.created_at, o.time_zone)),
      ('month', podium_period_key('month', t.created_at, o.time_zone)),
      ('all', '')) as p(period, period_key)
    where t.amount > 0 group by t.organization_id, p.period, p.period_key, t.user_id`,
  );
  await step(
    db,
    'table (season)',
    sql`insert into leaderboard_scores (organization_id, period, period_key, user_id, points)
    select t.organization_id, 'season', s.id::text, t.user_id, sum(t.amount)::int
    from point_transactions t join seasons s on s.organization_id = t.organization_id and t.created_at >= s.starts_at
    where t.amount > 0 group by t.organization_id, s.id, t.user_id`,
  );
  await db.execute(sql`alter table point_transactions enable trigger point_transactions_leaderboard`);
  const { rows: leagueRows } = (await db.execute(sql`insert into leagues (organization_id, name, invite_code)
    values (${org}, 'Bench league', 'benchleague01') returning id`)) as unknown as { rows: Array<{ id: string }> };
  const leagueId = leagueRows[0].id;
  await db.execute(sql`insert into league_members (league_id, user_id)
    select ${leagueId}, id from bench_members where i % ${Math.floor(MEMBERS / LEAGUE_SIZE)} = 0`);
  const { rows: members } = (await db.execute(sql`select id from bench_members order by i`)) as unknown as { rows: Array<{ id: string }> };
  const { rows: inLeague } = (await db.execute(sql`select user_id as id from league_members where league_id = ${leagueId}`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  await db.execute(sql`drop table bench_members`);
  const started = performance.now();
  await db.execute(sql`vacuum analyze`);
  console.log(`  ${'vacuum analyze'.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  const { rows: sizes } = (await db.execute(sql`select period, count(*)::int as n from leaderboard_scores
    where organization_id = ${org} and period_key = case period when 'all' then '' when 'season' then period_key
      else podium_period_key(period, now(), ${TIME_ZONE}::text) end group by period order by period`)) as unknown as {
    rows: Array<{ period: string; n: number }>;
  };
  console.log(`\nmembers with points now: ${sizes.map((s) => `${s.period} ${s.n.toLocaleString('en')}`).join(', ')}`);

  const orgRow = { id: org, timeZone: TIME_ZONE };
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  console.log(`\n${RUNS} reads per cell, ms (p50 / p95)\n`);
  console.log(`${'table'.padEnd(28)}${LeaderboardPeriodSchema.options.map((p) => p.padStart(16)).join('')}`);
  for (const [label, read] of [
    [
      'organization (random fan)',
      (period: (typeof LeaderboardPeriodSchema.options)[number]) =>
        readLeaderboard(db, { organization: orgRow, user: pick(members) }, period, new Date()),
    ],
    [
      'league of 50',
      (period: (typeof LeaderboardPeriodSchema.options)[number]) =>
        readLeagueTable(db, { organization: orgRow, user: pick(inLeague) }, leagueId, period, new Date()),
    ],
  ] as const) {
    const cells: string[] = [];
    for (const period of LeaderboardPeriodSchema.options) {
      for (let i = 0; i < 5; i++) await read(period);
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await read(period);
        timings.push(performance.now() - t0);
      }
      cells.push(percentiles(timings));
    }
    console.log(`${label.padEnd(28)}${cells.join('')}`);
  }
  // One award through the ledger's trigger (the cost the tables add to every credit).
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await db.execute(sql`insert into point_transactions (organization_id, user_id, amount, reason, reference, balance_after)
      values (${org}, ${pick(members).id}, 10, 'challenge', ${`bench:award:${i}`}, 0)`);
    timings.push(performance.now() - t0);
  }
  console.log(`\none ledger credit through the trigger, ms (p50 / p95): ${percentiles(timings).trim()}`);
} finally {
  await database.close();
  await adminQuery(`drop database if exists "${NAME}" with (force)`);
}
