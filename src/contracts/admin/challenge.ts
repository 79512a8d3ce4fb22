/**
 * Admin contract of a challenge (spec §3 Challenge): the body of `POST /api/admin/challenges` and, field by field,
 * of `PATCH /api/admin/challenges/{id}` (a patch is merged onto the stored challenge and the whole is validated
 * again), and the item the admin API answers. Shared by the server, the console's forms and the tests.
 *
 * Rules enforced (what the fan side relies on): the type/subtype pair (poll -> poll | pickem | arcade, input ->
 * keyword, trivia -> trivia); `expiresOn` after `visibleFrom`; a pick'em's `locksAt` (kick-off) after `visibleFrom` and
 * not after `expiresOn`, and only on a pick'em; `resultsHidden` only on a poll or pick'em; a poll, pick'em or arcade has 2..10 options; an
 * arcade's `correctIndex` is one of its options; a trivia has 1..20 questions of 2..6 options whose
 * `correctIndex` is within its options; a keyword challenge has at least one accepted answer; points >= 0;
 * translated option and question lists have the same length as the English ones.
 */
import { z } from 'zod';
import { TextSchema, TimestampSchema } from '../common';
import { ChallengeSubtypeSchema, ChallengeTypeSchema, type ChallengeSubtype, type ChallengeType } from '../challenge';
import { adminItemFields, ItemKeySchema, listEnvelope, MediaRefSchema, optionalText, PointsSchema, requiredText } from './common';
import { envelope } from '../common';

/** The challenge type of each subtype (spec §3). */
export const TYPE_OF_SUBTYPE: Record<ChallengeSubtype, ChallengeType> = {
  poll: 'poll',
  pickem: 'poll',
  arcade: 'poll',
  keyword: 'input',
  trivia: 'trivia',
};

const optionText = requiredText(200);

const ChallengeOptionInputSchema = z.object({
  text: optionText,
  points: PointsSchema.default(0),
  mediaId: MediaRefSchema.nullable().default(null),
});

const TriviaQuestionInputSchema = z.object({
  /** Stable id of the question (kept across edits so members' answers stay attached); made by the server when absent. */
  id: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  text: requiredText(300),
  options: z.array(optionText).min(2, 'At least two options').max(6),
  correctIndex: z.number().int().min(0).max(5),
  points: PointsSchema.default(0),
});

const ChallengeTranslationSchema = z
  .object({
    title: TextSchema.trim().max(200),
    description: TextSchema.trim().max(2000),
    options: z.array(TextSchema.trim().max(200)).max(10),
    questions: z.array(z.object({ text: TextSchema.trim().max(300), options: z.array(TextSchema.trim().max(200)).max(6) })).max(20),
  })
  .partial();

/** Every field of a challenge as an operator writes it (no cross-field rules: see {@link ChallengeInputSchema}). */
const ChallengeFieldsSchema = z.object({
  key: ItemKeySchema.nullable().default(null),
  type: ChallengeTypeSchema,
  subtype: ChallengeSubtypeSchema,
  title: requiredText(200),
  description: optionalText(2000),
  mediaId: MediaRefSchema.nullable().default(null),
  visibleFrom: TimestampSchema,
  expiresOn: TimestampSchema.nullable().default(null),
  /** Pick'em: kick-off, when picks lock (null: at `expiresOn`; in any case once a result is entered). */
  locksAt: TimestampSchema.nullable().default(null),
  /** Keyword: points of a right answer; arcade and pick'em: bonus for the right option. */
  points: PointsSchema.default(0),
  options: z.array(ChallengeOptionInputSchema).max(10).default([]),
  /** Arcade: the right option (revealed after an answer); pick'em results are entered when the match is played. */
  correctIndex: z.number().int().min(0).max(9).nullable().default(null),
  questions: z.array(TriviaQuestionInputSchema).max(20).default([]),
  /** Keyword: accepted answers (compared ignoring case and spaces). */
  keywords: z.array(requiredText(100)).max(50).default([]),
  /** Shown to visitors who are not signed in (the logged-off dashboard). */
  isPublic: z.boolean().default(false),
  /** Poll / pick'em: fans never see how others answered. */
  resultsHidden: z.boolean().default(false),
  draft: z.boolean().default(false),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: z.object({ fr: ChallengeTranslationSchema.optional() }).default({}),
});

