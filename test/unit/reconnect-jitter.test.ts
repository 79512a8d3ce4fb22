// @vitest-environment jsdom
/**
 * Reconnect jitter (src/offline/reconnect-jitter.ts): a crowd of phones regaining signal in the
 * same second spreads its return over the window, and on each phone the offline queue still replays in order and
 * exactly once, with the refetches on reconnect, once the delay has passed. Fake timers; a seeded random source.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import {
  DEFAULT_RECONNECT_JITTER_MS,
  installReconnectJitter,
  reconnectDelayMs,
  reconnectJitterWindowMs,
} from '../../src/offline/reconnect-jitter';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from '../../src/offline/queued-action';

/** A small seeded PRNG (mulberry32): the same "random" draws on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the jitter window', () => {
  it('defaults to 3 s; the runtime config may set it (whole ms, at most 30 s)', () => {
    expect(DEFAULT_RECONNECT_JITTER_MS).toBe(3000);
    expect(reconnectJitterWindowMs({})).toBe(3000);
    expect(reconnectJitterWindowMs({ reconnectJitterMs: 500 })).toBe(500);
    expect(reconnectJitterWindowMs({ reconnectJitterMs: 0 })).toBe(0);
    expect(reconnectJitterWindowMs({ reconnectJitterMs: 600_000 })).toBe(30_000);
    expect(reconnectJitterWindowMs({ reconnectJitterMs: -1 })).toBe(3000);
  });

  it('2000 phones regaining signal in the same second start over the whole window, not together', () => {
    const random = seeded(0x5eed_2026);
    const delays = Array.from({ length: 2000 }, () => reconnectDelayMs(3000, random));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(3000);
    // Ten 300 ms slices each get roughly a tenth of the crowd: no slice, and no single millisecond, is a spike.
    const slices = Array.from({ length: 10 }, (_, i) => delays.filter((d) => d >= i * 300 && d < (i + 1) * 300).length);
    for (const count of slices) expect(count).toBeGreaterThan(2000 * 0.07);
    for (const count of slices) expect(count).toBeLessThan(2000 * 0.13);
    const perMs = new Map<number, number>();
    for (const d of delays) perMs.set(d, (perMs.get(d) ?? 0) + 1);
    expect(Math.max(...perMs.values()), 'phones starting in the busiest millisecond').toBeLessThanOrEqual(10); // without jitter: 2000
    expect(perMs.size, 'distinct start times').toBeGreaterThan(1000);
  });

  it('a zero window means no delay', () => {
    expect(reconnectDelayMs(0, () => 0.9)).toBe(0);
  });
});

describe('the onlineManager listener', () => {
  let client: QueryClient;
  let uninstall: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    onlineManager.setOnline(true);
    client = new QueryClient();
    client.mount();
  });
  afterEach(() => {
    client.unmount();
    client.clear();
    uninstall();
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });

  it('offline at once; back online only after the drawn delay, then the queue replays in order, each action once, and queries refetch', async () => {
    const jitter = installReconnectJitter({ windowMs: 3000, random: () => 0.5 });
    uninstall = jitter.uninstall;
    const sent: string[] = [];
    client.setMutationDefaults(['checkin'], {
      ...queuedMutationDefaults,
      mutationFn: async (v: QueuedActionVariables) => {
        sent.push(v.idempotencyKey);
        return { ok: true };
      },
    });
    let fetches = 0;
    const query = new QueryObserver(client, {
      queryKey: ['challenges'],
      queryFn: () => ++fetches,
      refetchOnReconnect: 'always',
    });
    const unsubscribe = query.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);

    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
    const queued = [newQueuedActionVariables(), newQueuedActionVariables(), newQueuedActionVariables()];
    for (const v of queued)
      void new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['checkin'] }).mutate(v);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((m) => m.state.isPaused),
    ).toEqual([true, true, true]);

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1499);
    expect(onlineManager.isOnline()).toBe(false);
    expect(sent).toEqual([]);
    expect(fetches).toBe(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(onlineManager.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(queued.map((v) => v.idempotencyKey));
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(['success', 'success', 'success']);
    expect(fetches).toBe(2);

    // Nothing replays twice: later reconnects send nothing more.
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(3);
    unsubscribe();
  });

  it('a drop during the wait cancels the return; repeated online events do not push it back', async () => {
    const jitter = installReconnectJitter({ windowMs: 3000, random: () => 0.5 });
    uninstall = jitter.uninstall;
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(onlineManager.isOnline()).toBe(false);

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(500);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('the reachability probe goes back online through the same delay', async () => {
    const jitter = installReconnectJitter({ windowMs: 2000, random: () => 0.25 });
    uninstall = jitter.uninstall;
    jitter.goOffline();
    jitter.goOnline();
    await vi.advanceTimersByTimeAsync(499);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
