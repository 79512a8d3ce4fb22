/** `/media/videos` (spec §2): every video, unwatched first, with loading, error and empty states. */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PlayIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { BackLink, ListSkeleton, QueryList } from '../../../components/content-ui';
import { useVideos } from '../api/get-videos';
import { VideoCard } from './video-card';

/** Renders the page. */
export function VideoListPage() {
  const { t } = useTranslation('media');
  const query = useVideos();
  const videos = query.data ? [...query.data].sort((a, b) => Number(a.viewed) - Number(b.viewed)) : undefined;
  return (
    <Page title={t('videos.title')}>
      <div className="stack">
        <BackLink to="/media" label={t('common.backToMedia')} />
        <QueryList
          query={query}
          items={videos}
          empty={<EmptyState icon={<PlayIcon />} title={t('videos.emptyTitle')} description={t('videos.emptyText')} />}
          skeleton={<ListSkeleton rows={4} />}
          label={t('videos.title')}
          itemKey={(v) => v.id}
        >
          {(v) => <VideoCard video={v} />}
        </QueryList>
      </div>
    </Page>
  );
}
