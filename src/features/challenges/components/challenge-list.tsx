/**
 * A list of challenge cards with its loading skeleton, error and empty states.
 */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListError, ListStates } from '../../../components/list-states';
import { isUnavailableOffline } from '../../../components/not-available-offline';
import type { Challenge } from '../../../contracts/challenge';
import { ChallengeCard, ChallengeCardSkeleton } from './challenge-card';
import { ChallengeIcon } from './challenge-icons';

/**
 * Props: the challenges (undefined while loading), the time, texts for the empty state, and the query they come
 * from (its failure shows the error state with a retry; without it the list is taken as loaded or loading).
 */
interface ChallengeListProps {
  challenges: Challenge[] | undefined;
  now: Date;
  emptyTitle: string;
  emptyText?: string;
  query?: { isError: boolean; refetch: () => unknown; data?: unknown; fetchStatus?: string };
  skeletonCount?: number;
}

/** Renders a `<ul>` of cards, skeleton rows while loading, or an empty / error state. */
export function ChallengeList({ challenges, now, emptyTitle, emptyText, query, skeletonCount = 3 }: ChallengeListProps) {
  const { t } = useTranslation('challenges');
  return (
    <ListStates
      items={challenges}
      isError={query?.isError ?? false}
      unavailableOffline={query?.fetchStatus !== undefined && isUnavailableOffline({ data: query.data, fetchStatus: query.fetchStatus })}
      empty={<EmptyState icon={<ChallengeIcon name="star" className="empty-state__icon" />} title={emptyTitle} description={emptyText} />}
      error={
        <ListError
          texts={{ title: t('list.errorTitle'), description: t('list.errorText'), retryLabel: t('list.retry') }}
          onRetry={() => void query?.refetch()}
        />
      }
      loading={
        <ul className="plain-list" aria-busy="true" aria-label={t('list.loading')}>
          <ChallengeCardSkeleton count={skeletonCount} />
        </ul>
      }
    >
      {(list) => (
        <ul className="plain-list">
          {list.map((c) => (
            <li key={c.challengeId}>
              <ChallengeCard challenge={c} now={now} />
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}
