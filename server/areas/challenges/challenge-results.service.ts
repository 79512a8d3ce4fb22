/**
 * Results of pick'em and arcade challenges (decision 0055): an operator enters the right option of a live or ended
 * challenge, and every member whose answer matches is credited the challenge's `points` (the right-option bonus,
 * the same bonus an arcade guess earns at answer time when its right option is already known; the option's own
 * points were paid when the member answered).
 *
 * - One transaction: the challenge row is locked `for update` first, so concurrent entries queue and the second
 *   sees the first's result; the same result again changes nothing (no version bump, no ledger rows).
 * - Each entry bumps `result_version`; a member's movement of that entry is one ledger row, reason
 *   `challenge_result`, reference `challenge-result:<challengeId>:<version>` (unique per member), so a member is
 *   moved at most once per version and a correction is new rows, never an edit.
 * - A member's movement is the difference between the bonus the result gives their answer and the bonus they hold
 *   (`challenge_responses.bonus_points`): a credit when they picked the new right option, a reversal (a negative
 *   row) when they held a bonus for the old one. A reversal never takes the balance below 0: what the member already
 *   spent stays spent, and the part not taken back stays in `bonus_points`, so a later correction back to their
 *   option pays only the difference.
 * - A member suspended at the time of the entry is not credited (suspended members earn nothing);
 *   a reversal still applies to them. A later correction that makes their pick right again credits them.
 * - Credits raise lifetime points (rank) only the first time a member is moved by this challenge's results;
 *   reversals never lower them (ranks never drop), and a credit after a reversal restores the balance only, so a
 *   correction cannot raise anyone's rank twice.
 * - All members move in one set-based statement: their rows locked, one `INSERT ... SELECT` of the ledger rows with
 *   their `balance_after`, one `UPDATE users ... FROM` of the balances, and one update of the answers (bonus,
 *   `points_awarded`, and right or wrong for history). An audit entry (`challenges`, action `result`) records it.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ChallengeResult } from '../../../src/contracts/admin/challenge-result';
import { contentStatusAt } from '../../../src/rules/content-status';
import { isSuspended } from '../../../src/rules/suspension';
import type { Db, Tx } from '../../db/client';
import { afterCommit } from '../../db/runtime';
import { challengeResponses, challenges, pointTransactions, users } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordAudit, type Actor } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';
import { describeError } from '../../lib/error-description';

/** The ledger reference of a result entry's rows, one per member (`point_transactions` is unique by user and reference). */
function resultReference(challengeId: string, version: number): string {
  return `challenge-result:${challengeId}:${version}`;
}

type MovementRow = {
  credited_members: number | string;
  credited_points: number | string;
  reversed_members: number | string;
  reversed_points: number | string;
};

/**
 * Credits and reverses, in one statement, the difference between the bonus each answer of the challenge should hold
 * for `correctIndex` and the bonus it holds, as ledger rows of reference `reference` (see the module comment), and
 * marks every answer right or wrong.
 * @returns how many members were credited / reversed and the points of each, as positive numbers
 */
