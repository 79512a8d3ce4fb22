/**
 * `/games/poll` (spec §2 "Poll games"; underage members are sent to /dashboard by the root guard): the
 * poll-subtype challenges (visible, not excluded), open ones first, each linking to `/challenges/poll/{id}`.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ChallengeList } from '../../features/challenges/components/challenge-list';
import { useSubtypeChallenges } from '../../features/challenges/use-visible-challenges';
import { useNow } from '../../platform/use-now';

/** Renders the page. */
export function PollGamesPage() {
  const { t } = useTranslation('games');
  const now = useNow();
  const polls = useSubtypeChallenges('poll', now);
  return (
    <Page title={t('poll.title')}>
      <div className="stack">
        <p className="muted">{t('poll.intro')}</p>
        <ChallengeList
          challenges={polls.challenges}
          now={now}
          query={polls}
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
