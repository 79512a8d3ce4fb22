/**
 * The moment the first screen is painted: the first commit of the app's tree (the splash of index.html is replaced
 * by the first route's page), a frame later. What must start early but never before the fan sees a page (the
 * service worker's registration, ARCHITECTURE §6; decision 0083) waits on it, instead of on the later, data-driven
 * "settled" moment of `after-first-render` that the optional libraries wait on.
 */
import { useEffect } from 'react';

let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => (markPainted = resolve));

/** Longest wait, in ms after the frame of the first commit, for the paint's largest-contentful-paint entry. */
const PAINT_ENTRY_MAX_WAIT_MS = 300;

/**
 * Resolves once the browser has presented a frame painted after `since` (ms, `performance.now()` clock): when it
 * reports a largest-contentful-paint entry rendered at or after `since` (the first screen's largest text or image
 * is on screen), else a frame and a task later, plus at most `PAINT_ENTRY_MAX_WAIT_MS` where the browser has the
 * API (a commit that draws nothing larger than the splash reports no entry). Never rejects.
 */
function whenPainted(since: number): Promise<void> {
  return new Promise((resolve) => {
    const frameThenTask = (task: () => void) => requestAnimationFrame(() => setTimeout(task, 0));
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return frameThenTask(resolve);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.startTime >= since)) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    frameThenTask(() => {
      timer = setTimeout(() => {
        observer.disconnect();
        resolve();
      }, PAINT_ENTRY_MAX_WAIT_MS);
    });
  });
}

/**
 * Rendered once near the top of the app's tree: once the browser has presented its first commit (see
 * `whenPainted`), resolves the promise `afterFirstPaint` waits on. What starts then stays out of the first screen's
 * paint, and so out of what a page-load audit counts towards it. Renders nothing.
 */
export function FirstPaintSignal(): null {
  useEffect(() => {
    void whenPainted(performance.now()).then(markPainted);
  }, []);
  return null;
}

/**
 * Runs `task` once the first screen is painted (see `FirstPaintSignal`). Takes the task; returns nothing. Errors
 * thrown by the task are logged, never rethrown.
 */
export function afterFirstPaint(task: () => void | Promise<void>): void {
  void painted.then(task).catch((error: unknown) => console.error('[platform] task after the first paint failed', error));
}
