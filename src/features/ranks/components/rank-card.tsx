/**
 * Points balance and rank card: spendable points, rank code and title, and a progress bar to the next rank
 * with the lifetime points still to go (ARCHITECTURE §4: rank from lifetime points), and the next points expiry.
 */
import { useTranslation } from 'react-i18next';
import type { Rank } from '../../../contracts/organization';
import type { User } from '../../../contracts/user';
import { getRankProgress } from '../../../rules/rank';
import { NextExpiry } from '../../../components/next-expiry';
import { Section } from '../../../components/section';
import { numberFormat } from '../../../platform/intl-formats';
import './ranks.css';

/** Props: the member and the organization's ranks (undefined while loading). */
interface RankCardProps {
  user: User;
  ranks: Rank[] | undefined;
}

/** Renders the card; the progress bar is a `role="progressbar"` with a text alternative. */
export function RankCard({ user, ranks }: RankCardProps) {
  const { t, i18n } = useTranslation('ranks');
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  const progress = getRankProgress(ranks ?? [], user.lifetimePoints, user.rank);
  const percent = Math.round(progress.fraction * 100);
  const nextText = progress.next
    ? t('toNext', {
        count: progress.pointsToNext,
        points: number.format(progress.pointsToNext),
        rank: progress.next.name,
        title: progress.next.title,
      })
    : t('topRank');

  return (
    <Section id="rank-card-title" title={t('cardTitle')} titleClassName="visually-hidden" className="card card--brand rank-card" card>
      <div className="row row--between rank-card__top">
        <div className="stat">
          <span className="stat__value rank-card__points">{number.format(user.points)}</span>
          <span className="stat__label">{t('pointsLabel')}</span>
        </div>
        <div className="rank-card__badge" aria-label={t('rankLabel', { rank: user.rank })}>
          <span className="rank-card__code">{user.rank}</span>
          {progress.current ? <span className="rank-card__title">{progress.current.title}</span> : null}
        </div>
      </div>
      <div
        className="progress rank-card__progress"
        role="progressbar"
        aria-label={t('progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={nextText}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="rank-card__next">{nextText}</p>
      <NextExpiry nextExpiry={user.nextExpiry} className="rank-card__expiry" />
    </Section>
  );
}

/** Placeholder while the member loads. */
export function RankCardSkeleton() {
  return <div className="card card--brand rank-card rank-card--skeleton" aria-hidden="true" />;
}
