/**
 * The one retry policy (src/api/retry-policy.ts): which failures are retried, the full-jitter
 * backoff and `Retry-After`, and what it costs on the wire — requests counted by a real HTTP stand-in, time moved by
 * fake timers — for a query, a mutation that carries its Idempotency-Key, and the offline queue.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { apiRequest } from '../../src/api/client';
import { clearSessionToken, setSessionToken } from '../../src/api/credentials';
import { ApiError, NetworkError } from '../../src/api/errors';
import {
  BACKOFF_MAX_MS,
  backoffDelayMs,
  isRetryableFailure,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  replayableMutationRetry,
  RETRYABLE_STATUSES,
  retryDelayMs,
  shouldRetryRequest,
} from '../../src/api/retry-policy';
import { getChallengesQueryOptions } from '../../src/features/challenges/api/get-challenges';
import { registerOfflineMutationDefaults } from '../../src/app/offline-actions';
import { createAppQueryClient } from '../../src/offline/query-client';
import { newQueuedActionVariables, type QueuedActionVariables } from '../../src/offline/queued-action';
import { startApiStandIn, type ApiStandIn } from './api-stand-in';

describe('which failures are retried (spec §7)', () => {
  it('the retryable statuses are 408, 409, 425, 429, 500, 502, 503, 504', () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('a network failure and a retryable status are retryable; other answers are not', () => {
    expect(isRetryableFailure(new NetworkError())).toBe(true);
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of RETRYABLE_STATUSES) expect(isRetryableFailure(new ApiError(status, 'x', 'x'))).toBe(true);
    for (const status of [400, 401, 403, 404, 422, 501, 505]) expect(isRetryableFailure(new ApiError(status, 'x', 'x'))).toBe(false);
    expect(isRetryableFailure(new Error('a bug'))).toBe(false);
  });

  it('a payload method without an Idempotency-Key is never retried, whatever the failure', () => {
    expect(isRetryableFailure(new ApiError(503, 'x', 'x', undefined, { replayable: false }))).toBe(false);
    expect(isRetryableFailure(new NetworkError('no answer', { replayable: false }))).toBe(false);
  });

  it('reads and opted-in mutations are retried once (TanStack failure count 0 on the first failure)', () => {
    const busy = new ApiError(503, 'x', 'x');
    expect(shouldRetryRequest(0, busy)).toBe(true);
    expect(shouldRetryRequest(1, busy)).toBe(false);
    expect(shouldRetryRequest(0, new ApiError(404, 'NotFound', 'x'))).toBe(false);
  });
});

describe('delays', () => {
  it('Retry-After in seconds or as an HTTP date becomes ms; absent, unreadable or past dates do not delay', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('86400', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('backoff is full jitter: uniform in [0, min(30 s, 1 s × 2^n))', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelayMs(n, () => 0))).toEqual([0, 0, 0, 0]);
    expect([0, 1, 2, 3].map((n) => backoffDelayMs(n, () => 0.5))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelayMs(20, () => 0.999_999)).toBe(BACKOFF_MAX_MS - 1);
  });

  it('the delay is the Retry-After plus the jittered backoff', () => {
    const busy = new ApiError(503, 'x', 'x', undefined, { retryAfterMs: 5000 });
    expect(retryDelayMs(0, busy, () => 0)).toBe(5000);
    expect(retryDelayMs(0, busy, () => 0.5)).toBe(5500);
    expect(retryDelayMs(2, new NetworkError(), () => 0.5)).toBe(2000);
  });
});

describe('on the wire (real HTTP stand-in, fake timers)', () => {
  let api: ApiStandIn;
  beforeAll(async () => {
    api = await startApiStandIn();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.reset();
    onlineManager.setOnline(true);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    clearSessionToken();
  });

  /** Waits (on real time) until the stand-in has received `count` requests. */
  const received = (count: number) => vi.waitFor(() => expect(api.seen).toHaveLength(count), { timeout: 5000 });

  it('a GET query answered 503 with Retry-After: 5 costs exactly two requests, the second no sooner than 5 s', async () => {
    api.script('GET /challenge', ...Array.from({ length: 5 }, () => ({ status: 503, headers: { 'retry-after': '5' } })));
    const client = createAppQueryClient();
    const observer = new QueryObserver(client, getChallengesQueryOptions());
    const unsubscribe = observer.subscribe(() => undefined);

    await received(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(api.seen).toHaveLength(1); // Retry-After honoured: nothing before 5 s
    await vi.advanceTimersByTimeAsync(1_001); // 5 s + at most the first backoff window (1 s)
    await received(2);
    expect(api.seen[1].at - api.seen[0].at).toBeGreaterThanOrEqual(5_000);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'), { timeout: 10_000 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /challenge', 'GET /challenge']);
    unsubscribe();
    client.clear();
  });

  it('a mutation that carries its Idempotency-Key is retried once with the same key; one without a key is not', async () => {
    api.script('POST /sweepstake/s1/entry', { status: 503, headers: { 'retry-after': '1' } });
    const client = createAppQueryClient();
    const withKey = new MutationObserver(client, {
      ...replayableMutationRetry,
      mutationFn: (key: string) => apiRequest('/sweepstake/s1/entry', { method: 'POST', body: { count: 1 }, idempotencyKey: key }),
    });
    const done = withKey.mutate('key-1');
    await received(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(api.seen.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);

    api.reset();
    api.script('POST /session/otp', { status: 503 });
    const withoutKey = new MutationObserver(client, {
      ...replayableMutationRetry,
      mutationFn: () => apiRequest('/session/otp', { method: 'POST', body: {} }),
    });
    await expect(withoutKey.mutate()).rejects.toMatchObject({ status: 503, replayable: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.seen).toHaveLength(1);
    client.clear();
  });

  it('the offline queue replays a 503 with Retry-After: 5 no sooner than 5 s later, with the same key, once accepted', async () => {
    setSessionToken('session-1');
    api.script('POST /checkin', { status: 503, headers: { 'retry-after': '5' } });
    const client = createAppQueryClient(registerOfflineMutationDefaults);
    const variables = newQueuedActionVariables();
    const done = new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['checkin'] }).mutate(variables);

    await received(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(api.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_001);
    await received(2);
    await done;
    const posts = api.seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['idempotency-key'])).toEqual([variables.idempotencyKey, variables.idempotencyKey]);
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(5_000);
    client.clear();
  });
});
