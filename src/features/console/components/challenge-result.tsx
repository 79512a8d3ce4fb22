/**
 * "Enter result" on the edit page of a live or ended pick'em / arcade challenge: the operator picks
 * the winning option (radio buttons in a fieldset), confirms, and reads what happened — members credited and their
 * points, earlier credits taken back — in a polite live region and a toast. Errors show inline (`role="alert"`) and
 * as a toast. Strings: `console-results` namespace.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import type { AdminChallenge } from '../../../contracts/admin/challenge';
import type { ChallengeResult } from '../../../contracts/admin/challenge-result';
import { notify } from '../../../platform/toasts';
import { useEnterChallengeResult } from '../api/challenge-result';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** Whether `challenge` takes a result now: a pick'em or arcade that is live or ended. */
export function takesResult(challenge: Pick<AdminChallenge, 'subtype' | 'status'>): boolean {
  return (
    (challenge.subtype === 'pickem' || challenge.subtype === 'arcade') && (challenge.status === 'live' || challenge.status === 'ended')
  );
}

/** The result section of `challenge` (render it only when `takesResult`). */
export function ChallengeResultSection({ challenge }: { challenge: AdminChallenge }) {
  const { t, i18n } = useTranslation('console-results');
  const id = useId();
  const mutation = useEnterChallengeResult(challenge.id);
  const [choice, setChoice] = useState<number | null>(challenge.correctIndex);
  const [summary, setSummary] = useState<ChallengeResult | null>(null);
  // The result the server holds, so leaving with another option chosen but not entered asks first.
  const [entered, setEntered] = useState<number | null>(challenge.correctIndex);
  const [error, setError] = useState<string | null>(null);
  const optionText = (index: number) => challenge.options[index]?.text ?? String(index + 1);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });

  const describe = (result: ChallengeResult) =>
    result.changed
      ? [
          t('credited', { count: result.credited.members, points: result.credited.points }),
          ...(result.reversed.members > 0 ? [t('reversed', { count: result.reversed.members, points: result.reversed.points })] : []),
        ].join(' ')
      : t('unchanged');

  const enter = async () => {
    if (choice === null) return;
    const question = { option: optionText(choice), title: challenge.title, count: challenge.points };
    if (!window.confirm(challenge.points > 0 ? t('confirm', question) : t('confirmNoBonus', question))) return;
    setError(null);
    try {
      const result = await mutation.mutateAsync(choice);
      setSummary(result);
      setEntered(choice);
      notify({ title: t('saved'), description: describe(result) });
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : 'other';
      const text = t(`errors.${['NotLive', 'ResultNotApplicable', 'ValidationFailed'].includes(code) ? code : 'other'}`);
      setError(text);
      notify({ title: t('failed'), description: text, variant: 'destructive' });
    }
  };
  return (
    <section className="console-fieldset console-result" aria-labelledby={`${id}-title`}>
      <UnsavedChangesGuard isDirty={() => choice !== entered} />
      <h2 id={`${id}-title`} className="console-section-title">
        {t('title')}
      </h2>
      <p className="muted">{challenge.points > 0 ? t('hint', { count: challenge.points }) : t('noBonus')}</p>
      <p>
        {challenge.resultEnteredAt && challenge.correctIndex !== null
          ? t('current', { option: optionText(challenge.correctIndex), when: date.format(new Date(challenge.resultEnteredAt)) })
          : t('none')}
      </p>
      <fieldset className="console-fieldset console-fieldset--inner" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{t('choose')}</legend>
        {challenge.options.map((option, index) => (
          <label key={index} className="console-check">
            <input type="radio" name={`${id}-option`} checked={choice === index} onChange={() => setChoice(index)} />
            {option.text}
          </label>
        ))}
      </fieldset>
      <div className="console-form__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void enter()}
          disabled={choice === null || mutation.isPending}
          aria-busy={mutation.isPending || undefined}
        >
          {t('enter')}
        </button>
      </div>
      <p role="status" aria-live="polite">
        {summary ? describe(summary) : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="field__error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
