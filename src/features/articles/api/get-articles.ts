/** `GET /content/articles` (spec §7): the organization's articles, `data` list, newest first. */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Article } from '../../../contracts/content';

/** Query options: key `['articles']`, fetches every article. Throws API/network errors. */
export function getArticlesQueryOptions() {
  return dataQueryOptions<Article[]>(['articles'], '/content/articles');
}

/** The article list with its query state. */
export function useArticles() {
  return useQuery(getArticlesQueryOptions());
}
