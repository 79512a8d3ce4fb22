/**
 * `GET /content/stories` (spec §7): the stories the bearer may see (the server already leaves out rank-coded
 * stories of other ranks; the client applies the same rule, spec §4). Texts in the request's language.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { StoryListResponseSchema, Story } from '../../../contracts/content';

/** Fetches every story. Throws API/network errors. */
async function getStories(signal?: AbortSignal): Promise<Story[]> {
  const { data } = await apiRequest<ResponseOf<typeof StoryListResponseSchema>>('/content/stories', { signal });
  return data;
}

/** Query options: key `['stories']`. */
export function getStoriesQueryOptions() {
  return queryOptions({ queryKey: ['stories'] as const, queryFn: ({ signal }) => getStories(signal) });
}

/** The story list with its query state. */
export function useStories() {
  return useQuery(getStoriesQueryOptions());
}
