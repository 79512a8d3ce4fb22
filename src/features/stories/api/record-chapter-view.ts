/**
 * `POST /content/stories/{id}/chapter-view/{chapterId}` (spec §7): marks a chapter as watched (ARCHITECTURE §4: its
 * points once). An offline-queue action (ARCHITECTURE §6): mutation key `['story-chapter-view']`, defaults
 * registered at boot by `chapterViewAction.register`, variables `{idempotencyKey, occurredAt, storyId,
 * chapterId}`. Optimistic: the chapter (and the story, once every chapter is) shows as watched at once.
 * A 422 (`StoryChapterViewError`: chapter not in the story, story outside its window) rolls back and shows the
 * spec §8 message 'Error marking story chapter as watched' as a destructive toast (translated).
 */
import i18next from 'i18next';
import { postContentAward } from '../../../api/data';
import { StoryChapterViewError } from '../../../api/errors';
import type { ChapterViewResult, Story } from '../../../contracts/content';
import { awardCallbacks } from '../../../offline/award-callbacks';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import { notify } from '../../../platform/toasts';
import { markChapterViewed } from '../story-order';
import { getStoryQueryOptions } from './get-story';
import { getStoriesQueryOptions } from './get-stories';

/** What `onMutate` remembers for rollback, and the points awaiting confirmation. */
interface ChapterViewContext {
  previousList: Story[] | undefined;
  previousStory: Story | undefined;
  pendingPoints: number;
}

/** Shows the spec §8 chapter-view error as a destructive toast, in the member's language. */
async function announceChapterViewError(): Promise<void> {
  await i18next.loadNamespaces('stories').catch(() => undefined);
  notify({ title: i18next.t('stories:errors.chapterView'), variant: 'destructive' });
}

/**
 * The chapter view as a queued action (`src/offline/define-queued-action.ts`): the chapter (and the story, once
 * every chapter is) shows as watched at once; rolled back when rejected, with the spec §8 toast for a 422.
 * `register` runs at boot.
 * Each run: posts one chapter view. Returns the award (with `storyViewed` once every chapter was viewed).
 * @throws StoryChapterViewError (422), ApiError (404, 401), NetworkError
 */
export const chapterViewAction = defineQueuedAction<ChapterViewResult, { storyId: string; chapterId: string }, ChapterViewContext>({
  mutationKey: ['story-chapter-view'],
  mutationFn: ({ idempotencyKey, storyId, chapterId }) =>
    postContentAward(`/content/stories/${encodeURIComponent(storyId)}/chapter-view/${encodeURIComponent(chapterId)}`, idempotencyKey),
  optimistic: (queryClient) => {
    const listKey = getStoriesQueryOptions().queryKey;
    return {
      onMutate: async ({ storyId, chapterId }) => {
        const oneKey = getStoryQueryOptions(storyId).queryKey;
        await Promise.all([queryClient.cancelQueries({ queryKey: listKey, exact: true }), queryClient.cancelQueries({ queryKey: oneKey })]);
        const previousList = queryClient.getQueryData(listKey);
        const previousStory = queryClient.getQueryData(oneKey);
        const before = previousStory ?? previousList?.find((s) => s.id === storyId);
        const chapter = before?.chapters.find((c) => c.id === chapterId);
        if (previousList)
          queryClient.setQueryData(
            listKey,
            previousList.map((s) => (s.id === storyId ? markChapterViewed(s, chapterId) : s)),
          );
        if (previousStory) queryClient.setQueryData(oneKey, markChapterViewed(previousStory, chapterId));
        return { previousList, previousStory, pendingPoints: chapter && !chapter.viewed ? chapter.value : 0 };
      },
      onError: (error, { storyId }, context) => {
        if (context?.previousList) queryClient.setQueryData(listKey, context.previousList);
        if (context?.previousStory) queryClient.setQueryData(getStoryQueryOptions(storyId).queryKey, context.previousStory);
        if (error instanceof StoryChapterViewError) void announceChapterViewError();
      },
      ...awardCallbacks(queryClient, { userKey: getCurrentUserQueryOptions().queryKey, listKey }),
    };
  },
});

/** The chapter view mutation; `run({storyId, chapterId})` captures a fresh key and time, then mutates. */
export const useRecordChapterView = chapterViewAction.useAction;
