/**
 * Poll, pick'em and arcade: pick one option, submit `{pool: {responseIndex}}`. Answered or expired challenges
 * show the member's pick, the points and, once known, the correct option, then how fans answered when the member
 * may see it (`PollResults`).
 * A poll's answer goes through the offline queue: without signal it shows as given, waiting to sync with its
 * points pending (`PendingAnswerNote`). A pick'em or arcade pick needs a connection: offline the choice stays
 * (`useAnswerDraft`) and the button sends it with one tap once the signal is back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Challenge, ChallengeSubmissionResult } from '../../../contracts/challenge';
import { useChallengeAnswerAction, usePendingAnswer, useSubmitChallengeAnswer } from '../api/submit-challenge-answer';
import { useAnswerDraft } from '../answer-drafts';
import { isQueueableAnswer } from '../../../rules/answer-time';
import { getChoiceResponse, isLockedBeforeEnd, type ChallengeState } from '../../../rules/challenge-completion';
import { PendingAnswerNote, RefusedAnswerNote } from './pending-answer';
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
  const queued = useChallengeAnswerAction();
  const queueable = isQueueableAnswer(challenge.subtype);
  const pending = usePendingAnswer(challenge.challengeId);
  const [choice, setChoice, clearChoice] = useAnswerDraft<number | null>(challenge.challengeId, null);
  const [result, setResult] = useState<ChallengeSubmissionResult | null>(null);
  const response = getChoiceResponse(challenge);
  const answeredIndex = response?.responseIndex ?? challenge.pollResponseIndex;
  const options = challenge.challengeType.options;

  if (pending && 'pool' in pending.submission && answeredIndex === null) {
    return (
      <div className="stack">
        <OptionGroup
          legend={t('detail.options')}
          options={options}
          value={pending.submission.pool.responseIndex}
          disabled
          showPoints={challenge.subtype !== 'arcade'}
          yourAnswerLabel={t('detail.yourAnswer')}
        />
        <PendingAnswerNote pending={pending} />
      </div>
    );
  }
  const correctIndex = challenge.outcome?.correctIndex ?? null;

  if (state !== 'open') {
    const locked = isLockedBeforeEnd(challenge, new Date());
    const earned = response?.pointsAwarded ?? challenge.outcome?.pointsAwarded ?? 0;
    const verdict = result?.correct ?? (correctIndex !== null && answeredIndex !== null ? answeredIndex === correctIndex : null);
    return (
      <div className="stack">
        {result ? <ResultBanner result={result} /> : null}
        {answeredIndex === null ? <RefusedAnswerNote challengeId={challenge.challengeId} /> : null}
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
            {/* A resolved pick'em or arcade says whether the pick was right. */}
            {challenge.outcome?.status === 'won' || challenge.outcome?.status === 'lost' ? (
              <strong>{t(`outcome.${challenge.outcome.status}`)} · </strong>
            ) : null}
            {challenge.outcome?.status === 'pending'
              ? t(locked ? 'detail.lockedPending' : 'detail.pending')
              : t('detail.earned', { count: earned })}
          </p>
        )}
        <PollResults challenge={challenge} answeredIndex={answeredIndex} now={new Date()} online={online} />
      </div>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    const onSuccess = (r: ChallengeSubmissionResult) => {
      clearChoice();
      setResult(r);
      announce(
        r.correct === true
          ? t('detail.announceCorrect', { count: r.pointsAwarded })
          : r.correct === false
            ? t('detail.announceWrong')
            : t('detail.announceSaved', { count: r.pointsAwarded }),
      );
    };
    if (queueable) {
      clearChoice();
      queued.run(
        { challengeId: challenge.challengeId, title: challenge.title, submission: { pool: { responseIndex: choice } } },
        { onSuccess },
      );
    } else {
      submit.answer({ pool: { responseIndex: choice } }, onSuccess);
    }
  };

  return (
    <form className="stack" onSubmit={onSubmit}>
      <OptionGroup
        legend={t(challenge.subtype === 'pickem' ? 'detail.pickLegend' : 'detail.chooseLegend')}
        options={options}
        value={choice}
        onChange={setChoice}
        disabled={submit.isPending || queued.isPending}
        showPoints={challenge.subtype !== 'arcade'}
      />
      <RefusedAnswerNote challengeId={challenge.challengeId} />
      <SubmitAnswerButton
        ready={choice !== null}
        pending={submit.isPending || queued.isPending}
        online={online}
        queueable={queueable}
        label={t('detail.submit')}
      />
    </form>
  );
}
