/**
 * Content rules (spec §3-§4, ARCHITECTURE §4-§5): reading videos, articles, stories and downloads in the
 * member's language, and the once-per-member awards (ledger references `video:<id>`, `article:<id>`,
 * `story-chapter:<chapterId>`). Each award is one transaction: the award row (unique per member and item)
 * and the ledger row commit together, so 20 concurrent duplicates award exactly once.
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, gt, sql } from 'drizzle-orm';
import type { Article, ChapterViewResult, ContentAwardResult, Download, Playlist, Story, Video } from '../../../src/contracts/content';
import { STORY_CHAPTER_VIEW_ERROR_MESSAGE } from '../../../src/contracts/content';
import type { RankCode } from '../../../src/contracts/organization';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { prepareQueries } from '../../db/runtime';
import {
  articleReads,
  articles,
  downloads,
  playlists,
  playlistVideos,
  stories,
  storyChapters,
  storyChapterViews,
  videos,
  videoViews,
} from '../../db/schema/content';
import { awardPoints } from '../../kernel/ledger';
import { renderMarkdown } from '../../lib/markdown';
import { readingMinutes } from '../../../src/rules/reading-time';
import { ApiError, notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { Principal } from '../../lib/app-env';
import { localized, NO_USER, type ContentLanguage } from '../../lib/localize';
import { rankFor } from '../../../src/rules/rank';
import { isTitleShareable, rankCodeOf } from '../../../src/rules/story-title';
import { isUnderage } from '../../../src/rules/underage';
import { isUuid } from '../../lib/ids';

/**
 * Fans see an operator's item only once it is neither a draft nor archived (the SQL of `isPublished`,
 * `src/rules/content-status.ts`).
 */
const published = (table: { draft: PgColumn; archivedAt: PgColumn }) => and(eq(table.draft, false), isNull(table.archivedAt))!;

/**
 * Builds the prepared statements of the content routes, once per app (`deps.prepared`); each runs in the request
 * transaction when there is one.
 */
export function prepareContentQueries(db: Db) {
  return prepareQueries(db, (db, name) => {
    const nowParam = sql`${sql.placeholder('now')}::timestamptz`;
    return {
      /** `{organizationId, userId, now}` -> published videos with the member's view flag, in display order. */
      videos: db
        .select({ video: videos, viewed: sql<boolean>`(${videoViews.userId} is not null)` })
        .from(videos)
        .leftJoin(videoViews, and(eq(videoViews.videoId, videos.id), eq(videoViews.userId, sql.placeholder('userId'))))
        .where(and(eq(videos.organizationId, sql.placeholder('organizationId')), published(videos), lte(videos.publishedAt, nowParam)))
        .orderBy(asc(videos.sortOrder), desc(videos.publishedAt))
        .prepare(name('podium_content_videos')),
      /** `{organizationId, userId, now}` -> published articles with the member's read flag, newest first. */
      articles: db
        .select({ article: articles, read: sql<boolean>`(${articleReads.userId} is not null)` })
        .from(articles)
        .leftJoin(articleReads, and(eq(articleReads.articleId, articles.id), eq(articleReads.userId, sql.placeholder('userId'))))
        .where(
          and(eq(articles.organizationId, sql.placeholder('organizationId')), published(articles), lte(articles.publishedAt, nowParam)),
        )
        .orderBy(desc(articles.publishedAt))
        .prepare(name('podium_content_articles')),
      /** `{organizationId, now, userId}` -> one row per chapter of every story live at `now`. */
      storyRows: db
        .select({
          story: stories,
          chapter: storyChapters,
          viewed: sql<boolean>`(${storyChapterViews.userId} is not null)`,
        })
        .from(stories)
        .innerJoin(storyChapters, eq(storyChapters.storyId, stories.id))
        .leftJoin(
          storyChapterViews,
          and(eq(storyChapterViews.chapterId, storyChapters.id), eq(storyChapterViews.userId, sql.placeholder('userId'))),
        )
        .where(
          and(
            eq(stories.organizationId, sql.placeholder('organizationId')),
            published(stories),
            lte(stories.startsAt, nowParam),
            or(isNull(stories.stopsAt), gt(stories.stopsAt, nowParam)),
          ),
        )
        .orderBy(asc(stories.sortOrder), desc(stories.startsAt), asc(storyChapters.orderIndex))
        .prepare(name('podium_content_story_rows')),
      /** `{organizationId}` -> downloads not archived, in display order. */
      downloads: db
        .select()
        .from(downloads)
        .where(and(eq(downloads.organizationId, sql.placeholder('organizationId')), isNull(downloads.archivedAt)))
        .orderBy(asc(downloads.sortOrder))
        .prepare(name('podium_content_downloads')),
      /** `{organizationId}` -> published playlists in display order. */
      playlists: db
        .select()
        .from(playlists)
        .where(and(eq(playlists.organizationId, sql.placeholder('organizationId')), published(playlists)))
        .orderBy(asc(playlists.sortOrder), desc(playlists.createdAt))
        .prepare(name('podium_content_playlists')),
    };
  });
}
type ContentQueries = ReturnType<typeof prepareContentQueries>;

