/**
 * Real reachability for TanStack's `onlineManager` (stadium "lie-fi": the phone reports a connection, requests
 * go nowhere). The browser's online/offline events stay wired (the `onlineManager` listener, jittered on the way
 * back online by `./reconnect-jitter.ts`); in addition, when a query or mutation attempt fails with no HTTP
 * answer, the app is marked offline — so queued actions pause and stay persisted instead of burning their
 * attempts — and a probe request is retried with backoff until the API answers (any HTTP status counts), which
 * marks the app online again (through the reconnect jitter when the boot passes its `goOnline`) and resumes the
 * queue.
 * Rule source: ARCHITECTURE §6 (replayed on reconnect; flaky-network test).
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { isNetworkFailure } from '../api/retry-policy';

/** Probe backoff bounds, in ms. */
const PROBE_MIN_DELAY_MS = 2_000;
const PROBE_MAX_DELAY_MS = 30_000;
/** A probe that takes longer than this (ms) counts as unreachable. */
const PROBE_TIMEOUT_MS = 5_000;

interface ReachabilityOptions {
  /** URL answered by the API server and not by the service worker (default `/api/health`). */
  probeUrl: string;
  /** Injected for tests (default: global fetch). */
  fetchImpl?: typeof fetch;
}

interface WatchReachabilityOptions extends ReachabilityOptions {
  /** Marks the app online once the probe got an answer (default: `onlineManager.setOnline(true)` at once). */
  goOnline?: () => void;
}

/**
 * Sends one probe. Takes the options; resolves true when any HTTP answer arrived (a 401/404 still proves the
 * server is reachable), false on a network failure or after `PROBE_TIMEOUT_MS`.
 */
export async function probeReachable({ probeUrl, fetchImpl = fetch }: ReachabilityOptions): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetchImpl(probeUrl, { method: 'GET', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watches `queryClient`'s caches for attempts that failed without an HTTP answer and drives `onlineManager`
 * as described above. Takes the client and options; returns a function that stops watching and probing.
 */
export function watchReachability(queryClient: QueryClient, options: WatchReachabilityOptions): () => void {
  const goOnline = options.goOnline ?? (() => onlineManager.setOnline(true));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = PROBE_MIN_DELAY_MS;
  let stopped = false;

  /** One probe: back online when the API answers, otherwise the next probe after twice the wait (up to the most). */
  const probe = async () => {
    timer = null;
    if (stopped) return;
    // The browser says offline: wait for its `online` event instead of probing.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if (await probeReachable(options)) {
      delay = PROBE_MIN_DELAY_MS;
      goOnline();
    } else {
      delay = Math.min(PROBE_MAX_DELAY_MS, delay * 2);
      scheduleProbe();
    }
  };

  const scheduleProbe = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => void probe(), delay);
  };

  const onFailure = (error: unknown) => {
    if (!isNetworkFailure(error)) return;
    if (onlineManager.isOnline()) onlineManager.setOnline(false);
    scheduleProbe();
  };

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'failed') onFailure(event.action.error);
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'failed') onFailure(event.action.error);
  });
  // When the browser reports the network back, TanStack's own listener marks us online; reset the backoff.
  const onOnline = () => {
    delay = PROBE_MIN_DELAY_MS;
  };
  window.addEventListener('online', onOnline);

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribeQueries();
    unsubscribeMutations();
    window.removeEventListener('online', onOnline);
  };
}
