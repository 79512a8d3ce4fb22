/** `/media/playlists/{id}` (spec §2; §3 "no call is made and the list is empty"): one playlist. */
import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '../../../../components/route-error';
import { PlaylistPage } from '../../../../features/videos/components/playlist-page';

export const Route = createFileRoute('/_auth/media/playlists/$id')({
  params: idParam('id'),
  staticData: { layout: 'no-bottom-nav', titleKey: 'media:playlists.title' },
  component: function PlaylistRoute() {
    const { id } = Route.useParams();
    return <PlaylistPage playlistId={id} />;
  },
});
