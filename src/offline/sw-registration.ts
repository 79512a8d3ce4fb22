/**
 * Service worker registration and update flow with workbox-window (ARCHITECTURE §6): when a new
 * version is installed and waiting, a toast "Update available" offers "Reload"; accepting asks the waiting
 * worker to `skipWaiting` and reloads once it controls the page. Never a forced reload: if the fan ignores the
 * toast, the new version takes over the next time every tab of the app is closed.
 * Loaded with `setupOffline`, once the first screen is painted (workbox-window stays off the critical path).
 */
import { Workbox } from 'workbox-window';
import i18next from 'i18next';
import { notify } from '../platform/toasts';
import { offerUpdate, updateToastClosed } from './update-prompt';

/** How often an open app asks the server for a new service worker (ms): stadium sessions last hours. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Toast id, so a second "waiting" event replaces the toast instead of stacking one more. */
const UPDATE_TOAST_ID = 'podium-sw-update';

/**
 * Shows the update toast. Takes the callback run when the fan presses "Reload"; returns nothing.
 * The toast stays until acted on or dismissed (no auto-close: the fan may be mid-action); once it leaves the
 * screen unaccepted, the status indicator offers the update instead (`./update-prompt`).
 */
async function showUpdateToast(onAccept: () => void): Promise<void> {
  await i18next.loadNamespaces('offline').catch(() => undefined);
  const accept = offerUpdate(onAccept);
  notify({
    id: UPDATE_TOAST_ID,
    title: i18next.t('offline:update.title'),
    description: i18next.t('offline:update.description'),
    duration: Number.POSITIVE_INFINITY,
    action: { label: i18next.t('offline:update.reload'), onClick: accept },
    onClose: updateToastClosed,
  });
}

/**
 * URLs this page already loaded that the worker caches at run time (media, PDFs, config, and build assets left
 * out of the precache, such as the analytics/telemetry chunks that may load before the first worker controls the
 * page; precached ones are answered from the precache). Takes nothing; returns absolute URLs from the Resource
 * Timing buffer (same origin for media/config/assets, any origin for PDFs).
 */
function loadedCacheableUrls(): string[] {
  const urls = new Set<string>([new URL('/config.json', location.href).href]);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    const sameOrigin = url.origin === location.origin;
    const runtimeCached = sameOrigin && (url.pathname.startsWith('/api/media/') || url.pathname.startsWith('/assets/'));
    if (runtimeCached || url.pathname.toLowerCase().endsWith('.pdf')) urls.add(url.href);
  }
  return [...urls];
}

/**
 * Registers `swUrl` (default `/sw.js`, written by vite-plugin-pwa) and wires the update toast.
 * Takes the URL; resolves with the `Workbox` instance, or null where service workers are unavailable.
 * Registration errors are logged, never thrown (the app works without a worker, only less offline).
 */
export async function registerServiceWorker(swUrl = '/sw.js'): Promise<Workbox | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox(swUrl, { scope: '/' });

  const offerUpdate = () => {
    void showUpdateToast(() => {
      // Reload only once the new worker controls the page, so the reload is served by the new version.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  };
  // `waiting` fires for a worker installed while this page is open and for one already waiting at load.
  wb.addEventListener('waiting', offerUpdate);
  // First install: what this page loaded before the worker existed (the first dashboard's media) is cached now,
  // through the worker's own routes (Workbox router's CACHE_URLS message), so it is there offline too.
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loadedCacheableUrls() } });
  });

  try {
    await wb.register();
  } catch (error) {
    console.warn('[offline] service worker registration failed', error);
    return null;
  }

  const checkForUpdate = () => void wb.update().catch(() => undefined);
  setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) checkForUpdate();
  });
  return wb;
}
