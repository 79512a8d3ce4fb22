/**
 * The offline queue's mutation defaults, registered on the QueryClient before the persisted cache is restored
 * (ARCHITECTURE §6; TanStack Query's offline example: "we need a default mutation function so that paused
 * mutations can resume after a page reload").
 *
 * Each offline-capable feature declares its action with `defineQueuedAction` (./define-queued-action.ts) and its
 * `register` is called here: check-in, story chapter view, video view and article read.
 */
import type { QueryClient } from '@tanstack/react-query';
import { articleReadAction } from '../features/articles/api/record-article-read';
import { checkinAction } from '../features/checkin/api/create-checkin';
import { chapterViewAction } from '../features/stories/api/record-chapter-view';
import { videoViewAction } from '../features/videos/api/record-video-view';

/**
 * Registers the mutation defaults of every offline-capable action on `queryClient`.
 * Takes the client; returns nothing. Idempotent (setMutationDefaults replaces by key).
 */
export function registerOfflineMutationDefaults(queryClient: QueryClient): void {
  for (const action of [checkinAction, chapterViewAction, videoViewAction, articleReadAction]) action.register(queryClient);
}

/**
 * Safety net for a boot that created its QueryClient without `createAppQueryClient()` or restored the cache
 * before registering defaults: registers the defaults and gives every restored mutation that has no
 * `mutationFn` the one registered for its key, so it can replay. Takes the client; returns nothing.
 */
export function registerMutationDefaultsIfMissing(queryClient: QueryClient): void {
  registerOfflineMutationDefaults(queryClient);
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (!mutation.options.mutationFn && mutation.options.mutationKey) {
      mutation.setOptions(queryClient.defaultMutationOptions(mutation.options));
    }
  }
}
