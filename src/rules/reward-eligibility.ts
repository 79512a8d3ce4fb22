/**
 * Whether a member may redeem a reward now (decision 0090), the one home of the rule: the server refuses a
 * redemption with it (inside the redemption's transaction, on freshly locked counts) and the app explains with it
 * why a reward cannot be redeemed (not yet open, closed, sold out, limit reached, rank needed, points missing).
 * Pure.
 */
import type { RankCode } from '../contracts/constants';
import type { Reward } from '../contracts/reward';
import { rankOrder } from './rank';

/** Why a member cannot redeem a reward, in the order checked. */
export type RewardBlock = 'not-yet-open' | 'closed' | 'sold-out' | 'limit-reached' | 'rank-needed' | 'points-missing';

/** What the rule reads of a reward. */
type RewardTerms = Pick<Reward, 'cost' | 'remaining' | 'limitPerMember' | 'memberRedemptions' | 'minRankCode' | 'startsAt' | 'endsAt'>;

/** What the rule reads of the member: spendable balance and rank. */
type MemberStanding = { points: number; rank: RankCode };

/** Points the member still needs to afford `reward` (0 when the balance covers it). */
export function pointsMissing(reward: Pick<Reward, 'cost'>, points: number): number {
  return Math.max(0, reward.cost - Math.max(0, points));
}

/** True when `rank` is `minRankCode` or higher (always true without a minimum). */
export function holdsRank(minRankCode: RankCode | null, rank: RankCode): boolean {
  return minRankCode === null || rankOrder(rank) >= rankOrder(minRankCode);
}

/**
 * The first reason `member` cannot redeem `reward` at `now`, or null when they can. The window is
 * `[startsAt, endsAt)`; either end may be open (null).
 */
export function getRewardBlock(reward: RewardTerms, member: MemberStanding, now: Date): RewardBlock | null {
  if (reward.startsAt !== null && now.getTime() < Date.parse(reward.startsAt)) return 'not-yet-open';
  if (reward.endsAt !== null && now.getTime() >= Date.parse(reward.endsAt)) return 'closed';
  if (reward.remaining !== null && reward.remaining <= 0) return 'sold-out';
  if (reward.limitPerMember !== null && reward.memberRedemptions >= reward.limitPerMember) return 'limit-reached';
  if (!holdsRank(reward.minRankCode, member.rank)) return 'rank-needed';
  if (pointsMissing(reward, member.points) > 0) return 'points-missing';
  return null;
}
