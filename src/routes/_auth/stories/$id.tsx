/** `/stories/{id}` (spec §2-§4): the full-screen story viewer (no layout). */
import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '../../../components/route-error';
import { getStoryQueryOptions } from '../../../features/stories/api/get-story';
import { StoryViewerPage } from '../../../features/stories/components/story-viewer';

export const Route = createFileRoute('/_auth/stories/$id')({
  params: idParam('id'),
  staticData: { layout: 'none' },
  loader: ({ context: { queryClient }, params }) => {
    queryClient.ensureQueryData(getStoryQueryOptions(params.id)).catch(() => undefined);
  },
  component: function StoryRoute() {
    const { id } = Route.useParams();
    return <StoryViewerPage key={id} storyId={id} />;
  },
});
