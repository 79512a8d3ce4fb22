/**
 * Content (spec §3 Video, Article, Story; decision 0012 downloads) and the members' awards on it.
 * Texts are stored in English on the row; other languages live in `translations` (`{fr: {...}}`), as for
 * challenges. Award rows are unique per member and item: together with the ledger's unique
 * `(user_id, reference)` they make every award idempotent (ARCHITECTURE §4).
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ArticleBlock, StoryType } from '../../../src/contracts/content';
import { archivedAt, belongsTo, createdAt, draft, id, itemKey, sortOrder, timestamptz, translations, updatedAt } from './columns';
import { awardColumns } from './awards';
import { organizationRow } from './organizations';

/** Translated video texts. */
export type VideoTranslation = { name?: string; description?: string };

export const videos = pgTable(
  'videos',
  {
    ...organizationRow(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** File name under the CDN base, e.g. `video-pit-stop.mp4`. */
    fileName: text('file_name').notNull(),
    thumbnailMediaId: uuid('thumbnail_media_id'),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Points of the first view. */
    value: integer('value').notNull().default(0),
    publishedAt: timestamptz('published_at').notNull(),
    sortOrder: sortOrder(),
    translations: translations<VideoTranslation>(),
    /** External video URL (https) when the video is not a file on the CDN; `fileName` is then ''. */
    externalUrl: text('external_url'),
    /** Uploaded video file in the media table, when uploaded in the console. */
    fileMediaId: uuid('file_media_id'),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('videos_org_slug_uq').on(t.organizationId, t.slug)],
);

export const videoViews = pgTable('video_views', { videoId: belongsTo('video_id', () => videos.id), ...awardColumns() }, (t) => [
  uniqueIndex('video_views_user_video_uq').on(t.userId, t.videoId),
  /** The console's figures: views in a period (decision 0056). */
  index('video_views_created_idx').on(t.createdAt, t.videoId, t.userId),
]);

/** Translated article texts. */
export type ArticleTranslation = { title?: string; summary?: string; body?: ArticleBlock[]; bodyMarkdown?: string };

export const articles = pgTable(
  'articles',
  {
    ...organizationRow(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: jsonb('body').$type<ArticleBlock[]>().notNull().default([]),
    mediaId: uuid('media_id'),
    /** Points of the first read. */
    value: integer('value').notNull().default(0),
    publishedAt: timestamptz('published_at').notNull(),
    translations: translations<ArticleTranslation>(),
    /** Body written in Markdown by an operator; when set it is the body (rendered and sanitized by the server). */
    bodyMarkdown: text('body_markdown'),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('articles_org_slug_uq').on(t.organizationId, t.slug)],
);

export const articleReads = pgTable('article_reads', { articleId: belongsTo('article_id', () => articles.id), ...awardColumns() }, (t) => [
  uniqueIndex('article_reads_user_article_uq').on(t.userId, t.articleId),
  /** The console's figures: reads in a period (decision 0056). */
  index('article_reads_created_idx').on(t.createdAt, t.articleId, t.userId),
]);

/** Translated story title. The rank code is read from the English `title` (it is the same in every language). */
export type StoryTranslation = { title?: string };

export const stories = pgTable(
  'stories',
  {
    ...organizationRow(),
    title: text('title').notNull(),
    type: text('type').$type<StoryType>().notNull().default('default'),
    coverMediaId: uuid('cover_media_id').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    /** Null = no end. */
    stopsAt: timestamptz('stops_at'),
    /** Editorial switch; rank-coded and 'Save to Home' stories are never shareable whatever it says. */
    shareable: boolean('shareable').notNull().default(true),
    sortOrder: sortOrder(),
    translations: translations<StoryTranslation>(),
    createdAt: createdAt(),
    key: itemKey(),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [index('stories_org_starts_idx').on(t.organizationId, t.startsAt), uniqueIndex('stories_org_key_uq').on(t.organizationId, t.key)],
);

/** Translated chapter texts. */
export type StoryChapterTranslation = { title?: string; caption?: string };

export const storyChapters = pgTable(
  'story_chapters',
  {
    id: id(),
    storyId: belongsTo('story_id', () => stories.id),
    orderIndex: integer('order_index').notNull(),
    mediaId: uuid('media_id').notNull(),
    title: text('title').notNull().default(''),
    caption: text('caption').notNull().default(''),
    sponsorUrl: text('sponsor_url'),
    durationSeconds: integer('duration_seconds').notNull().default(5),
    /** Points of the first view of this chapter. */
    value: integer('value').notNull().default(0),
    translations: translations<StoryChapterTranslation>(),
  },
  (t) => [uniqueIndex('story_chapters_story_order_uq').on(t.storyId, t.orderIndex)],
);

export const storyChapterViews = pgTable(
  'story_chapter_views',
  {
    storyId: belongsTo('story_id', () => stories.id),
    chapterId: belongsTo('chapter_id', () => storyChapters.id),
    ...awardColumns(),
  },
  (t) => [
    uniqueIndex('story_chapter_views_user_chapter_uq').on(t.userId, t.chapterId),
    index('story_chapter_views_user_story_idx').on(t.userId, t.storyId),
    /** The console's figures: a story's views in a period (decision 0056). */
    index('story_chapter_views_story_created_idx').on(t.storyId, t.createdAt, t.userId),
  ],
);

/** Translated download texts. */
export type DownloadTranslation = { title?: string; description?: string };

/** Digital downloads (decision 0012): PDFs on the CDN, served at `{cdnBase}/{fileId}`. */
export const downloads = pgTable(
  'downloads',
  {
    ...organizationRow(),
    /** CDN file name; the wire `id`. */
    fileId: text('file_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    mediaId: uuid('media_id'),
    sortOrder: sortOrder(),
    translations: translations<DownloadTranslation>(),
    /** Uploaded PDF in the media table, when uploaded in the console (else the file is on the CDN). */
    fileMediaId: uuid('file_media_id'),
    archivedAt: archivedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('downloads_org_file_uq').on(t.organizationId, t.fileId)],
);

/** Translated playlist texts. */
export type PlaylistTranslation = { name?: string; description?: string };

/** Playlists (spec §3 Playlist): an operator's ordered selection of videos. */
export const playlists = pgTable(
  'playlists',
  {
    ...organizationRow(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: sortOrder(),
    translations: translations<PlaylistTranslation>(),
    archivedAt: archivedAt(),
    draft: draft(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('playlists_org_slug_uq').on(t.organizationId, t.slug)],
);

/** The videos of a playlist, in order. */
export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: belongsTo('playlist_id', () => playlists.id),
    videoId: belongsTo('video_id', () => videos.id),
    orderIndex: integer('order_index').notNull(),
  },
  (t) => [
    uniqueIndex('playlist_videos_playlist_video_uq').on(t.playlistId, t.videoId),
    uniqueIndex('playlist_videos_playlist_order_uq').on(t.playlistId, t.orderIndex),
  ],
);
