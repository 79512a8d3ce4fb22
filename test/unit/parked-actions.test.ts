/**
 * Queued actions at sign-out (src/offline/parked-actions.ts) against a real IndexedDB implementation and real
 * TanStack Query clients: what a member left waiting comes back to that member's next sign-in on the device,
 * once, and never to another member's.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { parkQueuedActions, restoreParkedActions } from '../../src/offline/parked-actions';
import { newQueuedActionVariables, type QueuedActionVariables } from '../../src/offline/queued-action';
import { ACTION_KEY, clientRecording } from './recording-client';

afterEach(() => onlineManager.setOnline(true));

describe('actions waiting at sign-out', () => {
  it("come back to the same member's next sign-in, once, and are sent with their key", async () => {
    onlineManager.setOnline(false);
    const before = clientRecording([]);
    const variables = newQueuedActionVariables();
    void new MutationObserver<unknown, Error, QueuedActionVariables>(before, { mutationKey: ACTION_KEY })
      .mutate(variables)
      .catch(() => undefined);
    await expect.poll(() => before.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);
    expect(await parkQueuedActions(before, 'member-a')).toBe(1);
    before.clear();

    // Another member signs in on the phone: nothing of member A's is sent.
    onlineManager.setOnline(true);
    const otherCalls: QueuedActionVariables[] = [];
    expect(await restoreParkedActions(clientRecording(otherCalls), 'member-b')).toBe(0);
    expect(otherCalls).toEqual([]);

    // Member A signs in again: the check-in goes out with its original Idempotency-Key, and only once.
    const calls: QueuedActionVariables[] = [];
    const after = clientRecording(calls);
    expect(await restoreParkedActions(after, 'member-a')).toBe(1);
    await expect.poll(() => calls).toEqual([variables]);
    expect(await restoreParkedActions(clientRecording(calls), 'member-a')).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('nothing waiting: nothing parked', async () => {
    expect(await parkQueuedActions(new QueryClient(), 'member-c')).toBe(0);
    expect(await restoreParkedActions(new QueryClient(), 'member-c')).toBe(0);
  });
});
