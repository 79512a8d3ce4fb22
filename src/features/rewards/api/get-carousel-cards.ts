/**
 * `GET /carousel`: the organization's live rewards-carousel cards (written by its operators), texts in the
 * request's language, in display order. Signed-in members call it with their session, visitors with the
 * organization key. Like the other fan lists it is a TanStack Query persisted to IndexedDB, so the carousel shows
 * offline; refetched at once on reconnect.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { CarouselCard } from '../../../contracts/carousel';

/** Query options: key `['carousel', 'cards']`, refetch on reconnect. */
export function getCarouselCardsQueryOptions() {
  return { ...dataQueryOptions<CarouselCard[]>(['carousel', 'cards'], '/carousel'), refetchOnReconnect: 'always' as const };
}

/** The carousel's cards with their query state. */
export function useCarouselCards() {
  return useQuery(getCarouselCardsQueryOptions());
}
