/**
 * The rewards catalogue for members (decision 0090). A redemption runs in one transaction that first locks the
 * reward's row (so every redemption of one reward runs one at a time: the stock, the pool of codes and the
 * per-member limit are read after the previous redemption committed) and then the member's row (so the balance and
 * rank are current); the rule `src/rules/reward-eligibility.ts` decides on those fresh values, and the redemption,
 * its code and its ledger row `reward-redemption:<id>` are written together: a member is never charged without
 * getting the reward, and the last item goes to exactly one member. A cancellation gives the points back with a
 * ledger row of its own (`reward-refund:<id>`); a cancelled item goes back to the stock, a revealed code does not go
 * back to the pool.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../../src/contracts/common';
import {
  REWARD_ERROR_CODES,
  type RedeemResult,
  type Redemption,
  type RedemptionCancelResult,
  type Reward,
  type RewardRedeem,
} from '../../../src/contracts/reward';
import { isPublished } from '../../../src/rules/content-status';
import { rankFor } from '../../../src/rules/rank';
import { memberMayCancel, initialRedemptionStatus } from '../../../src/rules/redemption-status';
import { getRewardBlock, type RewardBlock } from '../../../src/rules/reward-eligibility';
import type { DbOrTx, Tx } from '../../db/client';
import { rewardCodes, rewardRedemptions, rewards, users } from '../../db/schema';
import { InsufficientPointsError, refundPoints, spendPoints } from '../../kernel/ledger';
import { ApiError, notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { Principal } from '../../lib/app-env';
import { localized, type ContentLanguage } from '../../lib/localize';
import { isUuid } from '../../lib/ids';

type RewardRow = typeof rewards.$inferSelect;
type RedemptionRow = typeof rewardRedemptions.$inferSelect;
type Member = Extract<Principal, { kind: 'user' }>;

/**
 * The counts a reward's terms need: redemptions not cancelled, the member's own, codes left in the pool. Written
 * with qualified names: drizzle leaves the table out of a column's name in a select from one table, which a
 * correlated subquery would read as its own table's column.
 */
const countsOf = (userId: string) => ({
  redeemed: sql<number>`(select count(*) from reward_redemptions r where r.reward_id = rewards.id and r.status <> 'cancelled')::int`,
  mine: sql<number>`(select count(*) from reward_redemptions r where r.reward_id = rewards.id and r.status <> 'cancelled' and r.user_id = ${userId})::int`,
  codesLeft: sql<number>`(select count(*) from reward_codes c where c.reward_id = rewards.id and c.redemption_id is null)::int`,
});

