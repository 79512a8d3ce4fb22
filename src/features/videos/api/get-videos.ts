/**
 * `GET /content/videos` (spec §7): the organization's videos, `data` list (texts in the request's language).
 * There is no single-video call: `/media/videos/{video}` reads its video from this list (`useVideo`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { VideoListResponseSchema, Video } from '../../../contracts/content';

/** Fetches every video. Throws API/network errors (src/api/errors.ts). */
async function getVideos(signal?: AbortSignal): Promise<Video[]> {
  const { data } = await apiRequest<ResponseOf<typeof VideoListResponseSchema>>('/content/videos', { signal });
  return data;
}

/** Query options: key `['videos']`. */
export function getVideosQueryOptions() {
  return queryOptions({ queryKey: ['videos'] as const, queryFn: ({ signal }) => getVideos(signal) });
}

/** The video list with its query state. */
export function useVideos() {
  return useQuery(getVideosQueryOptions());
}

/** One video of the list by id (`data` undefined while loading, null when the list has no such video). */
export function useVideo(id: string) {
  return useQuery({ ...getVideosQueryOptions(), select: (list) => list.find((v) => v.id === id) ?? null });
}
