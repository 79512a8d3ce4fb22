/**
 * Poll, pick'em and arcade: pick one option, submit `{pool: {responseIndex}}`. Answered or expired challenges
 * show the member's pick, the points and, once known, the correct option, then how fans answered when the member
 * may see it (`PollResults`, decision 0079).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Challenge, ChallengeSubmissionResult } from '../../../contracts/challenge';
import { useSubmitChallengeAnswer } from '../api/submit-challenge-answer';
import { getChoiceResponse, isLockedBeforeEnd, type ChallengeState } from '../../../rules/challenge-completion';
import { OptionGroup } from './option-group';
import { PollResults } from './poll-results';
import { ResultBanner } from './result-banner';
import { SubmitAnswerButton } from './submit-answer-button';

/** Props: the challenge, its state, online flag and the page's announcer. */
interface ChoiceChallengeProps {
  challenge: Challenge;
  state: ChallengeState;
  online: boolean;
  announce: (message: string) => void;
}

/** Renders the option form (open) or the read-only answer (completed / expired). */
export function ChoiceChallenge({ challenge, state, online, announce }: ChoiceChallengeProps) {
  const { t } = useTranslation('challenges');
  const submit = useSubmitChallengeAnswer(challenge.challengeId);
  const [choice, setChoice] = useState<number | null>(null);
  const [result, setResult] = useState<ChallengeSubmissionResult | null>(null);
  const response = getChoiceResponse(challenge);
  const answeredIndex = response?.responseIndex ?? challenge.pollResponseIndex;
  const correctIndex = challenge.outcome?.correctIndex ?? null;
  const options = challenge.challengeType.options;

  if (state !== 'open') {
    const locked = isLockedBeforeEnd(challenge, new Date());
    const earned = response?.pointsAwarded ?? challenge.outcome?.pointsAwarded ?? 0;
    const verdict = result?.correct ?? (correctIndex !== null && answeredIndex !== null ? answeredIndex === correctIndex : null);
    return (
      <div className="stack">
        {result ? <ResultBanner result={result} /> : null}
        <OptionGroup
          legend={t('detail.options')}
          options={options}
          value={answeredIndex}
          disabled
          showPoints={challenge.subtype !== 'arcade'}
          verdict={verdict}
          correctIndex={correctIndex}
          yourAnswerLabel={t('detail.yourAnswer')}
        />
        {answeredIndex === null ? (
          <p className="muted">{locked ? t(correctIndex === null ? 'detail.lockedPending' : 'detail.lockedMissed') : t('detail.missed')}</p>
        ) : result ? null : (
          <p className="detail-summary">
            {/* A resolved pick'em or arcade says whether the pick was right (decision 0055). */}
            {challenge.outcome?.status === 'won' || challenge.outcome?.status === 'lost' ? <strong>{t(`outcome.${challenge.outcome.status}`)} · </strong> : null}
            {challenge.outcome?.status === 'pending' ? t(locked ? 'detail.lockedPending' : 'detail.pending') : t('detail.earned', { count: earned })}
          </p>
        )}
        <PollResults challenge={challenge} answeredIndex={answeredIndex} now={new Date()} online={online} />
      </div>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    submit.answer({ pool: { responseIndex: choice } }, (r) => {
      setResult(r);
      announce(
        r.correct === true
          ? t('detail.announceCorrect', { count: r.pointsAwarded })
          : r.correct === false
            ? t('detail.announceWrong')
            : t('detail.announceSaved', { count: r.pointsAwarded }),
      );
    });
  };

  return (
    <form className="stack" onSubmit={onSubmit}>
      <OptionGroup
        legend={t(challenge.subtype === 'pickem' ? 'detail.pickLegend' : 'detail.chooseLegend')}
        options={options}
        value={choice}
        onChange={setChoice}
        disabled={submit.isPending}
        showPoints={challenge.subtype !== 'arcade'}
      />
      <SubmitAnswerButton ready={choice !== null} pending={submit.isPending} online={online} label={t('detail.submit')} />
    </form>
  );
}