type ChallengeFields = z.output<typeof ChallengeFieldsSchema>;

/** The cross-field rules of a challenge, as zod issues on the offending field. */
function checkChallenge(c: ChallengeFields, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (TYPE_OF_SUBTYPE[c.subtype] !== c.type) issue(['type'], `A ${c.subtype} challenge has type ${TYPE_OF_SUBTYPE[c.subtype]}`);
  if (c.expiresOn !== null && Date.parse(c.expiresOn) <= Date.parse(c.visibleFrom)) issue(['expiresOn'], 'Must be after visibleFrom');
  if (c.locksAt !== null && c.subtype !== 'pickem') issue(['locksAt'], "Only a pick'em locks at kick-off");
  if (c.locksAt !== null && Date.parse(c.locksAt) <= Date.parse(c.visibleFrom)) issue(['locksAt'], 'Must be after visibleFrom');
  if (c.locksAt !== null && c.expiresOn !== null && Date.parse(c.locksAt) > Date.parse(c.expiresOn))
    issue(['locksAt'], 'Must not be after expiresOn');
  if (c.resultsHidden && c.subtype !== 'poll' && c.subtype !== 'pickem') issue(['resultsHidden'], "Only a poll or pick'em shows results");
  if (c.type === 'poll' && c.options.length < 2) issue(['options'], 'At least two options');
  if (c.type !== 'poll' && c.options.length > 0) issue(['options'], `A ${c.subtype} challenge has no options`);
  if (c.correctIndex !== null && c.subtype !== 'arcade' && c.subtype !== 'pickem')
    issue(['correctIndex'], "Only an arcade or pick'em has a right option");
  if (c.correctIndex !== null && c.correctIndex >= c.options.length) issue(['correctIndex'], 'Must be one of the options');
  if (c.type === 'trivia' && c.questions.length === 0) issue(['questions'], 'At least one question');
  if (c.type !== 'trivia' && c.questions.length > 0) issue(['questions'], 'Only a trivia challenge has questions');
  c.questions.forEach((q, i) => {
    if (q.correctIndex >= q.options.length) issue(['questions', i, 'correctIndex'], "Must be one of the question's options");
  });
  const ids = c.questions.flatMap((q) => (q.id ? [q.id] : []));
  if (new Set(ids).size !== ids.length) issue(['questions'], 'Question ids must be unique');
  if (c.subtype === 'keyword' && c.keywords.length === 0) issue(['keywords'], 'At least one accepted answer');
  if (c.subtype !== 'keyword' && c.keywords.length > 0) issue(['keywords'], 'Only a keyword challenge has accepted answers');
  const fr = c.translations.fr;
  if (fr?.options && fr.options.length !== c.options.length) issue(['translations', 'fr', 'options'], 'One translation per option');
  if (fr?.questions) {
    if (fr.questions.length !== c.questions.length) issue(['translations', 'fr', 'questions'], 'One translation per question');
    fr.questions.forEach((q, i) => {
      if (c.questions[i] && q.options.length !== c.questions[i].options.length) {
        issue(['translations', 'fr', 'questions', i, 'options'], 'One translation per option');
      }
    });
  }
}

/** `POST /api/admin/challenges` body: every field with every rule. */
export const ChallengeInputSchema = ChallengeFieldsSchema.superRefine(checkChallenge);
export type ChallengeInput = z.input<typeof ChallengeInputSchema>;
export type ChallengeInputData = z.output<typeof ChallengeInputSchema>;

/** `PATCH /api/admin/challenges/{id}` body: any of the fields (the merged challenge must pass every rule). */
export const ChallengePatchSchema = ChallengeFieldsSchema.partial().strict();

/**
 * A challenge as the admin API answers it: every input field plus id, status, archivedAt, updatedAt, and when its
 * result was last entered (`POST /api/admin/challenges/{id}/result`; null before).
 */
export const AdminChallengeSchema = ChallengeFieldsSchema.extend({
  ...adminItemFields,
  resultEnteredAt: TimestampSchema.nullable().default(null),
  questions: z.array(TriviaQuestionInputSchema.required({ id: true })),
});
export type AdminChallenge = z.infer<typeof AdminChallengeSchema>;
export const AdminChallengeResponseSchema = envelope(AdminChallengeSchema);
export const AdminChallengeListResponseSchema = listEnvelope(AdminChallengeSchema);
