import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettlingClient } from '../../src/platform/after-first-render';

/** A stand-in for the query client: a count of running fetches and cache listeners to notify. */
function fakeClient() {
  let fetching = 0;
  const listeners = new Set<() => void>();
  const client: SettlingClient = {
    isFetching: () => fetching,
    getQueryCache: () => ({
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
  };
  const setFetching = (n: number) => {
    fetching = n;
    listeners.forEach((l) => l());
  };
  return { client, setFetching, listeners };
}

// The module keeps the once-per-page "first screen settled" moment: each test starts from a fresh copy.
const load = async () => {
  vi.resetModules();
  return import('../../src/platform/after-first-render');
};

beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'Date',
    ],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForQuiet', () => {
  it('resolves once no query has been fetching for the quiet time, restarting while data still loads', async () => {
    const { waitForQuiet } = await load();
    const { client, setFetching, listeners } = fakeClient();
    setFetching(1);
    let done = false;
    void waitForQuiet(client, { quietMs: 300, maxWaitMs: 6000 }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    setFetching(0);
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    setFetching(1);
    await vi.advanceTimersByTimeAsync(10);
    setFetching(0);
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('gives up waiting after the longest wait even if a query never stops fetching', async () => {
    const { waitForQuiet } = await load();
    const { client, setFetching } = fakeClient();
    setFetching(1);
    let done = false;
    void waitForQuiet(client, { quietMs: 300, maxWaitMs: 6000 }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('afterFirstRender', () => {
  it('runs deferred work only after the first screen has settled, once', async () => {
    const { afterFirstRender, watchFirstScreen, FIRST_SCREEN_QUIET_MS } = await load();
    const { client, setFetching } = fakeClient();
    const task = vi.fn();
    afterFirstRender(task);
    watchFirstScreen(client);
    setFetching(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).not.toHaveBeenCalled();
    setFetching(0);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS + 100);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts deferred work at the latest FIRST_SCREEN_MAX_WAIT_MS after load when nothing marks the first screen', async () => {
    const { afterFirstRender, FIRST_SCREEN_MAX_WAIT_MS } = await load();
    const task = vi.fn();
    afterFirstRender(task);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('logs a failing task instead of throwing', async () => {
    const { afterFirstRender, watchFirstScreen } = await load();
    const { client } = fakeClient();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    afterFirstRender(() => {
      throw new Error('boom');
    });
    watchFirstScreen(client);
    await vi.advanceTimersByTimeAsync(1000);
    expect(error).toHaveBeenCalledWith('[platform] deferred task failed', expect.any(Error));
    error.mockRestore();
  });
});

describe('afterAppSettled', () => {
  it('waits for the first screen, then for the later preloads to answer, before loading the heavy library', async () => {
    const { afterAppSettled, watchFirstScreen, APP_SETTLED_QUIET_MS } = await load();
    const { client, setFetching } = fakeClient();
    const task = vi.fn();
    afterAppSettled(client, task);
    watchFirstScreen(client);
    await vi.advanceTimersByTimeAsync(400);
    // The idle-time preloads start once the first screen has settled.
    setFetching(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).not.toHaveBeenCalled();
    setFetching(0);
    await vi.advanceTimersByTimeAsync(APP_SETTLED_QUIET_MS + 100);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('oneTaskEach', () => {
  it('runs the jobs in order, each in a task of its own, and goes on past a job that throws', async () => {
    const { oneTaskEach } = await load();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const done = oneTaskEach([
      () => {
        seen.push('first');
        // Work the browser queued meanwhile (a click, a frame) runs before the next job.
        setTimeout(() => seen.push('queued by the first'), 0);
      },
      () => {
        throw new Error('prefetch failed');
      },
      () => seen.push('third'),
    ]);
    expect(seen).toEqual(['first']);
    await vi.runAllTimersAsync();
    await done;
    expect(seen).toEqual(['first', 'queued by the first', 'third']);
    expect(error).toHaveBeenCalledWith('[platform] deferred task failed', expect.any(Error));
  });
});
