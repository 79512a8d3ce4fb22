/**
 * The fulfilment list of the rewards catalogue, mounted at `/api/admin`:
 * `GET /redemptions` (newest first, by status and kind, paginated; never the codes), `PATCH /redemptions/{id} {status}` (the moves of
 * `src/rules/redemption-status.ts`; `cancelled` refunds the points with a ledger row of its own) and `GET /redemptions.csv`
 * (the same rows as a CSV file for the shop or the venue, the codes of code rewards included: the one place outside
 * "My rewards" a code appears). Every change and every export is audit-logged.
 */
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdminRedemptionListResponseSchema,
  AdminRedemptionQuerySchema,
  AdminRedemptionResponseSchema,
  AdminRedemptionUpdateSchema,
  type AdminRedemption,
  type AdminRedemptionQuery,
} from '../../../src/contracts/admin/redemption';
import { PathIdSchema, type ErrorCode } from '../../../src/contracts/common';
import { REWARD_ERROR_CODES } from '../../../src/contracts/reward';
import { neutraliseCsvText } from '../../../src/rules/csv-cell';
import { nextRedemptionStatuses } from '../../../src/rules/redemption-status';
import type { DbOrTx } from '../../db/client';
import { rewardCodes, rewardRedemptions, rewards, users } from '../../db/schema';
import { recordAudit } from '../../kernel/audit';
import { ApiError, notFound } from '../../lib/errors';
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { isUuid } from '../../lib/localize';
import { cancelRedemptionIn } from '../rewards/rewards.service';
import { requireOperator } from './operator';

/** Most rows one CSV export holds (the newest). */
const MAX_EXPORT_ROWS = 50_000;

const columns = {
  redemption: rewardRedemptions,
  rewardTitle: rewards.title,
  fulfilment: rewards.fulfilment,
  email: users.email,
  username: users.username,
  deletedAt: users.deletedAt,
};

/** The rows of the organization matching `query`, newest first (with the codes when `withCodes`). */
function selectRows(db: DbOrTx, organizationId: string, query: Pick<AdminRedemptionQuery, 'status' | 'fulfilment'>, withCodes: boolean) {
  const conditions: SQL[] = [eq(rewardRedemptions.organizationId, organizationId)];
  if (query.status) conditions.push(eq(rewardRedemptions.status, query.status));
  if (query.fulfilment) conditions.push(eq(rewards.fulfilment, query.fulfilment));
  const where = and(...conditions);
  const base = db
    .select({ ...columns, code: withCodes ? rewardCodes.code : rewardRedemptions.id })
    .from(rewardRedemptions)
    .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
    .innerJoin(users, eq(users.id, rewardRedemptions.userId))
    .leftJoin(rewardCodes, eq(rewardCodes.redemptionId, rewardRedemptions.id))
    .where(where)
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id));
  return { base, where };
}

type Row = {
  redemption: typeof rewardRedemptions.$inferSelect;
  rewardTitle: string;
  fulfilment: AdminRedemption['fulfilment'];
  email: string;
  username: string | null;
  deletedAt: Date | null;
};

function toAdminRedemption(r: Row): AdminRedemption {
  const erased = r.deletedAt !== null;
  return {
    id: r.redemption.id,
    rewardId: r.redemption.rewardId,
    rewardTitle: r.rewardTitle,
    fulfilment: r.fulfilment,
    userId: r.redemption.userId,
    email: erased ? null : r.email,
    username: erased ? null : r.username,
    cost: r.redemption.cost,
    status: r.redemption.status,
    shippingAddress: r.redemption.shippingAddress,
    createdAt: r.redemption.createdAt.toISOString(),
    updatedAt: r.redemption.updatedAt.toISOString(),
  };
}

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
        const { base, where } = selectRows(deps.db, organization.id, query, false);
        const rows = await base.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
        const [{ total }] = await deps.db
          .select({ total: count() })
          .from(rewardRedemptions)
          .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
          .where(where);
        return c.json({ data: rows.map(toAdminRedemption), meta: { page: query.page, pageSize: query.pageSize, total } });
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
        const { base } = selectRows(deps.db, organization.id, query, true);
        const rows = await base.limit(MAX_EXPORT_ROWS);
        await recordAudit(deps.db, user, {
          entity: 'redemptions',
          entityId: null,
          action: 'export',
          before: null,
          after: { rows: rows.length, status: query.status ?? null, fulfilment: query.fulfilment ?? null },
        });
        const table = rows.map((r) => {
          const item = toAdminRedemption(r);
          return [
            item.id,
            item.createdAt,
            item.rewardTitle,
            item.fulfilment,
            item.status,
            item.cost,
            item.email ?? '',
            item.username ?? '',
            item.shippingAddress ?? '',
            r.code ?? '',
          ];
        });
        const csv = stringify(table, {
          header: true,
          columns: ['id', 'createdAt', 'reward', 'fulfilment', 'status', 'cost', 'email', 'username', 'shippingAddress', 'code'],
          record_delimiter: 'windows',
          cast: { string: neutraliseCsvText },
        });
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
        const id = c.req.param('id');
        if (!isUuid(id)) throw notFound('Redemption not found');
        const now = deps.clock();
        const item = await deps.db.transaction(async (tx) => {
          const [found] = await tx
            .select(columns)
            .from(rewardRedemptions)
            .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
            .innerJoin(users, eq(users.id, rewardRedemptions.userId))
            .where(and(eq(rewardRedemptions.id, id), eq(rewardRedemptions.organizationId, organization.id)))
            .for('update', { of: rewardRedemptions });
          if (!found) throw notFound('Redemption not found');
          const before = found.redemption.status;
          const allowed = nextRedemptionStatuses(found.fulfilment, before);
          if (!allowed.includes(status)) {
            throw new ApiError(409, REWARD_ERROR_CODES.notCancellable as ErrorCode, `Cannot move a ${before} redemption to ${status}`, {
              status: before,
              allowed,
            });
          }
          let redemption = found.redemption;
          if (status === 'cancelled') {
            redemption = (await cancelRedemptionIn(tx, found.redemption, found.rewardTitle, now)).row;
          } else {
            [redemption] = await tx
              .update(rewardRedemptions)
              .set({ status, updatedAt: now })
              .where(eq(rewardRedemptions.id, id))
              .returning();
          }
          await recordAudit(tx, user, {
            entity: 'redemptions',
            entityId: id,
            action: status === 'cancelled' ? 'cancel' : 'update',
            before: { status: before },
            after: { status },
          });
          return toAdminRedemption({ ...found, redemption });
        });
        return sendData(c, item);
      },
    );
}