/** Context of a content read: who asks, in which language, at what time. */
export type ReadContext = { principal: Principal; language: ContentLanguage; now: Date };

const userIdOf = (p: Principal) => (p.kind === 'user' ? p.user.id : NO_USER);
const mediaUrl = (deps: AppDeps, id: string | null) => (id ? `${deps.env.PUBLIC_API_ORIGIN}/media/${id}` : '');
const cdnUrl = (deps: AppDeps, file: string) => `${deps.env.PUBLIC_CDN_BASE.replace(/\/$/, '')}/${file}`;

type VideoRow = typeof videos.$inferSelect;
function toVideo(deps: AppDeps, row: VideoRow, viewed: boolean, language: ContentLanguage): Video {
  const text = localized({ name: row.name, description: row.description }, row.translations, language);
  // An operator's upload is served with the media, an external video stays where it is, seeded ones are on the CDN.
  const sourceUrl = row.fileMediaId ? mediaUrl(deps, row.fileMediaId) : (row.externalUrl ?? cdnUrl(deps, row.fileName));
  return {
    id: row.id,
    name: text.name,
    description: text.description,
    videoSourceType: !row.fileMediaId && row.externalUrl ? 'external' : 'file',
    sourceUrl,
    value: row.value,
    thumbnailSrc: mediaUrl(deps, row.thumbnailMediaId),
    durationSeconds: row.durationSeconds,
    viewed,
  };
}

/** `GET /content/videos`. */
export async function listVideos(deps: AppDeps, q: ContentQueries, ctx: ReadContext): Promise<Video[]> {
  const rows = await q.videos.execute({
    organizationId: ctx.principal.organization.id,
    userId: userIdOf(ctx.principal),
    now: ctx.now.toISOString(),
  });
  return rows.map((r) => toVideo(deps, r.video, Boolean(r.viewed), ctx.language));
}

type ArticleRow = typeof articles.$inferSelect;
function toArticle(row: ArticleRow, read: boolean, language: ContentLanguage): Article {
  const text = localized(
    { title: row.title, summary: row.summary, body: row.body, bodyMarkdown: row.bodyMarkdown ?? '' },
    row.translations,
    language,
  );
  // An operator's Markdown is the body when there is one; seeded articles keep their blocks.
  const markdown = row.bodyMarkdown !== null ? text.bodyMarkdown : null;
  return {
    id: row.id,
    slug: row.slug,
    title: text.title,
    summary: text.summary,
    body: markdown === null ? text.body : [],
    bodyHtml: markdown === null ? null : renderMarkdown(markdown),
    mediaId: row.mediaId,
    value: row.value,
    url: `/articles/${row.id}`,
    read,
    publishedAt: row.publishedAt.toISOString(),
    readingMinutes: readingMinutes(markdown ?? text.body.map((b) => b.text).join(' ')),
  };
}

/** `GET /content/articles`. */
export async function listArticles(q: ContentQueries, ctx: ReadContext): Promise<Article[]> {
  const rows = await q.articles.execute({
    organizationId: ctx.principal.organization.id,
    userId: userIdOf(ctx.principal),
    now: ctx.now.toISOString(),
  });
  return rows.map((r) => toArticle(r.article, Boolean(r.read), ctx.language));
}

/**
 * `GET /content/articles/{id}`: by id or slug.
 * @throws ApiError 404 for an unknown or unpublished article
 */
