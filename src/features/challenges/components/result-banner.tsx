/**
 * The verdict of an answer just given: correct (+points), not correct, or saved (opinion poll / pending pick'em).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChallengeSubmissionResult } from '../../../contracts/challenge';
import { ChallengeIcon } from './challenge-icons';

/**
 * Renders the banner for `result` (the page's live region announces it). It takes focus when it appears, since
 * the submit button that had focus is replaced by the read-only answer.
 */
export function ResultBanner({ result }: { result: Pick<ChallengeSubmissionResult, 'correct' | 'pointsAwarded'> }) {
  const { t } = useTranslation('challenges');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const kind = result.correct === true ? 'correct' : result.correct === false ? 'wrong' : 'saved';
  return (
    <div ref={ref} tabIndex={-1} className={`result-banner result-banner--${kind}`}>
      <ChallengeIcon name={kind === 'wrong' ? 'cross' : 'check'} className="result-banner__icon" />
      <div>
        <p className="result-banner__title">{t(`result.${kind}`)}</p>
        <p>{kind === 'wrong' ? t('result.wrongText') : t('result.points', { count: result.pointsAwarded })}</p>
      </div>
    </div>
  );
}
