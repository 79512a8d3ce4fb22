/**
 * The moment the first screen is painted: the first commit of the app's tree (the splash of index.html is replaced
 * by the first route's page), a frame later. What must start early but never before the fan sees a page (the
 * service worker's registration, ARCHITECTURE §6; decision 0083) waits on it, instead of on the later, data-driven
 * "settled" moment of `after-first-render` that the optional libraries wait on.
 */
import { useEffect } from 'react';

let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => (markPainted = resolve));

/**
 * Rendered once near the top of the app's tree: a frame and a task after its first commit (the browser has
 * painted that commit), resolves the promise `afterFirstPaint` waits on. Renders nothing.
 */
export function FirstPaintSignal(): null {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(markPainted, 0));
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
