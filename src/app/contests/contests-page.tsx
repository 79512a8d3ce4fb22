/**
 * `/contests` (spec §2 "Contests"; the WIN WIN WIN carousel card; underage members are sent to /dashboard by the
 * root guard): every way to win in one place — the live sweepstakes (ending soonest first), the pick'em
 * challenges, and the club's on-site activations.
 */
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ActivationsSection } from '../../features/activations/components/activations-section';
import { ChallengeList } from '../../features/challenges/components/challenge-list';
import { useSubtypeChallenges } from '../../features/challenges/use-visible-challenges';
import { useNow } from '../../platform/use-now';
import { ListSkeleton, QueryList } from '../../components/content-ui';
import { Section, SectionLink } from '../../components/section';
import { useSweepstakes } from '../../features/sweepstakes/api/get-sweepstakes';
import { SweepstakeCard } from '../../features/sweepstakes/components/sweepstake-card';
import { effectiveStatus } from '../../rules/sweepstake-status';
import { sortSweepstakes } from '../../features/sweepstakes/sweepstake-order';

/** Renders the page. */
export function ContestsPage() {
  const { t } = useTranslation('contests');
  const now = useNow();
  const sweepstakes = useSweepstakes();
  const pickems = useSubtypeChallenges('pickem', now);
  const live = sweepstakes.data ? sortSweepstakes(sweepstakes.data, now).filter((s) => effectiveStatus(s, now) === 'live') : undefined;
  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p className="muted">{t('intro')}</p>
        <Section
          id="contests-sweepstakes"
          title={t('sweepstakes')}
          className="stack"
          aside={<SectionLink to="/sweepstakes" label={t('seeAll')} />}
        >
          <QueryList
            query={sweepstakes}
            items={live}
            empty={<p className="muted">{t('noLive')}</p>}
            skeleton={<ListSkeleton rows={2} />}
            itemKey={(s) => s.sweepstakeId}
          >
            {(s) => <SweepstakeCard sweepstake={s} now={now} />}
          </QueryList>
        </Section>
        <Section
          id="contests-pickems"
          title={t('pickems')}
          className="stack"
          aside={<SectionLink to="/challenges/pickem" label={t('seeAll')} />}
        >
          <ChallengeList
            challenges={pickems.challenges}
            now={now}
            query={pickems}
            emptyTitle={t('noPickemsTitle')}
            emptyText={t('noPickemsText')}
          />
        </Section>
        <ActivationsSection />
      </div>
    </Page>
  );
}
