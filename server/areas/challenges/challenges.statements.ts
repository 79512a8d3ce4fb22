/**
 * The challenge area's prepared statements: a member's answers, a challenge by id, a poll's counts and a poll
 * answer with its award. The service builds them once per app with `deps.prepared(prepareChallengeStatements)`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { challengeResponses, challenges, triviaAnswers } from '../../db/schema';
import { prepareQueries } from '../../db/runtime';
import { prepareAwardAfter } from '../../kernel/ledger';

/**
 * The statements of a member's challenge reads and of a poll answer, prepared once per database:
 * the list and a half-time poll are what a stadium sends at once. Each runs in the unit of work when there is one.
 */
export function prepareChallengeStatements(db: Db) {
  const userId = sql.placeholder('userId');
  const challengeIds = sql.placeholder('challengeIds');
  /** A poll family answer, when the member has none for the challenge yet: returns `{id}` when written. */
  const pollAnswer = (db: Db) =>
    db
      .insert(challengeResponses)
      .values({
        challengeId: sql.placeholder('challengeId'),
        userId,
        responseIndex: sql.placeholder('responseIndex'),
        correct: sql.placeholder('correct'),
        pointsAwarded: sql.placeholder('pointsAwarded'),
        bonusPoints: sql.placeholder('bonusPoints'),
        answeredAt: sql.placeholder('answeredAt'),
      })
      .onConflictDoNothing()
      .returning({ id: challengeResponses.id });
  const builder = prepareQueries(db, (db, name) => ({
    /** `{userId, challengeIds}` -> the member's responses to those challenges. */
    memberResponses: db
      .select()
      .from(challengeResponses)
      .where(and(eq(challengeResponses.userId, userId), sql`${challengeResponses.challengeId} = any(${challengeIds}::uuid[])`))
      .prepare(name('podium_member_responses')),
    /** `{userId, challengeIds}` -> the member's trivia answers to those challenges. */
    memberTriviaAnswers: db
      .select()
      .from(triviaAnswers)
      .where(and(eq(triviaAnswers.userId, userId), sql`${triviaAnswers.challengeId} = any(${challengeIds}::uuid[])`))
      .prepare(name('podium_member_trivia_answers')),
    /** `{id, organizationId}` -> the challenge (0 or 1 row). */
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
    /** A poll family answer without points. */
    pollAnswerInsert: pollAnswer(db).prepare(name('podium_poll_answer_insert')),
  }));
  return {
    ...builder,
    /** A poll family answer and, when it was written, its award (`executeAwardAfter`). */
    pollAnswerAward: prepareAwardAfter(db, 'podium_poll_answer_award', pollAnswer(db)),
  };
}
