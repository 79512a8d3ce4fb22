/**
 * `POST /content/videos/{id}/view` (spec §7, body `{checksum: ''}`): records that the member watched a video
 * (ARCHITECTURE §4: the video's points once per member). An offline-queue action like the check-in
 * (ARCHITECTURE §6): mutation key `['video-view']`, defaults registered at boot by
 * `videoViewAction.register`, variables `{idempotencyKey, occurredAt, videoId}` captured when the
 * member finished watching, so a view made offline is persisted and replayed with its original key.
 * Optimistic: the video shows as watched at once and its points as pending until the server confirms.
 */
import { postContentAward } from '../../../api/data';
import type { ContentAwardResult, Video } from '../../../contracts/content';
import { awardCallbacks } from '../../../offline/award-callbacks';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import { markVideoViewed, pendingViewPoints } from '../video-view';
import { getVideosQueryOptions } from './get-videos';

/** What `onMutate` remembers: the list before (rollback) and the points awaiting confirmation. */
interface VideoViewContext {
  previous: Video[] | undefined;
  pendingPoints: number;
}

/**
 * The video view as a queued action (`src/offline/define-queued-action.ts`): the video shows as watched at once,
 * its points pending; rolled back when rejected; the balance comes from the answer. `register` runs at boot.
 * Each run: posts one video view. Returns the award (points, `created: false` on a replay).
 * @throws ApiError (404 unknown video, 401 signed out), NetworkError
 */
export const videoViewAction = defineQueuedAction<ContentAwardResult, { videoId: string }, VideoViewContext>({
  mutationKey: ['video-view'],
  mutationFn: ({ idempotencyKey, videoId }) => postContentAward(`/content/videos/${encodeURIComponent(videoId)}/view`, idempotencyKey),
  optimistic: (queryClient) => {
    const listKey = getVideosQueryOptions().queryKey;
    return {
      onMutate: async ({ videoId }) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData(listKey);
        if (previous) queryClient.setQueryData(listKey, markVideoViewed(previous, videoId));
        return { previous, pendingPoints: pendingViewPoints(previous?.find((v) => v.id === videoId)) };
      },
      onError: (_error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      },
      ...awardCallbacks(queryClient, { userKey: getCurrentUserQueryOptions().queryKey, listKey }),
    };
  },
});

/** The video view mutation; `run({videoId})` captures a fresh key and time, then mutates. */
export const useRecordVideoView = videoViewAction.useAction;

/** Views of `videoId` not yet confirmed (pending or paused offline), or null. */
export const usePendingVideoView = (videoId: string) => videoViewAction.usePending((v) => v.videoId === videoId);
