/**
 * `GET /content/playlists` (superseding 0022): the organization's playlists in the operator's order,
 * each with the ids of its videos in order (the videos themselves come from `GET /content/videos`).
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Playlist } from '../../../contracts/content';

export type { Playlist };

/** Query options: key `['playlists']`. Throws API/network errors (src/api/errors.ts). */
export function getPlaylistsQueryOptions() {
  return dataQueryOptions<Playlist[]>(['playlists'], '/content/playlists');
}

/** The playlists with their query state. */
export function usePlaylists() {
  return useQuery(getPlaylistsQueryOptions());
}
