/**
 * The challenge area's prepared statements: members' answers (read in one batch per event-loop turn), a poll's counts
 * and a poll answer with its award (the challenges themselves come from the process's cache,
 * `db/challenge-cache.ts`, but in a unit of work it lacks them). The service builds them once per app with
 * `deps.prepared(prepareChallengeStatements)`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { challengeResponses, challenges, triviaAnswers } from '../../db/schema';
import { perTransactionBatch, prepareQueries, prepareStatement } from '../../db/runtime';
import { awardEachAfterStatement, inMemberRounds } from '../../kernel/ledger';

/** A member's answers to some challenges: answer rows (poll family, keyword) and quiz answers (trivia). */
type MemberAnswers = {
  responses: Array<typeof challengeResponses.$inferSelect>;
  trivia: Array<typeof triviaAnswers.$inferSelect>;
};

/** A poll family answer to write, with its award's `reference` and `label` (the challenge's title). */
type PollAnswer = {
  challengeId: string;
  userId: string;
  responseIndex: number;
  correct: boolean | null;
  pointsAwarded: number;
  bonusPoints: number;
  answeredAt: Date;
  reference: string;
  label: string;
};

/** Which answers of member `userId` to read: those to the challenges `answeredIds` and the quizzes `triviaIds`. */
type MemberAnswersKey = { userId: string; answeredIds: readonly string[]; triviaIds: readonly string[] };

/**
 * The statements of a member's challenge reads and of a poll answer, prepared once per database:
 * the list and a half-time poll are what a stadium sends at once. Each runs in the unit of work when there is one.
 */