async function moveBonuses(
  tx: Tx,
  input: { challengeId: string; correctIndex: number; bonus: number; reference: string; label: string; now: Date; suspended: string[] },
) {
  const { challengeId, correctIndex, bonus, reference, label } = input;
  const due = sql`case when ${challengeResponses.responseIndex} = ${correctIndex} then ${bonus}::int else 0 end`;
  // Suspended members earn nothing: they are not credited, though a reversal still applies to them.
  const notCredited = input.suspended.length
    ? sql`and not (${users.id} in (${sql.join(
        input.suspended.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ${due} > ${challengeResponses.bonusPoints})`
    : sql``;
  const ownRows = `challenge-result:${challengeId}:%`;
  const statement = sql`
    with account as (
      -- The members who move, locked in one order so that balance_after is exact under concurrent spends.
      select ${users.id} as user_id, ${users.organizationId} as organization_id, ${users.points} as balance,
        ${challengeResponses.bonusPoints} as held, ${due} as due
      from ${challengeResponses} join ${users} on ${users.id} = ${challengeResponses.userId}
      where ${challengeResponses.challengeId} = ${challengeId} and ${challengeResponses.bonusPoints} <> ${due} ${notCredited}
      order by ${users.id}
      for update of ${users}
    ), movement as (
      select user_id, organization_id, balance,
        case when due > held then due - held else -least(held - due, balance) end as amount,
        -- Credits raise lifetime points only the first time this challenge's results move the member.
        not exists (
          select 1 from ${pointTransactions}
          where ${pointTransactions.userId} = account.user_id and ${pointTransactions.reference} like ${ownRows}
        ) as first_move
      from account
    ), entry as (
      insert into ${pointTransactions} (organization_id, user_id, amount, reason, reference, label, balance_after, created_at)
      select organization_id, user_id, amount, 'challenge_result', ${reference}, ${label}, balance + amount,
        ${input.now.toISOString()}::timestamptz
      from movement where amount <> 0
      on conflict (user_id, reference) do nothing
      returning user_id, amount
    ), balances as (
      update ${users} set points = ${users.points} + entry.amount,
        lifetime_points = ${users.lifetimePoints} + case when entry.amount > 0 and movement.first_move then entry.amount else 0 end
      from entry join movement on movement.user_id = entry.user_id
      where ${users.id} = entry.user_id
      returning 1
    ), answers as (
      -- Every answer once: its bonus and points moved by its entry, and right or wrong for history.
      update ${challengeResponses} set correct = ${challengeResponses.responseIndex} = ${correctIndex},
        bonus_points = ${challengeResponses.bonusPoints} + coalesce(entry.amount, 0),
        points_awarded = ${challengeResponses.pointsAwarded} + coalesce(entry.amount, 0)
      from ${challengeResponses} as answer left join entry on entry.user_id = answer.user_id
      where ${challengeResponses.id} = answer.id and answer.challenge_id = ${challengeId}
        and (entry.amount is not null
          or ${challengeResponses.correct} is distinct from (${challengeResponses.responseIndex} = ${correctIndex}))
      returning 1
    )
    select count(*) filter (where amount > 0) as credited_members,
      coalesce(sum(amount) filter (where amount > 0), 0) as credited_points,
      count(*) filter (where amount < 0) as reversed_members,
      coalesce(-sum(amount) filter (where amount < 0), 0) as reversed_points
    from entry`;
  // Row estimates through these CTEs are far off, which makes PostgreSQL compile the plan (JIT) for seconds to
  // save milliseconds: this statement runs better interpreted.
  await tx.execute(sql`set local jit = off`);
  // Both drivers (node-postgres, PGlite) answer raw statements as `{rows}`.
  const [row] = ((await tx.execute(statement)) as unknown as { rows: MovementRow[] }).rows;
  return {
    credited: { members: Number(row.credited_members), points: Number(row.credited_points) },
    reversed: { members: Number(row.reversed_members), points: Number(row.reversed_points) },
  };
}

/**
 * Enters (or corrects) the result as `enterChallengeResult` does at the clock's now, and, when it changed, queues the
 * push that tells the members who answered (topic `picks`, decision 0060) once the request's writes are committed, so
 * the answer never waits on it; a failure to queue is logged.
 * @returns and @throws as `enterChallengeResult`
 */
export async function enterAndAnnounceResult(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'logger'>,
  actor: Actor,
  input: { challengeId: string; correctIndex: number },
): Promise<ChallengeResult> {
  const result = await enterChallengeResult(deps.db, actor, input, deps.clock());
  if (result.changed) {
    afterCommit(
      () =>
        void deps.jobs
          .send('push-challenge-result', { challengeId: result.challengeId })
          .catch((error) => deps.logger.warn('challenge result not pushed', { challengeId: result.challengeId, ...describeError(error) })),
    );
  }
  return result;
}

