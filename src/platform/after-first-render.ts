/**
 * Scheduling of work that must stay off the critical path: toasts (sonner), offline wiring (service worker),
 * content preloads, analytics, telemetry and the Supabase refresh loop (docs/decisions/0006). Such work starts
 * once the first screen is usable — after the first render, when the queries it started have their answers —
 * and the main thread is idle. One quiet-detector, {@link waitForQuiet}, serves every wait here.
 */

/** Longest wait for the first screen's data before deferred work starts anyway, in ms. */
export const FIRST_SCREEN_MAX_WAIT_MS = 6000;

/** Quiet time without a running query or a new network resource that counts as "first screen settled", in ms. */
export const FIRST_SCREEN_QUIET_MS = 300;

/** Quiet time without a running query before heavy optional libraries load (`afterAppSettled`), in ms. */
export const APP_SETTLED_QUIET_MS = 500;

/** What the waits watch: a query client's count of running fetches and its cache events. */
export interface SettlingClient {
  isFetching(): number;
  getQueryCache(): { subscribe(listener: () => void): () => void };
}

let markSettled: () => void = () => undefined;
const firstScreenSettled = new Promise<void>((resolve) => (markSettled = resolve));

/**
 * Resolves once `client` has had no fetching query (queries paused offline do not count) for `quietMs` in a row —
 * with `watchResources`, no script, translation chunk or other resource starting to load either — or after
 * `maxWaitMs`, whichever comes first. Any cache event or new resource restarts the quiet period. Never rejects.
 */
export function waitForQuiet(
  client: SettlingClient,
  { quietMs, maxWaitMs, watchResources = false }: { quietMs: number; maxWaitMs: number; watchResources?: boolean },
): Promise<void> {
  return new Promise<void>((resolve) => {
    let unsubscribe: () => void = () => undefined;
    let observer: PerformanceObserver | undefined;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      clearTimeout(quiet);
      unsubscribe();
      observer?.disconnect();
      resolve();
    };
    const deadline = setTimeout(finish, maxWaitMs);
    const check = () => {
      clearTimeout(quiet);
      if (client.isFetching() === 0) quiet = setTimeout(() => client.isFetching() === 0 && finish(), quietMs);
    };
    unsubscribe = client.getQueryCache().subscribe(() => queueMicrotask(check));
    if (watchResources && typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(() => check());
      observer.observe({ type: 'resource' });
    }
    check();
  });
}

/** Resolves when the main thread is idle (`requestIdleCallback`), or after `timeoutMs` at most. */
function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}

/** Resolves a frame and a task later: after the next commit has been painted. */
function afterNextFrame(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

/**
 * Call once, right after the first render: marks the "first screen settled" moment when {@link waitForQuiet}
 * (`FIRST_SCREEN_QUIET_MS`, resources watched, so a screen still behind a Suspense fallback is not taken for
 * settled) resolves, or after `maxWaitMs`. Returns nothing.
 */
export function watchFirstScreen(client: SettlingClient, maxWaitMs = FIRST_SCREEN_MAX_WAIT_MS): void {
  // After the first commit and paint the page's own queries have started: only then is "no fetch" meaningful.
  void afterNextFrame()
    .then(() => waitForQuiet(client, { quietMs: FIRST_SCREEN_QUIET_MS, maxWaitMs, watchResources: true }))
    .then(markSettled);
}

/**
 * Runs `task` once the first screen has settled (see `watchFirstScreen`; at most `FIRST_SCREEN_MAX_WAIT_MS`
 * after the page's `load` if it is never called), a frame later, when the main thread is idle (or after
 * `timeoutMs`, default 2000 ms). Takes the task; returns nothing. Errors thrown by the task are logged, never
 * rethrown.
 */
export function afterFirstRender(task: () => void | Promise<void>, timeoutMs = 2000): void {
  const fallback = new Promise<void>((resolve) => {
    const arm = () => setTimeout(resolve, FIRST_SCREEN_MAX_WAIT_MS);
    if (typeof document === 'undefined' || document.readyState === 'complete') arm();
    else window.addEventListener('load', arm, { once: true });
  });
  // A frame after the data arrived, so the screen that shows it is painted before deferred work starts.
  void Promise.race([firstScreenSettled, fallback])
    .then(afterNextFrame)
    .then(() => whenIdle(timeoutMs))
    .then(task)
    .catch((error: unknown) => console.error('[platform] deferred task failed', error));
}

/** User-timing mark (`performance.mark`) set by `markAppSettled`: DevTools and the end-to-end checks read it. */
export const APP_SETTLED_MARK = 'podium:app-settled';

/**
 * Sets the `APP_SETTLED_MARK` performance mark through `afterAppSettled`. Called after the optional libraries were
 * scheduled, so their tasks (equal waits, first in line) have started when it is set: the moment from which an
 * unconfigured analytics or telemetry would have shown itself. Takes the query client; returns nothing.
 */
export function markAppSettled(client: SettlingClient): void {
  afterAppSettled(client, () => {
    performance.mark(APP_SETTLED_MARK);
  });
}

/**
 * Runs `task` after the first render, once the app's data loads have settled ({@link waitForQuiet} with
 * `APP_SETTLED_QUIET_MS`: the screen's data and the idle-time preloads that follow it have answered) and the main
 * thread is idle — or after `maxWaitMs` (default 5000 ms) of waiting at most. For heavy optional libraries
 * (analytics, telemetry, the Supabase refresh loop) that must not compete with the first screen. Errors are logged.
 */
export function afterAppSettled(client: SettlingClient, task: () => void | Promise<void>, maxWaitMs = 5000): void {
  afterFirstRender(async () => {
    await waitForQuiet(client, { quietMs: APP_SETTLED_QUIET_MS, maxWaitMs });
    await whenIdle(1000);
    await task();
  });
}

/**
 * Resolves in a later task, so that the work after it is a task of its own: the browser may paint and answer input
 * between the two, and two halves of a long stretch of work are not one long task on a phone's main thread (total
 * blocking time). `scheduler.yield()` where the browser has it (the rest runs before other queued tasks), else a
 * `setTimeout(0)`. Never rejects.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `jobs` in order, each in a task of its own ({@link yieldToMain} between two), so that a batch of small jobs
 * started together — a dozen prefetches, each a `fetch` and the query cache's bookkeeping — never adds up to one long
 * task on a phone's main thread (total blocking time). Resolves once every job has run; a job that throws is
 * logged and the others still run. Never rejects.
 */
export async function oneTaskEach(jobs: ReadonlyArray<() => unknown>): Promise<void> {
  for (const [index, job] of jobs.entries()) {
    if (index > 0) await yieldToMain();
    try {
      job();
    } catch (error) {
      console.error('[platform] deferred task failed', error);
    }
  }
}
