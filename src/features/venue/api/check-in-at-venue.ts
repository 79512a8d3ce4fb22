/**
 * `POST /venue/checkins` (decision 0059): checking in at a venue with its code, an offline-queue action. The
 * variables `{idempotencyKey, occurredAt}` are captured when the fan scans or types the code; `occurredAt` is sent
 * as `scannedAt`, so a scan made with no signal is judged at the time it was made when it replays (after a reload
 * too: the mutation defaults are registered at boot). The points are not shown as pending (the event is known only
 * to the server until it answers); the user and the venues attended refetch once it settles.
 */
import { requestData } from '../../../api/data';
import type { VenueCheckinResult } from '../../../contracts/venue';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import type { QueuedActionVariables } from '../../../offline/queued-action';
import { getVenuesAttendedQueryOptions } from './get-venues-attended';

/** What the fan gives: the code, and the event when a QR code named it. */
interface VenueScanInput {
  code: string;
  eventId?: string;
}

/**
 * Posts one scan with its Idempotency-Key and scan time.
 * @returns the attendance (`created: false` when the member had already checked in there)
 * @throws ApiError (422 VenueCodeInvalid / VenueClosed / VenueScanTime, 404), NetworkError
 */
async function checkInAtVenue({ idempotencyKey, occurredAt, code, eventId }: QueuedActionVariables & VenueScanInput): Promise<VenueCheckinResult> {
  return requestData('/venue/checkins', { method: 'POST', body: { code, ...(eventId ? { eventId } : {}), scannedAt: occurredAt }, idempotencyKey });
}

/** The venue check-in as a queued action; `register` is called at boot (src/app/offline-actions.ts). */
export const venueCheckinAction = defineQueuedAction<VenueCheckinResult, VenueScanInput, { pendingPoints: number }>({
  mutationKey: ['venue-checkin'],
  mutationFn: checkInAtVenue,
  optimistic: (queryClient) => ({
    onMutate: () => ({ pendingPoints: 0 }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getVenuesAttendedQueryOptions().queryKey }),
      ]),
  }),
});
