/**
 * Dashboard "Challenges to do": up to five open challenges (visible, not excluded, not completed, not
 * expired), soonest expiry first, and a link to every challenge.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { selectChallengesToDo } from '../../features/challenges/challenge-list';
import { ChallengeList } from '../../features/challenges/components/challenge-list';
import { useChallenges } from '../../features/challenges/api/get-challenges';
import { useNow } from '../../platform/use-now';
import { getRuntimeConfig } from '../../platform/runtime-config';

/** Renders the section. */
export function ChallengesToDo() {
  const { t } = useTranslation('dashboard');
  const now = useNow();
  const query = useChallenges();
  const todo = query.data ? selectChallengesToDo(query.data, getRuntimeConfig().excludedChallengeIds, now) : undefined;
  return (
    <section className="section" aria-labelledby="todo-title">
      <div className="row row--between">
        <h2 id="todo-title" className="section__title">
          {t('todo.title')}
        </h2>
        <Link to="/challenges" className="btn btn--ghost btn--sm">
          {t('todo.seeAll')}
        </Link>
      </div>
      <ChallengeList
        challenges={todo}
        now={now}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        emptyTitle={t('todo.emptyTitle')}
        emptyText={t('todo.emptyText')}
      />
    </section>
  );
}
