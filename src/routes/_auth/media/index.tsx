/** `/media` (spec §2 "Media home"): featured video, video rail, playlists, articles. Lists load without blocking. */
import { createFileRoute } from '@tanstack/react-router';
import { getArticlesQueryOptions } from '../../../features/articles/api/get-articles';
import { MediaHome } from '../../../app/media/media-home';
import { getPlaylistsQueryOptions } from '../../../features/videos/api/get-playlists';
import { getVideosQueryOptions } from '../../../features/videos/api/get-videos';

export const Route = createFileRoute('/_auth/media/')({
  staticData: { layout: 'default', titleKey: 'media:home.title' },
  loader: ({ context: { queryClient } }) => {
    // Not awaited: offline-first queries pause without a network; the page shows cached data or skeletons.
    queryClient.ensureQueryData(getVideosQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getPlaylistsQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getArticlesQueryOptions()).catch(() => undefined);
  },
  component: MediaHome,
});
