/**
 * Countdown to a time (days, hours, minutes, seconds), refreshed every second.
 * The ticking numbers are hidden from screen readers; a sentence with the remaining time (updated each minute)
 * is read instead.
 */
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../platform/use-now';

/** Splits a duration in ms into whole days, hours, minutes, seconds (never negative). */
function splitDuration(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Renders the countdown to `target` with a caption (e.g. "Ends in"). */
export function Countdown({ target, caption }: { target: string; caption: string }) {
  const { t } = useTranslation('sweepstakes');
  const now = useNow(1000);
  const parts = splitDuration(Date.parse(target) - now.getTime());
  const units = ['days', 'hours', 'minutes', 'seconds'] as const;
  return (
    <div className="stack stack--sm">
      <p className="eyebrow">{caption}</p>
      <ol className="countdown" aria-hidden="true">
        {units.map((u) => (
          <li key={u} className="countdown__unit">
            <span className="countdown__value">{String(parts[u]).padStart(2, '0')}</span>
            <span className="countdown__label">{t(`countdown.${u}`, { count: parts[u] })}</span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden">
        {t('countdown.sentence', {
          caption,
          days: t('countdown.dayCount', { count: parts.days }),
          hours: t('countdown.hourCount', { count: parts.hours }),
          minutes: t('countdown.minuteCount', { count: parts.minutes }),
        })}
      </p>
    </div>
  );
}
