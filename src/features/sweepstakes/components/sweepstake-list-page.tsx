/**
 * `/sweepstakes` (spec §2, §4): sweepstakes in three sections by status — live (ending soonest first), coming soon
 * (starting soonest first), ended — each with its empty state; loading skeleton and error state for the list. A
 * banner above them leads a winner to the prize they have not claimed yet.
 */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { TicketIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import type { SweepstakeStatus } from '../../../contracts/sweepstake';
import { ListSkeleton } from '../../../components/content-ui';
import { ListError, ListStates } from '../../../components/list-states';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useSweepstakes } from '../api/get-sweepstakes';
import { groupSweepstakes, SWEEPSTAKE_SECTIONS } from '../sweepstake-order';
import { useNow } from '../../../platform/use-now';
import { SweepstakeCard } from './sweepstake-card';
import { WinBanner } from './win-banner';
import { Section } from '../../../components/section';

/** Renders the page. */
export function SweepstakeListPage() {
  const { t } = useTranslation('sweepstakes');
  const { data: user } = useCurrentUser();
  const now = useNow(60_000);
  const query = useSweepstakes();
  const sectionEmpty: Record<SweepstakeStatus, string> = {
    live: t('list.emptyLive'),
    coming_soon: t('list.emptyComingSoon'),
    ended: t('list.emptyEnded'),
  };
  return (
    <Page
      title={t('list.title')}
      aside={user ? <span className="pill pill--warning">{t('balance', { count: user.points })}</span> : undefined}
    >
      <WinBanner />
      <p className="muted">{t('list.intro')}</p>
      <ListStates
        items={query.data}
        isError={query.isError}
        empty={<EmptyState icon={<TicketIcon />} title={t('list.emptyTitle')} description={t('list.emptyText')} />}
        error={<ListError onRetry={() => void query.refetch()} />}
        loading={<ListSkeleton rows={3} />}
      >
        {(sweepstakes) => {
          const groups = groupSweepstakes(sweepstakes, now);
          return (
            <div className="stack stack--lg">
              {SWEEPSTAKE_SECTIONS.map((status) => (
                <Section
                  key={status}
                  id={`sw-${status}`}
                  title={
                    <>
                      {t(`list.section.${status}`)} <span className="muted">({groups[status].length})</span>
                    </>
                  }
                  className="stack"
                >
                  {groups[status].length === 0 ? (
                    <p className="muted">{sectionEmpty[status]}</p>
                  ) : (
                    <ul className="plain-list">
                      {groups[status].map((s) => (
                        <li key={s.sweepstakeId}>
                          <SweepstakeCard sweepstake={s} now={now} />
                        </li>
                      ))}
                    </ul>
                  )}
                </Section>
              ))}
            </div>
          );
        }}
      </ListStates>
    </Page>
  );
}
