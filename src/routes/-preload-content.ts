/**
 * Content preloads of the main guard (spec §2), in their own chunk so the first screen does not load the
 * content features. Each prefetch fills the persisted cache, so the
 * media, stories, sweepstakes, benefits, cars and rewards pages (with "My rewards") and the rewards carousel open offline too (ARCHITECTURE §6).
 * For a member, then what the stands need (`-preload-stands.ts`).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getActivationsQueryOptions } from '../features/activations/api/get-activations';
import { getArticlesQueryOptions } from '../features/articles/api/get-articles';
import { getBenefitsQueryOptions } from '../features/benefits/api/get-benefits';
import { getCarsPageQueryOptions } from '../features/cars/api/get-cars-page';
import { getCarouselCardsQueryOptions } from '../features/rewards/api/get-carousel-cards';
import { getRedemptionsQueryOptions } from '../features/reward-catalogue/api/get-redemptions';
import { getRewardsQueryOptions } from '../features/reward-catalogue/api/get-rewards';
import { getPlaylistsQueryOptions } from '../features/videos/api/get-playlists';
import { getStoriesQueryOptions } from '../features/stories/api/get-stories';
import { getSweepstakesQueryOptions } from '../features/sweepstakes/api/get-sweepstakes';
import { getVideosQueryOptions } from '../features/videos/api/get-videos';
import { oneTaskEach } from '../platform/after-first-render';
import { preloadForTheStands } from './-preload-stands';

/**
 * Signed-in member: sweepstakes, stories, videos, playlists, articles, activations, the rewards carousel, benefits,
 * the cars page, the rewards catalogue and the member's redemptions; then the preload for the stands (once per page).
 * Each prefetch starts in a task of its own (`oneTaskEach`). Resolves once all have started; never rejects.
 */
export function preloadContentForUser(queryClient: QueryClient): Promise<void> {
  return oneTaskEach([
    () => queryClient.prefetchQuery(getSweepstakesQueryOptions()),
    () => queryClient.prefetchQuery(getStoriesQueryOptions()),
    () => queryClient.prefetchQuery(getVideosQueryOptions()),
    () => queryClient.prefetchQuery(getPlaylistsQueryOptions()),
    () => queryClient.prefetchQuery(getArticlesQueryOptions()),
    () => queryClient.prefetchQuery(getActivationsQueryOptions()),
    () => queryClient.prefetchQuery(getCarouselCardsQueryOptions()),
    () => queryClient.prefetchQuery(getBenefitsQueryOptions()),
    () => queryClient.prefetchQuery(getCarsPageQueryOptions()),
    () => queryClient.prefetchQuery(getRewardsQueryOptions()),
    () => queryClient.prefetchQuery(getRedemptionsQueryOptions()),
    () => preloadForTheStands(queryClient),
  ]);
}

/** Logged-off dashboard visitor: the public sweepstakes and the rewards carousel, read with the organization key. Never throws. */
export function preloadContentForVisitor(queryClient: QueryClient): Promise<void> {
  return oneTaskEach([
    () => queryClient.prefetchQuery(getSweepstakesQueryOptions()),
    () => queryClient.prefetchQuery(getCarouselCardsQueryOptions()),
  ]);
}
