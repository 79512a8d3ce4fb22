/**
 * Trivia quiz: one question at a time, each answer revealed as correct or not at once
 * (`{trivia: {responseIndex, questionId}}`, the response merged by the spec §4 rule), then a score summary.
 * A quiz left half-way resumes at the first unanswered question. Each answer's verdict comes from the server, so
 * an answer needs a connection: offline the chosen option stays (`useAnswerDraft`) and one tap sends it once the
 * signal is back.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Challenge, TriviaAnswer } from '../../../contracts/challenge';
import { useSubmitChallengeAnswer } from '../api/submit-challenge-answer';
import { useAnswerDraft } from '../answer-drafts';
import { getTriviaResponse, type ChallengeState } from '../../../rules/challenge-completion';
import { ChallengeIcon } from './challenge-icons';
import { OptionGroup } from './option-group';
import { SubmitAnswerButton } from './submit-answer-button';

/** Props: the challenge, its state, online flag and the page's announcer. */
interface TriviaChallengeProps {
  challenge: Challenge;
  state: ChallengeState;
  online: boolean;
  announce: (message: string) => void;
}

/** The member's answer to each question, from the question itself or the trivia userResponse. */
function answersByQuestion(challenge: Challenge): Map<string, TriviaAnswer> {
  const map = new Map<string, TriviaAnswer>();
  for (const a of getTriviaResponse(challenge)?.answers ?? []) map.set(a.questionId, a);
  for (const q of challenge.challengeType.questions) if (q.triviaUserResponse) map.set(q.id, q.triviaUserResponse);
  return map;
}

/** Renders the current question, the reveal, or the summary. */
export function TriviaChallenge({ challenge, state, online, announce }: TriviaChallengeProps) {
  const { t } = useTranslation('challenges');
  const submit = useSubmitChallengeAnswer(challenge.challengeId);
  const questions = challenge.challengeType.questions;
  const answers = answersByQuestion(challenge);
  /** Question whose verdict is on screen (kept until "Next"). */
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  const firstUnanswered = questions.findIndex((q) => !answers.has(q.id));
  const revealedIndex = revealedId ? questions.findIndex((q) => q.id === revealedId) : -1;
  const currentIndex = revealedIndex >= 0 ? revealedIndex : firstUnanswered;
  const showSummary = currentIndex < 0 || state === 'expired';
  const focusKey = showSummary ? 'summary' : `${currentIndex}:${revealedId ?? ''}`;
  const draftKey = `${challenge.challengeId}:${questions[currentIndex]?.id ?? ''}`;
  const [choice, setChoice, clearChoice] = useAnswerDraft<number | null>(draftKey, null);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (revealedId ? nextRef.current : headingRef.current)?.focus();
  }, [focusKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const score = getTriviaResponse(challenge)?.score ?? 0;
  const correctCount = [...answers.values()].filter((a) => a.correct).length;
  const maxScore = questions.reduce((sum, q) => sum + q.points, 0);

  if (showSummary) {
    return (
      <section className="stack trivia-summary" aria-labelledby="trivia-summary-title">
        <h2 id="trivia-summary-title" ref={headingRef} tabIndex={-1} className="section__title">
          {state === 'expired' && firstUnanswered >= 0 ? t('trivia.endedTitle') : t('trivia.summaryTitle')}
        </h2>
        <div className="card card--brand trivia-score">
          <p className="trivia-score__value">{t('trivia.score', { score, max: maxScore })}</p>
          <p>{t('trivia.correctCount', { count: correctCount, total: questions.length })}</p>
        </div>
        <ol className="plain-list">
          {questions.map((q, i) => {
            const a = answers.get(q.id);
            const chosen = a ? q.options.find((o) => o.index === a.answer)?.text : null;
            return (
              <li key={q.id} className={`trivia-review__item ${a ? (a.correct ? 'is-correct' : 'is-wrong') : ''}`}>
                <ChallengeIcon name={a ? (a.correct ? 'check' : 'cross') : 'clock'} className="trivia-review__mark" />
                <div>
                  <p className="trivia-review__q">
                    <span className="visually-hidden">{t('trivia.questionOf', { current: i + 1, total: questions.length })}: </span>
                    {q.text}
                  </p>
                  <p className="muted">
                    {a
                      ? `${chosen ?? ''} · ${a.correct ? t('trivia.correctShort', { count: q.points }) : t('trivia.wrongShort')}`
                      : t('trivia.notAnswered')}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    );
  }

  const question = questions[currentIndex];
  const answered = answers.get(question.id) ?? null;
  const isLast = questions.every((q, i) => i === currentIndex || answers.has(q.id));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    submit.answer({ trivia: { questionId: question.id, responseIndex: choice } }, (result) => {
      clearChoice();
      setRevealedId(question.id);
      announce(result.correct ? t('detail.announceCorrect', { count: question.points }) : t('detail.announceWrong'));
    });
  };

  const onNext = () => {
    setRevealedId(null);
    setChoice(null);
  };

  return (
    <form className="stack" onSubmit={onSubmit}>
      <div className="stack stack--sm">
        <p className="eyebrow">{t('trivia.questionOf', { current: currentIndex + 1, total: questions.length })}</p>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('trivia.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={questions.length}
          aria-valuenow={answers.size}
        >
          <div className="progress__bar" style={{ width: `${(answers.size / questions.length) * 100}%` }} />
        </div>
        <h2 ref={headingRef} tabIndex={-1} className="trivia-question">
          {question.text}
        </h2>
        <p className="muted">{t('trivia.worth', { count: question.points })}</p>
      </div>
      <OptionGroup
        legend={question.text}
        legendHidden
        options={question.options}
        value={answered ? answered.answer : choice}
        onChange={setChoice}
        disabled={Boolean(answered) || submit.isPending}
        verdict={answered ? answered.correct : null}
        yourAnswerLabel={t('detail.yourAnswer')}
      />
      {answered ? (
        <>
          <div className={`result-banner result-banner--${answered.correct ? 'correct' : 'wrong'}`}>
            <ChallengeIcon name={answered.correct ? 'check' : 'cross'} className="result-banner__icon" />
            <div>
              <p className="result-banner__title">{t(answered.correct ? 'result.correct' : 'result.wrong')}</p>
              <p>{answered.correct ? t('result.points', { count: question.points }) : t('trivia.wrongText')}</p>
            </div>
          </div>
          <button ref={nextRef} type="button" className="btn btn--primary btn--block btn--lg" onClick={onNext}>
            {isLast ? t('trivia.seeScore') : t('trivia.next')}
          </button>
        </>
      ) : (
        <SubmitAnswerButton ready={choice !== null} pending={submit.isPending} online={online} label={t('trivia.check')} />
      )}
    </form>
  );
}
