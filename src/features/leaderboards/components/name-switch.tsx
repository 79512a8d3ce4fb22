/**
 * The fan's consent-like switch: show or hide their username in leaderboards and league tables.
 * Underage members start hidden until they switch it on. Shown on the leaderboard and on the profile.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../platform/toasts';
import { useChooseLeaderboardName, useLeaderboardName } from '../api/leaderboards';

/** Renders the switch (nothing until the fan's current choice has loaded). */
export function LeaderboardNameSwitch() {
  const { t } = useTranslation('leaderboards');
  const name = useLeaderboardName();
  const choose = useChooseLeaderboardName();
  const hintId = useId();
  const inputId = useId();
  if (!name.data) return null;
  return (
    <div className="field" style={{ display: 'flex', gap: 'var(--space-2)', alignItems: 'flex-start' }}>
      <input
        id={inputId}
        type="checkbox"
        role="switch"
        checked={name.data.shown}
        disabled={choose.isPending}
        aria-describedby={hintId}
        onChange={(e) => choose.mutate(e.target.checked, { onError: () => notify({ title: t('errors.generic'), variant: 'destructive' }) })}
      />
      <div className="stack stack--sm">
        <label htmlFor={inputId}>{t('name.label')}</label>
        <span className="field__hint" id={hintId}>
          {t('name.hint')}
        </span>
      </div>
    </div>
  );
}
