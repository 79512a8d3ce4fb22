/**
 * `/games/poll` (spec §2 "Poll games"; underage members are sent to /dashboard by the root guard): the
 * poll-subtype challenges (visible, not excluded), open ones first, each linking to `/challenges/poll/{id}`.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useChallenges } from '../../features/challenges/api/get-challenges';
import { filterVisibleChallenges, sortChallenges } from '../../features/challenges/challenge-list';
import { ChallengeList } from '../../features/challenges/components/challenge-list';
import { useNow } from '../../platform/use-now';
import { getRuntimeConfig } from '../../platform/runtime-config';

/** Renders the page. */
export function PollGamesPage() {
  const { t } = useTranslation('games');
  const now = useNow();
  const query = useChallenges();
  const polls = query.data
    ? sortChallenges(
        filterVisibleChallenges(query.data, getRuntimeConfig().excludedChallengeIds, now).filter((c) => c.subtype === 'poll'),
        now,
      )
    : undefined;
  return (
    <Page title={t('poll.title')}>
      <div className="stack">
        <p className="muted">{t('poll.intro')}</p>
        <ChallengeList
          challenges={polls}
          now={now}
          isError={query.isError}
          onRetry={() => void query.refetch()}
          emptyTitle={t('poll.emptyTitle')}
          emptyText={t('poll.emptyText')}
        />
        <Link to="/challenges" className="btn btn--ghost btn--sm" style={{ alignSelf: 'flex-start' }}>
          {t('poll.allChallenges')}
        </Link>
      </div>
    </Page>
  );
}
