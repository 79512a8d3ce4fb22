/**
 * The rewards catalogue (decision 0090): rewards members buy with their points, the pool of codes a `code` reward
 * hands out, and members' redemptions. Each redemption is paid by one ledger row `reward-redemption:<id>` and, when
 * cancelled, refunded by one `reward-refund:<id>`, written in the same transaction as the redemption's change.
 */
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RankCode } from '../../../src/contracts/constants';
import type { RedemptionStatus, RewardFulfilment } from '../../../src/contracts/reward';
import { archivedAt, belongsTo, createdAt, draft, id, itemKey, sortOrder, timestamptz, translations, updatedAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

/** Translated reward texts. */
export type RewardTranslation = { title?: string; description?: string };

export const rewards = pgTable(
  'rewards',
  {
    ...organizationRow(),
    key: itemKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id'),
    /** Points a redemption spends (> 0). */
    cost: integer('cost').notNull(),
    /** How the member gets it: `code`, `pickup` or `shipping`. */
    fulfilment: text('fulfilment').$type<RewardFulfilment>().notNull(),
    /** Items on offer in all (redemptions not cancelled count against it); null = unlimited. `code`: the pool decides. */
    stock: integer('stock'),
    /** Redemptions one member may hold (cancelled ones not counted); null = no limit. */
    limitPerMember: integer('limit_per_member'),
    /** The lowest rank that may redeem; null = every rank. */
    minRankCode: text('min_rank_code').$type<RankCode>(),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    sortOrder: sortOrder(),
    translations: translations<RewardTranslation>(),
    archivedAt: archivedAt(),
    draft: draft(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('rewards_org_key_uq').on(t.organizationId, t.key)],
);

export const rewardRedemptions = pgTable(
  'reward_redemptions',
  {
    ...organizationRow(),
    rewardId: belongsTo('reward_id', () => rewards.id),
    userId: belongsTo('user_id', () => users.id),
    /** Points spent (the reward's cost at the time). */
    cost: integer('cost').notNull(),
    status: text('status').$type<RedemptionStatus>().notNull(),
    /** Where to send a `shipping` reward, as the member wrote it. */
    shippingAddress: text('shipping_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reward_redemptions_reward_idx').on(t.rewardId, t.status),
    index('reward_redemptions_user_idx').on(t.userId, t.createdAt),
    index('reward_redemptions_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export const rewardCodes = pgTable(
  'reward_codes',
  {
    id: id(),
    rewardId: belongsTo('reward_id', () => rewards.id),
    code: text('code').notNull(),
    /** The redemption that received it; null while in the pool. */
    redemptionId: uuid('redemption_id').references(() => rewardRedemptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reward_codes_reward_code_uq').on(t.rewardId, t.code),
    uniqueIndex('reward_codes_redemption_uq').on(t.redemptionId),
    index('reward_codes_pool_idx').on(t.rewardId, t.redemptionId),
  ],
);
