/**
 * Challenge wire format: spec §3 (Challenge), §4 (completion, trivia answers), §7 (calls).
 *
 * type/subtype pairs: poll -> poll | pickem | arcade; input -> keyword; trivia -> trivia.
 * Display names (spec §3): Polls, Pick'ems, Arcade, Quizzes, Keyword (translated in locales).
 */
import { z } from 'zod';
import { CHALLENGE_SUBTYPES } from './constants';
import { envelope, MediaIdSchema, TextSchema, TimestampSchema } from './common';

export const ChallengeTypeSchema = z.enum(['poll', 'input', 'trivia']);
export type ChallengeType = z.infer<typeof ChallengeTypeSchema>;

export { CHALLENGE_SUBTYPES };
export const ChallengeSubtypeSchema = z.enum(CHALLENGE_SUBTYPES);
export type ChallengeSubtype = z.infer<typeof ChallengeSubtypeSchema>;

/** One option of a poll / pick'em / arcade challenge or of a trivia question. */
export const ChallengeOptionSchema = z.object({
  index: z.number().int().nonnegative(),
  text: z.string(),
  /** Points this option earns when chosen (poll/pickem/arcade); 0 for trivia options. */
  points: z.number().int().nonnegative(),
  mediaId: MediaIdSchema,
});
export type ChallengeOption = z.infer<typeof ChallengeOptionSchema>;

/** The member's answer to one trivia question (spec §3 triviaUserResponse). */
export const TriviaAnswerSchema = z.object({
  questionId: z.string(),
  /** Chosen option index. */
  answer: z.number().int().nonnegative(),
  correct: z.boolean(),
});
export type TriviaAnswer = z.infer<typeof TriviaAnswerSchema>;

export const TriviaQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Points for a correct answer. */
  points: z.number().int().nonnegative(),
  options: z.array(ChallengeOptionSchema),
  triviaUserResponse: TriviaAnswerSchema.nullable(),
});
export type TriviaQuestion = z.infer<typeof TriviaQuestionSchema>;

/** Trivia userResponse (spec §3): status, completedAt, score, answers. */
export const TriviaUserResponseSchema = z.object({
  status: z.enum(['in_progress', 'completed']),
  completedAt: TimestampSchema.nullable(),
  /** Sum of points of correct answers. */
  score: z.number().int().nonnegative(),
  answers: z.array(TriviaAnswerSchema),
});
export type TriviaUserResponse = z.infer<typeof TriviaUserResponseSchema>;

/** Poll / pick'em / arcade / keyword userResponse. */
export const ChoiceUserResponseSchema = z.object({
  /** Chosen option index (poll family) or null (keyword). */
  responseIndex: z.number().int().nonnegative().nullable(),
  /** Text answer (keyword) or null. */
  response: z.string().nullable(),
  pointsAwarded: z.number().int().nonnegative(),
  answeredAt: TimestampSchema,
});
export type ChoiceUserResponse = z.infer<typeof ChoiceUserResponseSchema>;

/** Outcome of a resolved challenge (pick'em result, quiz score), shown in history. */
export const ChallengeOutcomeSchema = z.object({
  status: z.enum(['won', 'lost', 'answered', 'missed', 'pending']),
  pointsAwarded: z.number().int().nonnegative(),
  /** The correct option index once known (pick'em resolution, arcade), else null. */
  correctIndex: z.number().int().nonnegative().nullable(),
});
export type ChallengeOutcome = z.infer<typeof ChallengeOutcomeSchema>;

