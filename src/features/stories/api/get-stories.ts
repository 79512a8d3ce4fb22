/**
 * `GET /content/stories` (spec §7): the stories the bearer may see (the server already leaves out rank-coded
 * stories of other ranks; the client applies the same rule, spec §4). Texts in the request's language.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Story } from '../../../contracts/content';

/** Query options: key `['stories']`, fetches every story. Throws API/network errors. */
export function getStoriesQueryOptions() {
  return dataQueryOptions<Story[]>(['stories'], '/content/stories');
}

/** The story list with its query state. */
export function useStories() {
  return useQuery(getStoriesQueryOptions());
}
