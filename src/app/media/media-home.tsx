/**
 * `/media` (spec §2 "Media home"): the featured video (first one not yet watched), a rail of videos, the playlists
 * section (spec §3: no call is made and the list is empty, so it shows its empty state) and the articles.
 * Each list has its loading, error and empty state.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PlayIcon } from '../../components/icons';
import { Page } from '../../components/page';
import type { Video } from '../../contracts/content';
import { useArticles } from '../../features/articles/api/get-articles';
import { ArticleCard } from '../../features/articles/components/article-card';
import { usePlaylists } from '../../features/videos/api/get-playlists';
import { PlaylistCard } from '../../features/videos/components/playlist-card';
import { useVideos } from '../../features/videos/api/get-videos';
import { VideoCard } from '../../features/videos/components/video-card';
import { featuredVideo } from '../../features/videos/video-view';
import { formatDuration, ListError, ListSkeleton, PlayGlyph, PointsBadge } from '../../components/content-ui';
import '../../components/content.css';

function FeaturedVideo({ video }: { video: Video }) {
  const { t } = useTranslation('media');
  return (
    <Link to="/media/videos/$video" params={{ video: video.id }} className="ct-hero">
      <div className="ct-hero__media">
        <img src={video.thumbnailSrc} alt="" width={640} height={360} />
        <PlayGlyph />
      </div>
      <div className="ct-hero__body">
        <span className="eyebrow">{t('home.featured')}</span>
        <span className="ct-hero__title">{video.name}</span>
        <div className="ct-badges">
          <span className="pill pill--muted">{formatDuration(video.durationSeconds)}</span>
          {video.viewed ? <span className="pill pill--success">{t('videos.watched')}</span> : <PointsBadge points={video.value} />}
        </div>
      </div>
    </Link>
  );
}

/** Renders the media home. */
export function MediaHome() {
  const { t } = useTranslation('media');
  const videos = useVideos();
  const playlists = usePlaylists();
  const articles = useArticles();
  const featured = videos.data ? featuredVideo(videos.data) : null;
  const rail = videos.data?.filter((v) => v.id !== featured?.id);

  return (
    <Page title={t('home.title')}>
      <div className="stack stack--lg">
        <section className="stack" aria-labelledby="media-videos">
          <div className="ct-section-head">
            <h2 id="media-videos" className="section__title">
              {t('home.videos')}
            </h2>
            <Link to="/media/videos" className="btn btn--ghost btn--sm">
              {t('home.seeAll')}
            </Link>
          </div>
          {videos.data ? (
            videos.data.length === 0 ? (
              <EmptyState icon={<PlayIcon />} title={t('videos.emptyTitle')} description={t('videos.emptyText')} />
            ) : (
              <>
                {featured ? <FeaturedVideo video={featured} /> : null}
                {rail && rail.length > 0 ? (
                  <ul className="scroll-row" aria-label={t('home.moreVideos')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {rail.map((v) => (
                      <li key={v.id}>
                        <VideoCard video={v} variant="tile" />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )
          ) : videos.isError ? (
            <ListError onRetry={() => void videos.refetch()} />
          ) : (
            <ListSkeleton rows={2} />
          )}
        </section>

        <section className="stack" aria-labelledby="media-playlists">
          <h2 id="media-playlists" className="section__title">
            {t('home.playlists')}
          </h2>
          {playlists.data ? (
            playlists.data.length === 0 ? (
              <EmptyState title={t('playlists.emptyTitle')} description={t('playlists.emptyText')} />
            ) : (
              <ul className="ct-list">
                {playlists.data.map((p) => (
                  <li key={p.id}>
                    <PlaylistCard playlist={p} />
                  </li>
                ))}
              </ul>
            )
          ) : (
            <ListSkeleton rows={1} />
          )}
        </section>

        <section className="stack" aria-labelledby="media-articles">
          <h2 id="media-articles" className="section__title">
            {t('home.articles')}
          </h2>
          {articles.data ? (
            articles.data.length === 0 ? (
              <EmptyState title={t('home.articlesEmptyTitle')} description={t('home.articlesEmptyText')} />
            ) : (
              <ul className="ct-list" aria-label={t('home.articles')}>
                {articles.data.map((a) => (
                  <li key={a.id}>
                    <ArticleCard article={a} />
                  </li>
                ))}
              </ul>
            )
          ) : articles.isError ? (
            <ListError onRetry={() => void articles.refetch()} />
          ) : (
            <ListSkeleton rows={3} square />
          )}
        </section>
      </div>
    </Page>
  );
}
