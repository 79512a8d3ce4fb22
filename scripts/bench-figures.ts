/**
 * `npm run bench:figures`: times the console's figures (server/areas/console/figures.service.ts) on PostgreSQL at a club's scale
 * (decisions 0056 and 0058; target: each period's whole answer under 500 ms).
 *
 * Creates a throwaway database on the PostgreSQL server at `BENCH_PG_URL` (default
 * `postgres://postgres@127.0.0.1:5432/postgres`), applies the migrations and seeds, with set-based SQL
 * (`generate_series`), one organization with 100,000 members and 5,000,000 ledger rows spread over the last 365
 * days, plus check-ins (1.5 M), challenge answers (1 M), trivia answers (0.5 M), video views (0.5 M), article reads
 * (0.3 M), story chapter views (0.5 M) and sweepstake entries (0.2 M) over the same days. After `VACUUM ANALYZE`
 * it times the cold request (the first one: it rolls up every closed day, then answers the season), then, warm,
 * runs each statement once to warm up, then `RUNS` times per period over the rollup, and prints p50 and max in ms;
 * then the whole answer as the request makes it (`openFiguresScope`, then `readFigures`, its statements side by side
 * on the pool).
 *
 * `BENCH_FIGURES_KEEP=1` keeps the database (named `podium_bench_figures`) and reuses it on the next run without
 * seeding again (pending migrations are still applied; the rollup is thrown away first, so the cold request is).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { FIGURES_PERIODS } from '../src/contracts/admin/figures';
import type { Db } from '../server/db/client';
import { openDatabase } from '../server/db/runtime';
import { FIGURE_STATEMENTS, openFiguresScope, readFigures } from '../server/areas/console/figures.service';
import { createOrganization } from '../server/seed/factories';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_FIGURES_KEEP === '1';
const NAME = KEEP ? 'podium_bench_figures' : `podium_bench_figures_${process.pid}`;
const RUNS = 7;
const TIME_ZONE = 'Europe/Paris';
const PUBLIC_KEY = 'pk_bench_figures';

/** The tables the seed fills with members' activity. */
const ACTIVITY_TABLES = [
  'point_transactions',
  'checkins',
  'challenge_responses',
  'trivia_answers',
  'video_views',
  'article_reads',
  'story_chapter_views',
  'sweepstake_entries',
];

