/**
 * `POST /content/articles/{id}/read` (spec §7, body `{checksum: ''}`): records that the member read an article to
 * its end (ARCHITECTURE §4: the article's points once). An offline-queue action (ARCHITECTURE §6): mutation key
 * `['article-read']`, defaults registered at boot by `articleReadAction.register`, variables
 * `{idempotencyKey, occurredAt, articleId}`. Optimistic: the article shows as read at once, points pending.
 */
import { postContentAward } from '../../../api/data';
import type { Article, ContentAwardResult } from '../../../contracts/content';
import { awardCallbacks } from '../../../offline/award-callbacks';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import { markArticleRead, markArticleReadInList, pendingReadPoints } from '../article-read';
import { getArticleQueryOptions } from './get-article';
import { getArticlesQueryOptions } from './get-articles';

/** What `onMutate` remembers for rollback, and the points awaiting confirmation. */
interface ArticleReadContext {
  previousList: Article[] | undefined;
  previousArticle: Article | undefined;
  pendingPoints: number;
}

/**
 * The article read as a queued action (`src/offline/define-queued-action.ts`): the article shows as read at once
 * (list and page), its points pending; rolled back when rejected. `register` runs at boot.
 * Each run: posts one article read. Returns the award.
 * @throws ApiError (404 unknown article, 401 signed out), NetworkError
 */
export const articleReadAction = defineQueuedAction<ContentAwardResult, { articleId: string }, ArticleReadContext>({
  mutationKey: ['article-read'],
  mutationFn: ({ idempotencyKey, articleId }) =>
    postContentAward(`/content/articles/${encodeURIComponent(articleId)}/read`, idempotencyKey),
  optimistic: (queryClient) => {
    const listKey = getArticlesQueryOptions().queryKey;
    return {
      onMutate: async ({ articleId }) => {
        const oneKey = getArticleQueryOptions(articleId).queryKey;
        await Promise.all([queryClient.cancelQueries({ queryKey: listKey, exact: true }), queryClient.cancelQueries({ queryKey: oneKey })]);
        const previousList = queryClient.getQueryData(listKey);
        const previousArticle = queryClient.getQueryData(oneKey);
        if (previousList) queryClient.setQueryData(listKey, markArticleReadInList(previousList, articleId));
        if (previousArticle) queryClient.setQueryData(oneKey, markArticleRead(previousArticle));
        const before = previousArticle ?? previousList?.find((a) => a.id === articleId);
        return { previousList, previousArticle, pendingPoints: pendingReadPoints(before) };
      },
      onError: (_error, { articleId }, context) => {
        if (context?.previousList) queryClient.setQueryData(listKey, context.previousList);
        if (context?.previousArticle) queryClient.setQueryData(getArticleQueryOptions(articleId).queryKey, context.previousArticle);
      },
      ...awardCallbacks(queryClient, { userKey: getCurrentUserQueryOptions().queryKey, listKey }),
    };
  },
});

/** The article read mutation; `run({articleId})` captures a fresh key and time, then mutates. */
export const useRecordArticleRead = articleReadAction.useAction;

/** Reads of `articleId` not yet confirmed (pending or paused offline), or null. */
export const usePendingArticleRead = (articleId: string) => articleReadAction.usePending((v) => v.articleId === articleId);
