/**
 * `/challenges`: one tile per subtype (Polls, Pick'ems, Arcade, Quizzes, Keyword) with its number of open
 * challenges, then every open challenge.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CHALLENGE_SUBTYPES } from '../../../contracts/constants';
import { countOpenBySubtype, partitionChallenges } from '../challenge-list';
import { useNow } from '../../../platform/use-now';
import { useVisibleChallenges } from '../use-visible-challenges';
import { ChallengeIcon } from './challenge-icons';
import { ChallengeList } from './challenge-list';
import './challenges.css';

/** The page body (the route renders it). */
export function ChallengesOverview() {
  const { t } = useTranslation('challenges');
  const now = useNow();
  const { visible, isError, refetch } = useVisibleChallenges(now);
  const counts = visible ? countOpenBySubtype(visible, now) : null;
  const open = visible ? partitionChallenges(visible, now).open : undefined;

  return (
    <div className="page">
      <header className="stack stack--sm">
        <h1 className="page-title" tabIndex={-1}>
          {t('overview.title')}
        </h1>
        <p className="muted">{t('overview.intro')}</p>
      </header>

      <section className="section" aria-labelledby="challenge-types-title">
        <h2 id="challenge-types-title" className="section__title">
          {t('overview.typesTitle')}
        </h2>
        <ul className="subtype-tiles">
          {CHALLENGE_SUBTYPES.map((subtype) => (
            <li key={subtype}>
              <Link to="/challenges/$subtype" params={{ subtype }} className="card card--interactive subtype-tile">
                <ChallengeIcon name={subtype} className="subtype-tile__icon" />
                <span className="subtype-tile__name">{t(`subtypeNames.${subtype}`)}</span>
                <span className="subtype-tile__count" aria-busy={counts ? undefined : true}>
                  {counts ? t('overview.openCount', { count: counts[subtype] }) : '\u2014'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="open-challenges-title">
        <h2 id="open-challenges-title" className="section__title">
          {t('overview.openTitle')}
        </h2>
        <ChallengeList
          challenges={open}
          now={now}
          isError={isError}
          onRetry={() => void refetch()}
          emptyTitle={t('overview.emptyTitle')}
          emptyText={t('overview.emptyText')}
        />
      </section>
    </div>
  );
}
