/**
 * `/benefits` (spec §2 "Benefits"; the UNLOCK REWARDS card; underage members are sent to /dashboard by the root
 * guard): what each rank unlocks, from P10 (first) to P1 (top), with the lifetime points needed (the
 * organization's thresholds), the member's rank highlighted and the points still needed for the next one, with a
 * link to the member card every rank holds.
 * What a rank unlocks is the organization's content (`GET /benefits`, written by its operators).
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { getRankProgress, rankOrder, sortRanks } from '../../../rules/rank';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useBenefits } from '../api/get-benefits';
import './benefits.css';

/** Renders the page. */
export function BenefitsPage() {
  const { t } = useTranslation('benefits');
  const { data: organization } = useOrganization();
  const { data: user } = useCurrentUser();
  const { data: benefits = [] } = useBenefits();
  if (!organization) return <PageSpinner />;
  const ranks = sortRanks(organization.ranks);
  const progress = user ? getRankProgress(ranks, user.lifetimePoints, user.rank) : null;
  const current = user ? rankOrder(user.rank) : -1;

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p className="muted">{t('intro')}</p>
        {user && progress?.current ? (
          <div className="card card--brand benefit-summary">
            <p className="eyebrow" style={{ color: 'inherit' }}>
              {t('yourRank')}
            </p>
            <p className="benefit-summary__rank">
              {progress.current.name} · {progress.current.title}
            </p>
            <p>
              {progress.next
                ? t('toNext', { count: progress.pointsToNext, rank: `${progress.next.name} · ${progress.next.title}` })
                : t('top')}
            </p>
            <p>
              <Link to="/card" className="benefit-summary__card">
                {t('card')}
              </Link>
            </p>
          </div>
        ) : null}
        <ol className="benefit-list">
          {ranks.map((rank) => {
            const order = rankOrder(rank.name);
            const state = order === current ? 'current' : order < current ? 'unlocked' : 'locked';
            const items = benefits.filter((b) => b.rankCode === rank.name);
            return (
              <li key={rank.name} className={`card benefit benefit--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                <div className="benefit__head">
                  <span className="benefit__code">{rank.name}</span>
                  <div className="benefit__name">
                    <h2 className="card__title">{rank.title}</h2>
                    <p className="ct-row__meta">{t('threshold', { count: rank.threshold })}</p>
                  </div>
                  <span
                    className={state === 'current' ? 'pill pill--brand' : state === 'unlocked' ? 'pill pill--success' : 'pill pill--muted'}
                  >
                    {t(`state.${state}`)}
                  </span>
                </div>
                {items.length ? (
                  <ul className="benefit__items">
                    {items.map((item) => (
                      <li key={item.id}>
                        {item.title}
                        {item.description ? <span className="ct-row__meta"> — {item.description}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
        <p className="ct-note">{t('note')}</p>
      </div>
    </Page>
  );
}