/**
 * Enters (or corrects) the result of a pick'em or arcade challenge and pays it out (rules in the module comment).
 * @param db the database (the entry runs in a transaction of its own)
 * @param actor the operator, recorded in the audit log
 * @param now the time of the entry (`resultEnteredAt`, the ledger rows' time)
 * @returns what the entry did (`changed: false` and no movement for the stored result again)
 * @throws ApiError 404 NotFound for an unknown challenge; 422 ResultNotApplicable for a poll, keyword or trivia;
 *   409 NotLive for a draft, scheduled or archived challenge; 422 ValidationFailed for an index beyond its options
 */
export async function enterChallengeResult(
  db: Db,
  actor: Actor,
  input: { challengeId: string; correctIndex: number },
  now: Date,
): Promise<ChallengeResult> {
  const { challengeId, correctIndex } = input;
  if (!isUuid(challengeId)) throw notFound('Challenge not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(challenges)
      .where(and(eq(challenges.id, challengeId), eq(challenges.organizationId, actor.organizationId)))
      .for('update');
    if (!row) throw notFound('Challenge not found');
    if (row.subtype !== 'pickem' && row.subtype !== 'arcade') {
      throw new ApiError(422, 'ResultNotApplicable', "Only a pick'em or arcade challenge has a result", { subtype: row.subtype });
    }
    const status = contentStatusAt({ archivedAt: row.archivedAt, draft: row.draft, start: row.visibleFrom, end: row.expiresOn }, now);
    if (status !== 'live' && status !== 'ended') {
      throw new ApiError(409, 'NotLive', 'A result can be entered once the challenge is live or ended', { status });
    }
    if (correctIndex >= row.options.length) {
      throw validationFailed('There is no such option', [{ path: 'correctIndex', message: 'Must be one of the options' }]);
    }
    const [{ winners }] = await tx
      .select({ winners: sql<number>`count(*)::int` })
      .from(challengeResponses)
      .where(and(eq(challengeResponses.challengeId, row.id), eq(challengeResponses.responseIndex, correctIndex)));
    const unchanged = { members: 0, points: 0 };
    if (row.resultVersion > 0 && row.correctIndex === correctIndex && row.resultEnteredAt) {
      return {
        challengeId: row.id,
        correctIndex,
        resultVersion: row.resultVersion,
        resultEnteredAt: row.resultEnteredAt.toISOString(),
        changed: false,
        credited: unchanged,
        reversed: unchanged,
        winners,
      };
    }

    // The few members who answered and carry a suspension, judged by the one rule of src/rules.
    const flagged = await tx
      .select({ id: users.id, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
      .from(challengeResponses)
      .innerJoin(users, eq(users.id, challengeResponses.userId))
      .where(and(eq(challengeResponses.challengeId, row.id), isNotNull(users.suspendedAt)));
    const version = row.resultVersion + 1;
    const moved = await moveBonuses(tx, {
      suspended: flagged.filter((member) => isSuspended(member, now)).map((member) => member.id),
      challengeId: row.id,
      correctIndex,
      bonus: row.points,
      reference: resultReference(row.id, version),
      label: row.title,
      now,
    });
    await tx
      .update(challenges)
      .set({ correctIndex, resultEnteredAt: now, resultVersion: version, updatedAt: now })
      .where(eq(challenges.id, row.id));
    await recordAudit(tx, actor, {
      entity: 'challenges',
      entityId: row.id,
      action: 'result',
      before: { correctIndex: row.correctIndex, resultVersion: row.resultVersion },
      after: { correctIndex, resultVersion: version, credited: moved.credited, reversed: moved.reversed },
    });
    return {
      challengeId: row.id,
      correctIndex,
      resultVersion: version,
      resultEnteredAt: now.toISOString(),
      changed: true,
      ...moved,
      winners,
    };
  });
}
