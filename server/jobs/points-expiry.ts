/**
 * Points that expire, with fair warning (docs/decisions/0091; the rule is `src/rules/points-expiry.ts`).
 *
 * - `runPointsExpiry` is the daily job, run from the server's hourly path: for every organization with
 *   `pointsExpireAfterDays` set, it writes one `expired` ledger row per member whose oldest points reached their
 *   day (reference `expiry:<today>`, so a second run, or a second process, changes nothing), then reminds the
 *   members whose next expiry falls within `EXPIRY_REMINDER_DAYS` (one reminder row per member and expiry day,
 *   written before sending, so each is reminded once whatever the number of processes).
 * - The work is set-based: one aggregate over the organization's ledger finds the members with points due by the
 *   end of the reminder window; then each batch of them (two batches at a time) is locked (the same member row lock
 *   every spend takes), expired and reminded in fresh statements of one transaction, so a spend that committed while
 *   the job waited is counted and never expired twice.
 * - `memberNextExpiry` (the profile area's service) answers a member's next expiry for `GET /api/user/me` with the shared rule.
 * - Reminders respect consents: a push only on devices where the member chose the `points` topic, an e-mail only
 *   to members who gave the `marketing-emails` consent; deleted and suspended members get neither.
 */
import { asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { addDays, dayInZone } from '../../src/rules/calendar';
import { EXPIRY_REMINDER_DAYS, expiryReference, isReminderDue } from '../../src/rules/points-expiry';
import { rowsOf, type DbOrTx } from '../db/client';
import { consents, organizations, pointTransactions, pointsExpiryReminders, userConsents, users } from '../db/schema';
import { describeError } from '../lib/error-description';
import type { AppDeps } from '../kernel/types';
import { expireEachStatement } from '../kernel/ledger';
import { queuePointsExpiryPushes } from '../areas/push/push.service';

/** Members locked and expired (or reminded) per transaction: short enough that a spend waiting on one of them waits little. */
const EXPIRY_BATCH = 5_000;
/**
 * Batches in flight at once: two keep both cores of a small database server busy (a batch alternates between
 * reading the ledger and writing it), while leaving connections for requests.
 */
const BATCHES_IN_FLIGHT = 2;
/** The consent a member gives for e-mails beyond sign-in codes and wins (the demo organization's key). */
const EMAIL_CONSENT_KEY = 'marketing-emails';

/** The organization fields the job reads. */
type ExpiringOrganization = { id: string; name: string; timeZone: string; pointsExpireAfterDays: number };

/** What one run did, summed over the organizations. */
type PointsExpiryRun = { organizations: number; members: number; points: number; reminded: number };

/**
 * The instant the organization's day `day` (`YYYY-MM-DD`) begins: the earning cutoff of lots expiring by a day is
 * the start of (that day − setting + 1), which is `lotExpiryDay(earnedAt) <= day` of the shared rule.
 */
function dayStart(day: string, timeZone: string) {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/** A PostgreSQL uuid[] literal of `ids` (uuids only, so nothing needs quoting). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The day a run works for, with the cutoffs it derives: lots earned before `expiring` are due today, lots earned
 * before `reminding` are due within the reminder window. */
type RunDay = { today: string; now: Date; expiring: SQL; reminding: SQL };

/** A member with points due by the end of the reminder window; `expiring` when some are due today already. */
type Candidate = { id: string; expiring: boolean };

/**
 * The organization's members (ids, ascending) whose points earned before the window's cutoff are not all spent yet:
 * those with points due by the window's last day. A plain read: a concurrent change can only shrink what is due (a
 * spend adds consumption, an award is a new lot), so nobody due is missed; each batch computes its amounts again.
 */
async function membersWithPointsDue(db: DbOrTx, organizationId: string, day: RunDay): Promise<Candidate[]> {
  const { amount, createdAt } = pointTransactions;
  const used = sql`coalesce(sum(${amount}) filter (where ${amount} < 0), 0)`;
  const earnedBefore = (cutoff: SQL) => sql`coalesce(sum(${amount}) filter (where ${amount} > 0 and ${createdAt} < ${cutoff}), 0)`;
  const rows = await rowsOf<{ user_id: string; expiring: boolean }>(
    db,
    sql`
    select ${pointTransactions.userId} as user_id, ${earnedBefore(day.expiring)} + ${used} > 0 as expiring from ${pointTransactions}
    where ${pointTransactions.organizationId} = ${organizationId}
    group by ${pointTransactions.userId}
    having ${earnedBefore(day.reminding)} + ${used} > 0
    order by 1`,
  );
  return rows.map((row) => ({ id: row.user_id, expiring: row.expiring }));
}

/**
 * Runs `work` over `ids` cut in batches of `EXPIRY_BATCH` (in order, so each batch is an id range),
 * `BATCHES_IN_FLIGHT` at a time.
 * @returns the batches' results, in batch order
 */
async function inBatches<I, T>(ids: I[], work: (batch: I[]) => Promise<T>): Promise<T[]> {
  const batches: I[][] = [];
  for (let at = 0; at < ids.length; at += EXPIRY_BATCH) batches.push(ids.slice(at, at + EXPIRY_BATCH));
  const results = new Array<T>(batches.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < batches.length; index = next++) results[index] = await work(batches[index]);
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, lane));
  return results;
}

/**
 * Expires what is due on `today` for one batch of members, in the caller's transaction, which must hold their rows.
 * @returns the ledger rows written (member and negative amount)
 */
