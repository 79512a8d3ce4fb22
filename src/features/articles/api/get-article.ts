/**
 * `GET /content/articles/{id}` (spec §7): one article. The list's copy is shown at once while it loads (and
 * offline), so an article opened from the media home never waits.
 */
import { dataQueryOptions, useItemQuery } from '../../../api/data';
import type { Article } from '../../../contracts/content';
import { getArticlesQueryOptions } from './get-articles';

/**
 * Query options: key `['articles', id]`, fetches one article. Throws `NotFoundError` for an unknown id, other
 * API/network errors.
 */
export function getArticleQueryOptions(id: string) {
  return dataQueryOptions<Article>(['articles', id], `/content/articles/${encodeURIComponent(id)}`);
}

/** One article with its query state; the list's copy is the placeholder. */
export function useArticle(id: string) {
  return useItemQuery(getArticleQueryOptions(id), getArticlesQueryOptions().queryKey, (a) => a.id === id);
}
