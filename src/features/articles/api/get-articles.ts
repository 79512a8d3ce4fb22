/** `GET /content/articles` (spec §7): the organization's articles, `data` list, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { ArticleListResponseSchema, Article } from '../../../contracts/content';

/** Fetches every article. Throws API/network errors. */
async function getArticles(signal?: AbortSignal): Promise<Article[]> {
  const { data } = await apiRequest<ResponseOf<typeof ArticleListResponseSchema>>('/content/articles', { signal });
  return data;
}

/** Query options: key `['articles']`. */
export function getArticlesQueryOptions() {
  return queryOptions({ queryKey: ['articles'] as const, queryFn: ({ signal }) => getArticles(signal) });
}

/** The article list with its query state. */
export function useArticles() {
  return useQuery(getArticlesQueryOptions());
}
