/**
 * Content wire format: videos, articles, stories and digital downloads.
 * Rule sources: spec §3 (Video, Article, Story), §4 (story sorting, rank-coded and 'Save to Home' stories),
 * §7 (calls), §8 (422 on story chapter view); ARCHITECTURE §4 (one award per user per video / article /
 * chapter, by ledger reference `video:<id>`, `article:<id>`, `story-chapter:<chapterId>`), §5 (rank-coded
 * stories filtered by the server too).
 *
 * Texts are served in the request's language (`Accept-Language`: fr* -> French, else English).
 * Imports only zod (ARCHITECTURE §7).
 */
import { z } from 'zod';
import { envelope, MediaIdSchema, TextSchema, TimestampSchema } from './common';

/* ------------------------------------------------------------------ videos */

/**
 * How a video is delivered: `file` is played in the app (a CDN file or an operator's upload, Range requests
 * supported); `external` is an https address on another site, opened there.
 */
export const VideoSourceTypeSchema = z.enum(['file', 'external']);
export type VideoSourceType = z.infer<typeof VideoSourceTypeSchema>;

/** `GET /content/videos` item (spec §3 Video). */
export const VideoSchema = z.object({
  id: z.string(),
  /** Title (spec: "name"). */
  name: z.string(),
  description: z.string(),
  videoSourceType: VideoSourceTypeSchema,
  /** URL of the video: a file under `cdnBase` (`/cdn/video-pit-stop.mp4`), an upload (`/api/media/{id}`), or external. */
  sourceUrl: z.string(),
  /** Points earned the first time the member has watched it. */
  value: z.number().int().nonnegative(),
  /** Poster image URL, `/api/media/{mediaId}`. */
  thumbnailSrc: z.string(),
  /** Length of the clip, in seconds. */
  durationSeconds: z.number().nonnegative(),
  /** True once the member's view was recorded (always false for visitors). */
  viewed: z.boolean(),
});
export type Video = z.infer<typeof VideoSchema>;
export const VideoListResponseSchema = envelope(z.array(VideoSchema));

/**
 * Body of `POST /content/videos/{id}/view` and `POST /content/articles/{id}/read` (spec §7: "checksum
 * (empty)"). The checksum is accepted and ignored; an empty body `{}` is valid too.
 */
export const ContentAwardBodySchema = z.object({ checksum: TextSchema.max(256).nullable().optional() }).strict();
export type ContentAwardBody = z.infer<typeof ContentAwardBodySchema>;

/**
 * Answer of a view / read / chapter-view award. A repeated call answers the same `pointsAwarded` with
 * `created: false` and changes nothing (ARCHITECTURE §4).
 */
export const ContentAwardResultSchema = z.object({
  /** Id of the video / article / chapter. */
  id: z.string(),
  /** Points this item earned the member (the first time), in points. */
  pointsAwarded: z.number().int().nonnegative(),
  /** False when the award already existed (replay; nothing changed). */
  created: z.boolean(),
  /** Member's balance after the call, in points. */
  points: z.number().int().nonnegative(),
});
export type ContentAwardResult = z.infer<typeof ContentAwardResultSchema>;
export const ContentAwardResponseSchema = envelope(ContentAwardResultSchema);

/* ---------------------------------------------------------------- articles */

/** One block of an article body: a heading or a paragraph of plain text. */
export const ArticleBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
]);
export type ArticleBlock = z.infer<typeof ArticleBlockSchema>;

/** `GET /content/articles` item and `GET /content/articles/{id}` (spec §3 Article). */
export const ArticleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The article as simple blocks (seeded articles); empty when `bodyHtml` is the body. */
  body: z.array(ArticleBlockSchema),
  /**
   * The article written in Markdown by an operator, rendered by the server and sanitized (an allow-list of tags:
   * headings, paragraphs, lists, emphasis, quotes, code, tables, https/mailto links); null for block articles.
   */
  bodyHtml: z.string().nullable(),
  /** Header image. */
  mediaId: MediaIdSchema,
  /** Points earned the first time the member reads it to the end. */
  value: z.number().int().nonnegative(),
  /** In-app path `/articles/{id}`. */
  url: z.string(),
  /** True once the member's read was recorded. */
  read: z.boolean(),
  publishedAt: TimestampSchema,
  /** Estimated reading time, in minutes (>= 1). */
  readingMinutes: z.number().int().positive(),
});
export type Article = z.infer<typeof ArticleSchema>;
export const ArticleListResponseSchema = envelope(z.array(ArticleSchema));
export const ArticleResponseSchema = envelope(ArticleSchema);

