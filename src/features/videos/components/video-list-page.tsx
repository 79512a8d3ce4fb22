/** `/media/videos` (spec §2): every video, unwatched first, with loading, error and empty states. */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PlayIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { BackLink, ListError, ListSkeleton } from '../../../components/content-ui';
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
        {videos ? (
          videos.length === 0 ? (
            <EmptyState icon={<PlayIcon />} title={t('videos.emptyTitle')} description={t('videos.emptyText')} />
          ) : (
            <ul className="ct-list" aria-label={t('videos.title')}>
              {videos.map((v) => (
                <li key={v.id}>
                  <VideoCard video={v} />
                </li>
              ))}
            </ul>
          )
        ) : query.isError ? (
          <ListError onRetry={() => void query.refetch()} />
        ) : (
          <ListSkeleton rows={4} />
        )}
      </div>
    </Page>
  );
}
