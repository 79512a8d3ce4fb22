/**
 * `/challenges/{subtype}/{challenge}`: one challenge — image, title, description, points and expiry — and the
 * answer form of its type (poll / pick'em / arcade options, keyword input, trivia one question at a time).
 * Completed and expired challenges show the member's answer and points. Results are announced through a polite
 * live region.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnavailableOffline, NotAvailableOffline } from '../../../components/not-available-offline';
import { ListError } from '../../../components/list-states';
import { useChallenge } from '../api/get-challenge';
import { isQueueableAnswer } from '../../../rules/answer-time';
import { getChallengeState } from '../../../rules/challenge-completion';
import { formatRelativeTime } from '../../../platform/intl-formats';
import { mediaUrl as getMediaUrl } from '../../../api/media';
import { useNow } from '../../../platform/use-now';
import { ChallengeIcon } from './challenge-icons';
import { ChoiceChallenge } from './choice-challenge';
import { KeywordChallenge } from './keyword-challenge';
import { TriviaChallenge } from './trivia-challenge';
import { useIsOnline } from '../../../offline/use-offline-status';
import { ChallengeBadges } from './challenge-badges';
import './challenges.css';

/** Props: the challenge id from the route. */
interface ChallengeDetailProps {
  challengeId: string;
}

function DetailSkeleton({ label }: { label: string }) {
  return (
    <div className="page" aria-busy="true" aria-label={label}>
      <div className="skeleton challenge-hero__image" />
      <div className="skeleton skeleton--line" style={{ width: '30%' }} />
      <div className="skeleton skeleton--line skeleton--title" style={{ width: '80%' }} />
      <div className="skeleton skeleton--block" />
    </div>
  );
}

/** Renders the challenge page body. */
export function ChallengeDetail({ challengeId }: ChallengeDetailProps) {
  const { t, i18n } = useTranslation('challenges');
  const now = useNow(30_000);
  const online = useIsOnline();
  const query = useChallenge(challengeId);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => {
    // Re-set even an identical message so it is announced again.
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(message), 50);
  }, []);

  if (isUnavailableOffline(query)) return <NotAvailableOffline page />;
  if (query.isPending) return <DetailSkeleton label={t('list.loading')} />;
  if (query.isLoadingError) {
    return (
      <div className="page">
        <ListError texts={{ title: t('errors.loadTitle'), retryLabel: t('list.retry') }} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const challenge = query.data;
  const state = getChallengeState(challenge, now);
  const image = getMediaUrl(challenge.mediaId);
  const language = i18n.resolvedLanguage ?? 'en';
  const Body = challenge.type === 'trivia' ? TriviaChallenge : challenge.type === 'input' ? KeywordChallenge : ChoiceChallenge;

  return (
    <article className="page challenge-detail" aria-labelledby="challenge-title">
      <Link to="/challenges/$subtype" params={{ subtype: challenge.subtype }} className="back-link">
        <span aria-hidden="true">‹</span> {t(`subtypeNames.${challenge.subtype}`)}
      </Link>
      <header className="challenge-hero">
        {image ? <img className="challenge-hero__image" src={image} alt="" width={640} height={360} /> : null}
        <div className="row">
          <ChallengeBadges challenge={challenge} state={state} classNames={{ subtype: 'pill pill--brand', points: 'pill' }} />
          {state === 'completed' ? <span className="pill pill--success">{t('state.completed')}</span> : null}
          {state === 'expired' ? <span className="pill pill--muted">{t('state.expired')}</span> : null}
        </div>
        <h1 id="challenge-title" className="page-title" tabIndex={-1}>
          {challenge.title}
        </h1>
        {challenge.description ? <p className="challenge-hero__description">{challenge.description}</p> : null}
        {/* A completed challenge shows no expiry: "Completed" beside "Ends in 3 days" reads as if more were to do. */}
        {challenge.expiresOn && state !== 'completed' ? (
          <p className="muted challenge-hero__expiry">
            <ChallengeIcon name="clock" />{' '}
            {state === 'expired' || Date.parse(challenge.expiresOn) <= now.getTime()
              ? t('detail.endedAt', { relative: formatRelativeTime(challenge.expiresOn, now, language) })
              : t('card.endsIn', { relative: formatRelativeTime(challenge.expiresOn, now, language) })}
          </p>
        ) : null}
      </header>

      {state === 'upcoming' ? (
        <p className="empty-state">{t('detail.upcoming')}</p>
      ) : (
        <Body key={challenge.challengeId} challenge={challenge} state={state} online={online} announce={announce} />
      )}
      {state === 'open' && !online ? (
        <p className={isQueueableAnswer(challenge.subtype) ? 'muted' : 'form-error'} role="status">
          {t(isQueueableAnswer(challenge.subtype) ? 'detail.offlineQueued' : 'detail.offline')}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </article>
  );
}
