/**
 * Challenges (spec §3-§4) and members' answers. Options, trivia questions and translations are jsonb on the
 * challenge row: they are always read and written with it, never queried on their own.
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChallengeSubtype, ChallengeType } from '../../../src/contracts/challenge';
import { archivedAt, belongsTo, createdAt, draft, id, itemKey, sortOrder, timestamptz, translations, updatedAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

/** A poll / pick'em / arcade option. */
export type ChallengeOptionRow = { text: string; points: number; mediaId?: string | null };
/** A trivia question; `correctIndex` never leaves the server before the member answers. */
export type TriviaQuestionRow = { id: string; text: string; points: number; options: string[]; correctIndex: number };
/** Translated texts, by language (`fr`), by position in `options` / `questions`. */
export type ChallengeTranslation = {
  title?: string;
  description?: string | null;
  options?: string[];
  questions?: { text: string; options: string[] }[];
};

export const challenges = pgTable(
  'challenges',
  {
    ...organizationRow(),
    type: text('type').$type<ChallengeType>().notNull(),
    subtype: text('subtype').$type<ChallengeSubtype>().notNull(),
    title: text('title').notNull(),
    description: text('description'),
    mediaId: uuid('media_id'),
    visibleFrom: timestamptz('visible_from').notNull(),
    expiresOn: timestamptz('expires_on'),
    /** Pick'em: kick-off, when picks lock (null = at `expiresOn`); see `src/rules/pickem-lock.ts`. */
    locksAt: timestamptz('locks_at'),
    /** Shown to visitors (organization-key bearer) too. */
    isPublic: boolean('is_public').notNull().default(false),
    /** Poll / pick'em: the operator hides how fans answered (`src/rules/poll-shares.ts`, decision 0079). */
    resultsHidden: boolean('results_hidden').notNull().default(false),
    /** Points of a right keyword answer; bonus for a right arcade guess or pick'em (on top of the option's points). */
    points: integer('points').notNull().default(0),
    /** Keyword answers accepted (compared case- and whitespace-insensitively). */
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<ChallengeOptionRow[]>().notNull().default([]),
    /** Right option of an arcade challenge, or the result of a resolved pick'em; null otherwise. */
    correctIndex: integer('correct_index'),
    /** When an operator last entered the result of a pick'em / arcade challenge (null = no result yet). */
    resultEnteredAt: timestamptz('result_entered_at'),
    /**
     * Bumped each time a result is entered or corrected; result credits and their reversals are referenced by it
     * (`challenge-result:<id>:<version>`), so a correction is new ledger rows, never an edit.
     */
    resultVersion: integer('result_version').notNull().default(0),
    questions: jsonb('questions').$type<TriviaQuestionRow[]>().notNull().default([]),
    translations: translations<ChallengeTranslation>(),
    /** Display order, ascending. */
    sortOrder: sortOrder(),
    createdAt: createdAt(),
    key: itemKey(),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('challenges_org_visible_idx').on(t.organizationId, t.visibleFrom),
    uniqueIndex('challenges_org_key_uq').on(t.organizationId, t.key),
  ],
);

/** One member's answer to a poll / pick'em / arcade / keyword challenge (one per member and challenge). */
export const challengeResponses = pgTable(
  'challenge_responses',
  {
    id: id(),
    challengeId: belongsTo('challenge_id', () => challenges.id),
    userId: belongsTo('user_id', () => users.id),
    responseIndex: integer('response_index'),
    response: text('response'),
    correct: boolean('correct'),
    /** Every point this answer earned the member, net of result reversals: option points + `bonusPoints`. */
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /**
     * The right-option bonus (the challenge's `points`) the member holds for this answer: paid when the answer
     * was given while the result was known, or by a result entry; lowered by a reversal (never below what the
     * member could give back). A result entry pays or reverses the difference to what the result says.
     */
    bonusPoints: integer('bonus_points').notNull().default(0),
    answeredAt: timestamptz('answered_at').notNull(),
  },
  (t) => [
    uniqueIndex('challenge_responses_challenge_user_uq').on(t.challengeId, t.userId),
    index('challenge_responses_user_idx').on(t.userId),
    /** The console's figures: answers of a challenge in a period (decision 0056). */
    index('challenge_responses_challenge_answered_idx').on(t.challengeId, t.answeredAt, t.userId),
  ],
);

/** One member's answer to one trivia question; a question keeps its first answer (ARCHITECTURE §5). */
export const triviaAnswers = pgTable(
  'trivia_answers',
  {
    id: id(),
    challengeId: belongsTo('challenge_id', () => challenges.id),
    userId: belongsTo('user_id', () => users.id),
    questionId: text('question_id').notNull(),
    answerIndex: integer('answer_index').notNull(),
    correct: boolean('correct').notNull(),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    answeredAt: timestamptz('answered_at').notNull(),
  },
  (t) => [
    uniqueIndex('trivia_answers_challenge_user_question_uq').on(t.challengeId, t.userId, t.questionId),
    index('trivia_answers_user_idx').on(t.userId),
    /** The console's figures: answers of a quiz in a period (decision 0056). */
    index('trivia_answers_challenge_answered_idx').on(t.challengeId, t.answeredAt, t.userId),
  ],
);
