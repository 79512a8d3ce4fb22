/**
 * Queued actions that outlive a sign-out (spec §4 Session with ARCHITECTURE §6: what a fan did offline is never
 * lost). Signing out clears the session and the persisted cache; the actions still waiting to sync are first parked
 * on the device under the member's id, and given back to the queue when the same member signs in again on it.
 * Another member signing in on the phone never sends them: they are keyed by member and only that member's
 * sign-in restores them. Parked actions older than the persisted cache's `maxAge` (7 days) are dropped unread.
 *
 * Exports `parkQueuedActions(queryClient, memberId)` and `restoreParkedActions(queryClient, memberId)`.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { PERSIST_MAX_AGE_MS } from './persist-constants';
import { isWaitingAction } from './waiting-actions';

/** What is kept per member: the dehydrated waiting actions and when they were parked (ms since the epoch). */
interface ParkedActions {
  parkedAt: number;
  state: DehydratedState;
}

let store: UseStore | null = null;
/** Its own IndexedDB database, so clearing the persisted cache at sign-out never touches it. */
const parkedStore = () => (store ??= createStore('podium-parked-actions', 'by-member'));

/** Members whose parked actions this page already looked for (a sign-out parks afresh and clears the mark). */
const looked = new Set<string>();

/**
 * Parks the client's waiting queued actions under `memberId` (added to any parked earlier). Takes the client and
 * the member's id; resolves to how many actions were parked (0 writes nothing). Rejects when IndexedDB fails.
 */
export async function parkQueuedActions(queryClient: QueryClient, memberId: string): Promise<number> {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isWaitingAction });
  looked.delete(memberId);
  if (state.mutations.length === 0) return 0;
  const earlier = await get<ParkedActions>(memberId, parkedStore());
  const mutations = [...(earlier?.state.mutations ?? []), ...state.mutations];
  await set(memberId, { parkedAt: Date.now(), state: { mutations, queries: [] } } satisfies ParkedActions, parkedStore());
  return state.mutations.length;
}

/**
 * Gives `memberId`'s parked actions back to the queue and forgets them on the device, then sends them (they pause
 * again while offline). Call it once the signed-in member is known. Takes the client and the member's id;
 * resolves to how many actions came back (0 when none, or when they were older than 7 days). Never rejects.
 */
export async function restoreParkedActions(queryClient: QueryClient, memberId: string): Promise<number> {
  // Called on every navigation: IndexedDB is read once per member and page, not at each screen change.
  if (typeof indexedDB === 'undefined' || looked.has(memberId)) return 0;
  looked.add(memberId);
  try {
    const parked = await get<ParkedActions>(memberId, parkedStore());
    if (!parked) return 0;
    await del(memberId, parkedStore());
    if (Date.now() - parked.parkedAt > PERSIST_MAX_AGE_MS) return 0;
    hydrate(queryClient, parked.state);
    void queryClient
      .resumePausedMutations()
      .then(() => queryClient.invalidateQueries())
      .catch(() => undefined);
    return parked.state.mutations.length;
  } catch (error) {
    console.warn('[offline] could not restore the actions parked at sign-out', error);
    return 0;
  }
}
