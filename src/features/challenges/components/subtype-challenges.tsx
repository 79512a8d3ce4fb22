/**
 * `/challenges/{subtype}`: the challenges of one subtype — open first, then completed and expired — and the
 * member's history of resolved challenges with their outcomes (`GET /challenge/{subtype}/history`).
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
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
      <ul className="history-list" aria-busy="true" aria-label={t('list.loading')}>
        {[0, 1].map((i) => (
          <li key={i} className="history-item" aria-hidden="true">
            <div className="skeleton skeleton--line" style={{ width: '70%' }} />
          </li>
        ))}
      </ul>
    );
  }
  if (history.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state__title">{t('list.errorTitle')}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void history.refetch()}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (history.data.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('subtype.historyEmptyTitle')}</p>
        <p>{t('subtype.historyEmptyText')}</p>
      </div>
    );
  }
  return (
    <ul className="history-list">
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
            {challenge.expiresOn ? (
              <span className="muted">{dateFormat.format(new Date(challenge.expiresOn))}</span>
            ) : null}
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
  const { visible, isError, refetch } = useVisibleChallenges(now);
  const parts = visible ? partitionChallenges(visible.filter((c) => c.subtype === subtype), now) : undefined;
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

      <section className="section" aria-labelledby="subtype-open-title">
        <h2 id="subtype-open-title" className="section__title">
          {t('subtype.openTitle')}
        </h2>
        <ChallengeList
          challenges={parts?.open}
          now={now}
          isError={isError}
          onRetry={() => void refetch()}
          emptyTitle={t('subtype.openEmptyTitle', { name })}
          emptyText={t('subtype.openEmptyText')}
        />
      </section>

      {parts && parts.completed.length > 0 ? (
        <section className="section" aria-labelledby="subtype-done-title">
          <h2 id="subtype-done-title" className="section__title">
            {t('subtype.completedTitle')}
          </h2>
          <ChallengeList challenges={parts.completed} now={now} emptyTitle="" />
        </section>
      ) : null}

      {parts && parts.expired.length > 0 ? (
        <section className="section" aria-labelledby="subtype-expired-title">
          <h2 id="subtype-expired-title" className="section__title">
            {t('subtype.expiredTitle')}
          </h2>
          <ChallengeList challenges={parts.expired} now={now} emptyTitle="" />
        </section>
      ) : null}

      <section className="section" aria-labelledby="subtype-history-title">
        <h2 id="subtype-history-title" className="section__title">
          {t('subtype.historyTitle')}
        </h2>
        <HistoryList subtype={subtype} />
      </section>
    </div>
  );
}
