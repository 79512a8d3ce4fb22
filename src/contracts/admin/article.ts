/**
 * Admin contract of an article (spec §3 Article): body of `POST /api/admin/articles`, field by field of
 * `PATCH /api/admin/articles/{id}`, and the item the admin API answers. The body is Markdown; the server renders
 * it and keeps only an allow-list of HTML (no raw HTML from operators reaches a fan), and computes the reading
 * time (`readingMinutes`, rule `src/rules/reading-time.ts`).
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import {
  adminItemFields,
  listEnvelope,
  MediaRefSchema,
  optionalText,
  PointsSchema,
  requiredText,
  SlugSchema,
  translationsOf,
} from './common';

/** Longest Markdown body, in characters. */
export const MAX_ARTICLE_MARKDOWN = 100_000;

const ArticleFieldsSchema = z.object({
  slug: SlugSchema,
  title: requiredText(200),
  summary: optionalText(1000),
  bodyMarkdown: requiredText(MAX_ARTICLE_MARKDOWN),
  /** Header image. */
  mediaId: MediaRefSchema.nullable().default(null),
  /** Points of a member's first read. */
  value: PointsSchema.default(0),
  publishedAt: TimestampSchema,
  draft: z.boolean().default(false),
  translations: translationsOf({
    title: TextSchema.trim().max(200),
    summary: TextSchema.trim().max(1000),
    bodyMarkdown: TextSchema.trim().max(MAX_ARTICLE_MARKDOWN),
  }),
});

/** `POST /api/admin/articles` body (no cross-field rules beyond the fields' own). */
export const ArticleInputSchema = ArticleFieldsSchema;
export type ArticleInputData = z.output<typeof ArticleInputSchema>;
export const ArticlePatchSchema = ArticleFieldsSchema.partial().strict();

export const AdminArticleSchema = ArticleFieldsSchema.extend({
  ...adminItemFields,
  /** Estimated reading time of the English body, in minutes (>= 1). */
  readingMinutes: z.number().int().positive(),
});
export const AdminArticleResponseSchema = envelope(AdminArticleSchema);
export const AdminArticleListResponseSchema = listEnvelope(AdminArticleSchema);