export async function getArticle(q: ContentQueries, ctx: ReadContext, idOrSlug: string): Promise<Article> {
  const all = await listArticles(q, ctx);
  const found = all.find((a) => a.id === idOrSlug || a.slug === idOrSlug);
  if (!found) throw notFound('Article not found');
  return found;
}

/**
 * A predicate telling whether the principal may see a story titled `title` (spec §4, ARCHITECTURE §5): a
 * rank-coded story only for a signed-in, non-underage member of exactly that rank. The member's rank is
 * computed once per predicate (lifetime points against the organization's ranks).
 */
function visibilityFor(deps: AppDeps, ctx: ReadContext): (title: string) => Promise<boolean> {
  let rank: Promise<RankCode | null> | undefined;
  const memberRank = async (): Promise<RankCode | null> => {
    const p = ctx.principal;
    if (p.kind !== 'user' || isUnderage(p.user.birthday, ctx.now, p.organization.timeZone)) return null;
    return rankFor(
      p.user.lifetimePoints,
      p.ranks.map((r) => ({ name: r.code, threshold: r.threshold })),
    );
  };
  return async (title) => {
    const code = rankCodeOf(title);
    if (!code) return true;
    rank ??= memberRank();
    return (await rank) === code;
  };
}

/** `GET /content/stories`: stories live at `now` that the principal may see, chapters by `orderIndex`. */
export async function listStories(deps: AppDeps, q: ContentQueries, ctx: ReadContext): Promise<Story[]> {
  const rows = await q.storyRows.execute({
    organizationId: ctx.principal.organization.id,
    userId: userIdOf(ctx.principal),
    now: ctx.now.toISOString(),
  });
  const byId = new Map<string, Story>();
  /** Stored (English) titles carry the rank code, whatever the response language. */
  const storedTitle = new Map<string, string>();
  const order: Story[] = [];
  for (const { story, chapter, viewed } of rows) {
    let s = byId.get(story.id);
    if (!s) {
      s = {
        id: story.id,
        title: localized({ title: story.title }, story.translations, ctx.language).title,
        type: story.type,
        coverMediaId: story.coverMediaId,
        createdAt: story.createdAt.toISOString(),
        startsAt: story.startsAt.toISOString(),
        stopsAt: story.stopsAt?.toISOString() ?? null,
        viewed: false,
        shareable: isTitleShareable(story.title, story.shareable),
        chapters: [],
      };
      storedTitle.set(story.id, story.title);
      byId.set(story.id, s);
      order.push(s);
    }
    const text = localized({ title: chapter.title, caption: chapter.caption }, chapter.translations, ctx.language);
    s.chapters.push({
      id: chapter.id,
      orderIndex: chapter.orderIndex,
      mediaId: chapter.mediaId,
      title: text.title,
      caption: text.caption,
      sponsorUrl: chapter.sponsorUrl,
      durationSeconds: chapter.durationSeconds,
      value: chapter.value,
      viewed: Boolean(viewed),
    });
  }
  const canSee = visibilityFor(deps, ctx);
  const visible: Story[] = [];
  for (const story of order) {
    if (!(await canSee(storedTitle.get(story.id)!))) continue;
    story.viewed = story.chapters.length > 0 && story.chapters.every((c) => c.viewed);
    visible.push(story);
  }
  return visible;
}

/**
 * `GET /content/stories/{id}`.
 * @throws ApiError 404 when the story is unknown, outside its window, or not visible to the principal
 */
export async function getStory(deps: AppDeps, q: ContentQueries, ctx: ReadContext, id: string): Promise<Story> {
  const found = (await listStories(deps, q, ctx)).find((s) => s.id === id);
  if (!found) throw notFound('Story not found');
  return found;
}

/** `GET /content/downloads`: uploaded PDFs are served with the media, the others from the CDN. */
export async function listDownloads(deps: AppDeps, q: ContentQueries, ctx: ReadContext): Promise<Download[]> {
  const rows = await q.downloads.execute({ organizationId: ctx.principal.organization.id });
  return rows.map((d) => {
    const text = localized({ title: d.title, description: d.description }, d.translations, ctx.language);
    return {
      id: d.fileId,
      title: text.title,
      description: text.description,
      fileName: d.fileName,
      sizeBytes: d.sizeBytes,
      url: d.fileMediaId ? mediaUrl(deps, d.fileMediaId) : cdnUrl(deps, d.fileId),
      contentType: 'application/pdf' as const,
      mediaId: d.mediaId,
    };
  });
}

