/**
 * The fulfilment list of the rewards catalogue for operators: the organization's redemptions (never the codes), the
 * same rows as a CSV file with the codes of code rewards, and the moves of a redemption
 * (`src/rules/redemption-status.ts`; `cancelled` refunds the points with a ledger row of its own). Every change and
 * every export is audit-logged.
 */
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminRedemption, AdminRedemptionQuery } from '../../../src/contracts/admin/redemption';
import type { ErrorCode } from '../../../src/contracts/common';
import { REWARD_ERROR_CODES } from '../../../src/contracts/reward';
import { neutraliseCsvText } from '../../../src/rules/csv-cell';
import { nextRedemptionStatuses } from '../../../src/rules/redemption-status';
import type { DbOrTx } from '../../db/client';
import { rewardCodes, rewardRedemptions, rewards, users } from '../../db/schema';
import { recordAudit, type Actor } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';
import { ApiError, notFound } from '../../lib/errors';
import { cancelRedemptionIn } from '../rewards/rewards.service';
import { isUuid } from '../../lib/ids';
import { pageOf } from '../../lib/pagination';

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

/** A redemption as operators see it: an erased member's e-mail and username left out. */
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

/**
 * One page of the redemptions of `organizationId` matching `query` (status, kind), newest first, without codes.
 * @returns the page's redemptions and its `meta`
 */
export async function listAdminRedemptions({ db }: Pick<AppDeps, 'db'>, organizationId: string, query: AdminRedemptionQuery) {
  const { base, where } = selectRows(db, organizationId, query, false);
  const total = db
    .select({ total: count() })
    .from(rewardRedemptions)
    .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
    .where(where)
    .then(([row]) => row.total);
  const { rows, meta } = await pageOf(base.$dynamic(), total, query);
  return { data: rows.map(toAdminRedemption), meta };
}

/**
 * The redemptions of `organizationId` matching `query`, newest first (at most `MAX_EXPORT_ROWS`), as a CSV file for the
 * shop or the venue with the codes of code rewards (the one place outside "My rewards" a code appears); audited
 * `export` with the row count and the filters. Cells that a spreadsheet would run as formulas are neutralised.
 * @returns the CSV text (CRLF line ends, a header row)
 */
export async function exportRedemptionsCsv(
  { db }: Pick<AppDeps, 'db'>,
  organizationId: string,
  actor: Actor,
  query: Pick<AdminRedemptionQuery, 'status' | 'fulfilment'>,
): Promise<string> {
  const { base } = selectRows(db, organizationId, query, true);
  const rows = await base.limit(MAX_EXPORT_ROWS);
  await recordAudit(db, actor, {
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
  return stringify(table, {
    header: true,
    columns: ['id', 'createdAt', 'reward', 'fulfilment', 'status', 'cost', 'email', 'username', 'shippingAddress', 'code'],
    record_delimiter: 'windows',
    cast: { string: neutraliseCsvText },
  });
}

/**
 * Moves redemption `id` of `organizationId` to `status` at the clock's now, audited `update` (`cancel` for a
 * cancellation, which refunds the points with a ledger row of its own) in the same transaction. The allowed moves are
 * `nextRedemptionStatuses` (`src/rules/redemption-status.ts`).
 * @returns the redemption as operators see it
 * @throws ApiError 404 NotFound, 409 NotCancellable (details `{status, allowed}`) for a move its status does not allow
 */
export async function moveRedemption(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: string,
  actor: Actor,
  id: string,
  status: AdminRedemption['status'],
): Promise<AdminRedemption> {
  if (!isUuid(id)) throw notFound('Redemption not found');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select(columns)
      .from(rewardRedemptions)
      .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .innerJoin(users, eq(users.id, rewardRedemptions.userId))
      .where(and(eq(rewardRedemptions.id, id), eq(rewardRedemptions.organizationId, organizationId)))
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
      [redemption] = await tx.update(rewardRedemptions).set({ status, updatedAt: now }).where(eq(rewardRedemptions.id, id)).returning();
    }
    await recordAudit(tx, actor, {
      entity: 'redemptions',
      entityId: id,
      action: status === 'cancelled' ? 'cancel' : 'update',
      before: { status: before },
      after: { status },
    });
    return toAdminRedemption({ ...found, redemption });
  });
}
