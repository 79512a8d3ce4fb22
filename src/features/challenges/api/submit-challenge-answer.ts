/**
 * `POST /challenge/{id}` (spec §7): answer a challenge.
 * Bodies: poll / pick'em / arcade `{pool: {responseIndex}}`, input (keyword) `{Input: {response}}`,
 * trivia `{trivia: {responseIndex, questionId}}` (answer `data.trivia`, merged with the spec §4 rule).
 *
 * Errors (spec §8): 422 -> `ChallengeSubmissionError`; a quiz submit for a challenge that does not exist ->
 * 'Challenge not found' (`ChallengeNotFoundError`, also for a 404). Shown as destructive toasts.
 *
 * Answers need the server's verdict (correct or not, points), so they are not queued offline: the mutation runs
 * with `networkMode: 'always'` and fails with a `NetworkError` when there is no connection. The Idempotency-Key is
 * in the variables, so the shared retry policy (`replayableMutationRetry`: once, on a network failure or a
 * retryable status, after `Retry-After` plus jitter) resends the same key and the answer counts once.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest, type Envelope } from '../../../api/client';
import { replayableMutationRetry } from '../../../api/retry-policy';
import { notify } from '../../../platform/toasts';
import { ChallengeSubmissionError, NetworkError, NotFoundError } from '../../../api/errors';
import type { Challenge, ChallengeSubmission, ChallengeSubmissionResult } from '../../../contracts/challenge';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { mergeTriviaResponse } from '../../../rules/trivia-merge';
import { getChallengeQueryOptions } from './get-challenge';
import { getChallengesQueryOptions } from './get-challenges';


/** Spec §5/§8: "Quiz submit requires the challenge to exist, otherwise 'Challenge not found'". */
class ChallengeNotFoundError extends Error {
  constructor(readonly challengeId: string) {
    super('Challenge not found');
    this.name = 'ChallengeNotFoundError';
  }
}

/** Variables of one answer: the challenge, the body, and the Idempotency-Key created when the fan tapped. */
interface SubmitChallengeAnswerInput {
  challengeId: string;
  submission: ChallengeSubmission;
  idempotencyKey: string;
}

/**
 * Posts one answer (the body is typed by `ChallengeSubmission`; the server validates it with the schema).
 * @returns `data`: the updated challenge, points awarded, correctness, and `trivia` for quizzes
 * @throws ChallengeSubmissionError (422), ChallengeNotFoundError (404), NetworkError, other ApiError
 */
async function submitChallengeAnswer({
  challengeId,
  submission,
  idempotencyKey,
}: SubmitChallengeAnswerInput): Promise<ChallengeSubmissionResult> {
  try {
    const { data } = await apiRequest<Envelope<ChallengeSubmissionResult>>(`/challenge/${encodeURIComponent(challengeId)}`, {
      method: 'POST',
      body: submission,
      idempotencyKey,
    });
    return data;
  } catch (error) {
    if (error instanceof NotFoundError) throw new ChallengeNotFoundError(challengeId);
    throw error;
  }
}

/** Finds a challenge in the query cache (its own entry, else the list); undefined when not cached. */
function findCachedChallenge(queryClient: QueryClient, challengeId: string): Challenge | undefined {
  return (
    queryClient.getQueryData(getChallengeQueryOptions(challengeId).queryKey) ??
    queryClient.getQueryData(getChallengesQueryOptions().queryKey)?.find((c) => c.challengeId === challengeId)
  );
}

/**
 * Writes an answer's result into the challenge caches (the challenge's own entry and the list).
 * Trivia: the cached challenge is merged with `result.trivia` by the spec §4 rule; others take `result.challenge`.
 * @returns the challenge as written
 */
function applySubmissionResult(
  queryClient: QueryClient,
  challengeId: string,
  result: ChallengeSubmissionResult,
  now: Date = new Date(),
): Challenge {
  const cached = findCachedChallenge(queryClient, challengeId);
  const next =
    result.trivia && cached ? mergeTriviaResponse(cached, result.trivia, now) : result.challenge;
  queryClient.setQueryData(getChallengeQueryOptions(challengeId).queryKey, next);
  queryClient.setQueryData(getChallengesQueryOptions().queryKey, (list) =>
    list?.map((c) => (c.challengeId === challengeId ? next : c)),
  );
  return next;
}

/** True for the refusal of a pick made after its pick'em locked (422 ChallengeSubmission, `details.reason` PickLocked). */
function isPickLockedRefusal(error: ChallengeSubmissionError): boolean {
  const details = error.details as { reason?: unknown } | undefined;
  return details?.reason === 'PickLocked';
}

/** i18n key (namespace `challenges`) of the message for a failed answer. */
function submissionErrorKey(error: unknown): string {
  if (error instanceof ChallengeNotFoundError) return 'errors.notFound';
  if (error instanceof ChallengeSubmissionError) return isPickLockedRefusal(error) ? 'errors.pickLocked' : 'errors.submission';
  if (error instanceof NetworkError) return 'errors.offline';
  return 'errors.generic';
}

/**
 * Mutation hook answering one challenge. `answer(submission)` creates the Idempotency-Key and submits.
 * On success: caches updated (see `applySubmissionResult`), then the current user (points, rank) and the
 * challenge list are invalidated. On error: a destructive toast with a translated message.
 */
export function useSubmitChallengeAnswer(challengeId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('challenges');
  const mutation = useMutation({
    mutationKey: ['challenges', challengeId, 'answer'],
    networkMode: 'always',
    ...replayableMutationRetry,
    mutationFn: async (input: SubmitChallengeAnswerInput) => {
      if ('trivia' in input.submission && !findCachedChallenge(queryClient, input.challengeId)) {
        throw new ChallengeNotFoundError(input.challengeId);
      }
      return submitChallengeAnswer(input);
    },
    onSuccess: (result) => {
      applySubmissionResult(queryClient, challengeId, result);
      // Not awaited: the answer's verdict shows at once; points and lists refresh behind it.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getChallengesQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => {
      if (error instanceof ChallengeSubmissionError && isPickLockedRefusal(error)) {
        // The cached challenge still looked open: refetch it so the card shows the lock (or the result).
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: getChallengeQueryOptions(challengeId).queryKey }),
          queryClient.invalidateQueries({ queryKey: getChallengesQueryOptions().queryKey }),
        ]);
        notify({ title: t('errors.pickLocked'), variant: 'destructive' });
        return;
      }
      notify({ title: t(submissionErrorKey(error)), description: t('errors.tryAgain'), variant: 'destructive' });
    },
  });
  return {
    ...mutation,
    /** Submits one answer with a fresh Idempotency-Key; `onSuccess` receives the server's result. */
    answer: (submission: ChallengeSubmission, onSuccess?: (result: ChallengeSubmissionResult) => void) =>
      mutation.mutate({ challengeId, submission, idempotencyKey: crypto.randomUUID() }, { onSuccess }),
  };
}
