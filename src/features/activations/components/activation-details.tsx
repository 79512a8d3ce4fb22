/**
 * Parts of an activation shown both on its card (/contests) and on its page (/activations/{id}): the window
 * ("from – to", in the fan's language) and what it gives (points, badges). Spec §3 Activation (slug, startsAt,
 * stopsAt; the activate response holds badges).
 */
import { useTranslation } from 'react-i18next';
import type { Activation } from '../../../contracts/activation';

/** Window state of an activation at `now`. Pure. */
export function activationWindow(a: Pick<Activation, 'startsAt' | 'stopsAt'>, now: Date): 'upcoming' | 'open' | 'closed' {
  if (Date.parse(a.startsAt) > now.getTime()) return 'upcoming';
  if (a.stopsAt !== null && Date.parse(a.stopsAt) <= now.getTime()) return 'closed';
  return 'open';
}

/** "12 Dec 2026, 10:00 – 14 Dec 2026, 18:00", or "From …" when the window has no end. */
export function ActivationWindowText({ activation, className }: { activation: Activation; className?: string }) {
  const { t, i18n } = useTranslation('activations');
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className={className}>
      {activation.stopsAt
        ? t('window', { from: format.format(new Date(activation.startsAt)), to: format.format(new Date(activation.stopsAt)) })
        : t('windowOpenEnded', { from: format.format(new Date(activation.startsAt)) })}
    </p>
  );
}

/** The points and badges an activation gives, as pills. */
export function ActivationRewards({ activation }: { activation: Activation }) {
  const { t } = useTranslation('activations');
  return (
    <div className="ct-badges">
      {activation.value > 0 ? <span className="pill pill--warning">{t('points', { count: activation.value })}</span> : null}
      {activation.badges.map((b) => (
        <span key={b.id} className="pill pill--brand" title={b.description}>
          {t('badge', { name: b.name })}
        </span>
      ))}
    </div>
  );
}
