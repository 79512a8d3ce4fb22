/** A sweepstake as a card: image with status pill, title, prize, cost per entry, dates and the member's entries. */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import type { Sweepstake } from '../../../contracts/sweepstake';
import { effectiveStatus } from '../../../rules/sweepstake-status';
import { formatRelativeTime } from '../../../platform/intl-formats';
import './sweepstakes.css';

const STATUS_PILL = { live: 'pill pill--success', coming_soon: 'pill pill--brand', ended: 'pill pill--muted' } as const;

/** Renders the card; one link to `/sweepstakes/{id}`. */
export function SweepstakeCard({ sweepstake, now }: { sweepstake: Sweepstake; now: Date }) {
  const { t, i18n } = useTranslation('sweepstakes');
  const status = effectiveStatus(sweepstake, now);
  const image = mediaUrl(sweepstake.mediaId);
  const language = i18n.resolvedLanguage ?? 'en';
  const when =
    status === 'live'
      ? t('card.endsIn', { relative: formatRelativeTime(sweepstake.endsAt, now, language) })
      : status === 'coming_soon'
        ? t('card.startsIn', { relative: formatRelativeTime(sweepstake.startsAt, now, language) })
        : t('card.ended', { relative: formatRelativeTime(sweepstake.endsAt, now, language) });
  return (
    <Link
      to="/sweepstakes/$sweepstake"
      params={{ sweepstake: sweepstake.sweepstakeId }}
      className={`card card--interactive sweepstake-card sweepstake-card--${status}`}
    >
      <div className="card__picture sweepstake-card__media">
        {image ? <img src={image} alt="" loading="lazy" decoding="async" width={400} height={200} /> : null}
        <span className={STATUS_PILL[status]}>{t(`status.${status}`)}</span>
      </div>
      <div className="sweepstake-card__body">
        <h3 className="ct-row__title">{sweepstake.title}</h3>
        <p className="ct-row__meta">{sweepstake.prize}</p>
        <div className="ct-badges">
          <span className="pill pill--warning">{t('card.cost', { count: sweepstake.entryCost })}</span>
          {sweepstake.userEntryCount > 0 ? (
            <span className="pill pill--brand">{t('card.yourEntries', { count: sweepstake.userEntryCount })}</span>
          ) : null}
          <span className="ct-row__meta">{when}</span>
        </div>
      </div>
    </Link>
  );
}
