/**
 * The offline queue's actions, composed in the app layer (shared code such as src/offline never
 * imports features). The boot passes `registerOfflineMutationDefaults` to `createAppQueryClient`, which registers
 * them before the persisted cache is restored (ARCHITECTURE §6; TanStack Query's offline example: "we need a
 * default mutation function so that paused mutations can resume after a page reload").
 *
 * Each offline-capable feature declares its action with `defineQueuedAction` (src/offline/define-queued-action.ts) and its
 * `register` is called here: check-in, story chapter view, video view, article read, venue check-in and poll or
 * keyword answer.
 */
import type { QueryClient } from '@tanstack/react-query';
import { articleReadAction } from '../features/articles/api/record-article-read';
import { challengeAnswerAction } from '../features/challenges/api/submit-challenge-answer';
import { checkinAction } from '../features/checkin/api/create-checkin';
import { chapterViewAction } from '../features/stories/api/record-chapter-view';
import { venueCheckinAction } from '../features/venue/api/check-in-at-venue';
import { videoViewAction } from '../features/videos/api/record-video-view';

/**
 * Registers the mutation defaults of every offline-capable action on `queryClient`.
 * Takes the client; returns nothing. Idempotent (setMutationDefaults replaces by key).
 */
export function registerOfflineMutationDefaults(queryClient: QueryClient): void {
  const actions = [checkinAction, chapterViewAction, videoViewAction, articleReadAction, venueCheckinAction, challengeAnswerAction];
  for (const action of actions) action.register(queryClient);
}
