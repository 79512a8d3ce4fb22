/**
 * The fulfilment list of the rewards catalogue, mounted at `/api/admin`:
 * `GET /redemptions` (newest first, by status and kind, paginated; never the codes), `PATCH /redemptions/{id} {status}` (the moves of
 * `src/rules/redemption-status.ts`; `cancelled` refunds the points with a ledger row of its own) and `GET /redemptions.csv`
 * (the same rows as a CSV file for the shop or the venue, the codes of code rewards included: the one place outside
 * "My rewards" a code appears). Every change and every export is audit-logged.
 */
import {
  AdminRedemptionListResponseSchema,
  AdminRedemptionQuerySchema,
  AdminRedemptionResponseSchema,
  AdminRedemptionUpdateSchema,
} from '../../../src/contracts/admin/redemption';
import { PathIdSchema } from '../../../src/contracts/common';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';
import { exportRedemptionsCsv, listAdminRedemptions, moveRedemption } from './redemptions.service';

/** `GET /redemptions`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/redemptions',
  summary: "Members' redemptions of the rewards catalogue, newest first (without codes)",
  tags: ['admin'],
  auth: 'operator',
  query: AdminRedemptionQuerySchema,
  response: AdminRedemptionListResponseSchema,
});

/** `GET /redemptions.csv`. */
const csvRoute = declareRoute({
  method: 'get',
  path: '/redemptions.csv',
  summary: 'The redemptions as a CSV file, with the codes of code rewards (audit-logged)',
  tags: ['admin'],
  auth: 'operator',
  query: AdminRedemptionQuerySchema.pick({ status: true, fulfilment: true }),
  response: { mediaTypes: ['text/csv'] },
});

/** `PATCH /redemptions/{id}`. */
const moveRoute = declareRoute({
  method: 'patch',
  path: '/redemptions/{id}',
  summary: 'Moves a redemption on (ready, shipped, fulfilled) or cancels it, refunding its points',
  tags: ['admin'],
  auth: 'operator',
  params: { id: PathIdSchema },
  body: AdminRedemptionUpdateSchema,
  response: AdminRedemptionResponseSchema,
  errors: {
    404: 'NotFound: no redemption of the organization has this id.',
    409: 'NotCancellable (details {status, allowed}): this move is not possible from its status.',
  },
});

/** The fulfilment routes, mounted at `/api/admin` (their paths are `/redemptions`, `/redemptions.csv` and `/redemptions/{id}`). */
export function redemptionAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return c.json(await listAdminRedemptions(deps, organization.id, c.req.valid('query')), 200);
    })
    .openapi(csvRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const csv = await exportRedemptionsCsv(deps, organization.id, user, c.req.valid('query'));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="redemptions.csv"',
        'cache-control': 'no-store',
      });
    })
    .openapi(moveRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const { status } = c.req.valid('json');
      const item = await moveRedemption(deps, organization.id, user, c.req.valid('param').id, status);
      return sendData(c, item);
    });
}
