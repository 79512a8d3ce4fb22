/**
 * `/challenges/{subtype}`: the challenges of one subtype — open first, then completed and expired — and the
 * member's history of resolved challenges with their outcomes (`GET /challenge/{subtype}/history`).
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-states';
import { Section } from '../../../components/section';
import type { ChallengeHistoryItem, ChallengeOutcome, ChallengeSubtype } from '../../../contracts/challenge';
import { useChallengeHistory } from '../api/get-challenge-history';
import { partitionChallenges } from '../challenge-list';
import { useNow } from '../../../platform/use-now';
import { useVisibleChallenges } from '../use-visible-challenges';
import { ChallengeIcon } from './challenge-icons';
import { ChallengeList } from './challenge-list';
import './challenges.css';

const OUTCOME_PILL: Record<ChallengeOutcome['status'], string> = {
  won: 'pill--success',
  lost: 'pill--muted',
  answered: 'pill--brand',
  missed: 'pill--muted',
  pending: 'pill--warning',
};

function HistoryList({ subtype }: { subtype: ChallengeSubtype }) {
  const { t, i18n } = useTranslation('challenges');
  const history = useChallengeHistory(subtype);
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  if (history.isPending) {
    return (
      <ul className="plain-list" aria-busy="true" aria-label={t('list.loading')}>
        {[0, 1].map((i) => (
          <li key={i} className="history-item" aria-hidden="true">
            <div className="skeleton skeleton--line" style={{ width: '70%' }} />
          </li>
        ))}
      </ul>
    );
  }
  if (history.isLoadingError) {
    return <ListError texts={{ title: t('list.errorTitle'), retryLabel: t('list.retry') }} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) return <EmptyState title={t('subtype.historyEmptyTitle')} description={t('subtype.historyEmptyText')} />;
  return (
    <ul className="plain-list">
      {history.data.map(({ challenge, outcome }: ChallengeHistoryItem) => (
        <li key={challenge.challengeId} className="history-item">
          <Link
            to="/challenges/$subtype/$challenge"
            params={{ subtype: challenge.subtype, challenge: challenge.challengeId }}
            className="history-item__title"
          >
            {challenge.title}
          </Link>
          <div className="row history-item__meta">
            <span className={`pill ${OUTCOME_PILL[outcome.status]}`}>{t(`outcome.${outcome.status}`)}</span>
            <span className="muted">{t('points', { count: outcome.pointsAwarded })}</span>
            {challenge.expiresOn ? <span className="muted">{dateFormat.format(new Date(challenge.expiresOn))}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The page body for one (already validated) subtype. */
export function SubtypeChallenges({ subtype }: { subtype: ChallengeSubtype }) {
  const { t } = useTranslation('challenges');
  const now = useNow();
  const query = useVisibleChallenges(now);
  const parts = query.visible
    ? partitionChallenges(
        query.visible.filter((c) => c.subtype === subtype),
        now,
      )
    : undefined;
  const name = t(`subtypeNames.${subtype}`);

  return (
    <div className="page">
      <header className="stack stack--sm">
        <Link to="/challenges" className="back-link">
          <span aria-hidden="true">‹</span> {t('subtype.back')}
        </Link>
        <h1 className="page-title row" tabIndex={-1}>
          <ChallengeIcon name={subtype} className="page-title__icon" /> {name}
        </h1>
        <p className="muted">{t(`subtypeIntro.${subtype}`)}</p>
      </header>

      <Section id="subtype-open-title" title={t('subtype.openTitle')} className="section">
        <ChallengeList
          challenges={parts?.open}
          now={now}
          query={query}
          emptyTitle={t('subtype.openEmptyTitle', { name })}
          emptyText={t('subtype.openEmptyText')}
        />
      </Section>

      {parts && parts.completed.length > 0 ? (
        <Section id="subtype-done-title" title={t('subtype.completedTitle')} className="section">
          <ChallengeList challenges={parts.completed} now={now} emptyTitle="" />
        </Section>
      ) : null}

      {parts && parts.expired.length > 0 ? (
        <Section id="subtype-expired-title" title={t('subtype.expiredTitle')} className="section">
          <ChallengeList challenges={parts.expired} now={now} emptyTitle="" />
        </Section>
      ) : null}

      <Section id="subtype-history-title" title={t('subtype.historyTitle')} className="section">
        <HistoryList subtype={subtype} />
      </Section>
    </div>
  );
}
