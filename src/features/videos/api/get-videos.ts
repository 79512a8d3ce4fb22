/**
 * `GET /content/videos` (spec §7): the organization's videos, `data` list (texts in the request's language).
 * There is no single-video call: `/media/videos/{video}` reads its video from this list (`useVideo`).
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Video } from '../../../contracts/content';

/** Query options: key `['videos']`, fetches every video. Throws API/network errors (src/api/errors.ts). */
export function getVideosQueryOptions() {
  return dataQueryOptions<Video[]>(['videos'], '/content/videos');
}

/** The video list with its query state. */
export function useVideos() {
  return useQuery(getVideosQueryOptions());
}

/** One video of the list by id (`data` undefined while loading, null when the list has no such video). */
export function useVideo(id: string) {
  return useQuery({ ...getVideosQueryOptions(), select: (list) => list.find((v) => v.id === id) ?? null });
}
