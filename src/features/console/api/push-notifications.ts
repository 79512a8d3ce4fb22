/**
 * The console's push notification calls: the list (`GET /api/admin/push-notifications`, its answer
 * checked with the contract), sending or scheduling one (`POST`), cancelling a scheduled one (`DELETE /{id}`), and
 * the organization's consents for the segment's choice, the audience a topic and segment reach now
 * (`GET /audience`, for the confirmation) and the club's content a notification can open. Not
 * persisted (`meta.persist: false`), like every console query.
 */
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey, type Envelope } from '../../../api/client';
import { contentScreenPath, SCREEN_CONTENT_KINDS, type ScreenContentKind } from '../../../contracts/app-screens';
import {
  PushAudienceResponseSchema,
  type PushAudience,
  type PushAudienceQuery,
  PushNotificationListResponseSchema,
  PushNotificationResponseSchema,
  type PushNotification,
  type PushNotificationInput,
} from '../../../contracts/admin/push';

const listKey = ['admin', 'push-notifications'] as const;

/** The newest notifications (first page of 25), refreshed every 5 s while one is being sent. */
export function usePushNotifications() {
  return useQuery(
    queryOptions({
      queryKey: listKey,
      queryFn: async ({ signal }) =>
        (await apiRequest('/admin/push-notifications', { schema: PushNotificationListResponseSchema, signal })).data,
      refetchInterval: (query) =>
        query.state.data?.some((n) => n.status === 'sending' || (n.status === 'scheduled' && Date.parse(n.sendAt) <= Date.now()))
          ? 2_000
          : false,
      meta: { persist: false },
    }),
  );
}

/** The organization's consents (key and name) a segment can require. */
export function useConsentChoices() {
  return useQuery({
    queryKey: ['admin', 'consents', 'choices'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Array<{ key: string; name: string }> }>('/admin/consents', { query: { pageSize: 100 }, signal })).data,
    meta: { persist: false },
  });
}

/** Sends (or schedules) a notification; the list is refetched after. */
export function useSendPushNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PushNotificationInput) =>
      (
        await apiRequest('/admin/push-notifications', {
          method: 'POST',
          body: input,
          idempotencyKey: createIdempotencyKey(),
          schema: PushNotificationResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** Cancels a scheduled notification; the list is refetched after. */
export function useCancelPushNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<Envelope<PushNotification>>(`/admin/push-notifications/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          idempotencyKey: createIdempotencyKey(),
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * Who a notification of this topic and segment would reach now (members, devices), read fresh each time.
 * @throws ApiError when the server refuses or cannot be reached
 */
export async function getPushAudience(query: PushAudienceQuery): Promise<PushAudience> {
  const params = Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return (await apiRequest('/admin/push-notifications/audience', { query: params, schema: PushAudienceResponseSchema })).data;
}

/** One content item a notification can open: its kind, title and the path of its page. */
type ScreenContent = { kind: ScreenContentKind; id: string; title: string; path: string };

/** The admin list of each kind, and the field holding an item's name. */
const CONTENT_LISTS: Record<ScreenContentKind, { path: string; titleField: string }> = {
  challenge: { path: 'challenges', titleField: 'title' },
  article: { path: 'articles', titleField: 'title' },
  video: { path: 'videos', titleField: 'name' },
  story: { path: 'stories', titleField: 'title' },
  sweepstake: { path: 'sweepstakes', titleField: 'title' },
};

/**
 * The club's newest 100 items of each kind members can open (drafts and archived items left out: a member would
 * find no page), by kind; `isPending` while any list loads.
 */
export function useScreenContent() {
  return useQueries({
    queries: SCREEN_CONTENT_KINDS.map((kind) => ({
      queryKey: ['admin', CONTENT_LISTS[kind].path, 'screen-choices'] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await apiRequest<{ data: Array<Record<string, unknown>> }>(`/admin/${CONTENT_LISTS[kind].path}`, {
          query: { pageSize: 100 },
          signal,
        });
        return answer.data
          .filter((item) => item.status !== 'draft' && item.status !== 'archived')
          .map((item): ScreenContent => {
            const id = String(item.id);
            return {
              kind,
              id,
              title: String(item[CONTENT_LISTS[kind].titleField] ?? id),
              path: contentScreenPath(kind, id, typeof item.subtype === 'string' ? item.subtype : undefined),
            };
          });
      },
      meta: { persist: false },
    })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      byKind: SCREEN_CONTENT_KINDS.map((kind, i) => ({ kind, items: results[i].data ?? [] })),
    }),
  });
}
