/**
 * `POST /content/articles/{id}/read` (spec §7, body `{checksum: ''}`): records that the member read an article to
 * its end (ARCHITECTURE §4: the article's points once). An offline-queue action (ARCHITECTURE §6): mutation key
 * `['article-read']`, defaults registered at boot by `registerArticleReadMutationDefaults`, variables
 * `{idempotencyKey, occurredAt, articleId}`. Optimistic: the article shows as read at once, points pending.
 */
import { useMutation, useMutationState, type Mutation, type QueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { ContentAwardResponseSchema, Article, ContentAwardResult } from '../../../contracts/content';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from '../../../offline/queued-action';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { markArticleRead, markArticleReadInList, pendingReadPoints } from '../article-read';
import { getArticleQueryOptions } from './get-article';
import { getArticlesQueryOptions } from './get-articles';

/** Mutation key of an article read (offline queue). */
export const ARTICLE_READ_MUTATION_KEY = ['article-read'] as const;

/** Variables of one read: the queued-action key and time, and the article. */
export interface RecordArticleReadVariables extends QueuedActionVariables {
  articleId: string;
}

/** What `onMutate` remembers for rollback, and the points awaiting confirmation. */
export interface ArticleReadContext {
  previousList: Article[] | undefined;
  previousArticle: Article | undefined;
  pendingPoints: number;
}

/**
 * Posts one article read. Returns the award.
 * @throws ApiError (404 unknown article, 401 signed out), NetworkError
 */
export async function recordArticleRead({ idempotencyKey, articleId }: RecordArticleReadVariables): Promise<ContentAwardResult> {
  const { data } = await apiRequest<ResponseOf<typeof ContentAwardResponseSchema>>(`/content/articles/${encodeURIComponent(articleId)}/read`, {
    method: 'POST',
    body: { checksum: '' },
    idempotencyKey,
  });
  return data;
}

/** Registers the `['article-read']` mutation defaults (at boot, by src/offline). Idempotent. */
export function registerArticleReadMutationDefaults(queryClient: QueryClient): void {
  const listKey = getArticlesQueryOptions().queryKey;
  const userKey = getCurrentUserQueryOptions().queryKey;
  queryClient.setMutationDefaults<ContentAwardResult, Error, RecordArticleReadVariables, ArticleReadContext>(ARTICLE_READ_MUTATION_KEY, {
    ...queuedMutationDefaults,
    mutationFn: recordArticleRead,
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
    onSuccess: (result) => {
      queryClient.setQueryData(userKey, (user) => (user ? { ...user, points: result.points } : user));
    },
    onError: (_error, { articleId }, context) => {
      if (context?.previousList) queryClient.setQueryData(listKey, context.previousList);
      if (context?.previousArticle) queryClient.setQueryData(getArticleQueryOptions(articleId).queryKey, context.previousArticle);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: userKey }), queryClient.invalidateQueries({ queryKey: listKey })]),
  });
}

/** The article read mutation; `recordRead(articleId)` captures a fresh key and time, then mutates. */
export function useRecordArticleRead() {
  const mutation = useMutation<ContentAwardResult, Error, RecordArticleReadVariables, ArticleReadContext>({
    mutationKey: ARTICLE_READ_MUTATION_KEY,
  });
  return { ...mutation, recordRead: (articleId: string) => mutation.mutate({ ...newQueuedActionVariables(), articleId }) };
}

/** A read of `articleId` not yet confirmed: points awaiting confirmation and whether it waits offline. */
export function usePendingArticleRead(articleId: string): { pendingPoints: number; isPaused: boolean } | null {
  const pending = useMutationState({
    filters: { mutationKey: ARTICLE_READ_MUTATION_KEY, status: 'pending' },
    select: (mutation) => {
      const m = mutation as Mutation<ContentAwardResult, Error, RecordArticleReadVariables, ArticleReadContext>;
      return { articleId: m.state.variables?.articleId, pendingPoints: m.state.context?.pendingPoints ?? 0, isPaused: m.state.isPaused };
    },
  });
  const mine = pending.filter((p) => p.articleId === articleId);
  if (mine.length === 0) return null;
  return { pendingPoints: mine.reduce((sum, p) => sum + p.pendingPoints, 0), isPaused: mine.some((p) => p.isPaused) };
}
