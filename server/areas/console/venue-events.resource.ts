/**
 * `/api/admin/venue-events`: venue events (decisions 0059, 0068), served by the resource factory (list, read, create,
 * update, delete, each change audit-logged), plus `GET /{id}/code`, the code to show at the venue now. The event's
 * secret is made when the event is created and never leaves the server: no item, audit entry or content document
 * holds it (venue events are not in the content document: a copied secret would make two events share a code).
 * An event members checked in at is archived, never deleted.
 */
import { and, eq } from 'drizzle-orm';
import {
  AdminVenueEventSchema,
  VenueCodeResponseSchema,
  VenueEventInputSchema,
  VenueEventPatchSchema,
  type VenueEventInputData,
} from '../../../src/contracts/admin/venue-event';
import { PathIdSchema } from '../../../src/contracts/common';
import { VENUE_CODE_PERIOD_S } from '../../../src/rules/venue-checkin';
import { venueCheckins, venueEvents } from '../../db/schema';
import { newVenueSecret, venueCodeAt } from '../venue/venue.service';
import { notFound } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';
import { adminResourceRoutes, type AdminResource, itemFields } from './resource';
import { isUuid } from '../../lib/ids';

type VenueEventRow = typeof venueEvents.$inferSelect;

/** The venue event resource of the admin API. */
const venueEventResource: AdminResource<VenueEventRow, VenueEventInputData> = {
  name: 'venue-events',
  noun: 'Venue event',
  table: venueEvents,
  input: VenueEventInputSchema,
  patch: VenueEventPatchSchema as never,
  item: AdminVenueEventSchema,
  search: [venueEvents.name, venueEvents.venue],
  newest: venueEvents.startsAt,
  status: { archivedAt: venueEvents.archivedAt, draft: venueEvents.draft, start: venueEvents.startsAt, end: venueEvents.endsAt },
  toValues: (input, _ctx, existing) => ({
    name: input.name,
    venue: input.venue,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    value: input.value,
    draft: input.draft,
    translations: input.translations,
    // The secret is made once, with the event; an edit keeps it.
    ...(existing ? {} : { secret: newVenueSecret() }),
  }),
  toInput: (row) => ({
    name: row.name,
    venue: row.venue,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    value: row.value,
    draft: row.draft,
    translations: row.translations as VenueEventInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminVenueEventSchema.parse({ ...venueEventResource.toInput(row), ...itemFields(row, { start: row.startsAt, end: row.endsAt }, now) }),
  inUse: async (db, id) => {
    const [row] = await db.select({ id: venueCheckins.eventId }).from(venueCheckins).where(eq(venueCheckins.eventId, id)).limit(1);
    return row !== undefined;
  },
};

/** `GET /{id}/code`. */
const codeRoute = declareRoute({
  method: 'get',
  path: '/{id}/code',
  summary: "The venue event's code now (short code and QR token), for the screen at the venue",
  description:
    'The code and the token rotate every 30 s; the console asks again when `rotatesAt` passes, and shows `next` ' +
    'from then on. The QR code holds ' +
    '`<origin>/venue?event=<eventId>&token=<token>`.',
  tags: ['admin'],
  auth: 'operator',
  params: { id: PathIdSchema },
  response: VenueCodeResponseSchema,
  errors: { 404: 'NotFound: no venue event of the organization has this id.' },
});

/** Routes at `/api/admin/venue-events`: the factory's, and the current code of one event. */
export function venueEventAdminRoutes(deps: AppDeps) {
  const app = routeGroup().openapi(codeRoute, async (c) => {
    const { organization } = requireOperator(c.get('principal'));
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound('Venue event not found');
    const [event] = await deps.db
      .select({ id: venueEvents.id, secret: venueEvents.secret })
      .from(venueEvents)
      .where(and(eq(venueEvents.id, id), eq(venueEvents.organizationId, organization.id)));
    if (!event) throw notFound('Venue event not found');
    const { code, token, rotatesAt } = venueCodeAt(event.secret, event.id, deps.clock());
    const next = venueCodeAt(event.secret, event.id, rotatesAt);
    c.header('Cache-Control', 'no-store');
    return sendData(c, {
      eventId: event.id,
      code,
      token,
      periodSeconds: VENUE_CODE_PERIOD_S,
      rotatesAt: rotatesAt.toISOString(),
      next: { code: next.code, token: next.token, rotatesAt: next.rotatesAt.toISOString() },
    });
  });
  app.route('/', adminResourceRoutes(deps, venueEventResource));
  return app;
}
