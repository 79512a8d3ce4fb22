/**
 * `POST /venue/checkins` (decisions 0059, 0068): checking in at a venue with its QR code or its typed code, an
 * offline-queue action. The variables `{idempotencyKey, occurredAt}` are captured when the fan scans or types the
 * code; `occurredAt` is sent as `scannedAt`, so a QR scan made with no signal is judged at the time it was made when
 * it replays (after a reload too: the mutation defaults are registered at boot). A typed code is judged at the
 * server's time: one that waited offline is refused (422 VenueCodeExpired). The points are not shown as pending (the event is known only
 * to the server until it answers); the user and the venues attended refetch once it settles.
 */
import { requestData } from '../../../api/data';
import type { VenueCheckinResult } from '../../../contracts/venue';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { defineQueuedAction } from '../../../offline/define-queued-action';
import type { QueuedActionVariables } from '../../../offline/queued-action';
import { getVenuesAttendedQueryOptions } from './get-venues-attended';

/** What the fan gives: the typed code, or the event and token of a scanned QR code. */
type VenueScanInput = { code: string } | { eventId: string; token: string };

/**
 * Posts one scan with its Idempotency-Key and scan time.
 * @returns the attendance (`created: false` when the member had already checked in there)
 * @throws ApiError (422 VenueCodeInvalid / VenueCodeExpired / VenueClosed / VenueScanTime / VenueScanLate, 404,
 *   429), NetworkError
 */
async function checkInAtVenue({
  idempotencyKey,
  occurredAt,
  ...scan
}: QueuedActionVariables & VenueScanInput): Promise<VenueCheckinResult> {
  const body = 'code' in scan ? { code: scan.code } : { eventId: scan.eventId, token: scan.token };
  return requestData('/venue/checkins', { method: 'POST', body: { ...body, scannedAt: occurredAt }, idempotencyKey });
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
