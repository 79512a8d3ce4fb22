/**
 * Venue check-in routes (members; rules in `server/areas/venue/venue.service.ts`, decisions 0059, 0068), mounted at
 * `/api/venue` behind authentication and Idempotency-Key:
 * - `POST /checkins {code, scannedAt?} | {eventId, token, scannedAt?}` -> 201 the attendance when the member is
 *   checked in now, 200 `created: false` when they already were; 422 VenueCodeInvalid / VenueCodeExpired /
 *   VenueScanTime / VenueClosed / VenueScanLate, 404 NotFound, 429 TooManyRequests after too many wrong codes.
 * - `GET /checkins` -> the venues the member was at ("I was there").
 * - `GET /events/live` -> the venue events open now, with whether the member checked in.
 */
import {
  LiveVenueEventListResponseSchema,
  VenueAttendanceListResponseSchema,
  VenueCheckinCreateSchema,
  VenueCheckinResultResponseSchema,
} from '../../../src/contracts/venue';
import { checkInAtVenue, liveVenueEvents, venuesAttended } from './venue.service';
import { rewardPendingReferral } from '../../kernel/referral-reward';
import { clientIp } from '../../lib/client-ip';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';
import { languageOf } from '../../lib/localize';

/** `GET /venue/checkins`. */
const attendedRoute = declareRoute({
  method: 'get',
  path: '/checkins',
  summary: 'The venues the member checked in at, most recent first',
  tags: ['venue'],
  response: VenueAttendanceListResponseSchema,
});

/** `GET /venue/events/live`. */
const liveEventsRoute = declareRoute({
  method: 'get',
  path: '/events/live',
  summary: 'The venue events open now, earliest first, with whether the member checked in there',
  tags: ['venue'],
  response: LiveVenueEventListResponseSchema,
});

/** `POST /venue/checkins`. */
const checkinRoute = declareRoute({
  method: 'post',
  path: '/checkins',
  summary: "Checks the member in at a venue event with the event's current code, once",
  description:
    'A typed `code` is looked up among the events open now and must be the code of now (one 30 s step either ' +
    'side); its `scannedAt` only tells one typed long ago, which is refused. A scanned QR code gives `eventId` ' +
    'and `token`; its `scannedAt` (offline queue) may be earlier, within one step of the token, during the ' +
    "event's hours, and the scan must arrive within 30 minutes of the event's end. 10 wrong codes per member " +
    '(typed) or per member and event (QR) in 15 minutes, and VENUE_ADDRESS_FAILURES_PER_15_MIN wrong typed ' +
    'codes per client address, then 429 until the window ends.',
  tags: ['venue'],
  body: VenueCheckinCreateSchema,
  response: VenueCheckinResultResponseSchema,
  status: { 201: 'Checked in now.', 200: 'Already checked in at this event (`created: false`); nothing changed.' },
  errors: {
    404: 'NotFound: the organization publishes no venue event with this eventId.',
    422:
      "VenueCodeInvalid: not the code or token of that moment (forged, expired, another event's); VenueCodeExpired: " +
      'a typed code sent more than 2 minutes after it was typed; VenueScanTime: scannedAt older than 24 h or in the ' +
      "future; VenueClosed: no event open at the scan time; VenueScanLate: an offline scan sent after the event's " +
      'end plus 30 minutes; ValidationFailed.',
    429: 'TooManyRequests: too many wrong codes (Retry-After says when to try again).',
  },
});

/** Builds the venue check-in route group for one app. */
export function venueRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(attendedRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      return sendData(c, await venuesAttended(deps.db, user.id, languageOf(c)));
    })
    .openapi(liveEventsRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      return sendData(
        c,
        await liveVenueEvents(deps.db, { organizationId: organization.id, userId: user.id, language: languageOf(c) }, deps.clock()),
      );
    })
    .openapi(checkinRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const body = c.req.valid('json');
      const result = await checkInAtVenue(
        deps,
        { organizationId: organization.id, userId: user.id, clientIp: clientIp(c, deps.env.TRUST_PROXY), language: languageOf(c) },
        body,
      );
      // A claimed referral is rewarded after the newcomer's first check-in; the flag came with the session.
      if (user.referralPending) await rewardPendingReferral(deps, organization, user.id);
      return sendData(c, result, result.created ? 201 : 200);
    });
}
