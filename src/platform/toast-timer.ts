/**
 * The toasts' auto-close timer (spec §4 Toast: "auto-closes after its duration; the timer pauses on hover or
 * focus"; §9: 5000 ms). sonner 2 pauses its own timer on hover but not while keyboard focus is inside the toaster,
 * so the toaster runs this timer instead and gives sonner `Infinity` (docs/decisions/0039-toasts-around-sonner.md).
 *
 * One timer for the one visible toast. Several reasons can pause it at once (pointer over the toaster, focus
 * inside it, page hidden); it runs again with the time left once none remains.
 */
type PauseReason = 'hover' | 'focus' | 'hidden';

interface ToastTimer {
  /** (Re)starts the countdown for `id`: `ms` milliseconds of unpaused time, then `onExpire(id)`. `Infinity` = never. */
  start(id: string | number, ms: number): void;
  /** Stops the countdown if it belongs to `id` (or whichever runs when `id` is omitted). */
  cancel(id?: string | number): void;
  /** Adds or removes one pause reason. */
  setPaused(reason: PauseReason, paused: boolean): void;
  /** Milliseconds left for the running toast (for tests and debugging); null when none runs. */
  remaining(): number | null;
}

/**
 * Creates the timer. Takes the callback run when a toast's time is up (with its id); returns the timer.
 * Uses `setTimeout` and `Date.now()`, so fake timers drive it in tests.
 */
export function createToastTimer(onExpire: (id: string | number) => void): ToastTimer {
  let current: { id: string | number; left: number } | null = null;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const reasons = new Set<PauseReason>();

  const stopClock = () => {
    if (handle === undefined || !current) return;
    clearTimeout(handle);
    handle = undefined;
    current.left -= Date.now() - startedAt;
  };
  const runClock = () => {
    if (!current || handle !== undefined || reasons.size > 0 || current.left === Number.POSITIVE_INFINITY) return;
    const { id } = current;
    startedAt = Date.now();
    handle = setTimeout(
      () => {
        handle = undefined;
        current = null;
        onExpire(id);
      },
      Math.max(0, current.left),
    );
  };

  return {
    start(id, ms) {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
      current = { id, left: ms };
      runClock();
    },
    cancel(id) {
      if (!current || (id !== undefined && current.id !== id)) return;
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
      current = null;
    },
    setPaused(reason, paused) {
      if (paused) {
        reasons.add(reason);
        stopClock();
      } else {
        reasons.delete(reason);
        runClock();
      }
    },
    remaining() {
      if (!current) return null;
      return handle === undefined ? current.left : current.left - (Date.now() - startedAt);
    },
  };
}
