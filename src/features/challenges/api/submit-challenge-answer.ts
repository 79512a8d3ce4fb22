/**
 * `POST /challenge/{id}` (spec §7): answer a challenge.
 * Bodies: poll / pick'em / arcade `{pool: {responseIndex}}`, input (keyword) `{Input: {response}}`,
 * trivia `{trivia: {responseIndex, questionId}}` (answer `data.trivia`, merged with the spec §4 rule).
 *
 * Errors (spec §8): 422 -> `ChallengeSubmissionError`; a quiz submit for a challenge that does not exist ->
 * 'Challenge not found' (`ChallengeNotFoundError`, also for a 404). Shown as destructive toasts.
 *
 * Two paths (`isQueueableAnswer`, `src/rules/answer-time.ts`):
 * - poll and keyword answers are an offline-queue action (`challengeAnswerAction`): the Idempotency-Key and the
 *   time answered (`occurredAt`, sent in the body) are captured at the tap; a run made offline is persisted,
 *   survives a reload and replays once on reconnect. The card shows it waiting with its points pending; a replay
 *   the server refuses (e.g. `AnswerTooLate`, more than 30 minutes after the close) is toasted and shown inline.
 * - pick'em, arcade and quiz answers, whose outcome can be known later, need the connection at the time they are
 *   sent: `useSubmitChallengeAnswer` runs with `networkMode: 'always'` and fails with a `NetworkError` offline. The
 *   Idempotency-Key is in the variables, so the shared retry policy (`replayableMutationRetry`: once, on a network
 *   failure or a retryable status, after `Retry-After` plus jitter) resends the same key and the answer counts once.
 */
import { onlineManager, useMutation, useMutationState, useQueryClient, type Mutation, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiRequest, type Envelope } from '../../../api/client';
import { replayableMutationRetry } from '../../../api/retry-policy';
import { notify } from '../../../platform/toasts';
import { ChallengeSubmissionError, NetworkError, NotFoundError } from '../../../api/errors';
import type { Challenge, ChallengeSubmission, ChallengeSubmissionResult } from '../../../contracts/challenge';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import type { QueuedActionVariables } from '../../../offline/queued-action';
import { ANSWER_GRACE_MS } from '../../../rules/answer-time';
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
  const next = result.trivia && cached ? mergeTriviaResponse(cached, result.trivia, now) : result.challenge;
  queryClient.setQueryData(getChallengeQueryOptions(challengeId).queryKey, next);
  queryClient.setQueryData(getChallengesQueryOptions().queryKey, (list) => list?.map((c) => (c.challengeId === challengeId ? next : c)));
  return next;
}

/** The `details.reason` of a 422 ChallengeSubmission (PickLocked, AnswerTooLate), or undefined. */
function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof ChallengeSubmissionError)) return undefined;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** True for the refusal of a pick made after its pick'em locked (422 ChallengeSubmission, `details.reason` PickLocked). */
function isPickLockedRefusal(error: ChallengeSubmissionError): boolean {
  return refusalReason(error) === 'PickLocked';
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

/** A poll or keyword answer as the queue sends it (the time answered is added from the queued variables). */
type QueueableSubmission = { pool: { responseIndex: number } } | { Input: { response: string } };

/** What the fan gives for a queued answer: the challenge, its title (for messages on replay) and the answer. */
interface QueuedAnswerInput {
  challengeId: string;
  title: string;
  submission: QueueableSubmission;
}

/** Variables of one queued answer: the input plus the Idempotency-Key and time answered captured at the tap. */
type QueuedAnswerVariables = QueuedActionVariables & QueuedAnswerInput;

/** What `onMutate` remembers: the points the answer would earn, and whether it was given without signal. */
interface QueuedAnswerContext {
  pendingPoints: number;
  queuedOffline: boolean;
}

/** Points a queued answer would earn: the option's (poll) or the challenge's for a right word (keyword). */
function expectedPoints(challenge: Challenge | undefined, submission: QueueableSubmission): number {
  if (!challenge) return 0;
  if ('pool' in submission) return challenge.challengeType.options.find((o) => o.index === submission.pool.responseIndex)?.points ?? 0;
  return challenge.points;
}

/** Refetches the challenge and the list, so the card shows what the server holds after a refused answer. */
function refreshChallenge(queryClient: QueryClient, challengeId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getChallengeQueryOptions(challengeId).queryKey }),
    queryClient.invalidateQueries({ queryKey: getChallengesQueryOptions().queryKey }),
  ]);
}

