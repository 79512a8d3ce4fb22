/**
 * `setupOffline(queryClient)`: the offline wiring that is not needed for the first paint. Import it dynamically
 * once the first screen is painted (`afterFirstPaint`):
 * `void import('./offline/setup').then(({ setupOffline }) => setupOffline(queryClient))`.
 *
 * What is NOT here, because it must run before the first render (see query-client.ts and persister.ts):
 * the offline-queue mutation defaults (registered by `createAppQueryClient(registerOfflineMutationDefaults)`, before the persisted cache is
 * restored) and the cache restore + queue replay (`bootOfflineCache`).
 *
 * What it does:
 * - reachability: attempts that fail with no HTTP answer mark the app offline and a probe (the API's
 *   `/health`, any HTTP answer counts) brings it back online with backoff (through the reconnect jitter's
 *   `goOnline` when given), on top of the browser's online/offline events (the `onlineManager` listener that
 *   `installReconnectJitter` sets at boot). Going online resumes the queue and refetches stale queries
 *   (TanStack's `refetchOnReconnect`).
 * - service worker: registers `/sw.js` with workbox-window and offers "Update available — Reload" (production
 *   builds only; the dev server has no worker), and follows its push messages (refetch what a push is about, open
 *   the screen of a clicked notification).
 * Rule source: ARCHITECTURE §6.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getRuntimeConfig } from '../platform/runtime-config';
import { watchReachability } from './reachability';
import { registerServiceWorker } from './sw-registration';

interface SetupOfflineOptions {
  /** Reachability probe URL (default `${apiOrigin}/health` from the runtime config). */
  probeUrl?: string;
  /** Service worker URL (default `/sw.js`); `false` skips registration. */
  serviceWorkerUrl?: string | false;
  /** How a successful probe marks the app online: the reconnect jitter's `goOnline` (default: at once). */
  goOnline?: () => void;
  /** Moves the app to an in-app path (a clicked push notification); default: a full navigation. */
  navigate?: (path: string) => void;
}

/**
 * Follows the service worker's push messages: `PUSH_REFRESH {keys}` refetches the queries under
 * those key roots, so the app shows what a push is about; `PUSH_OPEN {url}` opens that in-app path.
 */
function followPushMessages(queryClient: QueryClient, navigate: (path: string) => void): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; keys?: unknown; url?: unknown } | null;
    if (data?.type === 'PUSH_REFRESH' && Array.isArray(data.keys)) {
      for (const root of data.keys) if (typeof root === 'string') void queryClient.invalidateQueries({ queryKey: [root] });
    } else if (data?.type === 'PUSH_OPEN' && typeof data.url === 'string' && /^\/(?!\/)/.test(data.url)) {
      navigate(data.url);
    }
  });
}

/** Default probe URL: the API's health endpoint (never cached by the service worker). */
function defaultProbeUrl(): string {
  try {
    return `${getRuntimeConfig().apiOrigin.replace(/\/+$/, '')}/health`;
  } catch {
    return '/api/health';
  }
}

/**
 * Safety net for a cache restored before the defaults were registered: gives every restored mutation that has no
 * `mutationFn` the defaults registered for its key, so it can replay. Takes the client; returns nothing.
 */
function applyRegisteredMutationDefaults(queryClient: QueryClient): void {
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (!mutation.options.mutationFn && mutation.options.mutationKey) {
      mutation.setOptions(queryClient.defaultMutationOptions(mutation.options));
    }
  }
}

/**
 * Wires reachability and the service worker for `queryClient`. Takes the client and options; returns a
 * function that stops the reachability watcher (the service worker stays registered). Safe to call once per page.
 */
export function setupOffline(queryClient: QueryClient, options: SetupOfflineOptions = {}): () => void {
  applyRegisteredMutationDefaults(queryClient);
  const stopReachability = watchReachability(queryClient, { probeUrl: options.probeUrl ?? defaultProbeUrl(), goOnline: options.goOnline });
  const swUrl = options.serviceWorkerUrl ?? '/sw.js';
  followPushMessages(queryClient, options.navigate ?? ((path) => window.location.assign(path)));
  if (swUrl !== false && import.meta.env.PROD) {
    void registerServiceWorker(swUrl);
  }
  return stopReachability;
}
