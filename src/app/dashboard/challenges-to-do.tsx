/**
 * Dashboard "Challenges to do": up to five open challenges (visible, not excluded, not completed, not
 * expired), soonest expiry first, and a link to every challenge.
 */
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Section, SectionLink } from '../../components/section';
import { selectChallengesToDo } from '../../features/challenges/challenge-list';
import { ChallengeList } from '../../features/challenges/components/challenge-list';
import { useChallenges } from '../../features/challenges/api/get-challenges';
import { useNow } from '../../platform/use-now';
import { getRuntimeConfig } from '../../platform/runtime-config';

/**
 * Renders the section. The cards render from a deferred copy of the answer: in a transition that React slices,
 * rather than in the answer's own update, which renders its readers in one uninterruptible task.
 */
export function ChallengesToDo() {
  const { t } = useTranslation('dashboard');
  const now = useNow();
  const query = useChallenges();
  const challenges = useDeferredValue(query.data);
  const todo = challenges ? selectChallengesToDo(challenges, getRuntimeConfig().excludedChallengeIds, now) : undefined;
  return (
    <Section id="todo-title" title={t('todo.title')} className="section" aside={<SectionLink to="/challenges" label={t('todo.seeAll')} />}>
      <ChallengeList challenges={todo} now={now} query={query} emptyTitle={t('todo.emptyTitle')} emptyText={t('todo.emptyText')} />
    </Section>
  );
}
