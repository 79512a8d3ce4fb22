/**
 * A list of challenge cards with its loading skeleton, error and empty states.
 */
import { useTranslation } from 'react-i18next';
import type { Challenge } from '../../../contracts/challenge';
import { ChallengeCard, ChallengeCardSkeleton } from './challenge-card';
import { ChallengeIcon } from './challenge-icons';

/** Props: the challenges (undefined while loading), the time, texts for the empty state, and an error flag. */
interface ChallengeListProps {
  challenges: Challenge[] | undefined;
  now: Date;
  emptyTitle: string;
  emptyText?: string;
  isError?: boolean;
  onRetry?: () => void;
  skeletonCount?: number;
}

/** Renders a `<ul>` of cards, skeleton rows while loading, or an empty / error state. */
export function ChallengeList({ challenges, now, emptyTitle, emptyText, isError, onRetry, skeletonCount = 3 }: ChallengeListProps) {
  const { t } = useTranslation('challenges');
  if (!challenges && isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state__title">{t('list.errorTitle')}</p>
        <p>{t('list.errorText')}</p>
        {onRetry ? (
          <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
            {t('list.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  if (!challenges) {
    return (
      <ul className="challenge-list" aria-busy="true" aria-label={t('list.loading')}>
        <ChallengeCardSkeleton count={skeletonCount} />
      </ul>
    );
  }
  if (challenges.length === 0) {
    return (
      <div className="empty-state">
        <ChallengeIcon name="star" className="empty-state__icon" />
        <p className="empty-state__title">{emptyTitle}</p>
        {emptyText ? <p>{emptyText}</p> : null}
      </div>
    );
  }
  return (
    <ul className="challenge-list">
      {challenges.map((c) => (
        <li key={c.challengeId}>
          <ChallengeCard challenge={c} now={now} />
        </li>
      ))}
    </ul>
  );
}
