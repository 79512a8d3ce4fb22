/**
 * `GET /content/stories/{id}` (spec §7): one story with its chapters. The list's copy is the placeholder, so the
 * viewer opens at once from the rail (and offline).
 */
import { dataQueryOptions, useItemQuery } from '../../../api/data';
import type { Story } from '../../../contracts/content';
import { getStoriesQueryOptions } from './get-stories';

/**
 * Query options: key `['stories', id]`, fetches one story. Throws `NotFoundError` (unknown, or a rank-coded story
 * of another rank), API/network errors.
 */
export function getStoryQueryOptions(id: string) {
  return dataQueryOptions<Story>(['stories', id], `/content/stories/${encodeURIComponent(id)}`);
}

/** One story with its query state; the list's copy is the placeholder. */
export function useStory(id: string) {
  return useItemQuery(getStoryQueryOptions(id), getStoriesQueryOptions().queryKey, (s) => s.id === id);
}
