/**
 * Playlists (spec §3: "fields not shown; no call is made and the list is empty"; decision 0022). The query exists so
 * screens and the guard's preload treat playlists like every other list, but it makes no request and answers [].
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

/** A playlist: a titled, ordered list of video ids (the shape a future `GET /content/playlists` would answer). */
export interface Playlist {
  id: string;
  title: string;
  videoIds: string[];
}

/** Returns the playlists: always an empty list (no call, spec §3). */
async function getPlaylists(): Promise<Playlist[]> {
  return [];
}

/** Query options: key `['playlists']`, never stale (nothing to refetch). */
export function getPlaylistsQueryOptions() {
  return queryOptions({ queryKey: ['playlists'] as const, queryFn: getPlaylists, staleTime: Number.POSITIVE_INFINITY });
}

/** The playlists with their query state. */
export function usePlaylists() {
  return useQuery(getPlaylistsQueryOptions());
}
