/**
 * `/api/admin/rewards`: the rewards catalogue. Contract and rules: `src/contracts/admin/reward.ts`.
 * A `code` reward's codes are added through the write-only `addCodes` field (pasted or a CSV's first column; a
 * code already in the pool is skipped) and logged as a count, never as codes; an item answers how many codes are
 * left, never which. A reward someone redeemed is archived, never deleted (the redemptions and their ledger rows name
 * it), and its fulfilment kind can no longer change.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AdminRewardSchema,
  parseCodeList,
  RewardInputSchema,
  RewardPatchSchema,
  type RewardInputData,
} from '../../../src/contracts/admin/reward';
import type { DbOrTx } from '../../db/client';
import { rewardCodes, rewardRedemptions, rewards } from '../../db/schema';
import { recordAudit } from '../../kernel/audit';
import { validationFailed } from '../../lib/errors';
import { type AdminResource, itemFields } from './resource';

type RewardRow = typeof rewards.$inferSelect & { redeemed: number; codesLeft: number; codesTotal: number };

/** The rows with their counts: redemptions not cancelled, codes left in the pool and in all. */
async function loadRewards(db: DbOrTx, rows: Array<Record<string, unknown>>): Promise<RewardRow[]> {
  const list = rows as Array<typeof rewards.$inferSelect>;
  if (!list.length) return [];
  const ids = list.map((r) => r.id);
  const [redeemed, codes] = await Promise.all([
    db
      .select({ rewardId: rewardRedemptions.rewardId, n: count() })
      .from(rewardRedemptions)
      .where(and(inArray(rewardRedemptions.rewardId, ids), ne(rewardRedemptions.status, 'cancelled')))
      .groupBy(rewardRedemptions.rewardId),
    db
      .select({
        rewardId: rewardCodes.rewardId,
        total: count(),
        left: sql<number>`(count(*) filter (where ${rewardCodes.redemptionId} is null))::int`,
      })
      .from(rewardCodes)
      .where(inArray(rewardCodes.rewardId, ids))
      .groupBy(rewardCodes.rewardId),
  ]);
  const redeemedBy = new Map(redeemed.map((r) => [r.rewardId, Number(r.n)]));
  const codesBy = new Map(codes.map((r) => [r.rewardId, { left: Number(r.left), total: Number(r.total) }]));
  return list.map((row) => ({
    ...row,
    redeemed: redeemedBy.get(row.id) ?? 0,
    codesLeft: codesBy.get(row.id)?.left ?? 0,
    codesTotal: codesBy.get(row.id)?.total ?? 0,
  }));
}

/** The reward resource of the admin API. */
export const rewardResource: AdminResource<RewardRow, RewardInputData> = {
  name: 'rewards',
  noun: 'Reward',
  table: rewards,
  input: RewardInputSchema,
  patch: RewardPatchSchema as never,
  item: AdminRewardSchema,
  search: [rewards.title, rewards.description, rewards.key],
  newest: rewards.createdAt,
  status: { archivedAt: rewards.archivedAt, draft: rewards.draft, start: rewards.startsAt, end: rewards.endsAt },
  toValues: (input, _ctx, existing) => {
    if (existing && existing.redeemed > 0 && existing.fulfilment !== input.fulfilment) {
      throw validationFailed('Invalid request body', [{ path: 'fulfilment', message: 'Cannot change once redeemed' }]);
    }
    const { addCodes: _codes, startsAt, endsAt, ...rest } = input;
    return { ...rest, startsAt: startsAt ? new Date(startsAt) : null, endsAt: endsAt ? new Date(endsAt) : null };
  },
  toInput: (row) => ({
    key: row.key,
    title: row.title,
    description: row.description,
    mediaId: row.mediaId,
    cost: row.cost,
    fulfilment: row.fulfilment,
    stock: row.stock,
    limitPerMember: row.limitPerMember,
    minRankCode: row.minRankCode,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    addCodes: '',
    sortOrder: row.sortOrder,
    draft: row.draft,
    translations: row.translations as RewardInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminRewardSchema.parse({
      ...rewardResource.toInput(row),
      ...itemFields(row, { start: row.startsAt, end: row.endsAt }, now),
      redeemed: row.redeemed,
      codesLeft: row.codesLeft,
      codesTotal: row.codesTotal,
    }),
  mediaRefs: (input) => (input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
  afterWrite: async (row, input, ctx) => {
    const codes = parseCodeList(input.addCodes);
    if (!codes.length) return;
    const added = await ctx.tx
      .insert(rewardCodes)
      .values(codes.map((code) => ({ rewardId: row.id, code })))
      .onConflictDoNothing()
      .returning({ id: rewardCodes.id });
    // The log says how many codes were added, never which: codes are shown only to the member who redeemed one.
    await recordAudit(ctx.tx, ctx.actor, {
      entity: 'rewards',
      entityId: row.id,
      action: 'import',
      before: null,
      after: { codesAdded: added.length },
    });
  },
  load: loadRewards,
  inUse: async (db, id) => {
    const [row] = await db.select({ id: rewardRedemptions.id }).from(rewardRedemptions).where(eq(rewardRedemptions.rewardId, id)).limit(1);
    return row !== undefined;
  },
};
