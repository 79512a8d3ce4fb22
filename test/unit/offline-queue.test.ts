// @vitest-environment jsdom
/**
 * The offline queue's retry/drop policy (src/offline/queued-action.ts) and its effect on a real QueryClient
 * from `createAppQueryClient(registerOfflineMutationDefaults)`: transient failures retry with bounded backoff, business rejections are dropped
 * with a destructive toast, and one rejected action does not block the rest of the queue.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { AppToaster } from '../../src/platform/toasts';
import i18next from 'i18next';
import { ApiError, ChallengeSubmissionError, NetworkError, NotFoundError, UnauthorizedError } from '../../src/api/errors';
import {
  classifyQueuedFailure,
  MAX_NETWORK_ATTEMPTS,
  MAX_TRANSIENT_ATTEMPTS,
  newQueuedActionVariables,
  queuedMutationDefaults,
  shouldRetryQueuedMutation,
  type QueuedActionVariables,
} from '../../src/offline/queued-action';
import { createAppQueryClient } from '../../src/offline/query-client';
import { registerOfflineMutationDefaults } from '../../src/app/offline-actions';
import en from '../../locales/en/offline.json';

describe('queued action variables', () => {
  it('carry a fresh UUID idempotency key and the ISO time of the tap', () => {
    const tap = new Date('2026-11-21T21:15:00.000Z');
    const a = newQueuedActionVariables(() => tap);
    const b = newQueuedActionVariables(() => tap);
    expect(a.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.occurredAt).toBe('2026-11-21T21:15:00.000Z');
  });
});

describe('retry policy of queued actions', () => {
  it.each([
    ['no answer (NetworkError)', new NetworkError()],
    ['fetch TypeError', new TypeError('Failed to fetch')],
  ])('keeps retrying after %s, up to the bound', (_name, error) => {
    // TanStack's failure count is 0 on the first failure: count n means n + 1 attempts were made.
    expect(classifyQueuedFailure(error)).toBe('network');
    expect(shouldRetryQueuedMutation(0, error)).toBe(true);
    expect(shouldRetryQueuedMutation(MAX_NETWORK_ATTEMPTS - 2, error)).toBe(true);
    expect(shouldRetryQueuedMutation(MAX_NETWORK_ATTEMPTS - 1, error)).toBe(false);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a %i answer, up to the bound', (status) => {
    const error = new ApiError(status, `Http${status}`, 'try later');
    expect(classifyQueuedFailure(error)).toBe('transient');
    expect(shouldRetryQueuedMutation(0, error)).toBe(true);
    expect(shouldRetryQueuedMutation(MAX_TRANSIENT_ATTEMPTS - 2, error)).toBe(true);
    expect(shouldRetryQueuedMutation(MAX_TRANSIENT_ATTEMPTS - 1, error)).toBe(false);
  });

  it.each([
    ['422 (e.g. CheckinTime, story ended)', new ApiError(422, 'CheckinTime', 'too old')],
    ['422 ChallengeSubmission', new ChallengeSubmissionError()],
    ['403 Underage', new ApiError(403, 'Underage', 'no')],
    ['404', new NotFoundError()],
    ['401', new UnauthorizedError()],
    ['400', new ApiError(400, 'ValidationFailed', 'bad')],
    ['501 (not in the spec §7 list)', new ApiError(501, 'Http501', 'not implemented')],
  ])('drops a business rejection: %s', (_name, error) => {
    expect(classifyQueuedFailure(error)).toBe('rejected');
    expect(shouldRetryQueuedMutation(0, error)).toBe(false);
  });

  it('does not retry an unknown failure (a bug would fail the same way again)', () => {
    expect(shouldRetryQueuedMutation(0, new Error('boom'))).toBe(false);
  });

  it('uses the shared retry delay, which honours Retry-After', () => {
    expect(queuedMutationDefaults.retryDelay(0, new ApiError(503, 'Http503', 'busy', undefined, { retryAfterMs: 5000 }), () => 0)).toBe(
      5000,
    );
  });
});

describe('the queue on a real QueryClient', () => {
  beforeEach(async () => {
    await i18next.init({ lng: 'en', resources: { en: { offline: en } }, interpolation: { escapeValue: false } });
    onlineManager.setOnline(true);
  });
  afterEach(() => onlineManager.setOnline(true));

  it('drops an action the server rejects with a destructive toast and still replays the next one', async () => {
    render(createElement(AppToaster));
    const client = createAppQueryClient(registerOfflineMutationDefaults);
    const calls: string[] = [];
    client.setMutationDefaults(['checkin'], {
      ...queuedMutationDefaults,
      mutationFn: async (v: QueuedActionVariables) => {
        calls.push(v.idempotencyKey);
        if (calls.length === 1) throw new ApiError(422, 'CheckinTime', 'This check-in is more than 24 hours old.');
        return { ok: true };
      },
    });
    onlineManager.setOnline(false);
    const first = newQueuedActionVariables();
    const second = newQueuedActionVariables();
    for (const v of [first, second])
      void new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['checkin'] })
        .mutate(v)
        .catch(() => undefined);
    await act(async () => {
      onlineManager.setOnline(true);
      await client.resumePausedMutations();
    });

    expect(calls).toEqual([first.idempotencyKey, second.idempotencyKey]); // the rejected one is not retried
    await waitFor(() =>
      expect(
        client
          .getMutationCache()
          .getAll()
          .map((m) => m.state.status),
      ).toEqual(['error', 'success']),
    );
    expect(await screen.findByText('Couldn’t save your check-in')).toBeTruthy();
    expect(screen.getByText('This check-in is more than 24 hours old.')).toBeTruthy();
  });

  it('retries a transient 503 with the same idempotency key until the server accepts', async () => {
    const client = createAppQueryClient(registerOfflineMutationDefaults);
    const keys: string[] = [];
    client.setMutationDefaults(['video-view'], {
      ...queuedMutationDefaults,
      retryDelay: 1,
      mutationFn: async (v: QueuedActionVariables) => {
        keys.push(v.idempotencyKey);
        if (keys.length < 3) throw new ApiError(503, 'Http503', 'busy');
        return { ok: true };
      },
    });
    const v = newQueuedActionVariables();
    await new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['video-view'] }).mutate(v);
    expect(keys).toEqual([v.idempotencyKey, v.idempotencyKey, v.idempotencyKey]);
  });
});
