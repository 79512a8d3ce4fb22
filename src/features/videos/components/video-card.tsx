/**
 * A video as a row card (thumbnail with play glyph and duration, title, points or "Watched") or as a rail tile.
 * The whole card is one link to `/media/videos/{id}`; its accessible name is the title plus the state.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Video } from '../../../contracts/content';
import { formatDuration, PlayGlyph, PointsBadge } from '../../../components/content-ui';
import './videos.css';

/** Props: the video; `variant` 'row' (lists) or 'tile' (horizontal rail). */
export function VideoCard({ video, variant = 'row' }: { video: Video; variant?: 'row' | 'tile' }) {
  const { t } = useTranslation('media');
  const thumb = (
    <div className={variant === 'tile' ? 'card__picture video-tile__thumb' : 'ct-row__thumb'}>
      <img src={video.thumbnailSrc} alt="" loading="lazy" decoding="async" width={320} height={180} />
      <PlayGlyph />
      <span className="video-duration">{formatDuration(video.durationSeconds)}</span>
    </div>
  );
  const badges = (
    <div className="ct-badges">
      {video.viewed ? <span className="pill pill--success">{t('videos.watched')}</span> : <PointsBadge points={video.value} />}
    </div>
  );
  if (variant === 'tile') {
    return (
      <Link
        to="/media/videos/$video"
        params={{ video: video.id }}
        className={`card card--interactive video-tile${video.viewed ? ' is-watched' : ''}`}
      >
        {thumb}
        <div className="video-tile__body">
          <h3 className="ct-row__title">{video.name}</h3>
          {badges}
        </div>
      </Link>
    );
  }
  return (
    <Link
      to="/media/videos/$video"
      params={{ video: video.id }}
      className={`card card--interactive ct-row${video.viewed ? ' is-watched' : ''}`}
    >
      {thumb}
      <div className="ct-row__body">
        <h3 className="ct-row__title">{video.name}</h3>
        <p className="ct-row__meta">{t('videos.duration', { duration: formatDuration(video.durationSeconds) })}</p>
        {badges}
      </div>
    </Link>
  );
}
