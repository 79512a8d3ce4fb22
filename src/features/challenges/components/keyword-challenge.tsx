/**
 * Keyword (input) challenge: type the keyword, submit `{Input: {response}}`. Answered challenges show the
 * member's answer and points. The answer goes through the offline queue: without signal it shows
 * as given, waiting to sync with the points it earns if right.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Challenge, ChallengeSubmissionResult } from '../../../contracts/challenge';
import { useChallengeAnswerAction, usePendingAnswer } from '../api/submit-challenge-answer';
import { useAnswerDraft } from '../answer-drafts';
import { getChoiceResponse, type ChallengeState } from '../../../rules/challenge-completion';
import { PendingAnswerNote, RefusedAnswerNote } from './pending-answer';
import { ResultBanner } from './result-banner';
import { SubmitAnswerButton } from './submit-answer-button';

/** Props: the challenge, its state, online flag and the page's announcer. */
interface KeywordChallengeProps {
  challenge: Challenge;
  state: ChallengeState;
  online: boolean;
  announce: (message: string) => void;
}

/** Maximum keyword length accepted by the API (`ChallengeSubmissionSchema`). */
const MAX_LENGTH = 200;

/** Renders the keyword form (open) or the member's answer (completed / expired). */
export function KeywordChallenge({ challenge, state, online, announce }: KeywordChallengeProps) {
  const { t } = useTranslation('challenges');
  const submit = useChallengeAnswerAction();
  const pending = usePendingAnswer(challenge.challengeId);
  const [value, setValue, clearValue] = useAnswerDraft(challenge.challengeId, '');
  const [result, setResult] = useState<ChallengeSubmissionResult | null>(null);
  const inputId = useId();
  const hintId = useId();
  const response = getChoiceResponse(challenge);

  if (pending && 'Input' in pending.submission && !response) {
    return (
      <div className="stack">
        <dl className="detail-facts">
          <div>
            <dt>{t('detail.yourAnswer')}</dt>
            <dd className="detail-facts__answer">{pending.submission.Input.response}</dd>
          </div>
        </dl>
        <PendingAnswerNote pending={pending} />
      </div>
    );
  }

  if (state !== 'open') {
    return (
      <div className="stack">
        {result ? <ResultBanner result={result} /> : null}
        {response ? null : <RefusedAnswerNote challengeId={challenge.challengeId} />}
        {response ? (
          <dl className="detail-facts">
            <div>
              <dt>{t('detail.yourAnswer')}</dt>
              <dd className="detail-facts__answer">{response.response}</dd>
            </div>
            <div>
              <dt>{t('detail.pointsEarned')}</dt>
              <dd>{t('points', { count: response.pointsAwarded })}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{t('detail.missed')}</p>
        )}
      </div>
    );
  }

  const trimmed = value.trim();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    clearValue();
    submit.run(
      { challengeId: challenge.challengeId, title: challenge.title, submission: { Input: { response: trimmed } } },
      {
        onSuccess: (r) => {
          setResult(r);
          announce(r.correct === false ? t('detail.announceKeywordWrong') : t('detail.announceCorrect', { count: r.pointsAwarded }));
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('detail.keywordLabel')}
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="send"
          aria-describedby={hintId}
          disabled={submit.isPending}
          required
        />
        <p id={hintId} className="field__hint">
          {t('detail.keywordHint')}
        </p>
      </div>
      <RefusedAnswerNote challengeId={challenge.challengeId} />
      <SubmitAnswerButton ready={Boolean(trimmed)} pending={submit.isPending} online={online} queueable label={t('detail.submit')} />
    </form>
  );
}
