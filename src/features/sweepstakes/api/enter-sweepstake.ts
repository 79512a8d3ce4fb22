/**
 * `POST /sweepstake/{id}/entry {count}` (spec §7): spends `count × entryCost` points on entries (ARCHITECTURE §4).
 * Online only (it spends points; the button is disabled offline), with a fresh Idempotency-Key per tap so a
 * retried request never buys twice: the key is in the variables, so the shared retry policy
 * (`replayableMutationRetry`: once, on a network failure or a retryable status, after `Retry-After` plus jitter)
 * resends the same key. Errors (spec §8): 422 `InsufficientPointsError` (details `{required,
 * balance}`), 422 NotLive / EntryLimitReached, 403 Underage. On success the sweepstake and the member's balance
 * are written to the cache, then the user and the list are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { replayableMutationRetry } from '../../../api/retry-policy';
import type { SweepstakeEntryResult } from '../../../contracts/sweepstake';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { getSweepstakeQueryOptions } from './get-sweepstake';
import { getSweepstakesQueryOptions } from './get-sweepstakes';

/** Variables of one entry request. */
interface EnterSweepstakeVariables {
  sweepstakeId: string;
  /** Entries to buy, 1..100. */
  count: number;
  /** Idempotency-Key of this tap. */
  idempotencyKey: string;
}

/**
 * Buys `count` entries. Returns the result (updated sweepstake, points spent, balance after).
 * @throws InsufficientPointsError, ApiError (403 Underage, 422 NotLive/EntryLimitReached, 404), NetworkError
 */
async function enterSweepstake({ sweepstakeId, count, idempotencyKey }: EnterSweepstakeVariables): Promise<SweepstakeEntryResult> {
  return requestData(`/sweepstake/${encodeURIComponent(sweepstakeId)}/entry`, { method: 'POST', body: { count }, idempotencyKey });
}

/** Reads `{required, balance}` from an InsufficientPoints error's details (either may be missing). */
export function insufficientPointsDetails(details: unknown): { required?: number; balance?: number } {
  if (!details || typeof details !== 'object') return {};
  const d = details as Record<string, unknown>;
  return {
    required: typeof d.required === 'number' ? d.required : undefined,
    balance: typeof d.balance === 'number' ? d.balance : undefined,
  };
}

/** The entry mutation; `enter(sweepstakeId, count)` creates the Idempotency-Key for this tap. */
export function useEnterSweepstake() {
  const queryClient = useQueryClient();
  const userKey = getCurrentUserQueryOptions().queryKey;
  const mutation = useMutation({
    mutationKey: ['sweepstake-entry'],
    mutationFn: enterSweepstake,
    networkMode: 'online',
    ...replayableMutationRetry,
    onSuccess: (result) => {
      queryClient.setQueryData(getSweepstakeQueryOptions(result.sweepstake.sweepstakeId).queryKey, result.sweepstake);
      queryClient.setQueryData(getSweepstakesQueryOptions().queryKey, (list) =>
        list?.map((s) => (s.sweepstakeId === result.sweepstake.sweepstakeId ? result.sweepstake : s)),
      );
      queryClient.setQueryData(userKey, (user) => (user ? { ...user, points: result.points } : user));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKey }),
        queryClient.invalidateQueries({ queryKey: getSweepstakesQueryOptions().queryKey }),
      ]),
  });
  return {
    ...mutation,
    enter: (sweepstakeId: string, count: number, callbacks?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate({ sweepstakeId, count, idempotencyKey: createIdempotencyKey() }, callbacks),
  };
}
