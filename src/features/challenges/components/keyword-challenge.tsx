/**
 * Keyword (input) challenge: type the keyword, submit `{Input: {response}}`. Answered challenges show the
 * member's answer and points.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Challenge, ChallengeSubmissionResult } from '../../../contracts/challenge';
import { useSubmitChallengeAnswer } from '../api/submit-challenge-answer';
import { getChoiceResponse, type ChallengeState } from '../../../rules/challenge-completion';
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
  const submit = useSubmitChallengeAnswer(challenge.challengeId);
  const [value, setValue] = useState('');
  const [result, setResult] = useState<ChallengeSubmissionResult | null>(null);
  const inputId = useId();
  const hintId = useId();
  const response = getChoiceResponse(challenge);

  if (state !== 'open') {
    return (
      <div className="stack">
        {result ? <ResultBanner result={result} /> : null}
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
    submit.answer({ Input: { response: trimmed } }, (r) => {
      setResult(r);
      announce(r.correct === false ? t('detail.announceKeywordWrong') : t('detail.announceCorrect', { count: r.pointsAwarded }));
    });
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
      <SubmitAnswerButton ready={Boolean(trimmed)} pending={submit.isPending} online={online} label={t('detail.submit')} />
    </form>
  );
}
