/**
 * `POST /content/videos/{id}/view` (spec §7, body `{checksum: ''}`): records that the member watched a video
 * (ARCHITECTURE §4: the video's points once per member). An offline-queue action like the check-in
 * (ARCHITECTURE §6): mutation key `['video-view']`, defaults registered at boot by
 * `registerVideoViewMutationDefaults`, variables `{idempotencyKey, occurredAt, videoId}` captured when the
 * member finished watching, so a view made offline is persisted and replayed with its original key.
 * Optimistic: the video shows as watched at once and its points as pending until the server confirms.
 */
import { useMutation, useMutationState, type Mutation, type QueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { ContentAwardResponseSchema, ContentAwardResult, Video } from '../../../contracts/content';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from '../../../offline/queued-action';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { markVideoViewed, pendingViewPoints } from '../video-view';
import { getVideosQueryOptions } from './get-videos';

/** Mutation key of a video view (offline queue). */
export const VIDEO_VIEW_MUTATION_KEY = ['video-view'] as const;

/** Variables of one view: the queued-action key and time, and the video. */
export interface RecordVideoViewVariables extends QueuedActionVariables {
  videoId: string;
}

/** What `onMutate` remembers: the list before (rollback) and the points awaiting confirmation. */
export interface VideoViewContext {
  previous: Video[] | undefined;
  pendingPoints: number;
}

/**
 * Posts one video view. Returns the award (points, `created: false` on a replay).
 * @throws ApiError (404 unknown video, 401 signed out), NetworkError
 */
export async function recordVideoView({ idempotencyKey, videoId }: RecordVideoViewVariables): Promise<ContentAwardResult> {
  const { data } = await apiRequest<ResponseOf<typeof ContentAwardResponseSchema>>(`/content/videos/${encodeURIComponent(videoId)}/view`, {
    method: 'POST',
    body: { checksum: '' },
    idempotencyKey,
  });
  return data;
}

/**
 * Registers the `['video-view']` mutation defaults on `queryClient` (called once at boot by src/offline, before the
 * persisted cache is restored). Takes the client; returns nothing. Idempotent.
 */
export function registerVideoViewMutationDefaults(queryClient: QueryClient): void {
  const listKey = getVideosQueryOptions().queryKey;
  const userKey = getCurrentUserQueryOptions().queryKey;
  queryClient.setMutationDefaults<ContentAwardResult, Error, RecordVideoViewVariables, VideoViewContext>(VIDEO_VIEW_MUTATION_KEY, {
    ...queuedMutationDefaults,
    mutationFn: recordVideoView,
    onMutate: async ({ videoId }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      if (previous) queryClient.setQueryData(listKey, markVideoViewed(previous, videoId));
      return { previous, pendingPoints: pendingViewPoints(previous?.find((v) => v.id === videoId)) };
    },
    onSuccess: (result) => {
      queryClient.setQueryData(userKey, (user) => (user ? { ...user, points: result.points } : user));
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: userKey }), queryClient.invalidateQueries({ queryKey: listKey })]),
  });
}

/** The video view mutation; `recordView(videoId)` captures a fresh key and time, then mutates. */
export function useRecordVideoView() {
  const mutation = useMutation<ContentAwardResult, Error, RecordVideoViewVariables, VideoViewContext>({
    mutationKey: VIDEO_VIEW_MUTATION_KEY,
  });
  return { ...mutation, recordView: (videoId: string) => mutation.mutate({ ...newQueuedActionVariables(), videoId }) };
}

/** Views of `videoId` not yet confirmed (pending or paused offline): points awaiting confirmation and paused flag. */
export function usePendingVideoView(videoId: string): { pendingPoints: number; isPaused: boolean } | null {
  const pending = useMutationState({
    filters: { mutationKey: VIDEO_VIEW_MUTATION_KEY, status: 'pending' },
    select: (mutation) => {
      const m = mutation as Mutation<ContentAwardResult, Error, RecordVideoViewVariables, VideoViewContext>;
      return { videoId: m.state.variables?.videoId, pendingPoints: m.state.context?.pendingPoints ?? 0, isPaused: m.state.isPaused };
    },
  });
  const mine = pending.filter((p) => p.videoId === videoId);
  if (mine.length === 0) return null;
  return { pendingPoints: mine.reduce((sum, p) => sum + p.pendingPoints, 0), isPaused: mine.some((p) => p.isPaused) };
}