export function prepareChallengeStatements(db: Db) {
  const userIds = sql.placeholder('userIds');
  const challengeIds = sql.placeholder('challengeIds');
  const builder = prepareQueries(db, (db, name) => ({
    /** `{userIds, challengeIds}` -> the members' responses to those challenges. */
    membersResponses: db
      .select()
      .from(challengeResponses)
      .where(
        sql`${challengeResponses.userId} = any(${userIds}::uuid[]) and ${challengeResponses.challengeId} = any(${challengeIds}::uuid[])`,
      )
      .prepare(name('podium_members_responses')),
    /** `{userIds, challengeIds}` -> the members' trivia answers to those challenges. */
    membersTriviaAnswers: db
      .select()
      .from(triviaAnswers)
      .where(sql`${triviaAnswers.userId} = any(${userIds}::uuid[]) and ${triviaAnswers.challengeId} = any(${challengeIds}::uuid[])`)
      .prepare(name('podium_members_trivia_answers')),
    /** `{id, organizationId}` -> the challenge (0 or 1 row), for a unit of work when the process's cache lacks it. */
    challengeById: db
      .select()
      .from(challenges)
      .where(and(eq(challenges.id, sql.placeholder('id')), eq(challenges.organizationId, sql.placeholder('organizationId'))))
      .prepare(name('podium_challenge_by_id')),
    /**
     * `{challengeId}` -> answers per option of a poll (`responseIndex`, `count`): one grouped read of the
     * `(challenge_id, user_id)` index, asked only by members allowed to see the results.
     */
    pollCounts: db
      .select({ responseIndex: challengeResponses.responseIndex, count: sql<number>`count(*)::int` })
      .from(challengeResponses)
      .where(eq(challengeResponses.challengeId, sql.placeholder('challengeId')))
      .groupBy(challengeResponses.responseIndex)
      .prepare(name('podium_poll_counts')),
  }));
  /**
   * The answers of every member asking in one event-loop turn, in one statement per kind: at kick-off every phone
   * reads the challenge list at once. Asked in a transaction, the batch runs in it (a member's own answer just
   * written is seen).
   */
  const memberAnswers = perTransactionBatch<MemberAnswersKey, MemberAnswers>(async (keys) => {
    const members = [...new Set(keys.map((k) => k.userId))];
    const answeredIds = [...new Set(keys.flatMap((k) => k.answeredIds))];
    const triviaIds = [...new Set(keys.flatMap((k) => k.triviaIds))];
    const [responses, trivia] = await Promise.all([
      answeredIds.length ? builder.membersResponses.execute({ userIds: members, challengeIds: answeredIds }) : [],
      triviaIds.length ? builder.membersTriviaAnswers.execute({ userIds: members, challengeIds: triviaIds }) : [],
    ]);
    const byMember = <T extends { userId: string }>(rows: T[]) => {
      const of = new Map<string, T[]>();
      for (const row of rows) {
        const list = of.get(row.userId);
        if (list) list.push(row);
        else of.set(row.userId, [row]);
      }
      return of;
    };
    const [responsesOf, triviaOf] = [byMember(responses), byMember(trivia)];
    return keys.map((key) => {
      const answered = new Set(key.answeredIds);
      const quizzes = new Set(key.triviaIds);
      return {
        responses: (responsesOf.get(key.userId) ?? []).filter((r) => answered.has(r.challengeId)),
        trivia: (triviaOf.get(key.userId) ?? []).filter((a) => quizzes.has(a.challengeId)),
      };
    });
  });
  const pollAnswers = prepareStatement<{ user_id: string }>(
    db,
    'podium_poll_answers',
    awardEachAfterStatement(sql`input as (
        select * from unnest(${sql.placeholder('challengeIds')}::uuid[], ${sql.placeholder('userIds')}::uuid[],
          ${sql.placeholder('responseIndexes')}::int[], ${sql.placeholder('corrects')}::boolean[],
          ${sql.placeholder('points')}::int[], ${sql.placeholder('bonusPoints')}::int[],
          ${sql.placeholder('answeredAts')}::timestamptz[], ${sql.placeholder('references')}::text[],
          ${sql.placeholder('labels')}::text[])
          as input(challenge_id, user_id, response_index, correct, points, bonus_points, answered_at, reference, label)
      ), written as (
        insert into ${challengeResponses} (challenge_id, user_id, response_index, correct, points_awarded, bonus_points, answered_at)
        select challenge_id, user_id, response_index, correct, points, bonus_points, answered_at from input
        on conflict (challenge_id, user_id) do nothing
        returning challenge_id, user_id
      ), gate as (
        select input.user_id, input.points as amount, 'challenge'::text as reason, input.reference, input.label
        from input join written on written.user_id = input.user_id and written.challenge_id = input.challenge_id
      )`),
  );
  /** Writes `answers` (at most one per member) with one statement; answers whether each was written. */
  const writePollAnswers = async (answers: readonly PollAnswer[]) => {
    const { rows } = await pollAnswers.execute({
      challengeIds: answers.map((a) => a.challengeId),
      userIds: answers.map((a) => a.userId),
      responseIndexes: answers.map((a) => a.responseIndex),
      corrects: answers.map((a) => a.correct),
      points: answers.map((a) => a.pointsAwarded),
      bonusPoints: answers.map((a) => a.bonusPoints),
      answeredAts: answers.map((a) => a.answeredAt.toISOString()),
      references: answers.map((a) => a.reference),
      labels: answers.map((a) => a.label),
    });
    const written = new Set(rows.map((row) => row.user_id));
    return answers.map((a) => written.has(a.userId));
  };
  /**
   * The poll family answers of one event-loop turn and transaction, with their awards, in one statement: a half-time
   * poll is every member answering at once. A member's balance is read once per statement, so a member's second
   * answer of the turn goes in the next one.
   */
  const pollAnswerBatch = perTransactionBatch<PollAnswer, boolean>((answers) => inMemberRounds(answers, writePollAnswers));
  return {
    challengeById: builder.challengeById,
    pollCounts: builder.pollCounts,
    /** `(tx, key)` -> the member's answers of `key` (see `memberAnswers` above); `tx`: the caller's transaction, if any. */
    memberAnswers: (tx: Tx | undefined, key: MemberAnswersKey) => memberAnswers(tx, key),
    /**
     * `(tx, answer)` -> whether the poll family `answer` was written (false: the member had already answered), with
     * its award of `pointsAwarded` when it was; `tx`: the caller's transaction, if any.
     */
    answerPoll: (tx: Tx | undefined, answer: PollAnswer) => pollAnswerBatch(tx, answer),
  };
}
