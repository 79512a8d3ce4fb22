/** `/media/videos` (spec §2 "Video list"). */
import { createFileRoute } from '@tanstack/react-router';
import { getVideosQueryOptions } from '../../../../features/videos/api/get-videos';
import { VideoListPage } from '../../../../features/videos/components/video-list-page';

export const Route = createFileRoute('/_auth/media/videos/')({
  staticData: { layout: 'default', titleKey: 'media:videos.title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getVideosQueryOptions()).catch(() => undefined);
  },
  component: VideoListPage,
});
