/**
 * `/api/admin/challenges`: every challenge subtype (poll, pick'em, arcade, trivia, keyword) with its options,
 * questions, accepted answers and French texts. Contract and rules: `src/contracts/admin/challenge.ts`. A
 * challenge members answered is archived, never deleted. Once a result was entered (`POST /{id}/result`, decision
 * 0055) members were paid for it, so only that endpoint may change `correctIndex`: a patch changing it is 422.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AdminChallengeSchema,
  ChallengeInputSchema,
  ChallengePatchSchema,
  type ChallengeInputData,
} from '../../../src/contracts/admin/challenge';
import { challengeResponses, challenges, triviaAnswers } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { type AdminResource, itemFields } from './resource';

type ChallengeRow = typeof challenges.$inferSelect;

/** The challenge resource of the admin API. */
export const challengeResource: AdminResource<ChallengeRow, ChallengeInputData> = {
  name: 'challenges',
  noun: 'Challenge',
  table: challenges,
  input: ChallengeInputSchema,
  patch: ChallengePatchSchema as never,
  item: AdminChallengeSchema,
  search: [challenges.title, challenges.description, challenges.key],
  newest: challenges.createdAt,
  status: { archivedAt: challenges.archivedAt, draft: challenges.draft, start: challenges.visibleFrom, end: challenges.expiresOn },
  toValues: (input, _ctx, existing) => {
    if (existing && existing.resultVersion > 0 && input.correctIndex !== existing.correctIndex) {
      throw validationFailed('Invalid request body', [{ path: 'correctIndex', message: 'Change an entered result with Enter result' }]);
    }
    return {
      key: input.key,
      type: input.type,
      subtype: input.subtype,
      title: input.title,
      description: input.description || null,
      mediaId: input.mediaId,
      visibleFrom: new Date(input.visibleFrom),
      expiresOn: input.expiresOn ? new Date(input.expiresOn) : null,
      locksAt: input.locksAt ? new Date(input.locksAt) : null,
      points: input.points,
      options: input.options.map((o) => ({ text: o.text, points: o.points, mediaId: o.mediaId })),
      correctIndex: input.correctIndex,
      // A question keeps its id across edits, so members' answers stay attached to it.
      questions: input.questions.map((q) => ({ ...q, id: q.id ?? `q-${randomUUID().slice(0, 8)}` })),
      acceptedAnswers: input.keywords,
      isPublic: input.isPublic,
      resultsHidden: input.resultsHidden,
      draft: input.draft,
      sortOrder: input.sortOrder,
      translations: input.translations,
    };
  },
  toInput: (row) => ({
    key: row.key,
    type: row.type,
    subtype: row.subtype,
    title: row.title,
    description: row.description ?? '',
    mediaId: row.mediaId,
    visibleFrom: row.visibleFrom.toISOString(),
    expiresOn: row.expiresOn?.toISOString() ?? null,
    locksAt: row.locksAt?.toISOString() ?? null,
    points: row.points,
    options: row.options.map((o) => ({ text: o.text, points: o.points, mediaId: o.mediaId ?? null })),
    correctIndex: row.correctIndex,
    questions: row.questions.map((q) => ({ id: q.id, text: q.text, options: q.options, correctIndex: q.correctIndex, points: q.points })),
    keywords: row.acceptedAnswers,
    isPublic: row.isPublic,
    resultsHidden: row.resultsHidden,
    draft: row.draft,
    sortOrder: row.sortOrder,
    translations: row.translations as ChallengeInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminChallengeSchema.parse({
      ...challengeResource.toInput(row),
      ...itemFields(row, { start: row.visibleFrom, end: row.expiresOn }, now),
      resultEnteredAt: row.resultEnteredAt?.toISOString() ?? null,
    }),
  mediaRefs: (input) => [
    ...(input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
    ...input.options.flatMap((o, i) => (o.mediaId ? [{ path: `options.${i}.mediaId`, id: o.mediaId }] : [])),
  ],
  inUse: async (db, id) => {
    const [row] = await db
      .execute(
        sql`
      select exists (select 1 from ${challengeResponses} where ${eq(challengeResponses.challengeId, id)})
          or exists (select 1 from ${triviaAnswers} where ${eq(triviaAnswers.challengeId, id)}) as used`,
      )
      .then((r) => (r as unknown as { rows: Array<{ used: boolean }> }).rows);
    return row?.used === true;
  },
};