export const ChallengeSchema = z.object({
  challengeId: z.string(),
  type: ChallengeTypeSchema,
  subtype: ChallengeSubtypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  mediaId: MediaIdSchema,
  visibleFrom: TimestampSchema,
  expiresOn: TimestampSchema.nullable(),
  /**
   * Pick'em: when picks lock (kick-off, else the end; at the latest when the result was entered), from
   * `src/rules/pickem-lock.ts`; null for other challenges. A locked pick'em takes no answer.
   */
  locksAt: TimestampSchema.nullable().default(null),
  /**
   * Poll / pick'em: the operator hides how fans answered, so there are no results to ask for
   * (`src/rules/poll-shares.ts`).
   */
  resultsHidden: z.boolean().default(false),
  /**
   * Points for a correct keyword (input) answer, or the bonus for a right arcade guess (added to the chosen
   * option's points); for the rest of the poll family see options; trivia see questions.
   */
  points: z.number().int().nonnegative(),
  /** Max points a member can earn on this challenge. */
  maxPoints: z.number().int().nonnegative(),
  /** Null when the member has not answered (or for visitors). */
  userResponse: z.union([ChoiceUserResponseSchema, TriviaUserResponseSchema]).nullable(),
  /** Pick'em record: chosen option index, or null. */
  pollResponseIndex: z.number().int().nonnegative().nullable(),
  outcome: ChallengeOutcomeSchema.nullable(),
  /** Server's view of completion (spec §4); the client recomputes with the same rule. */
  completed: z.boolean(),
  challengeType: z.object({
    options: z.array(ChallengeOptionSchema),
    questions: z.array(TriviaQuestionSchema),
  }),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const ChallengeListResponseSchema = envelope(z.array(ChallengeSchema));
export const ChallengeResponseSchema = envelope(ChallengeSchema);

/**
 * The time the fan answered, set by the offline queue on a poll or keyword answer (ISO-8601 with offset). The
 * server trusts it only between the challenge's opening and 2 minutes ahead of its own clock, and reads it only
 * for answers that may wait offline (`src/rules/answer-time.ts`): an answer given before the close
 * counts when it arrives within 30 minutes of it.
 */
const AnsweredAtClaimSchema = TimestampSchema.optional().describe(
  'Time answered (offline queue): trusted from the challenge opening to 2 minutes ahead of the server clock; read ' +
    'for poll and keyword answers only. An answer given before the close is accepted up to 30 minutes after it.',
);

/**
 * `POST /challenge/{id}` body (spec §7): exactly one of
 * poll/pickem/arcade `{pool: {responseIndex}}`, input `{Input: {response}}`,
 * trivia `{trivia: {responseIndex, questionId}}`; poll and keyword answers may carry `occurredAt` (above).
 */
export const ChallengeSubmissionSchema = z.union([
  z
    .object({ pool: z.object({ responseIndex: z.number().int().nonnegative().max(9) }).strict(), occurredAt: AnsweredAtClaimSchema })
    .strict(),
  z.object({ Input: z.object({ response: TextSchema.trim().min(1).max(200) }).strict(), occurredAt: AnsweredAtClaimSchema }).strict(),
  z
    .object({
      trivia: z.object({ responseIndex: z.number().int().nonnegative().max(5), questionId: TextSchema.min(1).max(64) }).strict(),
    })
    .strict(),
]);
export type ChallengeSubmission = z.infer<typeof ChallengeSubmissionSchema>;

export const ChallengeSubmissionResultSchema = z.object({
  challenge: ChallengeSchema,
  pointsAwarded: z.number().int().nonnegative(),
  /** Whether this answer was correct (keyword, trivia, arcade); null for opinion polls/pending pick'ems. */
  correct: z.boolean().nullable(),
  /** Trivia only: the member's updated trivia response (spec §7 `data.trivia`). */
  trivia: TriviaUserResponseSchema.optional(),
});
export type ChallengeSubmissionResult = z.infer<typeof ChallengeSubmissionResultSchema>;
export const ChallengeSubmissionResponseSchema = envelope(ChallengeSubmissionResultSchema);

/** One option's part of a poll's results. */
export const ChallengeOptionShareSchema = z.object({
  index: z.number().int().nonnegative(),
  /** Members who chose this option. */
  count: z.number().int().nonnegative(),
  /** Whole percent of the answers (0..100; the shares of a poll sum to 100, or are all 0 with no answer). */
  share: z.number().int().min(0).max(100),
});
export type ChallengeOptionShare = z.infer<typeof ChallengeOptionShareSchema>;

/**
 * `GET /challenge/{id}/results`: how members answered a poll or pick'em, one entry per option in
 * option order. Served to a member who answered the poll (or once it ended), for a pick'em once its picks lock;
 * never when an operator hid the results (403 ResultsUnavailable, `details.reason`).
 */
export const ChallengeResultsSchema = z.object({
  challengeId: z.string(),
  /** Answers counted. */
  total: z.number().int().nonnegative(),
  options: z.array(ChallengeOptionShareSchema),
  /** When the counts were taken. */
  countedAt: TimestampSchema,
});
export type ChallengeResults = z.infer<typeof ChallengeResultsSchema>;
export const ChallengeResultsResponseSchema = envelope(ChallengeResultsSchema);

/** `GET /challenge/{subtype}/history` item (spec §7 "called with the subtype key"). */
export const ChallengeHistoryItemSchema = z.object({
  challenge: ChallengeSchema,
  outcome: ChallengeOutcomeSchema,
});
export type ChallengeHistoryItem = z.infer<typeof ChallengeHistoryItemSchema>;
export const ChallengeHistoryResponseSchema = envelope(z.array(ChallengeHistoryItemSchema));
