/**
 * Small building blocks shared by the content screens: back link, list skeleton, list error with retry, points
 * badge. Styles in content.css.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from './icons';
import { Button } from './button';
import { EmptyState } from './empty-state';
import './content.css';

/** A "Back" link to `to` (translated label given by the caller). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to as '/'} className="btn btn--ghost btn--sm ct-back">
      <ArrowLeftIcon /> {label}
    </Link>
  );
}

/** Placeholder rows while a list loads; the surrounding region says "Loading…" to screen readers. */
export function ListSkeleton({ rows = 3, square }: { rows?: number; square?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <ul className="ct-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="card ct-row">
            <div className={`ct-row__thumb ct-skeleton${square ? ' ct-row__thumb--square' : ''}`} />
            <div className="ct-row__body" style={{ flex: 1 }}>
              <div className="ct-skeleton ct-skeleton--line" style={{ width: '80%' }} />
              <div className="ct-skeleton ct-skeleton--line" style={{ width: '45%' }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A list that failed to load (and has nothing cached): message and a retry button. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('media');
  return (
    <div role="alert">
      <EmptyState
        title={t('common.loadError')}
        description={t('common.loadErrorHint')}
        action={
          <Button size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}

/** The points an item earns: "+25 pts" (brand pill); "Earned" once done. */
export function PointsBadge({ points, earned }: { points: number; earned?: boolean }) {
  const { t } = useTranslation('media');
  if (points <= 0) return null;
  return earned ? (
    <span className="pill pill--success">{t('common.earned', { count: points })}</span>
  ) : (
    <span className="pill pill--warning">{t('common.points', { count: points })}</span>
  );
}

/** Play glyph drawn over a video thumbnail (decorative). */
export function PlayGlyph() {
  return (
    <span className="ct-play" aria-hidden="true">
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M8 5v14l11-7z" />
      </svg>
    </span>
  );
}

/** Formats seconds as m:ss (e.g. 65 -> "1:05"). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