/**
 * `GET /content/playlists`: the organization's published playlists in order, each listing the
 * videos fans can see, in the operator's order.
 */
export async function listPlaylists(deps: AppDeps, q: ContentQueries, ctx: ReadContext): Promise<Playlist[]> {
  const rows = await q.playlists.execute({ organizationId: ctx.principal.organization.id });
  if (!rows.length) return [];
  const visible = new Set((await listVideos(deps, q, ctx)).map((v) => v.id));
  const entries = await deps.db
    .select({ playlistId: playlistVideos.playlistId, videoId: playlistVideos.videoId })
    .from(playlistVideos)
    .where(
      inArray(
        playlistVideos.playlistId,
        rows.map((p) => p.id),
      ),
    )
    .orderBy(asc(playlistVideos.orderIndex));
  return rows.map((p) => {
    const text = localized({ name: p.name, description: p.description }, p.translations, ctx.language);
    return {
      id: p.id,
      slug: p.slug,
      title: text.name,
      description: text.description,
      videoIds: entries.filter((e) => e.playlistId === p.id && visible.has(e.videoId)).map((e) => e.videoId),
    };
  });
}

async function balanceOf(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points ?? 0;
}

/** A published item whose first view or read awards points once: its id, value and the label its ledger row shows. */
interface OnceAwardItem {
  id: string;
  value: number;
  label: string;
}

/** How one kind of view or read is recorded: its item, its mark (one row per member and item) and its award. */
interface OnceAward {
  /** Ledger reason and reference prefix (`<prefix>:<item id>`). */
  reason: 'video_view' | 'article_read';
  referencePrefix: 'video' | 'article';
  notFoundMessage: string;
  /** The published item visible at `now`, or undefined. */
  findItem: (tx: DbOrTx, now: Date) => Promise<OnceAwardItem | undefined>;
  /** Inserts the member's mark with the points it awards; undefined when the mark already existed. */
  insertMark: (tx: DbOrTx, item: OnceAwardItem, now: Date) => Promise<{ pointsAwarded: number } | undefined>;
  /** The member's existing mark. */
  existingMark: (tx: DbOrTx) => Promise<{ pointsAwarded: number } | undefined>;
}

/**
 * Records a member's view or read and awards the item's value once, in one transaction: the mark's unique
 * (member, item) key decides who was first, so a replay or a concurrent request awards nothing more.
 * Returns the item id, the points the mark awarded (the first time's, on a replay too), whether this call created
 * it and the member's balance. @throws ApiError 404 when the item is unknown or unpublished.
 */
function recordOnceAward(deps: AppDeps, userId: string, award: OnceAward): Promise<ContentAwardResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const item = await award.findItem(tx, now);
    if (!item) throw notFound(award.notFoundMessage);
    const created = await award.insertMark(tx, item, now);
    if (created && item.value > 0) {
      const reference = `${award.referencePrefix}:${item.id}`;
      await awardPoints(tx, { userId, amount: item.value, reason: award.reason, reference, label: item.label, at: now });
    }
    const pointsAwarded = created ? created.pointsAwarded : ((await award.existingMark(tx))?.pointsAwarded ?? 0);
    return { id: item.id, pointsAwarded, created: Boolean(created), points: await balanceOf(tx, userId) };
  });
}

/**
 * `POST /content/videos/{id}/view`: records the member's view and awards the video's value once.
 * @throws ApiError 404 for an unknown video
 */
export async function recordVideoView(deps: AppDeps, organizationId: string, userId: string, videoId: string): Promise<ContentAwardResult> {
  if (!isUuid(videoId)) throw notFound('Video not found');
  return recordOnceAward(deps, userId, {
    reason: 'video_view',
    referencePrefix: 'video',
    notFoundMessage: 'Video not found',
    findItem: async (tx, now) => {
      const [video] = await tx
        .select()
        .from(videos)
        .where(and(eq(videos.id, videoId), eq(videos.organizationId, organizationId), published(videos), lte(videos.publishedAt, now)));
      return video && { id: video.id, value: video.value, label: video.name };
    },
    insertMark: async (tx, item, now) =>
      (
        await tx.insert(videoViews).values({ userId, videoId, pointsAwarded: item.value, createdAt: now }).onConflictDoNothing().returning()
      )[0],
    existingMark: async (tx) =>
      (
        await tx
          .select()
          .from(videoViews)
          .where(and(eq(videoViews.userId, userId), eq(videoViews.videoId, videoId)))
      )[0],
  });
}