async function expireBatch(tx: DbOrTx, ids: string[], day: RunDay) {
  // One index lookup of the ledger per member of the batch: a plan that stays the same as the ledger grows
  // during the run (a join over the batch's range flipped to scanning it once the table was re-analysed).
  const due = sql`due as (
    select b.user_id, (
      select coalesce(sum(t.amount) filter (where t.amount > 0 and t.created_at < ${day.expiring}), 0)
        + coalesce(sum(t.amount) filter (where t.amount < 0), 0)
      from ${pointTransactions} t where t.user_id = b.user_id
    ) as amount
    from unnest(${uuidArray(ids)}) as b(user_id) join ${users} u on u.id = b.user_id and u.deleted_at is null
  )`;
  return rowsOf<{ user_id: string; amount: number }>(tx, expireEachStatement(due, expiryReference(day.today), null, day.now));
}

/** A reminder row this run wrote, with the member's address. */
type WrittenReminder = { user_id: string; expires_on: string; points: number; email: string };

/**
 * Writes the reminder rows of one batch of members: each member's next expiry within the window, as `nextExpiry`
 * computes it (lots by expiry day, past days counting as today; running sum minus everything consumed; the first
 * day it is positive), skipping deleted and suspended members and reminders already written.
 * @returns the rows written by this call
 */
async function writeReminders(db: DbOrTx, org: ExpiringOrganization, ids: string[], day: RunDay) {
  const { today, now } = day;
  const members = uuidArray(ids);
  return rowsOf<WrittenReminder>(
    db,
    sql`
    with lots as (
      select t.user_id, greatest(((t.created_at at time zone ${org.timeZone})::date + ${org.pointsExpireAfterDays}::int), ${today}::date) as on_day,
        sum(t.amount) as earned
      from ${pointTransactions} t
      where t.user_id = any(${members}) and t.amount > 0 and t.created_at < ${day.reminding}
      group by 1, 2
    ), used as (
      select t.user_id, -sum(t.amount) as used from ${pointTransactions} t
      where t.user_id = any(${members}) and t.amount < 0 group by 1
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
}

/**
 * Sends the reminders just written: pushes on the `points` topic go to the job queue (retried there, each device
 * once); e-mails go now to members who gave the marketing consent, a failure logged and not retried (the reminder
 * row is written, so each member is reminded once).
 */
async function sendReminders(deps: AppDeps, org: ExpiringOrganization, due: WrittenReminder[]): Promise<void> {
  await queuePointsExpiryPushes(
    deps,
    org.id,
    due.map((r) => ({ userId: r.user_id, points: Number(r.points), on: r.expires_on })),
  ).catch((error) => deps.logger.warn('points expiry push not queued', describeError(error)));
  const consenting = new Set(
    (
      await deps.db
        .select({ userId: userConsents.userId })
        .from(userConsents)
        .innerJoin(consents, eq(consents.id, userConsents.consentId))
        .where(
          sql`${consents.organizationId} = ${org.id} and ${consents.key} = ${EMAIL_CONSENT_KEY} and ${userConsents.value} = 1
        and ${userConsents.userId} = any(${uuidArray(due.map((r) => r.user_id))})`,
        )
    ).map((row) => row.userId),
  );
  for (const reminder of due) {
    if (!consenting.has(reminder.user_id)) continue;
    await deps.mailer
      .sendPointsExpiry({ email: reminder.email, organizationName: org.name, points: Number(reminder.points), on: reminder.expires_on })
      .catch((error) => deps.logger.warn('points expiry e-mail failed', describeError(error)));
  }
}

/**
 * Expires what is due on `today` in one organization and reminds the members whose next expiry falls within the
 * window, batch by batch: in one transaction, the batch's members with points due today are locked (the same member
 * row lock every spend takes, in id order) and expired, then the batch's reminders are computed from the ledger the
 * expiry just wrote; the reminders are sent after it commits.
 * @returns members who lost points, the points expired and the members reminded (rows written by this run)
 */
async function runOrganization(deps: AppDeps, org: ExpiringOrganization, day: RunDay) {
  const candidates = await membersWithPointsDue(deps.db, org.id, day);
  const batches = await inBatches(candidates, async (batch) => {
    const ids = batch.map((member) => member.id);
    const expiring = batch.filter((member) => member.expiring).map((member) => member.id);
    const { expired, reminders } = await deps.db.transaction(async (tx) => {
      if (expiring.length) {
        // Lock first; the next statement then reads a snapshot taken after every spend of these members that was in
        // flight has committed. The id range (the candidates are in id order) keeps the lock on an index range scan.
        await tx.execute(
          sql`select ${users.id} from ${users} where ${users.id} between ${expiring[0]}::uuid and ${expiring.at(-1)!}::uuid
          and ${users.id} = any(${uuidArray(expiring)}) order by ${users.id} for update`,
        );
      }
      // Reminders need no lock: a spend racing them only makes the reminded figure a little high, never a point lost.
      return { expired: expiring.length ? await expireBatch(tx, expiring, day) : [], reminders: await writeReminders(tx, org, ids, day) };
    });
    const due = reminders.filter((r) => isReminderDue(r.expires_on, day.today));
    if (due.length) await sendReminders(deps, org, due);
    return { members: expired.length, points: -expired.reduce((sum, row) => sum + Number(row.amount), 0), reminded: due.length };
  });
  return batches.reduce(
    (sum, batch) => ({ members: sum.members + batch.members, points: sum.points + batch.points, reminded: sum.reminded + batch.reminded }),
    { members: 0, points: 0, reminded: 0 },
  );
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
    const done = await runOrganization(deps, org, {
      today,
      now,
      expiring: dayStart(addDays(today, 1 - org.pointsExpireAfterDays), org.timeZone),
      reminding: dayStart(addDays(addDays(today, EXPIRY_REMINDER_DAYS), 1 - org.pointsExpireAfterDays), org.timeZone),
    });
    run.organizations += 1;
    run.members += done.members;
    run.points += done.points;
    run.reminded += done.reminded;
  }
  return run;
}
