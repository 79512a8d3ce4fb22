/**
 * How fans answered a poll or pick'em: one line per option, "Option — 42 %" as text a screen reader
 * reads in order, with a decorative bar beside it; the number of answers, when they were counted, and a "Refresh
 * results" button. Shown only when `src/rules/poll-shares.ts` lets the member see them; a pick'em that is not locked
 * yet says when they will show. Strings in the `challenges` namespace (`results.*`).
 */
import { useTranslation } from 'react-i18next';
import type { Challenge } from '../../../contracts/challenge';
import { isChallengeExpired } from '../../../rules/challenge-completion';
import { isChallengeLocked } from '../../../rules/pickem-lock';
import { pollResultsRefusal } from '../../../rules/poll-shares';
import { isResultsUnavailable, useChallengeResults } from '../api/get-challenge-results';

/** Props: the challenge, whether the member answered it, the current time and whether the app is online. */
interface PollResultsProps {
  challenge: Challenge;
  answeredIndex: number | null;
  now: Date;
  online: boolean;
}

/** Renders the results section, a note for a pick'em whose results wait for the lock, or nothing. */
export function PollResults({ challenge, answeredIndex, now, online }: PollResultsProps) {
  const { t, i18n } = useTranslation('challenges');
  const refusal = pollResultsRefusal({
    subtype: challenge.subtype,
    resultsHidden: challenge.resultsHidden,
    answered: answeredIndex !== null,
    expired: isChallengeExpired(challenge, now),
    locked: isChallengeLocked(challenge, now),
  });
  const query = useChallengeResults(challenge.challengeId, refusal === null);
  if (refusal === 'NotLocked') return <p className="muted">{t('pollResults.afterLock')}</p>;
  // Withheld, or hidden by an operator since the challenge was loaded (the server's 403): nothing to show.
  if (refusal !== null || isResultsUnavailable(query.error)) return null;

  const language = i18n.resolvedLanguage ?? 'en';
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const results = query.data;
  return (
    <section className="poll-results" aria-labelledby="poll-results-title">
      <h2 id="poll-results-title" className="poll-results__title">
        {t('pollResults.title')}
      </h2>
      {results ? (
        <>
          <ul className="poll-results__list">
            {results.options.map((share) => {
              const option = challenge.challengeType.options[share.index];
              return (
                <li key={share.index} className="poll-results__item">
                  <span className="poll-results__label">
                    {t('pollResults.optionShare', { option: option?.text ?? '', share: percent.format(share.share / 100) })}
                    {share.index === answeredIndex ? <span className="poll-results__yours"> · {t('detail.yourAnswer')}</span> : null}
                  </span>
                  <span className="poll-results__bar" aria-hidden="true">
                    <span className="poll-results__fill" style={{ width: `${share.share}%` }} />
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="muted" role="status">
            {t('pollResults.total', { count: results.total })} ·{' '}
            {t('pollResults.countedAt', {
              time: new Date(query.dataUpdatedAt).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }),
            })}
          </p>
        </>
      ) : query.isError ? (
        <p className="muted">{t('pollResults.error')}</p>
      ) : (
        <p className="muted">{t('pollResults.loading')}</p>
      )}
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => void query.refetch()}
        disabled={!online || query.isFetching}
        aria-busy={query.isFetching || undefined}
      >
        {t('pollResults.refresh')}
      </button>
    </section>
  );
}
