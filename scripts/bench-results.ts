/**
 * Result entry on PostgreSQL: seeds one pick'em with `RESPONSES` answers (one member each, half of
 * them on the option that wins) in a throwaway database, then times `enterChallengeResult` for the first result
 * (credits half the members) and for a correction (reverses those and credits the other half). Target: under 5 s.
 *
 * Run by `npm run bench`, or alone with `npx tsx scripts/bench-results.ts`. PostgreSQL from `BENCH_DATABASE_URL`
 * (default `postgres://postgres@127.0.0.1:5432/postgres`, a role allowed to create databases); the database it
 * creates is dropped afterwards.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { withThrowawayDatabase } from './lib/postgres';
import { challenges } from '../server/db/schema';
import { enterChallengeResult } from '../server/areas/challenges/challenge-results.service';
import { seedDemoOrganization } from '../server/seed/demo';

const RESPONSES = 50_000;

/**
 * Seeds the throwaway database and times the two result entries.
 * @returns the milliseconds of the first result and of the correction, and the members each moved
 */
export async function measureResultEntry() {
  return withThrowawayDatabase('results', async (database, name) => {
    const { db } = database;
    const now = new Date();
    const organization = await seedDemoOrganization(db, { organizationKey: `pk_bench_${name}`, now });
    const [challenge] = await db
      .insert(challenges)
      .values({
        organizationId: organization.id,
        type: 'poll',
        subtype: 'pickem',
        title: 'Bench: who wins?',
        visibleFrom: new Date(now.getTime() - 3_600_000),
        expiresOn: new Date(now.getTime() - 60_000),
        points: 30,
        options: [
          { text: 'Home', points: 10 },
          { text: 'Away', points: 10 },
        ],
      })
      .returning({ id: challenges.id });
    // Members, their answers (alternating options) and the answers' ledger rows, as the fan endpoints leave them.
    await db.execute(sql`
      insert into users (organization_id, email, points, lifetime_points)
      select ${organization.id}, 'bench-' || n || '@fans.example', 10, 10 from generate_series(1, ${RESPONSES}) as n`);
    await db.execute(sql`
      insert into challenge_responses (challenge_id, user_id, response_index, points_awarded, answered_at)
      select ${challenge.id}, id, (row_number() over (order by id)) % 2, 10, now()
      from users where organization_id = ${organization.id} and email like 'bench-%'`);
    await db.execute(sql`
      insert into point_transactions (organization_id, user_id, amount, reason, reference, label, balance_after)
      select ${organization.id}, user_id, 10, 'challenge', 'challenge:' || challenge_id, 'Bench: who wins?', 10
      from challenge_responses where challenge_id = ${challenge.id}`);
    await db.execute(sql`analyze`);

    const actor = { id: null, email: 'bench', organizationId: organization.id };
    let started = performance.now();
    const first = await enterChallengeResult(db, actor, { challengeId: challenge.id, correctIndex: 0 }, new Date());
    const firstMs = performance.now() - started;
    started = performance.now();
    const correction = await enterChallengeResult(db, actor, { challengeId: challenge.id, correctIndex: 1 }, new Date());
    const correctionMs = performance.now() - started;
    return { firstMs, correctionMs, first, correction };
  });
}

/** Prints the figures of `measureResultEntry`. */
export async function printResultEntry() {
  const { firstMs, correctionMs, first, correction } = await measureResultEntry();
  const n = RESPONSES.toLocaleString('en');
  console.log(
    `result entry, ${n} responses (PostgreSQL): first result ${Math.round(firstMs)} ms (credited ${first.credited.members}); ` +
      `correction ${Math.round(correctionMs)} ms (reversed ${correction.reversed.members}, credited ${correction.credited.members}); target < 5000 ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printResultEntry();
