/**
 * `POST /checkin` (spec §7; ARCHITECTURE §5-§6): the daily check-in, an offline-queue action.
 *
 * The variables `{idempotencyKey, occurredAt}` are captured when the fan taps; the mutation defaults registered
 * by `checkinAction.register` (at boot, before the persisted cache is restored) hold the mutationFn, so
 * a check-in made offline is persisted, survives a reload and replays on reconnect with its original key and
 * time. The UI updates at once (optimistic `['checkin']`: not eligible, streak + 1) and shows the points as
 * pending until the server confirms. A rejected replay rolls the optimistic state back; the offline queue's
 * mutation cache shows the toast.
 */
import { requestData } from '../../../api/data';
import type { CheckinResult, CheckinStatus } from '../../../contracts/checkin';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import type { QueuedActionVariables } from '../../../offline/queued-action';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { applyOptimisticCheckin } from '../checkin-streak';
import { getCheckinQueryOptions } from './get-checkin';

/** Mutation key of the check-in (offline queue). */
const CHECKIN_MUTATION_KEY = ['checkin'] as const;

/** Variables of one check-in: Idempotency-Key and tap time (ISO-8601), created once when the fan taps. */
type CreateCheckinVariables = QueuedActionVariables;

/** What `onMutate` remembers: the status before the tap (for rollback) and the points awaiting confirmation. */
interface CheckinMutationContext {
  previous: CheckinStatus | undefined;
  pendingPoints: number;
}

/**
 * Posts one check-in with the given Idempotency-Key and `occurredAt`.
 * @returns the server's result (status after the check-in, day credited, points awarded)
 * @throws ApiError (e.g. 422 CheckinTime when `occurredAt` is too old), NetworkError
 */
export async function createCheckin({ idempotencyKey, occurredAt }: CreateCheckinVariables): Promise<CheckinResult> {
  return requestData('/checkin', { method: 'POST', body: { occurredAt }, idempotencyKey });
}

/** The status part of a check-in result, as stored under `['checkin']`. */
function toStatus(result: CheckinResult): CheckinStatus {
  const { days, eligibleForCheckin, lastCheckinDay, nextRewardPoints, rewards } = result;
  return { days, eligibleForCheckin, lastCheckinDay, nextRewardPoints, rewards };
}

/**
 * The check-in as a queued action (`src/offline/define-queued-action.ts`): optimistic `['checkin']` (not eligible,
 * streak + 1, the day's points pending), rolled back when the server rejects it; the user and the status refetch
 * once it settles. `register` is called at boot by src/offline.
 */
export const checkinAction = defineQueuedAction<CheckinResult, Record<never, never>, CheckinMutationContext>({
  mutationKey: CHECKIN_MUTATION_KEY,
  mutationFn: createCheckin,
  optimistic: (queryClient) => {
    const checkinKey = getCheckinQueryOptions().queryKey;
    return {
      onMutate: async () => {
        await queryClient.cancelQueries({ queryKey: checkinKey });
        const previous = queryClient.getQueryData(checkinKey);
        if (previous) queryClient.setQueryData(checkinKey, applyOptimisticCheckin(previous));
        return { previous, pendingPoints: previous?.eligibleForCheckin ? previous.nextRewardPoints : 0 };
      },
      onSuccess: (result) => {
        queryClient.setQueryData(checkinKey, toStatus(result));
      },
      onError: (_error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(checkinKey, context.previous);
      },
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
          queryClient.invalidateQueries({ queryKey: checkinKey }),
        ]),
    };
  },
});

/** The check-in mutation; `run({})` captures a fresh Idempotency-Key and the tap time, then checks in. */
export const useCreateCheckin = checkinAction.useAction;

/** Check-ins not yet confirmed (pending or paused offline): points awaiting confirmation, or null. */
export const usePendingCheckins = () => checkinAction.usePending();
