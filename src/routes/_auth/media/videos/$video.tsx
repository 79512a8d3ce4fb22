/** `/media/videos/{video}` (spec §2 "One video"): the player; the view is recorded once watched. */
import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '../../../../components/route-error';
import { getVideosQueryOptions } from '../../../../features/videos/api/get-videos';
import { VideoPage } from '../../../../features/videos/components/video-page';

export const Route = createFileRoute('/_auth/media/videos/$video')({
  params: idParam('video'),
  staticData: { layout: 'no-bottom-nav', titleKey: 'media:videos.title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getVideosQueryOptions()).catch(() => undefined);
  },
  component: function VideoRoute() {
    const { video } = Route.useParams();
    return <VideoPage videoId={video} />;
  },
});
