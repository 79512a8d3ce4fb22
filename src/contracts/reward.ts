/**
 * The rewards catalogue as fans see it: `GET /rewards` answers the organization's published
 * rewards in the member's language, each with what the member needs to know whether they can redeem it (cost, items
 * left, their own redemptions, the rank needed, the availability window; the rule: `src/rules/reward-eligibility.ts`).
 * `POST /rewards/{id}/redeem` (with an Idempotency-Key) spends the points; `GET /user/me/redemptions` lists the
 * member's redemptions, a `code` reward's code included (only ever to the member who redeemed it), and
 * `POST /user/me/redemptions/{id}/cancel` cancels one still pending, refunding its points. Imports only zod.
 */
import { z } from 'zod';
import { envelope, MediaIdSchema, TextSchema, TimestampSchema } from './common';
import { RankCodeSchema } from './organization';

/** How a member gets a reward: a code from the reward's pool, collected at the venue or shop, or shipped. */
export const REWARD_FULFILMENTS = ['code', 'pickup', 'shipping'] as const;
export const RewardFulfilmentSchema = z.enum(REWARD_FULFILMENTS);
export type RewardFulfilment = z.infer<typeof RewardFulfilmentSchema>;

/**
 * Where a redemption stands: `pending` (pickup or shipping, not handled yet), `ready` (waiting at the pickup
 * point), `shipped`, `fulfilled` (code revealed, item collected or delivered), `cancelled` (points refunded).
 */
export const REDEMPTION_STATUSES = ['pending', 'ready', 'shipped', 'fulfilled', 'cancelled'] as const;
export const RedemptionStatusSchema = z.enum(REDEMPTION_STATUSES);
export type RedemptionStatus = z.infer<typeof RedemptionStatusSchema>;

/** Error codes of a refused redemption (codes of our own beside `ErrorCode`). */
export const REWARD_ERROR_CODES = {
  notOpen: 'RewardNotOpen',
  closed: 'RewardClosed',
  soldOut: 'SoldOut',
  limitReached: 'RedemptionLimitReached',
  rankNeeded: 'RankTooLow',
  shippingAddress: 'ShippingAddressRequired',
  notCancellable: 'NotCancellable',
} as const;

export const RewardSchema = z.object({
  rewardId: z.string(),
  title: z.string(),
  description: z.string(),
  mediaId: MediaIdSchema,
  /** Points a redemption spends. */
  cost: z.number().int().positive(),
  fulfilment: RewardFulfilmentSchema,
  /** Items still on offer (codes left in the pool for a `code` reward); null = unlimited. */
  remaining: z.number().int().nonnegative().nullable(),
  /** Redemptions one member may hold; null = no limit. */
  limitPerMember: z.number().int().positive().nullable(),
  /** The caller's redemptions of it, cancelled ones not counted. */
  memberRedemptions: z.number().int().nonnegative(),
  /** The lowest rank that may redeem it; null = every rank. */
  minRankCode: RankCodeSchema.nullable(),
  startsAt: TimestampSchema.nullable(),
  endsAt: TimestampSchema.nullable(),
});
export type Reward = z.infer<typeof RewardSchema>;
export const RewardListResponseSchema = envelope(z.array(RewardSchema));

/** `POST /rewards/{id}/redeem` body: a `shipping` reward needs the address to send it to. */
export const RewardRedeemSchema = z
  .object({ shippingAddress: TextSchema.trim().min(10, 'Give the full address').max(500).optional() })
  .strict();
export type RewardRedeem = z.infer<typeof RewardRedeemSchema>;

/** One of the member's redemptions ("My rewards"). */
export const RedemptionSchema = z.object({
  redemptionId: z.string(),
  rewardId: z.string(),
  title: z.string(),
  mediaId: MediaIdSchema,
  fulfilment: RewardFulfilmentSchema,
  /** Points spent. */
  cost: z.number().int().positive(),
  status: RedemptionStatusSchema,
  /** The code of a `code` reward (null for the other kinds). */
  code: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const RedemptionListResponseSchema = envelope(z.array(RedemptionSchema));

/** `POST /rewards/{id}/redeem` answer (201): the redemption, the reward with its new counts, the balance after. */
export const RedeemResultSchema = z.object({ redemption: RedemptionSchema, reward: RewardSchema, points: z.number().int().nonnegative() });
export type RedeemResult = z.infer<typeof RedeemResultSchema>;
export const RedeemResultResponseSchema = envelope(RedeemResultSchema);

/** `POST /user/me/redemptions/{id}/cancel` answer: the cancelled redemption and the balance after the refund. */
export const RedemptionCancelResultSchema = z.object({ redemption: RedemptionSchema, points: z.number().int().nonnegative() });
export type RedemptionCancelResult = z.infer<typeof RedemptionCancelResultSchema>;
export const RedemptionCancelResponseSchema = envelope(RedemptionCancelResultSchema);
