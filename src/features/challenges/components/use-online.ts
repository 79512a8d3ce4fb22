/**
 * Whether the app is online, from TanStack Query's `onlineManager` (the same signal that pauses queries and
 * queued mutations).
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Returns true while online; re-renders on change. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}
