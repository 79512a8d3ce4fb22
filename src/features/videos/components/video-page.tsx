/**
 * `/media/videos/{video}` (spec §2): plays the video in an HTML5 `<video>` with controls and poster.
 * The view is recorded when the member has watched it — the `ended` event, or at least 90% of it actually played
 * — never on open. Shows the points to earn, "Watched" once recorded, and "pending" while the
 * view waits in the offline queue. A video file (not one on another site) can be saved for offline.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import type { Video } from '../../../contracts/content';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { BackLink, PointsBadge, ItemPageFallback } from '../../../components/content-ui';
import { useVideo } from '../api/get-videos';
import { usePendingVideoView, useRecordVideoView } from '../api/record-video-view';
import { hasWatched, toRanges } from '../watch-progress';
import { SaveVideo } from './save-video';
import './videos.css';

/** Renders the page for video `videoId`. */
export function VideoPage({ videoId }: { videoId: string }) {
  const { t } = useTranslation('media');
  const query = useVideo(videoId);
  if (query.data) return <VideoPlayer video={query.data} />;
  const texts = { notFoundTitle: t('videos.notFoundTitle'), notFoundText: t('videos.notFoundText'), errorTitle: t('videos.title') };
  return <ItemPageFallback query={query} texts={texts} back={{ to: '/media/videos', label: t('videos.backToVideos') }} />;
}

function VideoPlayer({ video }: { video: Video }) {
  const { t } = useTranslation('media');
  const { data: user } = useCurrentUser();
  const { run: recordView } = useRecordVideoView();
  const pending = usePendingVideoView(video.id);
  const recorded = useRef(false);

  const maybeRecord = (element: HTMLVideoElement, ended: boolean) => {
    if (recorded.current || video.viewed || !user) return;
    const duration = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : video.durationSeconds;
    if (!hasWatched({ ended, ranges: toRanges(element.played), durationSeconds: duration })) return;
    recorded.current = true;
    recordView({ videoId: video.id });
  };

  const recordExternalView = () => {
    if (recorded.current || video.viewed || !user) return;
    recorded.current = true;
    recordView({ videoId: video.id });
  };

  let status: React.ReactNode;
  if (pending) {
    status = (
      <span className="pill pill--warning">
        {pending.isPaused
          ? t('common.willSync', { count: pending.pendingPoints })
          : t('common.pendingPoints', { count: pending.pendingPoints })}
      </span>
    );
  } else if (video.viewed) {
    status = (
      <>
        <span className="pill pill--success">{t('videos.watched')}</span>
        <PointsBadge points={video.value} earned />
      </>
    );
  } else {
    status = (
      <>
        <PointsBadge points={video.value} />
        <span className="muted">{user ? t('videos.watchToEarn') : t('videos.signInToEarn')}</span>
      </>
    );
  }

  return (
    <Page title={video.name}>
      <div className="stack">
        <BackLink to="/media/videos" label={t('videos.backToVideos')} />
        {video.videoSourceType === 'external' ? (
          // A video on another site plays there (the app's media policy plays only its own and the CDN's files); the
          // app cannot see it played, so opening it counts as the view.
          <a className="btn btn--primary" href={video.sourceUrl} target="_blank" rel="noopener noreferrer" onClick={recordExternalView}>
            {t('videos.watchExternal')}
          </a>
        ) : (
          <>
            {/* The video contract carries no caption file (no captions exist for these clips), so there is no track to add. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- see above */}
            <video
              className="video-player"
              src={video.sourceUrl}
              poster={video.thumbnailSrc}
              controls
              playsInline
              preload="metadata"
              aria-label={video.name}
              onTimeUpdate={(e) => maybeRecord(e.currentTarget, false)}
              onEnded={(e) => maybeRecord(e.currentTarget, true)}
            >
              {t('videos.unsupported')}
            </video>
            <SaveVideo url={video.sourceUrl} name={video.name} />
          </>
        )}
        <div className="video-player__status" aria-live="polite">
          {status}
        </div>
        {video.description ? <p>{video.description}</p> : null}
      </div>
    </Page>
  );
}
