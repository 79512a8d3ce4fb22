/**
 * Venue check-in routes (members; rules in `server/domain/venue-checkin.ts`, decision 0059), mounted at
 * `/api/venue` behind authentication and Idempotency-Key:
 * - `POST /checkins {code, eventId?, scannedAt?}` -> 201 the attendance when the member is checked in now, 200
 *   `created: false` when they already were; 422 VenueScanTime / VenueClosed / VenueCodeInvalid, 404 NotFound.
 * - `GET /checkins` -> the venues the member was at ("I was there").
 */
import { Hono } from 'hono';
import { VenueAttendanceListResponseSchema, VenueCheckinCreateSchema, VenueCheckinResultResponseSchema } from '../../../src/contracts/venue';
import { checkInAtVenue, venuesAttended } from '../../domain/venue-checkin';
import { readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps, AppEnv } from '../../lib/types';
import { requireUser } from '../../middlewares/authenticate';
import { languageOf } from '../content/localize';

/** Builds the venue check-in route group for one app. */
export function venueRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/checkins', documented({
      summary: 'The venues the member checked in at, most recent first',
      tags: ['venue'],
      response: VenueAttendanceListResponseSchema,
    }), async (c) => {
      const { user } = requireUser(c.get('principal'));
      return sendData(c, await venuesAttended(deps.db, user.id, languageOf(c)));
    })
    .post('/checkins', documented({
      summary: "Checks the member in at a venue event with the event's current code, once",
      description:
        '`eventId` comes with a scanned QR code; a typed code is looked up among the events open at `scannedAt`. ' +
        '`scannedAt` is set by the offline queue: the time of the scan, honoured when at most 24 h old.',
      tags: ['venue'],
      body: VenueCheckinCreateSchema,
      response: VenueCheckinResultResponseSchema,
      status: { 201: 'Checked in now.', 200: 'Already checked in at this event (`created: false`); nothing changed.' },
      errors: {
        404: 'NotFound: the organization publishes no venue event with this eventId.',
        422:
          'VenueScanTime: scannedAt is older than 24 h or in the future; VenueClosed: no event open at scannedAt; ' +
          "VenueCodeInvalid: not the event's code at scannedAt (forged, expired, another event's); ValidationFailed.",
      },
    }), async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const body = await readJson(c, VenueCheckinCreateSchema);
      const result = await checkInAtVenue(
        deps.db,
        { organizationId: organization.id, userId: user.id, now: deps.clock(), language: languageOf(c) },
        body,
      );
      return sendData(c, result, result.created ? 201 : 200);
    });
}
