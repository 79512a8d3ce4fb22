/**
 * "Sync first" at sign-out (src/offline/waiting-actions.ts) with real TanStack Query clients: the waiting actions
 * are counted, sent when the app is online (then none is left), and left waiting, untried, when it is offline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { newQueuedActionVariables, type QueuedActionVariables } from '../../src/offline/queued-action';
import { countWaitingActions, syncWaitingActions } from '../../src/offline/waiting-actions';
import { ACTION_KEY, clientRecording } from './recording-client';

/** A client whose check-in action records each send, and one check-in made while offline (paused). */
async function clientWithPausedAction(calls: QueuedActionVariables[]): Promise<QueryClient> {
  const client = clientRecording(calls);
  onlineManager.setOnline(false);
  void new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ACTION_KEY })
    .mutate(newQueuedActionVariables())
    .catch(() => undefined);
  await expect.poll(() => client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);
  return client;
}

afterEach(() => onlineManager.setOnline(true));

describe('sync first', () => {
  it('offline: the action is counted, not tried, and still waits', async () => {
    const calls: QueuedActionVariables[] = [];
    const client = await clientWithPausedAction(calls);
    expect(countWaitingActions(client)).toBe(1);
    expect(await syncWaitingActions(client, 1_000)).toBe(1);
    expect(calls).toEqual([]);
    expect(countWaitingActions(client)).toBe(1);
  });

  it('online: the action is sent once and nothing waits any more', async () => {
    const calls: QueuedActionVariables[] = [];
    const client = await clientWithPausedAction(calls);
    // Back online without the event that would replay on its own: "Sync first" is what sends it.
    onlineManager.setOnline(true);
    expect(await syncWaitingActions(client, 5_000)).toBe(0);
    expect(calls).toHaveLength(1);
    expect(countWaitingActions(client)).toBe(0);
  });
});
