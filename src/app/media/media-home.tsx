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
import { formatDuration, ListSkeleton, PlayGlyph, PointsBadge, QueryList } from '../../components/content-ui';
import { ListError, ListStates } from '../../components/list-states';
import { Section, SectionLink } from '../../components/section';
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
        <Section
          id="media-videos"
          title={t('home.videos')}
          className="stack"
          aside={<SectionLink to="/media/videos" label={t('home.seeAll')} />}
        >
          <ListStates
            items={videos.data}
            isError={videos.isError}
            empty={<EmptyState icon={<PlayIcon />} title={t('videos.emptyTitle')} description={t('videos.emptyText')} />}
            error={<ListError onRetry={() => void videos.refetch()} />}
            loading={<ListSkeleton rows={2} />}
          >
            {() => (
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
            )}
          </ListStates>
        </Section>

        <Section id="media-playlists" title={t('home.playlists')} className="stack">
          <QueryList
            query={playlists}
            items={playlists.data}
            empty={<EmptyState title={t('playlists.emptyTitle')} description={t('playlists.emptyText')} />}
            skeleton={<ListSkeleton rows={1} />}
            itemKey={(p) => p.id}
          >
            {(p) => <PlaylistCard playlist={p} />}
          </QueryList>
        </Section>

        <Section id="media-articles" title={t('home.articles')} className="stack">
          <QueryList
            query={articles}
            items={articles.data}
            empty={<EmptyState title={t('home.articlesEmptyTitle')} description={t('home.articlesEmptyText')} />}
            skeleton={<ListSkeleton rows={3} square />}
            label={t('home.articles')}
            itemKey={(a) => a.id}
          >
            {(a) => <ArticleCard article={a} />}
          </QueryList>
        </Section>
      </div>
    </Page>
  );
}
