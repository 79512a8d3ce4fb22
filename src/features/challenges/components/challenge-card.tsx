/**
 * One challenge as a compact, tappable row card: image, subtype badge, title, points and expiry or result; an
 * answer still in the offline queue shows as waiting to sync.
 * Links to `/challenges/{subtype}/{challengeId}`.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Challenge } from '../../../contracts/challenge';
import { getChallengeState, isLockedBeforeEnd } from '../../../rules/challenge-completion';
import { usePendingAnswer } from '../api/submit-challenge-answer';
import { getEarnedPoints } from '../challenge-points';
import { formatRelativeTime } from '../../../platform/intl-formats';
import { mediaUrl as getMediaUrl } from '../../../api/media';
import { ChallengeIcon } from './challenge-icons';
import { ChallengeBadges } from './challenge-badges';
import './challenges.css';

/** Props: the challenge and the current time (from `useNow`). */
interface ChallengeCardProps {
  challenge: Challenge;
  now: Date;
}

/** Renders the card; the whole card is one link whose accessible name is the title. */
export function ChallengeCard({ challenge, now }: ChallengeCardProps) {
  const { t, i18n } = useTranslation('challenges');
  const state = getChallengeState(challenge, now);
  const image = getMediaUrl(challenge.mediaId);
  const earned = getEarnedPoints(challenge);
  const language = i18n.resolvedLanguage ?? 'en';
  const pending = usePendingAnswer(challenge.challengeId);

  const locked = isLockedBeforeEnd(challenge, now);
  let status: React.ReactNode;
  if (pending && state !== 'completed') {
    status = <span className="pill pill--muted">{t('queued.cardWaiting')}</span>;
  } else if (locked && challenge.outcome?.correctIndex == null) {
    status = <span className="pill pill--muted">{t('card.locked')}</span>;
  } else if (state === 'completed') {
    status = (
      <span className="pill pill--success">
        <ChallengeIcon name="check" /> {t('card.done', { count: earned ?? 0 })}
      </span>
    );
  } else if (state === 'expired') {
    status = <span className="pill pill--muted">{t('card.ended')}</span>;
  } else if (challenge.locksAt) {
    status = (
      <span className="challenge-card__expiry">
        <ChallengeIcon name="clock" /> {t('card.locksIn', { relative: formatRelativeTime(challenge.locksAt, now, language) })}
      </span>
    );
  } else if (challenge.expiresOn) {
    status = (
      <span className="challenge-card__expiry">
        <ChallengeIcon name="clock" /> {t('card.endsIn', { relative: formatRelativeTime(challenge.expiresOn, now, language) })}
      </span>
    );
  } else {
    status = <span className="challenge-card__expiry">{t('card.noExpiry')}</span>;
  }

  return (
    <Link
      to="/challenges/$subtype/$challenge"
      params={{ subtype: challenge.subtype, challenge: challenge.challengeId }}
      className={`card card--interactive challenge-card challenge-card--${state}`}
    >
      <div className="challenge-card__thumb" aria-hidden="true">
        {image ? (
          <img src={image} alt="" loading="lazy" decoding="async" width={88} height={88} />
        ) : (
          <ChallengeIcon name={challenge.subtype} className="challenge-card__thumb-icon" />
        )}
      </div>
      <div className="challenge-card__body">
        <div className="challenge-card__top">
          <ChallengeBadges
            challenge={challenge}
            state={state}
            classNames={{ subtype: 'pill pill--brand challenge-card__subtype', points: 'challenge-card__points' }}
          />
        </div>
        <h3 className="challenge-card__title">{challenge.title}</h3>
        <div className="challenge-card__meta">{status}</div>
      </div>
    </Link>
  );
}

/** Placeholder rows shown while a list loads (`aria-hidden`; the region announces the loading state). */
export function ChallengeCardSkeleton({ count = 3 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true">
          <div className="card challenge-card challenge-card--skeleton">
            <div className="challenge-card__thumb skeleton" />
            <div className="challenge-card__body">
              <div className="skeleton skeleton--line" style={{ width: '35%' }} />
              <div className="skeleton skeleton--line" style={{ width: '85%' }} />
              <div className="skeleton skeleton--line" style={{ width: '50%' }} />
            </div>
          </div>
        </li>
      ))}
    </>
  );
}
