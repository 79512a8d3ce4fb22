/**
 * `/api/admin/stories`: stories with their chapters (contract `src/contracts/admin/story.ts`). Chapters are
 * written by `afterWrite` in array order: a chapter sent with its `id` keeps it (members' views stay attached), a
 * new one gets an id (or the unused id it was imported with), one left out is removed (refused while members viewed
 * it); another story's chapter id is 422. A rank-coded title must name a
 * rank of the organization. A story members viewed is archived, never deleted.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AdminStorySchema, StoryInputSchema, StoryPatchSchema, type StoryInputData } from '../../../src/contracts/admin/story';
import { rankCodeOf } from '../../../src/rules/story-title';
import { ranks, stories, storyChapters, storyChapterViews } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { type AdminResource, itemFields } from './resource';

type StoryRow = typeof stories.$inferSelect & { chapters: Array<typeof storyChapters.$inferSelect> };

/** The story resource of the admin API. */
export const storyResource: AdminResource<StoryRow, StoryInputData> = {
  name: 'stories',
  noun: 'Story',
  table: stories,
  input: StoryInputSchema,
  patch: StoryPatchSchema as never,
  item: AdminStorySchema,
  search: [stories.title, stories.key],
  newest: stories.createdAt,
  status: { archivedAt: stories.archivedAt, draft: stories.draft, start: stories.startsAt, end: stories.stopsAt },
  toValues: (input) => ({
    key: input.key,
    title: input.title,
    type: input.type,
    coverMediaId: input.coverMediaId,
    startsAt: new Date(input.startsAt),
    stopsAt: input.stopsAt ? new Date(input.stopsAt) : null,
    shareable: input.shareable,
    draft: input.draft,
    sortOrder: input.sortOrder,
    translations: input.translations,
  }),
  toInput: (row) => ({
    key: row.key,
    title: row.title,
    type: row.type,
    coverMediaId: row.coverMediaId,
    startsAt: row.startsAt.toISOString(),
    stopsAt: row.stopsAt?.toISOString() ?? null,
    shareable: row.shareable,
    draft: row.draft,
    sortOrder: row.sortOrder,
    translations: row.translations as StoryInputData['translations'],
    chapters: row.chapters.map((c) => ({
      id: c.id,
      mediaId: c.mediaId,
      title: c.title,
      caption: c.caption,
      sponsorUrl: c.sponsorUrl,
      durationSeconds: c.durationSeconds,
      value: c.value,
      translations: c.translations as StoryInputData['chapters'][number]['translations'],
    })),
  }),
  toItem: (row, now) =>
    AdminStorySchema.parse({
      ...storyResource.toInput(row),
      ...itemFields(row, { start: row.startsAt, end: row.stopsAt }, now),
    }),
  mediaRefs: (input) => [
    { path: 'coverMediaId', id: input.coverMediaId },
    ...input.chapters.map((c, i) => ({ path: `chapters.${i}.mediaId`, id: c.mediaId })),
  ],
  check: async (input, { tx, organizationId }) => {
    const code = rankCodeOf(input.title);
    if (!code) return;
    const [rank] = await tx
      .select({ id: ranks.id })
      .from(ranks)
      .where(and(eq(ranks.organizationId, organizationId), eq(ranks.code, code)));
    if (!rank) throw validationFailed('Invalid request body', [{ path: 'title', message: `The organization has no rank ${code}` }]);
  },
  afterWrite: async (story, input, { tx }) => {
    const existing = await tx.select({ id: storyChapters.id }).from(storyChapters).where(eq(storyChapters.storyId, story.id));
    const existingIds = new Set(existing.map((c) => c.id));
    // An id of another story's chapter is refused; an id no chapter has (a content document imported into another
    // database) is given to the new chapter, so export -> import -> export keeps the same ids.
    const foreign = input.chapters.flatMap((c) => (c.id && !existingIds.has(c.id) ? [c.id] : []));
    if (foreign.length) {
      const taken = new Set(
        (await tx.select({ id: storyChapters.id }).from(storyChapters).where(inArray(storyChapters.id, foreign))).map((c) => c.id),
      );
      input.chapters.forEach((c, i) => {
        if (c.id && taken.has(c.id))
          throw validationFailed('Invalid request body', [{ path: `chapters.${i}.id`, message: 'Not a chapter of this story' }]);
      });
    }
    const kept = new Set(input.chapters.flatMap((c) => (c.id ? [c.id] : [])));
    const removed = [...existingIds].filter((id) => !kept.has(id));
    if (removed.length) {
      const [viewed] = await tx
        .select({ id: storyChapterViews.chapterId })
        .from(storyChapterViews)
        .where(inArray(storyChapterViews.chapterId, removed))
        .limit(1);
      if (viewed)
        throw validationFailed('Invalid request body', [{ path: 'chapters', message: 'A chapter members viewed cannot be removed' }]);
      await tx.delete(storyChapters).where(inArray(storyChapters.id, removed));
    }
    // Moving kept chapters out of the way first (negative indexes) lets the unique (story, order) index accept any
    // new order, whatever the order the rows are updated in.
    await tx
      .update(storyChapters)
      .set({ orderIndex: sql`-1 - ${storyChapters.orderIndex}` })
      .where(eq(storyChapters.storyId, story.id));
    for (const [orderIndex, c] of input.chapters.entries()) {
      const values = {
        orderIndex,
        mediaId: c.mediaId,
        title: c.title,
        caption: c.caption,
        sponsorUrl: c.sponsorUrl,
        durationSeconds: c.durationSeconds,
        value: c.value,
        translations: c.translations,
      };
      if (c.id && existingIds.has(c.id)) await tx.update(storyChapters).set(values).where(eq(storyChapters.id, c.id));
      else await tx.insert(storyChapters).values({ ...values, ...(c.id ? { id: c.id } : {}), storyId: story.id });
    }
  },
  load: async (db, rows) => {
    const list = rows as Array<typeof stories.$inferSelect>;
    if (!list.length) return [];
    const chapters = await db
      .select()
      .from(storyChapters)
      .where(
        inArray(
          storyChapters.storyId,
          list.map((s) => s.id),
        ),
      )
      .orderBy(asc(storyChapters.orderIndex));
    return list.map((s) => ({ ...s, chapters: chapters.filter((c) => c.storyId === s.id) }));
  },
  inUse: async (db, id) => {
    const [row] = await db
      .select({ id: storyChapterViews.chapterId })
      .from(storyChapterViews)
      .where(eq(storyChapterViews.storyId, id))
      .limit(1);
    return row !== undefined;
  },
};
