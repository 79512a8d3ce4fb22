/** The badges a challenge shows on its card and on its page: its subtype, and the points still to win while open. */
import { useTranslation } from 'react-i18next';
import type { Challenge } from '../../../contracts/challenge';
import type { ChallengeState } from '../../../rules/challenge-completion';
import { ChallengeIcon } from './challenge-icons';

interface ChallengeBadgesProps {
  challenge: Challenge;
  state: ChallengeState;
  /** Classes of the subtype pill and of the points note, which the card and the page style apart. */
  classNames: { subtype: string; points: string };
}

/** Renders the subtype pill and, for an open challenge worth points, "Up to N pts". */
export function ChallengeBadges({ challenge, state, classNames }: ChallengeBadgesProps) {
  const { t } = useTranslation('challenges');
  return (
    <>
      <span className={classNames.subtype}>
        <ChallengeIcon name={challenge.subtype} /> {t(`subtypeBadge.${challenge.subtype}`)}
      </span>
      {state === 'open' && challenge.maxPoints > 0 ? (
        <span className={classNames.points}>{t('card.upTo', { count: challenge.maxPoints })}</span>
      ) : null}
    </>
  );
}
