/**
 * `GET /content/stories/{id}` (spec §7): one story with its chapters. The list's copy is the placeholder, so the
 * viewer opens at once from the rail (and offline).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { StoryResponseSchema, Story } from '../../../contracts/content';
import { getStoriesQueryOptions } from './get-stories';

/** Fetches one story. Throws `NotFoundError` (unknown, or a rank-coded story of another rank), API/network errors. */
async function getStory(id: string, signal?: AbortSignal): Promise<Story> {
  const { data } = await apiRequest<ResponseOf<typeof StoryResponseSchema>>(`/content/stories/${encodeURIComponent(id)}`, { signal });
  return data;
}

/** Query options: key `['stories', id]`. */
export function getStoryQueryOptions(id: string) {
  return queryOptions({ queryKey: ['stories', id] as const, queryFn: ({ signal }) => getStory(id, signal) });
}

/** One story with its query state; the list's copy is the placeholder. */
export function useStory(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getStoryQueryOptions(id),
    placeholderData: () => queryClient.getQueryData(getStoriesQueryOptions().queryKey)?.find((s) => s.id === id),
  });
}
