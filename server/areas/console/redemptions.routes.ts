/**
 * The fulfilment list of the rewards catalogue, mounted at `/api/admin`:
 * `GET /redemptions` (newest first, by status and kind, paginated; never the codes), `PATCH /redemptions/{id} {status}` (the moves of
 * `src/rules/redemption-status.ts`; `cancelled` refunds the points with a ledger row of its own) and `GET /redemptions.csv`
 * (the same rows as a CSV file for the shop or the venue, the codes of code rewards included: the one place outside
 * "My rewards" a code appears). Every change and every export is audit-logged.
 */
import { Hono } from 'hono';
import {
  AdminRedemptionListResponseSchema,
  AdminRedemptionQuerySchema,
  AdminRedemptionResponseSchema,
  AdminRedemptionUpdateSchema,
} from '../../../src/contracts/admin/redemption';
import { PathIdSchema } from '../../../src/contracts/common';
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireOperator } from './operator';
import { exportRedemptionsCsv, listAdminRedemptions, moveRedemption } from './redemptions.service';

/** The fulfilment routes, mounted at `/api/admin` (their paths are `/redemptions`, `/redemptions.csv` and `/redemptions/{id}`). */
export function redemptionAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/redemptions',
      documented({
        summary: "Members' redemptions of the rewards catalogue, newest first (without codes)",
        tags: ['admin'],
        auth: 'operator',
        query: AdminRedemptionQuerySchema,
        response: AdminRedemptionListResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const query = parseWith(AdminRedemptionQuerySchema, c.req.query(), 'Invalid query');
        return c.json(await listAdminRedemptions(deps, organization.id, query));
      },
    )
    .get(
      '/redemptions.csv',
      documented({
        summary: 'The redemptions as a CSV file, with the codes of code rewards (audit-logged)',
        tags: ['admin'],
        auth: 'operator',
        query: AdminRedemptionQuerySchema.pick({ status: true, fulfilment: true }),
        response: { mediaTypes: ['text/csv'] },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const query = parseWith(AdminRedemptionQuerySchema, c.req.query(), 'Invalid query');
        const csv = await exportRedemptionsCsv(deps, organization.id, user, query);
        return c.body(csv, 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="redemptions.csv"',
          'cache-control': 'no-store',
        });
      },
    )
    .patch(
      '/redemptions/:id',
      documented({
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
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const { status } = await readJson(c, AdminRedemptionUpdateSchema);
        const item = await moveRedemption(deps, organization.id, user, c.req.param('id'), status);
        return sendData(c, item);
      },
    );
}