/** A reward as members see it, from its row and its counts. */
function toReward(row: RewardRow, counts: { redeemed: number; mine: number; codesLeft: number }, language: ContentLanguage): Reward {
  const text = localized({ title: row.title, description: row.description }, row.translations, language);
  const remaining =
    row.fulfilment === 'code' ? Number(counts.codesLeft) : row.stock === null ? null : Math.max(0, row.stock - Number(counts.redeemed));
  return {
    rewardId: row.id,
    ...text,
    mediaId: row.mediaId,
    cost: row.cost,
    fulfilment: row.fulfilment,
    remaining,
    limitPerMember: row.limitPerMember,
    memberRedemptions: Number(counts.mine),
    minRankCode: row.minRankCode,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

/** `GET /rewards`: the organization's published rewards, in display order, with the member's counts. */
export async function listRewards(db: DbOrTx, principal: Member, language: ContentLanguage): Promise<Reward[]> {
  const rows = await db
    .select({ reward: rewards, ...countsOf(principal.user.id) })
    .from(rewards)
    .where(and(eq(rewards.organizationId, principal.organization.id), isNull(rewards.archivedAt), eq(rewards.draft, false)))
    .orderBy(asc(rewards.sortOrder), asc(rewards.cost), asc(rewards.id));
  return rows.map((r) => toReward(r.reward, r, language));
}

/** The API error of a refused redemption (`points-missing` is the ledger's own InsufficientPoints). */
function refusal(block: RewardBlock, reward: Reward, balance: number): ApiError {
  const code = (value: string) => value as ErrorCode;
  switch (block) {
    case 'not-yet-open':
      return new ApiError(422, code(REWARD_ERROR_CODES.notOpen), 'This reward is not available yet', { startsAt: reward.startsAt });
    case 'closed':
      return new ApiError(422, code(REWARD_ERROR_CODES.closed), 'This reward is no longer available', { endsAt: reward.endsAt });
    case 'sold-out':
      return new ApiError(409, code(REWARD_ERROR_CODES.soldOut), 'This reward is sold out');
    case 'limit-reached':
      return new ApiError(422, code(REWARD_ERROR_CODES.limitReached), 'You already redeemed this reward as often as allowed', {
        limitPerMember: reward.limitPerMember,
      });
    case 'rank-needed':
      return new ApiError(403, code(REWARD_ERROR_CODES.rankNeeded), 'Your rank does not unlock this reward yet', {
        minRankCode: reward.minRankCode,
      });
    case 'points-missing':
      return new InsufficientPointsError(reward.cost, balance);
  }
}

/** A redemption as its member sees it; `code` only when given. */
function toRedemption(row: RedemptionRow, reward: RewardRow, code: string | null, language: ContentLanguage): Redemption {
  return {
    redemptionId: row.id,
    rewardId: reward.id,
    title: localized({ title: reward.title }, reward.translations, language).title,
    mediaId: reward.mediaId,
    fulfilment: reward.fulfilment,
    cost: row.cost,
    status: row.status,
    code,
    shippingAddress: row.shippingAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `POST /rewards/{id}/redeem`: checks and spends in one transaction (see the module's comment).
 * @returns the redemption (its code is read from "My rewards", the one place that shows it), the reward with its new
 *   counts, the balance after
 * @throws ApiError 404 unknown or unpublished reward; 422 RewardNotOpen / RewardClosed / RedemptionLimitReached /
 *   InsufficientPoints / ShippingAddressRequired; 409 SoldOut; 403 RankTooLow
 */
export async function redeemReward(
  deps: AppDeps,
  principal: Member,
  id: string,
  body: RewardRedeem,
  language: ContentLanguage,
): Promise<RedeemResult> {
  const now = deps.clock();
  const { user, organization, ranks } = principal;
  if (!isUuid(id)) throw notFound('Reward not found');
  return deps.db.transaction(async (tx) => {
    // The reward first, then the member: every redemption takes the locks in this order, so none waits on another.
    const [row] = await tx
      .select()
      .from(rewards)
      .where(and(eq(rewards.id, id), eq(rewards.organizationId, organization.id)))
      .for('update');
    if (!row || !isPublished(row)) throw notFound('Reward not found');
    const [member] = await tx
      .select({ points: users.points, lifetimePoints: users.lifetimePoints })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    const [counts] = await tx.select(countsOf(user.id)).from(rewards).where(eq(rewards.id, id));
    const reward = toReward(row, counts, language);
    const block = getRewardBlock(
      reward,
      {
        points: member.points,
        rank: rankFor(
          member.lifetimePoints,
          ranks.map((r) => ({ name: r.code, threshold: r.threshold })),
        ),
      },
      now,
    );
    if (block) throw refusal(block, reward, member.points);
    if (row.fulfilment === 'shipping' && !body.shippingAddress) {
      throw new ApiError(422, REWARD_ERROR_CODES.shippingAddress as ErrorCode, 'Give the address to send this reward to', {
        path: 'shippingAddress',
      });
    }
    const redemptionId = randomUUID();
    const [redemption] = await tx
      .insert(rewardRedemptions)
      .values({
        id: redemptionId,
        organizationId: organization.id,
        rewardId: id,
        userId: user.id,
        cost: row.cost,
        status: initialRedemptionStatus(row.fulfilment),
        shippingAddress: row.fulfilment === 'shipping' ? body.shippingAddress : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row.fulfilment === 'code') {
      // The oldest code of the pool; the reward's lock makes sure no other redemption takes it meanwhile.
      await tx.execute(sql`update ${rewardCodes} set redemption_id = ${redemptionId}
        where id = (select id from ${rewardCodes} where ${rewardCodes.rewardId} = ${id} and ${rewardCodes.redemptionId} is null
          order by ${rewardCodes.createdAt}, ${rewardCodes.id} limit 1)`);
    }
    const { transaction } = await spendPoints(tx, {
      userId: user.id,
      amount: row.cost,
      reason: 'reward_redemption',
      reference: `reward-redemption:${redemptionId}`,
      label: row.title,
      at: now,
    });
    const remaining = reward.remaining === null ? null : reward.remaining - 1;
    return {
      redemption: toRedemption(redemption, row, null, language),
      reward: { ...reward, remaining, memberRedemptions: reward.memberRedemptions + 1 },
      points: transaction!.balanceAfter,
    };
  });
}

/** `GET /user/me/redemptions`: the member's redemptions, newest first, each code with its own redemption. */
export async function listRedemptions(db: DbOrTx, principal: Member, language: ContentLanguage): Promise<Redemption[]> {
  const rows = await db
    .select({ redemption: rewardRedemptions, reward: rewards, code: rewardCodes.code })
    .from(rewardRedemptions)
    .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
    .leftJoin(rewardCodes, eq(rewardCodes.redemptionId, rewardRedemptions.id))
    .where(and(eq(rewardRedemptions.userId, principal.user.id), eq(rewardRedemptions.organizationId, principal.organization.id)))
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id))
    .limit(200);
  return rows.map((r) => toRedemption(r.redemption, r.reward, r.code, language));
}

/**
 * Cancels a redemption and refunds its points, in `tx` (the caller's transaction): status `cancelled`, one ledger
 * row `reward-refund:<id>`.
 * @returns the cancelled row and the balance after the refund
 */
export async function cancelRedemptionIn(
  tx: Tx,
  row: RedemptionRow,
  label: string,
  now: Date,
): Promise<{ row: RedemptionRow; points: number }> {
  const [cancelled] = await tx
    .update(rewardRedemptions)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(rewardRedemptions.id, row.id), ne(rewardRedemptions.status, 'cancelled')))
    .returning();
  const { transaction } = await refundPoints(tx, {
    userId: row.userId,
    amount: row.cost,
    reason: 'reward_refund',
    reference: `reward-refund:${row.id}`,
    label,
    at: now,
  });
  const [member] = await tx.select({ points: users.points }).from(users).where(eq(users.id, row.userId));
  return { row: cancelled ?? row, points: transaction?.balanceAfter ?? member.points };
}

/**
 * `POST /user/me/redemptions/{id}/cancel`: the member cancels their own redemption nobody handled yet.
 * @throws ApiError 404 not theirs; 409 NotCancellable (already handled, revealed or cancelled)
 */
export async function cancelOwnRedemption(
  deps: AppDeps,
  principal: Member,
  id: string,
  language: ContentLanguage,
): Promise<RedemptionCancelResult> {
  if (!isUuid(id)) throw notFound('Redemption not found');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ redemption: rewardRedemptions, reward: rewards })
      .from(rewardRedemptions)
      .innerJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .where(and(eq(rewardRedemptions.id, id), eq(rewardRedemptions.userId, principal.user.id)))
      .for('update', { of: rewardRedemptions });
    if (!found) throw notFound('Redemption not found');
    if (!memberMayCancel(found.redemption.status)) {
      throw new ApiError(409, REWARD_ERROR_CODES.notCancellable as ErrorCode, 'This redemption can no longer be cancelled', {
        status: found.redemption.status,
      });
    }
    const { row, points } = await cancelRedemptionIn(tx, found.redemption, found.reward.title, now);
    return { redemption: toRedemption(row, found.reward, null, language), points };
  });
}