const MEMBERS = 100_000;
const LEDGER_ROWS = 5_000_000;

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs one seeding statement and prints how long it took. */
async function step(db: Db, label: string, statement: ReturnType<typeof sql>) {
  const started = performance.now();
  await db.execute(statement);
  console.log(`  ${label.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

/**
 * Seeds the organization's members, content and activity with set-based statements. Members join at random times
 * over the last 400 days; activity rows are spread evenly over the last 365 days in the order they are written, as
 * the append-only tables are in production (their times are the database's clock at insert).
 */
async function seed(db: Db) {
  const organization = await createOrganization(db, { name: 'Bench FC', publicKey: PUBLIC_KEY, timeZone: TIME_ZONE });
  const org = organization.id;
  const past = (days: number) => sql.raw(`now() - random() * interval '${days} days'`);
  /** The time of the `g`-th of `count` rows written over the last 365 days, oldest first. */
  const written = (count: number) => sql.raw(`now() - (${count} - g) * (interval '365 days' / ${count})`);
  console.log('seeding:');
  await db.execute(sql`set synchronous_commit = off`);
  await step(
    db,
    `${MEMBERS.toLocaleString('en')} members`,
    sql`insert into users (organization_id, email, created_at)
    select ${org}, 'fan' || g || '@bench.example', ${past(400)} from generate_series(0, ${MEMBERS - 1}) g`,
  );
  // Members by number, to pick them in the statements below.
  await step(
    db,
    'member numbers',
    sql`create table bench_members as
    select split_part(split_part(email, '@', 1), 'fan', 2)::int as i, id from users where organization_id = ${org}`,
  );
  await db.execute(sql`alter table bench_members add primary key (i)`);
  await step(
    db,
    'content',
    sql`
    with polls as (
      insert into challenges (organization_id, type, subtype, title, visible_from)
      select ${org}, 'poll', 'poll', 'Poll ' || g, now() - interval '400 days' from generate_series(1, 40) g returning id
    ), trivia as (
      insert into challenges (organization_id, type, subtype, title, visible_from)
      select ${org}, 'trivia', 'trivia', 'Quiz ' || g, now() - interval '400 days' from generate_series(1, 10) g returning id
    ), v as (
      insert into videos (organization_id, slug, name, file_name, duration_seconds, published_at)
      select ${org}, 'video-' || g, 'Video ' || g, 'v.mp4', 60, now() - interval '400 days' from generate_series(1, 30) g returning id
    ), a as (
      insert into articles (organization_id, slug, title, published_at)
      select ${org}, 'article-' || g, 'Article ' || g, now() - interval '400 days' from generate_series(1, 30) g returning id
    ), s as (
      insert into sweepstakes (organization_id, title, starts_at, ends_at, entry_cost)
      select ${org}, 'Draw ' || g, now() - interval '400 days', now() + interval '30 days', 10 from generate_series(1, 5) g returning id
    ), st as (
      insert into stories (organization_id, title, cover_media_id, starts_at)
      select ${org}, 'Story ' || g, gen_random_uuid(), now() - interval '400 days' from generate_series(1, 10) g returning id
    )
    select (select count(*) from polls) + (select count(*) from trivia) + (select count(*) from v) + (select count(*) from a)
      + (select count(*) from s) + (select count(*) from st)`,
  );
  await db.execute(sql`insert into story_chapters (story_id, order_index, media_id)
    select s.id, o, gen_random_uuid() from stories s cross join generate_series(0, 4) o where s.organization_id = ${org}`);
  // A bulk load builds indexes faster afterwards, sorted, than row by row into random places (the keys are UUIDs):
  // the activity tables' indexes are dropped here and created again from their own definitions below.
  const { rows: indexes } = (await db.execute(sql`select indexname, indexdef from pg_indexes i
    where schemaname = 'public' and tablename in (${sql.join(
      ACTIVITY_TABLES.map((t) => sql`${t}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: Array<{ indexname: string; indexdef: string }>;
  };
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  const numbered = (table: string, where = sql``) =>
    sql`(select row_number() over (order by id) - 1 as n, id from ${sql.raw(table)} where organization_id = ${org} ${where})`;
  await step(
    db,
    `${LEDGER_ROWS.toLocaleString('en')} ledger rows`,
    sql`insert into point_transactions
      (organization_id, user_id, amount, reason, reference, balance_after, created_at)
    select ${org}, m.id, case when g % 10 = 0 then -10 * (1 + g % 5) else 5 + g % 50 end,
      case when g % 10 = 0 then 'sweepstake_entry' else 'challenge' end, 'bench:' || g, 0, ${written(LEDGER_ROWS)}
    from generate_series(0, ${LEDGER_ROWS - 1}) g join bench_members m on m.i = g % ${MEMBERS} order by g`,
  );
  await step(
    db,
    '1,500,000 check-ins',
    sql`insert into checkins (user_id, day, streak_day, points_awarded, occurred_at)
    select m.id, d.day, 1, 10, d.day::timestamp at time zone ${TIME_ZONE}::text + interval '12 hours'
    from generate_series(0, 1499999) g join bench_members m on m.i = g % ${MEMBERS}
    cross join lateral (select (now() at time zone ${TIME_ZONE}::text)::date - ((g / ${MEMBERS}) * 23 + g % 23)::int as day) d`,
  );
  await step(
    db,
    '1,000,000 challenge answers',
    sql`insert into challenge_responses (challenge_id, user_id, response_index, answered_at)
    select c.id, m.id, 0, ${written(1_000_000)} from generate_series(0, 999999) g
    join ${numbered('challenges', sql`and type = 'poll'`)} c on c.n = g / 25000
    join bench_members m on m.i = (g::bigint * 7919) % ${MEMBERS}`,
  );
  await step(
    db,
    '500,000 trivia answers',
    sql`insert into trivia_answers (challenge_id, user_id, question_id, answer_index, correct, answered_at)
    select c.id, m.id, 'q' || (g / 10) % 5, 0, true, ${written(500_000)} from generate_series(0, 499999) g
    join ${numbered('challenges', sql`and type = 'trivia'`)} c on c.n = g % 10
    join bench_members m on m.i = g / 50`,
  );
  await step(
    db,
    '500,000 video views',
    sql`insert into video_views (video_id, user_id, points_awarded, created_at)
    select v.id, m.id, 5, ${written(500_000)} from generate_series(0, 499999) g
    join ${numbered('videos')} v on v.n = g % 30 join bench_members m on m.i = g / 30`,
  );
  await step(
    db,
    '300,000 article reads',
    sql`insert into article_reads (article_id, user_id, points_awarded, created_at)
    select a.id, m.id, 5, ${written(300_000)} from generate_series(0, 299999) g
    join ${numbered('articles')} a on a.n = g % 30 join bench_members m on m.i = g / 30`,
  );
  await step(
    db,
    '500,000 story chapter views',
    sql`insert into story_chapter_views (story_id, chapter_id, user_id, points_awarded, created_at)
    select c.story_id, c.id, m.id, 1, ${written(500_000)} from generate_series(0, 499999) g
    join (select row_number() over (order by sc.id) - 1 as n, sc.id, sc.story_id from story_chapters sc
      join stories s on s.id = sc.story_id where s.organization_id = ${org}) c on c.n = g % 50
    join bench_members m on m.i = g / 50`,
  );
  await step(
    db,
    '200,000 sweepstake entries',
    sql`insert into sweepstake_entries (sweepstake_id, user_id, count, points_spent, created_at)
    select s.id, m.id, 1 + g % 3, 10 * (1 + g % 3), ${written(200_000)} from generate_series(0, 199999) g
    join ${numbered('sweepstakes')} s on s.n = g % 5 join bench_members m on m.i = (g::bigint * 7919) % ${MEMBERS}`,
  );
  await db.execute(sql`drop table bench_members`);
  const started = performance.now();
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  console.log(`  ${`${indexes.length} indexes`.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
};

/** Runs `run` once to warm up, then `RUNS` times; returns the timings in ms. */
async function time(run: () => Promise<unknown>): Promise<{ p50: number; max: number }> {
  await run();
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  return ms(timings);
}

const exists = (await adminQuery(`select 1 from pg_database where datname = '${NAME}'`)).rowCount === 1;
if (!exists) await adminQuery(`create database "${NAME}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 10, poolTimeoutMs: 60_000 });
try {
  const { db } = database;
  const found = (await db.execute(sql`select id, time_zone from organizations where public_key = ${PUBLIC_KEY}`)) as unknown as {
    rows: Array<{ id: string; time_zone: string }>;
  };
  if (found.rows.length === 0) {
    await seed(db);
    const started = performance.now();
    await db.execute(sql`vacuum analyze`);
    console.log(`  ${'vacuum analyze'.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  } else {
    // The seed's last step writes the entries: without them an earlier run stopped half way.
    const { rows } = (await db.execute(sql`select exists (select 1 from sweepstake_entries) as done`)) as unknown as {
      rows: Array<{ done: boolean }>;
    };
    if (!rows[0].done) throw new Error(`${NAME} holds a seed that did not finish: drop that database and run again`);
    console.log(`reusing ${NAME} (seeded before)`);
  }
  const [organization] = (
    (await db.execute(sql`select id, time_zone as "timeZone" from organizations where public_key = ${PUBLIC_KEY}`)) as unknown as {
      rows: Array<{ id: string; timeZone: string }>;
    }
  ).rows;
  const [counts] = (
    (await db.execute(sql`select (select count(*) from users where organization_id = ${organization.id})::int as members,
    (select count(*) from point_transactions where organization_id = ${organization.id})::int as ledger`)) as unknown as {
      rows: Array<{ members: number; ledger: number }>;
    }
  ).rows;
  console.log(`\n${counts.members.toLocaleString('en')} members, ${counts.ledger.toLocaleString('en')} ledger rows`);
  const now = new Date();
  for (const table of ['figures_rollups', 'activity_days', 'figure_days', 'challenge_participants']) {
    await db.execute(sql`delete from ${sql.raw(table)} where organization_id = ${organization.id}`);
  }
  const cold = performance.now();
  await readFigures(db, await openFiguresScope(db, organization, 'season', now), 'season');
  console.log(`cold request (rolls up every closed day, then answers the season): ${(performance.now() - cold).toFixed(0)} ms`);
  await db.execute(sql`vacuum analyze activity_days, figure_days, challenge_participants`);
  console.log(`\nwarm, over the rollup; ${RUNS} runs each, ms (p50 / max)\n`);
  console.log(`${'statement'.padEnd(20)}${FIGURES_PERIODS.map((p) => p.padStart(16)).join('')}`);
  for (const [name, statement] of Object.entries(FIGURE_STATEMENTS)) {
    const cells: string[] = [];
    for (const period of FIGURES_PERIODS) {
      const scope = await openFiguresScope(db, organization, period, now);
      const { p50, max } = await time(() => statement(db, scope));
      cells.push(`${p50.toFixed(0)} / ${max.toFixed(0)}`.padStart(16));
    }
    console.log(`${name.padEnd(20)}${cells.join('')}`);
  }
  const cells: string[] = [];
  for (const period of FIGURES_PERIODS) {
    const { p50, max } = await time(async () => readFigures(db, await openFiguresScope(db, organization, period, now), period));
    cells.push(`${p50.toFixed(0)} / ${max.toFixed(0)}`.padStart(16));
  }
  console.log(`${'whole answer'.padEnd(20)}${cells.join('')}`);
} finally {
  await database.close();
  if (!KEEP) await adminQuery(`drop database if exists "${NAME}" with (force)`);
}
