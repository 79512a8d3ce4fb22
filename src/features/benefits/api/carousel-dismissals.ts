/**
 * Rewards carousel dismissals (spec §4 "Carousel card removal: removed locally first, then a delete call is made";
 * §7 `DELETE /carousel/{id}`; §8 "Carousel delete error: Logged only"). `GET /carousel/dismissed` (our addition)
 * gives the ids the member dismissed on any device, so a removed card stays removed.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import type { CarouselDismissal } from '../../../contracts/carousel';
import { getSessionToken } from '../../../lib/session/token-store';

/** Fetches the member's dismissed cards (newest first); [] for a visitor. Throws API/network errors. */
async function getCarouselDismissals(signal?: AbortSignal): Promise<CarouselDismissal[]> {
  if (!getSessionToken()) return [];
  return requestData('/carousel/dismissed', { signal });
}

/** Query options: key `['carousel', 'dismissed']`. */
function getCarouselDismissalsQueryOptions() {
  return queryOptions({ queryKey: ['carousel', 'dismissed'] as const, queryFn: ({ signal }) => getCarouselDismissals(signal) });
}

/** Dismisses one card on the server. Returns the dismissal. Throws ApiError, NetworkError. */
async function dismissCarouselCard(cardId: string): Promise<CarouselDismissal> {
  return requestData(`/carousel/${encodeURIComponent(cardId)}`, { method: 'DELETE', idempotencyKey: createIdempotencyKey() });
}

/**
 * The dismissed card ids and `dismiss(cardId)`: the card leaves the cached list at once (locally first), then the
 * delete call is made; a failure is only logged and the card stays hidden for this session.
 */
export function useCarouselDismissals() {
  const queryClient = useQueryClient();
  const key = getCarouselDismissalsQueryOptions().queryKey;
  const query = useQuery(getCarouselDismissalsQueryOptions());
  const mutation = useMutation({
    mutationKey: ['carousel-dismiss'],
    mutationFn: dismissCarouselCard,
    onMutate: async (cardId) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (list = []) =>
        list.some((d) => d.cardId === cardId) ? list : [{ cardId, dismissedAt: new Date().toISOString() }, ...list],
      );
    },
    onError: (error, cardId) => console.error(`[carousel] could not dismiss card "${cardId}"`, error),
  });
  const dismissedIds = new Set((query.data ?? []).map((d) => d.cardId));
  return { dismissedIds, dismiss: (cardId: string) => mutation.mutate(cardId) };
}
