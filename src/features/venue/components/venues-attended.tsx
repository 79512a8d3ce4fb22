/**
 * `<VenuesAttended>`: the "I was there" badges: one per venue event the member checked in at, with
 * the venue and the day, newest first; shown on the venue page and the profile. Renders nothing while loading or
 * when the list cannot be read (the page around it still works), an invitation when it is empty.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PathIcon } from '../../../components/icons';
import { useVenuesAttended } from '../api/get-venues-attended';
import './venue.css';

/** A map pin. */
const PIN = 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';

/** Renders the section; `withLink` adds the way to the venue page (on the profile). */
export function VenuesAttended({ withLink = false }: { withLink?: boolean }) {
  const { t, i18n } = useTranslation('venue');
  const { data } = useVenuesAttended();
  if (!data) return null;
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  return (
    <section className="card" aria-labelledby="venues-attended">
      <div className="card__body stack">
        <h2 className="section__title" id="venues-attended">
          {t('attended.title')}
        </h2>
        {data.length ? (
          <ul className="venue-badges">
            {data.map((v) => (
              <li key={v.eventId} className="venue-badge">
                <PathIcon d={PIN} width="20" height="20" aria-hidden="true" />
                <span>
                  <span className="venue-badge__label">{t('attended.badge')}</span> <strong>{v.name}</strong>
                  <span className="card__meta">
                    {' '}
                    · {v.venue} · <time dateTime={v.startsAt}>{day.format(new Date(v.startsAt))}</time>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('attended.empty')}</p>
        )}
        {withLink ? (
          <Link to="/venue" className="btn btn--secondary btn--sm">
            {t('attended.checkIn')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
