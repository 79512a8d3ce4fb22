/**
 * `/challenges`: one tile per subtype (Polls, Pick'ems, Arcade, Quizzes, Keyword) with its number of open
 * challenges, then every open challenge.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { CHALLENGE_SUBTYPES } from '../../../contracts/constants';
import { countOpenBySubtype, partitionChallenges } from '../challenge-list';
import { useNow } from '../../../platform/use-now';
import { useVisibleChallenges } from '../use-visible-challenges';
import { ChallengeIcon } from './challenge-icons';
import { ChallengeList } from './challenge-list';
import './challenges.css';

/** The page body (the route renders it); `lead` is what other features put first (the live venue event's entry). */
export function ChallengesOverview({ lead }: { lead?: ReactNode } = {}) {
  const { t } = useTranslation('challenges');
  const now = useNow();
  const query = useVisibleChallenges(now);
  const counts = query.visible ? countOpenBySubtype(query.visible, now) : null;
  const open = query.visible ? partitionChallenges(query.visible, now).open : undefined;

  return (
    <div className="page">
      <header className="stack stack--sm">
        <h1 className="page-title" tabIndex={-1}>
          {t('overview.title')}
        </h1>
        <p className="muted">{t('overview.intro')}</p>
      </header>
      {lead}

      <Section id="challenge-types-title" title={t('overview.typesTitle')} className="section">
        <ul className="plain-list subtype-tiles">
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
      </Section>

      <Section id="open-challenges-title" title={t('overview.openTitle')} className="section">
        <ChallengeList
          challenges={open}
          now={now}
          query={query}
          emptyTitle={t('overview.emptyTitle')}
          emptyText={t('overview.emptyText')}
        />
      </Section>
    </div>
  );
}
