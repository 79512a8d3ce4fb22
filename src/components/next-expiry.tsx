/**
 * The member's next points expiry as one line ("120 points expire on 12 Dec"), shown on the points
 * card and in the history. Renders nothing when nothing will expire. The day is the organization's calendar day
 * (`YYYY-MM-DD`), formatted for the reader's language without moving it across time zones, with its year when it is
 * not this one.
 */
import { useTranslation } from 'react-i18next';
import type { User } from '../contracts/user';
import { dateTimeFormat, numberFormat } from '../platform/intl-formats';

interface NextExpiryProps {
  nextExpiry: User['nextExpiry'];
  className?: string;
}

/** Renders the line (nothing when `nextExpiry` is null). */
export function NextExpiry({ nextExpiry, className }: NextExpiryProps) {
  const { t, i18n } = useTranslation('common');
  if (!nextExpiry) return null;
  const language = i18n.resolvedLanguage ?? 'en';
  const on = new Date(`${nextExpiry.on}T00:00:00Z`);
  // The year only when it is not this one ("12 Dec", "3 Jan 2028").
  const year = on.getUTCFullYear() !== new Date().getUTCFullYear() ? ('numeric' as const) : undefined;
  const day = dateTimeFormat(language, { day: 'numeric', month: 'short', year, timeZone: 'UTC' }).format(on);
  return (
    <p className={className} data-testid="next-expiry">
      {t('nextExpiry', { count: nextExpiry.points, formatted: numberFormat(language).format(nextExpiry.points), date: day })}
    </p>
  );
}
