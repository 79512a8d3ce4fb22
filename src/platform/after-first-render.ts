/**
 * Scheduling of work that must stay off the critical path: toasts (sonner), offline wiring (service worker),
 * content preloads, analytics, telemetry and the Supabase refresh loop (issue 5, docs/decisions/0006). Such work
 * starts once the first screen is usable — after the first render, when the queries it started have their
 * answers — and the main thread is idle.
 */
import type { QueryClient } from '@tanstack/react-query';

/** Longest wait for the first screen's data before deferred work starts anyway, in ms. */
export const FIRST_SCREEN_MAX_WAIT_MS = 6000;

let markSettled: () => void = () => undefined;
const firstScreenSettled = new Promise<void>((resolve) => (markSettled = resolve));

/** Quiet time without a running query or a new network resource that counts as "settled", in ms. */
export const FIRST_SCREEN_QUIET_MS = 300;

/**
 * Call once, right after the first render: resolves the "first screen settled" moment when no query of
 * `queryClient` is fetching (queries paused offline do not count) and no script, translation chunk or other
 * resource has started loading for `FIRST_SCREEN_QUIET_MS` — so a screen still behind a Suspense fallback
 * (its chunk or its translations loading) is not taken for settled — or after `maxWaitMs`. Returns nothing.
 */
export function watchFirstScreen(queryClient: QueryClient, maxWaitMs = FIRST_SCREEN_MAX_WAIT_MS): void {
  let unsubscribe: () => void = () => undefined;
  let observer: PerformanceObserver | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    clearTimeout(timer);
    clearTimeout(quiet);
    unsubscribe();
    observer?.disconnect();
    markSettled();
  };
  const timer = setTimeout(done, maxWaitMs);
  const check = () => {
    clearTimeout(quiet);
    if (queryClient.isFetching() === 0) quiet = setTimeout(() => queryClient.isFetching() === 0 && done(), FIRST_SCREEN_QUIET_MS);
  };
  // After the first commit and paint (a frame, then a task), the page's own queries have started.
  const start = () => {
    unsubscribe = queryClient.getQueryCache().subscribe(() => queueMicrotask(check));
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(() => check());
      observer.observe({ type: 'resource' });
    }
    check();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(start, 0));
  else setTimeout(start, 0);
}

/**
 * Runs `task` once the first screen has settled (see `watchFirstScreen`; at most `FIRST_SCREEN_MAX_WAIT_MS`
 * after the page's `load` if it is never called) and the main thread is idle (or after `timeoutMs`, default
 * 2000 ms). Takes the task; returns nothing. Errors thrown by the task are logged, never rethrown.
 */
export function afterFirstRender(task: () => void | Promise<void>, timeoutMs = 2000): void {
  const go = () => {
    Promise.resolve()
      .then(task)
      .catch((error: unknown) => console.error('[platform] deferred task failed', error));
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: timeoutMs });
    else setTimeout(go, 1);
  };
  const fallback = new Promise<void>((resolve) => {
    const arm = () => setTimeout(resolve, FIRST_SCREEN_MAX_WAIT_MS);
    if (typeof document === 'undefined' || document.readyState === 'complete') arm();
    else window.addEventListener('load', arm, { once: true });
  });
  // A frame after the data arrived, so the screen that shows it is painted before deferred work starts.
  const afterNextFrame = () => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle, 0));
    else setTimeout(whenIdle, 0);
  };
  void Promise.race([firstScreenSettled, fallback]).then(afterNextFrame);
}

/** How long no query may be fetching before the app counts as settled, in ms. */
const QUIET_MS = 500;

/** What `afterAppSettled` watches: the query client's count of running fetches and its cache events. */
export interface SettlingClient {
  isFetching(): number;
  getQueryCache(): { subscribe(listener: () => void): () => void };
}

/**
 * Runs `task` after the first render, once the app's first data loads have settled (no query fetching for 500 ms)
 * and the main thread is idle — or after `maxWaitMs` (default 5000 ms) at most. For heavy optional libraries (analytics,
 * telemetry, the Supabase refresh loop) that must not compete with the first screen. Errors are logged.
 */
export function afterAppSettled(queryClient: SettlingClient, task: () => void | Promise<void>, maxWaitMs = 5000): void {
  afterFirstRender(async () => {
    await new Promise<void>((resolve) => {
      let unsubscribe: () => void = () => undefined;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(deadline);
        clearTimeout(quiet);
        unsubscribe();
        resolve();
      };
      const deadline = setTimeout(finish, maxWaitMs);
      // Settled = no fetch for QUIET_MS in a row (like a network-idle test): the screen's data and the idle-time
      // preloads that follow it have all answered.
      let quiet: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        if (queryClient.isFetching() > 0) {
          clearTimeout(quiet);
          quiet = undefined;
        } else if (!quiet) {
          quiet = setTimeout(finish, QUIET_MS);
        }
      };
      unsubscribe = queryClient.getQueryCache().subscribe(() => queueMicrotask(check));
      check();
    });
    await new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 1);
    });
    await task();
  });
}
