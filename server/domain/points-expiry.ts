/**
 * Points that expire, with fair warning (docs/decisions/0091; the rule is `src/rules/points-expiry.ts`).
 *
 * - `runPointsExpiry` is the daily job, run from the server's hourly path: for every organization with
 *   `pointsExpireAfterDays` set, it writes one `expired` ledger row per member whose oldest points reached their
 *   day (reference `expiry:<today>`, so a second run, or a second process, changes nothing), then reminds the
 *   members whose next expiry falls within `EXPIRY_REMINDER_DAYS` (one reminder row per member and expiry day,
 *   written before sending, so each is reminded once whatever the number of processes).
 * - The work is set-based: one aggregate over the organization's ledger finds the members with points due, then
 *   each batch of them is locked (the same member row lock every spend takes) and their due points computed again
 *   in a fresh statement, so a spend that committed while the job waited is counted and never expired twice.
 * - `memberNextExpiry` answers a member's next expiry for `GET /api/user/me` with the shared rule.
 * - Reminders respect consents: a push only on devices where the member chose the `points` topic, an e-mail only
 *   to members who gave the `marketing-emails` consent; deleted and suspended members get neither.
 */
import { asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { addDays, dayInZone } from '../../src/rules/calendar';
import { EXPIRY_REMINDER_DAYS, expiryReference, isReminderDue, nextExpiry, type NextExpiry } from '../../src/rules/points-expiry';
import type { DbOrTx } from '../db/client';
import { consents, organizations, pointTransactions, pointsExpiryReminders, userConsents, users } from '../db/schema';
import { describeError } from '../lib/error-description';
import type { AppDeps, OrganizationRow } from '../lib/types';
import { expireEachStatement } from './ledger';
import { queuePointsExpiryPushes } from './push';

/** Members locked and expired per transaction: short enough that a spend waiting on one of them waits little. */
const EXPIRY_BATCH = 5_000;
/** The consent a member gives for e-mails beyond sign-in codes and wins (the demo organization's key). */
const EMAIL_CONSENT_KEY = 'marketing-emails';

/** The organization fields the job reads. */
type ExpiringOrganization = { id: string; name: string; timeZone: string; pointsExpireAfterDays: number };

/** What one run did, summed over the organizations. */
type PointsExpiryRun = { organizations: number; members: number; points: number; reminded: number };

/** Rows of a raw statement (both drivers answer `{rows}`). */
async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * The instant the organization's day `day` (`YYYY-MM-DD`) begins: the earning cutoff of lots expiring by a day is
 * the start of (that day − setting + 1), which is `lotExpiryDay(earnedAt) <= day` of the shared rule.
 */
function dayStart(day: string, timeZone: string) {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/** A PostgreSQL uuid[] literal of `ids` (uuids only, so nothing needs quoting). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Expires what is due on `today` for one organization.
 * @returns members who lost points and the points expired
 */
async function expireOrganization(
  db: AppDeps['db'],
  org: ExpiringOrganization,
  today: string,
  now: Date,
): Promise<{ members: number; points: number }> {
  const cutoff = dayStart(addDays(today, 1 - org.pointsExpireAfterDays), org.timeZone);
  // Candidates from a plain read: a concurrent change can only shrink what is due (a spend adds consumption, an award
  // is a new lot), so nobody due is missed; each batch computes its amounts again under the lock.
  const candidates = await rowsOf<{ user_id: string }>(
    db,
    sql`
    select ${pointTransactions.userId} as user_id from ${pointTransactions}
    where ${pointTransactions.organizationId} = ${org.id}
    group by ${pointTransactions.userId}
    having coalesce(sum(${pointTransactions.amount}) filter (where ${pointTransactions.amount} > 0 and ${pointTransactions.createdAt} < ${cutoff}), 0)
      + coalesce(sum(${pointTransactions.amount}) filter (where ${pointTransactions.amount} < 0), 0) > 0
    order by 1`,
  );
  let members = 0;
  let points = 0;
  for (let at = 0; at < candidates.length; at += EXPIRY_BATCH) {
    const ids = candidates.slice(at, at + EXPIRY_BATCH).map((row) => row.user_id);
    const written = await db.transaction(async (tx) => {
      // Lock first, in id order as every batch of the ledger does; the next statement then reads a snapshot taken
      // after every spend of these members that was in flight has committed.
      // The id range (the candidates are in id order) keeps both statements on an index range scan.
      const batch = (column: SQL) => sql`${column} between ${ids[0]}::uuid and ${ids.at(-1)!}::uuid and ${column} = any(${uuidArray(ids)})`;
      await tx.execute(sql`select ${users.id} from ${users} where ${batch(sql`${users.id}`)} order by ${users.id} for update`);
      // One index lookup of the ledger per member of the batch: a plan that stays the same as the ledger grows
      // during the run (a join over the batch's range flipped to scanning it once the table was re-analysed).
      const due = sql`due as (
        select b.user_id, (
          select coalesce(sum(t.amount) filter (where t.amount > 0 and t.created_at < ${cutoff}), 0)
            + coalesce(sum(t.amount) filter (where t.amount < 0), 0)
          from ${pointTransactions} t where t.user_id = b.user_id
        ) as amount
        from unnest(${uuidArray(ids)}) as b(user_id) join ${users} u on u.id = b.user_id and u.deleted_at is null
      )`;
      return rowsOf<{ user_id: string; amount: number }>(tx, expireEachStatement(due, expiryReference(today), null, now));
    });
    members += written.length;
    points -= written.reduce((sum, row) => sum + Number(row.amount), 0);
  }
  return { members, points };
}

/**
 * Writes the reminder rows of one organization for `today` and sends them (push and e-mail, by consent).
 * @returns how many members were reminded (rows written by this run)
 */
async function remindOrganization(deps: AppDeps, org: ExpiringOrganization, today: string, now: Date): Promise<number> {
  const days = org.pointsExpireAfterDays;
  const windowCutoff = dayStart(addDays(addDays(today, EXPIRY_REMINDER_DAYS), 1 - days), org.timeZone);
  // Each member's next expiry within the window, as `nextExpiry` computes it: lots by expiry day (past days count
  // as today), running sum minus everything consumed; the first day it is positive.
  const reminders = await rowsOf<{ user_id: string; expires_on: string; points: number; email: string }>(
    deps.db,
    sql`
    with lots as (
      select t.user_id, greatest(((t.created_at at time zone ${org.timeZone})::date + ${days}::int), ${today}::date) as on_day, sum(t.amount) as earned
      from ${pointTransactions} t
      where t.organization_id = ${org.id} and t.amount > 0 and t.created_at < ${windowCutoff}
      group by 1, 2
    ), used as (
      select t.user_id, -sum(t.amount) as used from ${pointTransactions} t
      where t.organization_id = ${org.id} and t.amount < 0 group by 1
    ), running as (
      select lots.user_id, lots.on_day,
        sum(lots.earned) over (partition by lots.user_id order by lots.on_day) - coalesce(used.used, 0) as points
      from lots left join used on used.user_id = lots.user_id
    ), next as (
      select distinct on (user_id) user_id, on_day, points from running where points > 0 order by user_id, on_day
    ), written as (
      insert into ${pointsExpiryReminders} (organization_id, user_id, expires_on, points)
      select ${org.id}, next.user_id, next.on_day, next.points from next
      join ${users} u on u.id = next.user_id and u.deleted_at is null
        and (u.suspended_at is null or (u.suspended_until is not null and u.suspended_until <= ${now.toISOString()}::timestamptz))
      on conflict (user_id, expires_on) do nothing
      returning user_id, to_char(expires_on, 'YYYY-MM-DD') as expires_on, points
    )
    select written.*, u.email from written join ${users} u on u.id = written.user_id`,
  );
  const due = reminders.filter((r) => isReminderDue(r.expires_on, today));
  if (!due.length) return 0;
  await queuePointsExpiryPushes(
    deps,
    org.id,
    due.map((r) => ({ userId: r.user_id, points: Number(r.points), on: r.expires_on })),
  ).catch((error) => deps.logger.warn('points expiry push failed', describeError(error)));
  const consenting = new Set(
    (
      await deps.db.select({ userId: userConsents.userId }).from(userConsents).innerJoin(consents, eq(consents.id, userConsents.consentId))
        .where(sql`${consents.organizationId} = ${org.id} and ${consents.key} = ${EMAIL_CONSENT_KEY} and ${userConsents.value} = 1
        and ${userConsents.userId} = any(${uuidArray(due.map((r) => r.user_id))})`)
    ).map((row) => row.userId),
  );
  for (const reminder of due) {
    if (!consenting.has(reminder.user_id)) continue;
    await deps.mailer
      .sendPointsExpiry({ email: reminder.email, organizationName: org.name, points: Number(reminder.points), on: reminder.expires_on })
      .catch((error) => deps.logger.warn('points expiry e-mail failed', describeError(error)));
  }
  return due.length;
}

/**
 * The daily points-expiry job at `now`: expires what is due today in each organization that set
 * `pointsExpireAfterDays` (today in its time zone), then sends the reminders due. Safe to run often and from several
 * processes: the ledger reference and the reminder rows make both steps once per member and day.
 * @returns what this run did
 */
export async function runPointsExpiry(deps: AppDeps, now: Date): Promise<PointsExpiryRun> {
  const orgs = await deps.db
    .select({
      id: organizations.id,
      name: organizations.name,
      timeZone: organizations.timeZone,
      pointsExpireAfterDays: organizations.pointsExpireAfterDays,
    })
    .from(organizations)
    .where(isNotNull(organizations.pointsExpireAfterDays))
    .orderBy(asc(organizations.id));
  const run: PointsExpiryRun = { organizations: 0, members: 0, points: 0, reminded: 0 };
  for (const row of orgs) {
    const org = { ...row, pointsExpireAfterDays: row.pointsExpireAfterDays! };
    const today = dayInZone(now, org.timeZone);
    const expired = await expireOrganization(deps.db, org, today, now);
    run.organizations += 1;
    run.members += expired.members;
    run.points += expired.points;
    run.reminded += await remindOrganization(deps, org, today, now);
  }
  return run;
}

/**
 * A member's next expiry at `now` (`GET /api/user/me`), by the shared rule over their ledger.
 * @returns `{points, on}`, or null when the organization's points never expire or nothing of theirs will
 */
export async function memberNextExpiry(db: DbOrTx, organization: OrganizationRow, userId: string, now: Date): Promise<NextExpiry | null> {
  if (organization.pointsExpireAfterDays === null) return null;
  const entries = await db
    .select({ amount: pointTransactions.amount, createdAt: pointTransactions.createdAt })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId));
  return nextExpiry(entries, organization, now);
}
