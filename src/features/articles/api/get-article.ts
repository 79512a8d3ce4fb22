/**
 * `GET /content/articles/{id}` (spec §7): one article. The list's copy is shown at once while it loads (and
 * offline), so an article opened from the media home never waits.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { ArticleResponseSchema, Article } from '../../../contracts/content';
import { getArticlesQueryOptions } from './get-articles';

/** Fetches one article. Throws `NotFoundError` for an unknown id, other API/network errors. */
async function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  const { data } = await apiRequest<ResponseOf<typeof ArticleResponseSchema>>(`/content/articles/${encodeURIComponent(id)}`, { signal });
  return data;
}

/** Query options: key `['articles', id]`. */
export function getArticleQueryOptions(id: string) {
  return queryOptions({ queryKey: ['articles', id] as const, queryFn: ({ signal }) => getArticle(id, signal) });
}

/** One article with its query state; the list's copy is the placeholder. */
export function useArticle(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getArticleQueryOptions(id),
    placeholderData: () => queryClient.getQueryData(getArticlesQueryOptions().queryKey)?.find((a) => a.id === id),
  });
}
