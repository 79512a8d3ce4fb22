/**
 * Scheduling of work that must stay off the critical path (issue 5: analytics, telemetry and the Supabase refresh
 * loop load after the first render, never in the first-load JavaScript).
 */

/**
 * Runs `task` once the page has loaded and the main thread is idle (or after `timeoutMs` at most once loaded,
 * default 2000 ms). Takes the task; returns nothing. Errors thrown by the task are logged, never rethrown.
 */
export function afterFirstRender(task: () => void | Promise<void>, timeoutMs = 2000): void {
  const go = () => {
    Promise.resolve()
      .then(task)
      .catch((error: unknown) => console.error('[platform] deferred task failed', error));
  };
  let started = false;
  // After the next paint (a frame, then a task), when idle; a hidden tab paints no frame, so a 1 s fallback.
  const whenIdle = () => {
    if (started) return;
    started = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: timeoutMs });
    else setTimeout(go, 1);
  };
  const run = () => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle, 0));
    setTimeout(whenIdle, 1000);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') setTimeout(run, 0);
  else window.addEventListener('load', () => setTimeout(run, 0), { once: true });
}
