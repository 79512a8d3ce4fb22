/**
 * `/api/admin/articles` (contract `src/contracts/admin/article.ts`): the body is Markdown, rendered and sanitized
 * for fans by the content routes (`server/lib/markdown.ts`). Seeded articles written as blocks are shown to
 * operators as the equivalent Markdown; saving one stores that Markdown. An article members read is archived,
 * never deleted.
 */
import { eq } from 'drizzle-orm';
import { AdminArticleSchema, ArticleInputSchema, ArticlePatchSchema, type ArticleInputData } from '../../../src/contracts/admin/article';
import type { ArticleBlock } from '../../../src/contracts/content';
import { readingMinutes } from '../../../src/rules/reading-time';
import { articleReads, articles } from '../../db/schema';
import { expectMediaKinds } from './media.service';
import { type AdminResource, itemFields } from './resource';

type ArticleRow = typeof articles.$inferSelect;

/** Blocks (headings and paragraphs of plain text) as Markdown; characters Markdown would read as marks are escaped. */
function blocksToMarkdown(blocks: ArticleBlock[]): string {
  const escape = (text: string) => text.replace(/([\\`*_[\]<>#|~])/g, '\\$1');
  return blocks.map((b) => (b.type === 'heading' ? `## ${escape(b.text)}` : escape(b.text))).join('\n\n');
}

/** The article resource of the admin API. */
export const articleResource: AdminResource<ArticleRow, ArticleInputData> = {
  name: 'articles',
  noun: 'Article',
  table: articles,
  input: ArticleInputSchema,
  patch: ArticlePatchSchema as never,
  item: AdminArticleSchema,
  search: [articles.title, articles.summary, articles.slug],
  newest: articles.publishedAt,
  status: { archivedAt: articles.archivedAt, draft: articles.draft, start: articles.publishedAt },
  toValues: (input) => ({
    slug: input.slug,
    title: input.title,
    summary: input.summary,
    bodyMarkdown: input.bodyMarkdown,
    // The Markdown is the body from now on: the blocks of a seeded article no longer apply.
    body: [],
    mediaId: input.mediaId,
    value: input.value,
    publishedAt: new Date(input.publishedAt),
    draft: input.draft,
    translations: input.translations,
  }),
  toInput: (row) => {
    const fr = row.translations.fr ?? {};
    const frBody = fr.bodyMarkdown ?? (fr.body?.length ? blocksToMarkdown(fr.body) : undefined);
    const { body: _blocks, ...frTexts } = fr;
    return {
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      bodyMarkdown: row.bodyMarkdown ?? blocksToMarkdown(row.body),
      mediaId: row.mediaId,
      value: row.value,
      publishedAt: row.publishedAt.toISOString(),
      draft: row.draft,
      translations: row.translations.fr ? { fr: { ...frTexts, ...(frBody !== undefined ? { bodyMarkdown: frBody } : {}) } } : {},
    };
  },
  toItem: (row, now) => {
    const input = articleResource.toInput(row);
    return AdminArticleSchema.parse({
      ...input,
      ...itemFields(row, { start: row.publishedAt, end: null }, now),
      readingMinutes: readingMinutes(input.bodyMarkdown),
    });
  },
  mediaRefs: (input) => (input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
  check: (input, { tx, organizationId }) =>
    expectMediaKinds(tx, organizationId, [{ path: 'mediaId', id: input.mediaId, kinds: ['image', 'svg'], message: 'Not an image' }]),
  inUse: async (db, id) => {
    const [row] = await db.select({ id: articleReads.articleId }).from(articleReads).where(eq(articleReads.articleId, id)).limit(1);
    return row !== undefined;
  },
};
