/**
 * Reconnect jitter (ARCHITECTURE §6 "at once on reconnect", docs/decisions/0046-retries-and-reconnect-jitter.md).
 * A stadium of phones regains signal in the same second; if each went back online at once, every refetch on
 * reconnect and every replay of the offline queue would reach the server in the same few milliseconds. So the
 * `onlineManager` listener is replaced: the browser's `offline` event marks the app offline at once, while its
 * `online` event (and a successful reachability probe, through `goOnline`) marks it online only after a random
 * delay in [0, window). Everything TanStack Query does on reconnect — `resumePausedMutations()` (the queue,
 * in the order it was queued, each once with its Idempotency-Key), then `refetchOnReconnect` and paused retries —
 * starts from that one transition, so it all moves with the delay.
 *
 * The window comes from the runtime config (`reconnectJitterMs`), else `DEFAULT_RECONNECT_JITTER_MS`.
 */
import { onlineManager } from '@tanstack/react-query';
import type { RuntimeConfig } from '../contracts/config';

/** Reconnect jitter window when the runtime config sets none, in ms. */
export const DEFAULT_RECONNECT_JITTER_MS = 3_000;
/** Largest window taken from the runtime config, in ms: longer would read as "the app does not sync". */
const MAX_RECONNECT_JITTER_MS = 30_000;

/**
 * The reconnect jitter window for this deployment. Takes the runtime config; returns its `reconnectJitterMs`
 * (a whole number of ms, at most 30 000), or `DEFAULT_RECONNECT_JITTER_MS` when absent or not a valid number.
 */
export function reconnectJitterWindowMs(config: Pick<RuntimeConfig, 'reconnectJitterMs'>): number {
  const value = config.reconnectJitterMs;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return DEFAULT_RECONNECT_JITTER_MS;
  return Math.min(MAX_RECONNECT_JITTER_MS, Math.floor(value));
}

/**
 * One client's delay before it goes back online. Takes the window in ms and a random source in [0, 1);
 * returns a whole number of ms, uniform in [0, windowMs) (0 when the window is 0).
 */
export function reconnectDelayMs(windowMs: number, random: () => number = Math.random): number {
  return windowMs > 0 ? Math.floor(random() * windowMs) : 0;
}

/** The installed listener's controls. */
interface ReconnectJitter {
  /** Marks the app online after the jitter delay; nothing when already online or already scheduled. */
  goOnline: () => void;
  /** Marks the app offline at once and cancels a scheduled return online. */
  goOffline: () => void;
  /** Puts back an unjittered listener (browser events applied at once), as TanStack's default does. */
  uninstall: () => void;
}

/** Listens to the browser's online/offline events; returns the cleanup TanStack calls when it replaces it. */
function listenToBrowser(onOnline: () => void, onOffline: () => void): (() => void) | undefined {
  if (typeof window === 'undefined' || !window.addEventListener) return undefined;
  window.addEventListener('online', onOnline, false);
  window.addEventListener('offline', onOffline, false);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

/**
 * Replaces `onlineManager`'s event listener with the jittered one described above. Call once at boot, before
 * the first render. Takes `{windowMs, random}` (window in ms; random source in [0, 1), `Math.random` by default);
 * returns `{goOnline, goOffline, uninstall}` — give `goOnline` to the reachability probe.
 */
export function installReconnectJitter({ windowMs, random = Math.random }: { windowMs: number; random?: () => number }): ReconnectJitter {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
  };
  const goOnline = () => {
    if (timer !== null || onlineManager.isOnline()) return;
    timer = setTimeout(
      () => {
        timer = null;
        onlineManager.setOnline(true);
      },
      reconnectDelayMs(windowMs, random),
    );
  };
  const goOffline = () => {
    cancel();
    onlineManager.setOnline(false);
  };
  onlineManager.setEventListener(() => {
    const stopListening = listenToBrowser(goOnline, goOffline);
    return () => {
      cancel();
      stopListening?.();
    };
  });
  return {
    goOnline,
    goOffline,
    uninstall: () =>
      onlineManager.setEventListener((setOnline) =>
        listenToBrowser(
          () => setOnline(true),
          () => setOnline(false),
        ),
      ),
  };
}