/**
 * `POST /content/articles/{id}/read`: records the member's read and awards the article's value once.
 * @throws ApiError 404 for an unknown or unpublished article
 */
export async function recordArticleRead(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  articleId: string,
): Promise<ContentAwardResult> {
  if (!isUuid(articleId)) throw notFound('Article not found');
  return recordOnceAward(deps, userId, {
    reason: 'article_read',
    referencePrefix: 'article',
    notFoundMessage: 'Article not found',
    findItem: async (tx, now) => {
      const [article] = await tx
        .select()
        .from(articles)
        .where(
          and(eq(articles.id, articleId), eq(articles.organizationId, organizationId), published(articles), lte(articles.publishedAt, now)),
        );
      return article && { id: article.id, value: article.value, label: article.title };
    },
    insertMark: async (tx, item, now) =>
      (
        await tx
          .insert(articleReads)
          .values({ userId, articleId, pointsAwarded: item.value, createdAt: now })
          .onConflictDoNothing()
          .returning()
      )[0],
    existingMark: async (tx) =>
      (
        await tx
          .select()
          .from(articleReads)
          .where(and(eq(articleReads.userId, userId), eq(articleReads.articleId, articleId)))
      )[0],
  });
}

const chapterViewError = (reason: string) => new ApiError(422, 'StoryChapterView', STORY_CHAPTER_VIEW_ERROR_MESSAGE, { reason });

/**
 * `POST /content/stories/{id}/chapter-view/{chapterId}`: marks the chapter watched once and awards its
 * value once (reference `story-chapter:<chapterId>`).
 * @throws ApiError 404 when the story is unknown or hidden from the member (rank-coded);
 *   422 StoryChapterView (spec §8 message) when the chapter is not in the story or the story is outside
 *   its `startsAt`/`stopsAt` window
 */
export async function recordChapterView(
  deps: AppDeps,
  ctx: ReadContext & { principal: Extract<Principal, { kind: 'user' }> },
  storyId: string,
  chapterId: string,
): Promise<ChapterViewResult> {
  if (!isUuid(storyId)) throw notFound('Story not found');
  const userId = ctx.principal.user.id;
  const [story] = await deps.db
    .select()
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.organizationId, ctx.principal.organization.id), published(stories)));
  if (!story || !(await visibilityFor(deps, ctx)(story.title))) throw notFound('Story not found');
  if (story.startsAt > ctx.now || (story.stopsAt !== null && story.stopsAt <= ctx.now)) {
    throw chapterViewError('The story is not running');
  }
  if (!isUuid(chapterId)) throw chapterViewError('The chapter is not in this story');
  return deps.db.transaction(async (tx) => {
    const chapters = await tx.select().from(storyChapters).where(eq(storyChapters.storyId, storyId));
    const chapter = chapters.find((c) => c.id === chapterId);
    if (!chapter) throw chapterViewError('The chapter is not in this story');
    const [created] = await tx
      .insert(storyChapterViews)
      .values({ userId, storyId, chapterId, pointsAwarded: chapter.value, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning();
    if (created && chapter.value > 0) {
      await awardPoints(tx, {
        userId,
        amount: chapter.value,
        reason: 'story_chapter_view',
        reference: `story-chapter:${chapter.id}`,
        label: story.title,
        at: ctx.now,
      });
    }
    const views = await tx
      .select({ chapterId: storyChapterViews.chapterId, pointsAwarded: storyChapterViews.pointsAwarded })
      .from(storyChapterViews)
      .where(and(eq(storyChapterViews.userId, userId), eq(storyChapterViews.storyId, storyId)));
    const mine = views.find((v) => v.chapterId === chapterId);
    return {
      id: chapter.id,
      storyId,
      pointsAwarded: mine?.pointsAwarded ?? 0,
      created: Boolean(created),
      points: await balanceOf(tx, userId),
      storyViewed: chapters.every((c) => views.some((v) => v.chapterId === c.id)),
    };
  });
}
