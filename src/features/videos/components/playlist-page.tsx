/**
 * `/media/playlists/{id}` (spec §2): a playlist's videos in the operator's order. An unknown or
 * empty playlist shows the empty playlist state and a way to the videos.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { BackLink, ListSkeleton, QueryList } from '../../../components/content-ui';
import { useVideos } from '../api/get-videos';
import { VideoCard } from './video-card';
import { usePlaylists } from '../api/get-playlists';

/** Renders playlist `playlistId`. */
export function PlaylistPage({ playlistId }: { playlistId: string }) {
  const { t } = useTranslation('media');
  const playlists = usePlaylists();
  const videos = useVideos();
  const playlist = playlists.data?.find((p) => p.id === playlistId);
  const items =
    playlist && videos.data ? playlist.videoIds.map((id) => videos.data.find((v) => v.id === id)).filter((v) => v !== undefined) : [];

  return (
    <Page title={playlist?.title ?? t('playlists.title')}>
      <div className="stack">
        <BackLink to="/media" label={t('common.backToMedia')} />
        <QueryList
          query={playlists}
          items={playlists.data ? items : undefined}
          empty={
            <EmptyState
              title={t('playlists.emptyPlaylistTitle')}
              description={t('playlists.emptyPlaylistText')}
              action={
                <Link to="/media/videos" className="btn btn--primary btn--sm">
                  {t('playlists.browseVideos')}
                </Link>
              }
            />
          }
          skeleton={<ListSkeleton rows={2} />}
          itemKey={(v) => v.id}
        >
          {(v) => <VideoCard video={v} />}
        </QueryList>
      </div>
    </Page>
  );
}
