/**
 * `/sweepstakes` (spec §2, §4): sweepstakes in three sections by status — live (ending soonest first), coming soon
 * (starting soonest first), ended — each with its empty state; loading skeleton and error state for the list.
 */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { TicketIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import type { SweepstakeStatus } from '../../../contracts/sweepstake';
import { ListError, ListSkeleton } from '../../../components/content-ui';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useSweepstakes } from '../api/get-sweepstakes';
import { groupSweepstakes, SWEEPSTAKE_SECTIONS } from '../sweepstake-order';
import { useNow } from '../../../platform/use-now';
import { SweepstakeCard } from './sweepstake-card';

/** Renders the page. */
export function SweepstakeListPage() {
  const { t } = useTranslation('sweepstakes');
  const { data: user } = useCurrentUser();
  const now = useNow(60_000);
  const query = useSweepstakes();
  const groups = query.data ? groupSweepstakes(query.data, now) : null;
  const sectionEmpty: Record<SweepstakeStatus, string> = {
    live: t('list.emptyLive'),
    coming_soon: t('list.emptyComingSoon'),
    ended: t('list.emptyEnded'),
  };
  return (
    <Page title={t('list.title')} aside={user ? <span className="pill pill--warning">{t('balance', { count: user.points })}</span> : undefined}>
      <p className="muted">{t('list.intro')}</p>
      {groups ? (
        query.data!.length === 0 ? (
          <EmptyState icon={<TicketIcon />} title={t('list.emptyTitle')} description={t('list.emptyText')} />
        ) : (
          <div className="stack stack--lg">
            {SWEEPSTAKE_SECTIONS.map((status) => (
              <section key={status} className="stack" aria-labelledby={`sw-${status}`}>
                <h2 id={`sw-${status}`} className="section__title">
                  {t(`list.section.${status}`)} <span className="muted">({groups[status].length})</span>
                </h2>
                {groups[status].length === 0 ? (
                  <p className="muted">{sectionEmpty[status]}</p>
                ) : (
                  <ul className="ct-list">
                    {groups[status].map((s) => (
                      <li key={s.sweepstakeId}>
                        <SweepstakeCard sweepstake={s} now={now} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        )
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} />
      ) : (
        <ListSkeleton rows={3} />
      )}
    </Page>
  );
}
