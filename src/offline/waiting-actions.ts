/**
 * The actions still waiting to sync (ARCHITECTURE §6): queued actions paused offline or not yet confirmed by the
 * server, counted and, on request, sent now. Sign-out uses both (decision 0085): it says how many are waiting and
 * offers to sync them first; what cannot be sent stays parked for the same member (`parked-actions.ts`).
 *
 * Exports `isWaitingAction`, `countWaitingActions(queryClient)` and `syncWaitingActions(queryClient, timeoutMs?)`.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { isQueuedMutationMeta } from './queued-action';

/**
 * How long "Sync first" waits for the queue to empty, in ms. A queued action that hits a network failure while the
 * phone believes it is online retries with a growing delay for minutes; the fan signing out should not wait that
 * long to hear that the actions stay on the device.
 */
const SYNC_FIRST_TIMEOUT_MS = 15_000;

/** True for an action still waiting: pending and either paused (offline) or an offline-queue action in flight. */
export function isWaitingAction(mutation: { state: { status: string; isPaused: boolean }; meta?: Record<string, unknown> }): boolean {
  return mutation.state.status === 'pending' && (mutation.state.isPaused || isQueuedMutationMeta(mutation.meta));
}

/** How many actions of `queryClient` are still waiting to sync (0 when none). */
export function countWaitingActions(queryClient: QueryClient): number {
  return queryClient.getMutationCache().getAll().filter(isWaitingAction).length;
}

/**
 * Sends the waiting actions now and waits until none is left, the app goes offline, or `timeoutMs` passes. Offline,
 * it tries nothing (a paused action would only pause again). An action the server refuses for good leaves the queue
 * with its toast, as on any replay. Takes the client and the wait in ms; resolves to how many are
 * still waiting (0: all sent). Never rejects.
 */
export function syncWaitingActions(queryClient: QueryClient, timeoutMs = SYNC_FIRST_TIMEOUT_MS): Promise<number> {
  if (countWaitingActions(queryClient) === 0 || !onlineManager.isOnline()) return Promise.resolve(countWaitingActions(queryClient));
  void queryClient.resumePausedMutations().catch(() => undefined);
  return new Promise((resolve) => {
    let done = false;
    const unsubscribers: (() => void)[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const unsubscribe of unsubscribers) unsubscribe();
      resolve(countWaitingActions(queryClient));
    };
    const check = () => {
      if (countWaitingActions(queryClient) === 0 || !onlineManager.isOnline()) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    unsubscribers.push(queryClient.getMutationCache().subscribe(check), onlineManager.subscribe(check));
    check();
  });
}
