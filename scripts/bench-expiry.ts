/**
 * The daily points-expiry job on PostgreSQL: seeds `MEMBERS` members in a throwaway database, each
 * with a lot past its expiry day (partly spent), a lot expiring within the reminder window and a recent one, then
 * times `runPointsExpiry`: every member gets an `expired` row and a reminder row. Target: under 10 s. A second run
 * (which must change nothing) is timed too.
 *
 * Run by `npm run bench`, or alone with `npx tsx scripts/bench-expiry.ts` (`BENCH_EXPIRY_MEMBERS` sets the number). PostgreSQL from `BENCH_DATABASE_URL`
 * (default `postgres://postgres@127.0.0.1:5432/postgres`, a role allowed to create databases); the database it
 * creates is dropped afterwards.
 */
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { withThrowawayDatabase } from './lib/postgres';
import { createApp } from '../server/app';
import { organizations } from '../server/db/schema';
import { runPointsExpiry } from '../server/jobs/points-expiry';
import { loadEnv } from '../server/env';
import { silentLogger } from '../server/lib/logger';
import { seedDemoOrganization } from '../server/seed/demo';

const MEMBERS = Number(process.env.BENCH_EXPIRY_MEMBERS ?? 100_000);
const EXPIRE_AFTER_DAYS = 30;

/**
 * Seeds the throwaway database and times two runs of the job.
 * @returns the milliseconds of each run and what each did
 */
export async function measurePointsExpiry() {
  return withThrowawayDatabase('expiry', async (database, name) => {
    const { db } = database;
    const now = new Date();
    const organization = await seedDemoOrganization(db, { organizationKey: `pk_bench_${name}`, now });
    await db.update(organizations).set({ pointsExpireAfterDays: EXPIRE_AFTER_DAYS }).where(eq(organizations.id, organization.id));
    await db.execute(sql`
      insert into users (organization_id, email, points, lifetime_points)
      select ${organization.id}, 'bench-' || n || '@fans.example', 70, 100 from generate_series(1, ${MEMBERS}) as n`);
    // 50 points 40 days ago (30 of them spent 10 days ago: 20 expire today), 30 points 25 days ago (expire within
    // the reminder window), 20 points yesterday.
    await db.execute(sql`
      insert into point_transactions (organization_id, user_id, amount, reason, reference, label, balance_after, created_at)
      select ${organization.id}, u.id, r.amount, r.reason, r.reference, null, r.after, now() - r.ago
      from users u cross join (values
        (50, 'checkin', 'bench:old', 50, interval '40 days'),
        (30, 'checkin', 'bench:window', 80, interval '25 days'),
        (-30, 'sweepstake_entry', 'bench:spend', 50, interval '10 days'),
        (20, 'checkin', 'bench:recent', 70, interval '1 day')
      ) as r(amount, reason, reference, after, ago)
      where u.organization_id = ${organization.id} and u.email like 'bench-%'`);
    await db.execute(sql`analyze`);

    const env = loadEnv({ ORGANIZATION_KEY: `pk_bench_${name}`, STATIC_DIR: './bench-no-dist' });
    const mailer = {
      sendSignInCode: async () => undefined,
      sendSweepstakeWin: async () => undefined,
      sendPointsExpiry: async () => undefined,
    };
    const { deps } = createApp({ db, env, logger: silentLogger, mailer });
    let started = performance.now();
    const first = await runPointsExpiry(deps, new Date());
    const firstMs = performance.now() - started;
    started = performance.now();
    const second = await runPointsExpiry(deps, new Date());
    const secondMs = performance.now() - started;
    return { firstMs, secondMs, first, second };
  });
}

/** Prints the figures of `measurePointsExpiry`. */
export async function printPointsExpiry() {
  const { firstMs, secondMs, first, second } = await measurePointsExpiry();
  console.log(
    `points expiry, ${MEMBERS.toLocaleString('en')} members (PostgreSQL): ${Math.round(firstMs)} ms ` +
      `(expired ${first.points.toLocaleString('en')} points of ${first.members.toLocaleString('en')} members, reminded ${first.reminded.toLocaleString('en')}); ` +
      `second run ${Math.round(secondMs)} ms (expired ${second.members}, reminded ${second.reminded}); target < 10000 ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printPointsExpiry();
