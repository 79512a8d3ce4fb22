/**
 * React hooks over the offline state (ARCHITECTURE §6), for the indicator and for features that
 * disable online-only actions ("Answers need a connection").
 * - `useIsOnline()`: TanStack's `onlineManager` (browser events + the reachability probe of reachability.ts).
 * - `useLastUpdatedAt()`: newest `dataUpdatedAt` (ms since epoch) of any successful query, 0 when none.
 * - `useQueuedActionCount()`: offline-queue actions not yet confirmed by the server (paused or in flight).
 */
import { onlineManager, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isWaitingAction } from './waiting-actions';

/** True while the app considers itself online. Re-renders on change. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    useCallback((onChange: () => void) => onlineManager.subscribe(onChange), []),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Newest `dataUpdatedAt` in the query cache, in ms since the epoch (0 when nothing was ever fetched). */
export function useLastUpdatedAt(): number {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]),
    () => cache.getAll().reduce((newest, q) => (q.state.status === 'success' ? Math.max(newest, q.state.dataUpdatedAt) : newest), 0),
    () => 0,
  );
}

/** Number of offline-queue actions waiting to sync (paused, or pending in an offline-queue mutation). */
export function useQueuedActionCount(): number {
  return useMutationState({
    filters: { predicate: isWaitingAction },
    select: (m) => m.mutationId,
  }).length;
}
