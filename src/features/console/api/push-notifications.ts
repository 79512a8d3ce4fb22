/**
 * The console's push notification calls (decision 0060): the list (`GET /api/admin/push-notifications`, its answer
 * checked with the contract), sending or scheduling one (`POST`), cancelling a scheduled one (`DELETE /{id}`), and
 * the organization's consents for the segment's choice. Not persisted (`meta.persist: false`), like every console query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey, type Envelope } from '../../../api/client';
import {
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
      queryFn: async ({ signal }) => (await apiRequest('/admin/push-notifications', { schema: PushNotificationListResponseSchema, signal })).data,
      refetchInterval: (query) => (query.state.data?.some((n) => n.status === 'sending' || (n.status === 'scheduled' && Date.parse(n.sendAt) <= Date.now())) ? 2_000 : false),
      meta: { persist: false },
    }),
  );
}

/** The organization's consents (key and name) a segment can require. */
export function useConsentChoices() {
  return useQuery({
    queryKey: ['admin', 'consents', 'choices'] as const,
    queryFn: async ({ signal }) => (await apiRequest<{ data: Array<{ key: string; name: string }> }>('/admin/consents', { query: { pageSize: 100 }, signal })).data,
    meta: { persist: false },
  });
}

/** Sends (or schedules) a notification; the list is refetched after. */
export function useSendPushNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PushNotificationInput) =>
      (await apiRequest('/admin/push-notifications', { method: 'POST', body: input, idempotencyKey: createIdempotencyKey(), schema: PushNotificationResponseSchema })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** Cancels a scheduled notification; the list is refetched after. */
export function useCancelPushNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<Envelope<PushNotification>>(`/admin/push-notifications/${encodeURIComponent(id)}`, { method: 'DELETE', idempotencyKey: createIdempotencyKey() })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
