/**
 * `<OfflineIndicator />`: a small status pill for the app layout (mount it once, e.g. at the top of the default
 * and no-bottom-nav layouts): offline state and when the data was last updated, plus the number of
 * actions waiting to sync.
 * - Offline: "Offline — last updated at 14:32" (date too when not today; just "Offline" with no cached data),
 *   and "· 2 actions waiting to sync" when the queue is not empty.
 * - Online with queued actions still replaying: "Syncing 2 actions…".
 * - Online with an empty queue: renders an empty live region (nothing visible).
 * - A new version waiting whose "Update available" toast left the screen unaccepted (replaced by a later toast,
 *   or closed): a button "Update available — Reload" below the status, until the fan accepts
 *   (`../update-prompt.ts`).
 * The region is `role="status"` (aria-live polite), so screen readers hear changes without losing focus.
 * Times use Intl through i18next's `datetime` formatter in the active language. No props; needs a
 * QueryClientProvider above it. Styling: `data-state="offline"|"syncing"|"online"` and inline defaults; it
 * takes space in the layout rather than overlaying the page.
 */
import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import { usePendingUpdate } from '../update-prompt';
import { useIsOnline, useLastUpdatedAt, useQueuedActionCount } from '../use-offline-status';

/**
 * The pill sits in the page's flow, under the app bar, and takes its own height: fixed over the page it covered the
 * page's title.
 */
const pillStyle: CSSProperties = {
  display: 'block',
  position: 'relative',
  marginBlock: '0.5rem',
  marginInline: 'auto',
  width: 'fit-content',
  maxWidth: 'calc(100% - 1rem)',
  padding: '0.375rem 0.875rem',
  borderRadius: '999px',
  fontSize: '0.875rem',
  lineHeight: 1.3,
  textAlign: 'center',
  background: '#0b1020',
  color: '#ffffff',
  border: '1px solid rgba(255,255,255,0.25)',
  boxShadow: '0 2px 8px rgba(0,0,0,0.3)',
};

/** The update button: the status pill's look, in the flow under it, clickable. */
const updateStyle: CSSProperties = { ...pillStyle, cursor: 'pointer', font: 'inherit' };

/** Whether two timestamps fall on the same local calendar day. */
function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function OfflineIndicator() {
  const { t, ready } = useTranslation('offline', { useSuspense: false });
  const online = useIsOnline();
  const lastUpdatedAt = useLastUpdatedAt();
  const queued = useQueuedActionCount();
  const acceptUpdate = usePendingUpdate();

  const state = !online ? 'offline' : queued > 0 ? 'syncing' : 'online';
  let text = '';
  if (ready && state === 'offline') {
    const time = new Date(lastUpdatedAt);
    const status =
      lastUpdatedAt === 0
        ? t('indicator.offline')
        : sameDay(time, new Date())
          ? t('indicator.offlineUpdatedAt', { time, formatParams: { time: { hour: 'numeric', minute: '2-digit' } } })
          : t('indicator.offlineUpdatedOn', { time, formatParams: { time: { dateStyle: 'medium', timeStyle: 'short' } } });
    text = queued > 0 ? `${status} · ${t('indicator.waiting', { count: queued })}` : status;
  } else if (ready && state === 'syncing') {
    text = t('indicator.syncing', { count: queued });
  }

  return (
    <>
      <div role="status" data-offline-indicator="" data-state={state} style={text ? pillStyle : undefined}>
        {text}
      </div>
      {acceptUpdate && ready ? (
        <button type="button" data-update-available="" style={updateStyle} onClick={acceptUpdate}>
          {t('update.indicator')}
        </button>
      ) : null}
    </>
  );
}
