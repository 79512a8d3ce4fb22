/**
 * "You won" banner: shown on the home screen and the sweepstakes tab while the
 * member holds a win they have not claimed and can still claim, with a link to each sweepstake's page, where the
 * Claim button is. Reads the cached sweepstake list (its `yourWin`); renders nothing otherwise, and then loads no
 * sweepstake texts.
 */
import { Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TrophyIcon } from '../../../components/icons';
import { useNow } from '../../../platform/use-now';
import { useSweepstakes } from '../api/get-sweepstakes';
import { claimableWins, type ClaimableWin } from '../claimable-wins';
import './win-banner.css';

/** Renders the banner of the member's claimable wins; null when there is none. */
export function WinBanner() {
  const now = useNow(60_000);
  const { data } = useSweepstakes();
  const wins = data ? claimableWins(data, now) : [];
  if (wins.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <WinBannerRegion wins={wins} />
    </Suspense>
  );
}

/** A region named by its heading, one line and one link per win. */
function WinBannerRegion({ wins }: { wins: ClaimableWin[] }) {
  const { t, i18n } = useTranslation('sweepstakes');
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="card win-banner" aria-labelledby="win-banner-title">
      <TrophyIcon className="win-banner__icon" />
      <div className="win-banner__body">
        <h2 id="win-banner-title" className="win-banner__title">
          {t('winBanner.title', { count: wins.length })}
        </h2>
        <ul className="plain-list win-banner__list">
          {wins.map(({ sweepstake, win }) => (
            <li key={sweepstake.sweepstakeId}>
              <p>
                {t('winBanner.text', { prize: sweepstake.prize, title: sweepstake.title, date: dateFormat.format(new Date(win.claimBy)) })}
              </p>
              <Link
                to="/sweepstakes/$sweepstake"
                params={{ sweepstake: sweepstake.sweepstakeId }}
                className="btn btn--primary btn--sm win-banner__link"
              >
                {wins.length === 1 ? t('winBanner.claim') : t('winBanner.claimFrom', { title: sweepstake.title })}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