/**
 * A poll or keyword answer as a queued action (`src/offline/define-queued-action.ts`; registered at boot by the app
 * layer). Posts `{...submission, occurredAt}` with the Idempotency-Key. On success the challenge caches take the
 * server's answer and the member's points refresh; an answer given offline whose keyword was wrong says so in a
 * toast (the fan may have left the card). A refusal (`AnswerTooLate`, ended, already answered) is toasted with the
 * challenge's title and the challenge refetched; the card also shows it (`useRefusedAnswer`).
 */
export const challengeAnswerAction = defineQueuedAction<ChallengeSubmissionResult, QueuedAnswerInput, QueuedAnswerContext>({
  mutationKey: ['challenge-answer'],
  mutationFn: ({ challengeId, submission, idempotencyKey, occurredAt }) =>
    submitChallengeAnswer({ challengeId, submission: { ...submission, occurredAt }, idempotencyKey }),
  optimistic: (queryClient) => ({
    onMutate: ({ challengeId, submission }) => ({
      pendingPoints: expectedPoints(findCachedChallenge(queryClient, challengeId), submission),
      queuedOffline: !onlineManager.isOnline(),
    }),
    onSuccess: (result, { challengeId, title }, context) => {
      applySubmissionResult(queryClient, challengeId, result);
      if (context?.queuedOffline && result.correct === false) {
        notify({
          title: i18next.t('challenges:queued.keywordWrongTitle', { title }),
          description: i18next.t('challenges:queued.keywordWrongText'),
        });
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getChallengesQueryOptions().queryKey }),
      ]);
    },
    onError: (error, { challengeId, title }) => {
      if (!(error instanceof ChallengeSubmissionError)) return;
      const tooLate = refusalReason(error) === 'AnswerTooLate';
      notify({
        title: i18next.t(tooLate ? 'challenges:queued.tooLateTitle' : 'challenges:queued.refusedTitle', { title }),
        description: tooLate ? i18next.t('challenges:queued.tooLateText', { count: ANSWER_GRACE_MS / 60_000 }) : error.message,
        variant: 'destructive',
      });
      return refreshChallenge(queryClient, challengeId);
    },
  }),
});

/** The queued-answer mutation; `run({challengeId, title, submission}, options?)` captures key and time, then sends. */
export const useChallengeAnswerAction = challengeAnswerAction.useAction;

/** A queued answer to one challenge not yet confirmed: the answer as given, its points, whether it waits offline. */
interface PendingAnswer {
  submission: QueueableSubmission;
  pendingPoints: number;
  isPaused: boolean;
}

/** The latest unconfirmed queued answer to `challengeId` (pending, or paused offline), or null. */
export function usePendingAnswer(challengeId: string): PendingAnswer | null {
  const runs = useMutationState({
    filters: { mutationKey: challengeAnswerAction.mutationKey, status: 'pending' },
    select: (mutation) => {
      const m = mutation as Mutation<ChallengeSubmissionResult, Error, QueuedAnswerVariables, QueuedAnswerContext>;
      const variables = m.state.variables;
      if (variables?.challengeId !== challengeId) return null;
      return { submission: variables.submission, pendingPoints: m.state.context?.pendingPoints ?? 0, isPaused: m.state.isPaused };
    },
  });
  return runs.findLast((run) => run !== null) ?? null;
}

/** Why the last queued answer to `challengeId` was refused (`'AnswerTooLate'`, `'refused'`), or null. */
export function useRefusedAnswer(challengeId: string): 'AnswerTooLate' | 'refused' | null {
  const refusals = useMutationState({
    filters: { mutationKey: challengeAnswerAction.mutationKey, status: 'error' },
    select: (mutation) => {
      const m = mutation as Mutation<ChallengeSubmissionResult, Error, QueuedAnswerVariables, QueuedAnswerContext>;
      if (m.state.variables?.challengeId !== challengeId || !(m.state.error instanceof ChallengeSubmissionError)) return null;
      return refusalReason(m.state.error) === 'AnswerTooLate' ? ('AnswerTooLate' as const) : ('refused' as const);
    },
  });
  return refusals.findLast((r) => r !== null) ?? null;
}
