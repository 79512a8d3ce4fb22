/**
 * The way to the venue scanner during a live venue event: on the dashboard a card, in the challenges
 * tab an entry, both linking to `/venue`. Shown only while an event is open (from the preloaded, persisted list, so
 * it shows without signal too); it says when the member already checked in there. Nothing otherwise.
 */
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ChevronRightIcon, TargetIcon } from '../../../components/icons';
import { useNow } from '../../../platform/use-now';
import type { LiveVenueEvent } from '../../../contracts/venue';
import { useLiveVenueEvents } from '../api/get-live-venue-events';
import './venue.css';

type Variant = 'card' | 'entry';

/**
 * Renders the first live event's card (`variant` "card" on the dashboard, "entry" in the challenges tab), or
 * nothing. The texts' namespace loads only when there is an event to show, so a screen without one never waits on it.
 */
export function LiveVenueCard({ variant = 'card' }: { variant?: Variant }) {
  const event = useLiveVenueEvents(useNow().getTime())[0];
  if (!event) return null;
  return (
    <Suspense fallback={null}>
      <LiveVenueLink event={event} variant={variant} />
    </Suspense>
  );
}

/** The card's link, with its texts. */
function LiveVenueLink({ event, variant }: { event: LiveVenueEvent; variant: Variant }) {
  const { t } = useTranslation('venue');
  const headingId = `live-venue-${variant}`;
  return (
    <section className={`card live-venue live-venue--${variant}`} aria-labelledby={headingId}>
      <Link to="/venue" className="live-venue__link">
        {event.checkedIn ? <CheckCircleIcon className="live-venue__icon" /> : <TargetIcon className="live-venue__icon" />}
        <span className="stack stack--sm live-venue__text">
          <span className="eyebrow">{t('live.eyebrow')}</span>
          <h2 className="card__title live-venue__title" id={headingId}>
            {t('live.title', { name: event.name, venue: event.venue })}
          </h2>
          <span className="card__meta">{event.checkedIn ? t('live.checkedIn') : t('live.cta', { count: event.value })}</span>
        </span>
        <ChevronRightIcon />
      </Link>
    </section>
  );
}
