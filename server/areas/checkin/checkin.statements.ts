/**
 * The check-in's prepared statements (`GET /checkin`'s read) and its set-based writes batched per transaction and
 * turn (decision 0066), each built once per app by the service through `deps.prepared(...)`.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perTransactionBatch, prepareQueries, prepareStatement } from '../../db/runtime';
import { checkins } from '../../db/schema';
import { awardEachAfterStatement, inMemberRounds } from '../../kernel/ledger';

/**
 * The statement of `GET /checkin`, prepared once per database: `{userId}` -> the member's latest check-in
 * `{day, streakDay}` (0 or 1 row), run in the request transaction when there is one.
 */
export function prepareCheckinStatements(db: Db) {
  return prepareQueries(db, (db, name) => ({
    latestCheckin: db
      .select({ day: checkins.day, streakDay: checkins.streakDay })
      .from(checkins)
      .where(eq(checkins.userId, sql.placeholder('userId')))
      .orderBy(desc(checkins.day))
      .limit(1)
      .prepare(name('podium_latest_checkin')),
  }));
}

/** A check-in's streak read: the member, and the day before the day checked in. */
type StreakRead = { userId: string; previousDay: string };
/** What a streak read answers: the streak day of the day before (0 when none) and the latest check-in. */
type Streak = { previousStreakDay: number; last: { day: string; streakDay: number } | undefined };
/** A check-in row to write and, when it is written and worth points, its award. */
type CheckinWrite = { userId: string; day: string; streakDay: number; points: number; occurredAt: Date; createdAt: Date };

/**
 * The check-in's two statements, set-based: the check-ins of one turn made in one transaction (a
 * group of keyed requests, `server/db/runtime/request-groups.ts`) or outside any share one streak read and one write, so
 * a kick-off's burst costs two statements per group instead of two per fan. Prepared once per database.
 */
function prepareCheckinBatchStatements(db: Db) {
  const c = checkins;
  return {
    /** `{userIds, previousDays}` -> per element, in order: `previous` streak day (or null), latest `day`, `streak_day`. */
    streaks: prepareStatement<{ previous: number | null; day: string | null; streak_day: number | null }>(
      db,
      'podium_checkin_streaks',
      sql`select (select ${c.streakDay} from ${c} where ${c.userId} = input.user_id and ${c.day} = input.previous_day) as previous,
          latest.day::text as day, latest.streak_day
        from unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('previousDays')}::date[])
          with ordinality as input(user_id, previous_day, n)
        left join lateral (select ${c.day} as day, ${c.streakDay} as streak_day from ${c}
          where ${c.userId} = input.user_id order by ${c.day} desc limit 1) as latest on true
        order by input.n`,
    ),
    /**
     * `{userIds, days, streakDays, points, occurredAts, createdAts, labels}` (one element per check-in, one per
     * member) -> `user_id` of each member whose day's row was written (and awarded, when worth points).
     */
    writes: prepareStatement<{ user_id: string }>(
      db,
      'podium_checkin_writes',
      awardEachAfterStatement(sql`input as (
          select * from unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('days')}::date[],
            ${sql.placeholder('streakDays')}::int[], ${sql.placeholder('points')}::int[],
            ${sql.placeholder('occurredAts')}::timestamptz[], ${sql.placeholder('createdAts')}::timestamptz[],
            ${sql.placeholder('labels')}::text[])
            as input(user_id, day, streak_day, points, occurred_at, created_at, label)
        ), written as (
          insert into ${c} (user_id, day, streak_day, points_awarded, occurred_at, created_at)
          select user_id, day, streak_day, points, occurred_at, created_at from input
          on conflict (user_id, day) do nothing
          returning user_id, day
        ), gate as (
          select input.user_id, input.points as amount, 'checkin'::text as reason, 'checkin:' || input.day::text as reference,
            input.label
          from input join written on written.user_id = input.user_id and written.day = input.day
        )`),
    ),
  };
}

/**
 * The batched check-in statements of `db`.
 * @returns `streak(tx, read)` and `write(tx, row)` (true when the day's row was written), each joining the batch of
 *   its transaction `tx` (or of no transaction) for the current turn
 */
export function createCheckinBatches(db: Db) {
  const statements = prepareCheckinBatchStatements(db);
  const streak = perTransactionBatch<StreakRead, Streak>(async (reads) => {
    const { rows } = await statements.streaks.execute({
      userIds: reads.map((r) => r.userId),
      previousDays: reads.map((r) => r.previousDay),
    });
    return rows.map((row) => ({
      previousStreakDay: row.previous === null ? 0 : Number(row.previous),
      last: row.day === null ? undefined : { day: String(row.day), streakDay: Number(row.streak_day) },
    }));
  });
  /** Writes `rows` (one per member) with one statement; answers whether each was written. */
  const writeOnce = async (rows: CheckinWrite[]) => {
    const { rows: written } = await statements.writes.execute({
      userIds: rows.map((r) => r.userId),
      days: rows.map((r) => r.day),
      streakDays: rows.map((r) => r.streakDay),
      points: rows.map((r) => r.points),
      occurredAts: rows.map((r) => r.occurredAt.toISOString()),
      createdAts: rows.map((r) => r.createdAt.toISOString()),
      labels: rows.map((r) => `Daily check-in, day ${r.streakDay}`),
    });
    const users = new Set(written.map((w) => w.user_id));
    return rows.map((r) => users.has(r.userId));
  };
  // A member's balance is read once per statement: a member's second check-in of the turn goes in the next one.
  const write = perTransactionBatch<CheckinWrite, boolean>((rows) => inMemberRounds(rows, writeOnce));
  return { streak, write };
}
