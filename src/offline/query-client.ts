/**
 * The app's one TanStack Query client, tuned for offline-first use (ARCHITECTURE §6).
 *
 * Exports:
 * - `createAppQueryClient(registerMutationDefaults)`: the QueryClient the boot passes to
 *   `<PersistQueryClientProvider client>`, with the offline queue's mutation defaults registered by the given
 *   function (the app layer's `registerOfflineMutationDefaults`; they must exist *before* the persisted cache is
 *   restored, or restored paused mutations would have no `mutationFn`).
 * - `QUERY_STALE_TIME_MS`, `QUERY_GC_TIME_MS`: the defaults, for tests and docs.
 *
 * Defaults and why:
 * - queries `networkMode: 'offlineFirst'`: cached data renders at once; the fetch is tried once and then
 *   pauses while offline instead of failing the screen.
 * - `gcTime` 8 days > the persister's `maxAge` (7 days), so restored data is not collected before it expires.
 * - `staleTime` 60 s: a screen change does not refetch what was just fetched; refetch on reconnect/focus when stale.
 * - query `retry`/`retryDelay`: the app's one retry policy (`src/api/retry-policy.ts`): reads are retried once on
 *   a network failure or a retryable status, after the answer's `Retry-After` plus full-jitter backoff; the HTTP
 *   client itself never retries, so one failing read costs exactly two requests.
 * - mutations are not retried (TanStack's default), except those whose variables carry their Idempotency-Key
 *   (`replayableMutationRetry`) and the offline queue's (`queuedMutationDefaults`): only they resend the same key.
 * - mutations `networkMode: 'online'`: a mutation started offline pauses (and is persisted if it is an
 *   offline-queue action, see `queuedMutationDefaults`) instead of failing.
 * - every query's hash carries the language the fan chose (`contentQueryHash`): content comes in that language, so
 *   each language has its own cache entries (persisted too), and a switch never shows the other language's texts.
 * - `onlineManager` starts from `navigator.onLine` (TanStack assumes online until an event says otherwise).
 * - a queued action that the server rejects for a business reason, or that runs out of attempts, is dropped
 *   with a destructive toast naming the action; the rest of the queue carries on.
 */
import { hashKey, MutationCache, onlineManager, QueryClient, type QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import { ChallengeSubmissionError, InsufficientPointsError, StoryChapterViewError } from '../api/errors';
import { retryDelayMs, shouldRetryRequest } from '../api/retry-policy';
import { currentLanguage } from '../platform/i18n';
import { notify } from '../platform/toasts';
import { classifyQueuedFailure, isQueuedMutationMeta } from './queued-action';
import { PERSIST_MAX_AGE_MS } from './persist-constants';

/** Queries are fresh for one minute. */
const QUERY_STALE_TIME_MS = 60_000;
/** Unused cache entries live one day longer than the persisted cache may be old. */
export const QUERY_GC_TIME_MS = PERSIST_MAX_AGE_MS + 24 * 60 * 60 * 1000;

/**
 * Shows the destructive toast for a queued action that will not be applied.
 * Takes the mutation key's first segment (e.g. 'checkin') and the failure kind; returns nothing.
 */
function announceDroppedAction(action: string, kind: ReturnType<typeof classifyQueuedFailure>, error: unknown): void {
  const label = i18next.t(`offline:actions.${action}`, { defaultValue: i18next.t('offline:actions.default') });
  const title =
    kind === 'rejected'
      ? i18next.t('offline:queue.rejectedTitle', { action: label })
      : i18next.t('offline:queue.gaveUpTitle', { action: label });
  const description =
    kind === 'rejected' && error instanceof Error && error.message ? error.message : i18next.t('offline:queue.gaveUpDescription');
  notify({ title, description, variant: 'destructive' });
}

/** Rejections whose spec §8 message the feature itself shows (its `onError`): no second, generic toast. */
function featureAnnouncesRejection(error: unknown): boolean {
  return error instanceof StoryChapterViewError || error instanceof ChallengeSubmissionError || error instanceof InsufficientPointsError;
}

/**
 * The hash of a query: its key under the active language, so `['challenges']` in French and in English are two
 * cache entries. Keys themselves stay language-free: invalidation by key reaches both.
 */
function contentQueryHash(queryKey: QueryKey): string {
  return hashKey([currentLanguage(), ...queryKey]);
}

/**
 * Creates the QueryClient with the offline defaults above and the offline queue's mutation defaults.
 * Takes the function that registers those defaults on a client (the app layer owns the list of queued actions;
 * none by default); returns a new QueryClient (one per app; tests may create more).
 */
export function createAppQueryClient(registerMutationDefaults: (queryClient: QueryClient) => void = () => {}): QueryClient {
  const queryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isQueuedMutationMeta(mutation.meta) || featureAnnouncesRejection(error)) return;
        const action = String(mutation.options.mutationKey?.[0] ?? 'default');
        announceDroppedAction(action, classifyQueuedFailure(error), error);
      },
    }),
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        queryKeyHashFn: contentQueryHash,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryRequest,
        retryDelay: retryDelayMs,
      },
      mutations: {
        networkMode: 'online',
      },
    },
  });
  registerMutationDefaults(queryClient);
  // TanStack assumes "online" until an event says otherwise; a cold start without signal must begin offline so
  // restored queued actions stay paused and queries render the cache instead of spending their retries.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return queryClient;
}