/* ----------------------------------------------------------------- stories */

/**
 * Editorial story type (spec §3). `watched` exists in the spec's enum; the server stores live / sponsored /
 * default and reports what the member has seen through `viewed`.
 */
export const StoryTypeSchema = z.enum(['live', 'watched', 'sponsored', 'default']);
export type StoryType = z.infer<typeof StoryTypeSchema>;

/** One chapter (page) of a story; the client shows chapters in `orderIndex` order (spec §4). */
export const StoryChapterSchema = z.object({
  id: z.string(),
  orderIndex: z.number().int().nonnegative(),
  /** Full-screen image, `/api/media/{mediaId}`. */
  mediaId: z.string(),
  title: z.string(),
  caption: z.string(),
  /** Sponsor's link shown on the chapter (sponsored stories), or null. */
  sponsorUrl: z.string().nullable(),
  /** How long the viewer shows the chapter, in seconds. */
  durationSeconds: z.number().int().positive(),
  /** Points for the first view of this chapter. */
  value: z.number().int().nonnegative(),
  /** True once the member's view of this chapter was recorded. */
  viewed: z.boolean(),
});
export type StoryChapter = z.infer<typeof StoryChapterSchema>;

/** `GET /content/stories` item and `GET /content/stories/{id}` (spec §3 Story). */
export const StorySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: StoryTypeSchema,
  coverMediaId: z.string(),
  createdAt: TimestampSchema,
  startsAt: TimestampSchema,
  /** End of visibility, or null for no end. */
  stopsAt: TimestampSchema.nullable(),
  /** True when every chapter was viewed by the member. */
  viewed: z.boolean(),
  /** False for rank-coded stories and 'Save to Home' (spec §4, ARCHITECTURE §5). */
  shareable: z.boolean(),
  chapters: z.array(StoryChapterSchema),
});
export type Story = z.infer<typeof StorySchema>;
export const StoryListResponseSchema = envelope(z.array(StorySchema));
export const StoryResponseSchema = envelope(StorySchema);

/** Answer of `POST /content/stories/{id}/chapter-view/{chapterId}`. */
export const ChapterViewResultSchema = ContentAwardResultSchema.extend({
  storyId: z.string(),
  /** True when this view completed the story (every chapter viewed). */
  storyViewed: z.boolean(),
});
export type ChapterViewResult = z.infer<typeof ChapterViewResultSchema>;
export const ChapterViewResponseSchema = envelope(ChapterViewResultSchema);

/** Spec §8 message of the 422 `StoryChapterView` error. */
export const STORY_CHAPTER_VIEW_ERROR_MESSAGE = 'Error marking story chapter as watched';

/* --------------------------------------------------------------- downloads */

/**
 * `GET /content/downloads` item (our addition): a digital download is a PDF fetched from
 * `{cdnBase}/{id}` (spec §7 last row).
 */
export const DownloadSchema = z.object({
  /** CDN file name, e.g. `alpine-racing-calendar-2027.pdf`; the file is `{cdnBase}/{id}`. */
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Suggested name when saving the file. */
  fileName: z.string(),
  /** File size, in bytes. */
  sizeBytes: z.number().int().nonnegative(),
  /** Where the PDF is: `{cdnBase}/{id}`, or `/api/media/{mediaId}` for a PDF uploaded in the console. */
  url: z.string(),
  contentType: z.literal('application/pdf'),
  /** Preview image. */
  mediaId: MediaIdSchema,
});
export type Download = z.infer<typeof DownloadSchema>;
export const DownloadListResponseSchema = envelope(z.array(DownloadSchema));

/* --------------------------------------------------------------- playlists */

/**
 * `GET /content/playlists` item: an operator's ordered selection of videos, in the request's
 * language. `videoIds` lists only videos fans can see, in the operator's order; the videos themselves come from
 * `GET /content/videos`.
 */
export const PlaylistSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  videoIds: z.array(z.string()),
});
export type Playlist = z.infer<typeof PlaylistSchema>;
export const PlaylistListResponseSchema = envelope(z.array(PlaylistSchema));

/** Path parameter of content routes: a server id (letters, digits, dash, underscore, max 64). */
export const ContentIdSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an id');
