/**
 * `/contests` (spec §2 "Contests"; the WIN WIN WIN carousel card; underage members are sent to /dashboard by the
 * root guard): every way to win in one place — the live sweepstakes (ending soonest first), the pick'em
 * challenges, and the club's on-site activations (decision 0023).
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ActivationsSection } from '../../features/activations/components/activations-section';
import { useChallenges } from '../../features/challenges/api/get-challenges';
import { filterVisibleChallenges, sortChallenges } from '../../features/challenges/challenge-list';
import { ChallengeList } from '../../features/challenges/components/challenge-list';
import { useNow } from '../../platform/use-now';
import { ListError, ListSkeleton } from '../../components/content-ui';
import { useSweepstakes } from '../../features/sweepstakes/api/get-sweepstakes';
import { SweepstakeCard } from '../../features/sweepstakes/components/sweepstake-card';
import { effectiveStatus } from '../../rules/sweepstake-status';
import { sortSweepstakes } from '../../features/sweepstakes/sweepstake-order';
import { getRuntimeConfig } from '../../platform/runtime-config';

/** Renders the page. */
export function ContestsPage() {
  const { t } = useTranslation('contests');
  const now = useNow();
  const sweepstakes = useSweepstakes();
  const challenges = useChallenges();
  const live = sweepstakes.data ? sortSweepstakes(sweepstakes.data, now).filter((s) => effectiveStatus(s, now) === 'live') : undefined;
  const pickems = challenges.data
    ? sortChallenges(
        filterVisibleChallenges(challenges.data, getRuntimeConfig().excludedChallengeIds, now).filter((c) => c.subtype === 'pickem'),
        now,
      )
    : undefined;
  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p className="muted">{t('intro')}</p>
        <section className="stack" aria-labelledby="contests-sweepstakes">
          <div className="ct-section-head">
            <h2 id="contests-sweepstakes" className="section__title">
              {t('sweepstakes')}
            </h2>
            <Link to="/sweepstakes" className="btn btn--ghost btn--sm">
              {t('seeAll')}
            </Link>
          </div>
          {live ? (
            live.length === 0 ? (
              <p className="muted">{t('noLive')}</p>
            ) : (
              <ul className="ct-list">
                {live.map((s) => (
                  <li key={s.sweepstakeId}>
                    <SweepstakeCard sweepstake={s} now={now} />
                  </li>
                ))}
              </ul>
            )
          ) : sweepstakes.isError ? (
            <ListError onRetry={() => void sweepstakes.refetch()} />
          ) : (
            <ListSkeleton rows={2} />
          )}
        </section>
        <section className="stack" aria-labelledby="contests-pickems">
          <div className="ct-section-head">
            <h2 id="contests-pickems" className="section__title">
              {t('pickems')}
            </h2>
            <Link to="/challenges/$subtype" params={{ subtype: 'pickem' }} className="btn btn--ghost btn--sm">
              {t('seeAll')}
            </Link>
          </div>
          <ChallengeList
            challenges={pickems}
            now={now}
            isError={challenges.isError}
            onRetry={() => void challenges.refetch()}
            emptyTitle={t('noPickemsTitle')}
            emptyText={t('noPickemsText')}
          />
        </section>
        <ActivationsSection />
      </div>
    </Page>
  );
}
