/**
 * `POST /api/admin/challenges/{id}/result {correctIndex}` from the console: enters or corrects the
 * result of a live or ended pick'em / arcade challenge; answers what it did (members credited and reversed, points).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey, type Envelope } from '../../../api/client';
import { ChallengeResultResponseSchema, type ChallengeResult } from '../../../contracts/admin/challenge-result';
import { adminKeys } from './admin-api';

/**
 * Mutation entering the result of challenge `challengeId`; resolves with the entry's summary. Afterwards the
 * challenge lists and item (which carry `correctIndex` and `resultEnteredAt`) and the audit log are refetched.
 * Errors are the client's typed errors (`ApiError` with `code`: NotLive, ResultNotApplicable, ValidationFailed).
 */
export function useEnterChallengeResult(challengeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (correctIndex: number) =>
      (
        await apiRequest<Envelope<ChallengeResult>>(`/admin/challenges/${encodeURIComponent(challengeId)}/result`, {
          method: 'POST',
          body: { correctIndex },
          schema: ChallengeResultResponseSchema,
          idempotencyKey: createIdempotencyKey(),
        })
      ).data,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('challenges') });
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('audit-log') });
    },
  });
}
