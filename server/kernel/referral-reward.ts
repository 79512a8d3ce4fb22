/**
 * The reward of a referral (decision 0092; rules in `src/rules/referral.ts`), shared by every area whose action
 * qualifies a newcomer (a check-in, a venue check-in, an answer) and by the claim itself: once the newcomer acts,
 * both members earn the organization's `referralPoints` once. The referral row is locked and marked rewarded in the
 * same transaction as the two ledger rows (references `referral:<id>:newcomer` and `referral:<id>:referrer`); the
 * referrer's reward counts toward the organization's monthly limit, counted with the referrer's row locked, so
 * concurrent rewards cannot pass it; past it only the newcomer earns.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { dayInZone } from '../../src/rules/calendar';
import { referralMonth, referrerMayBeRewarded } from '../../src/rules/referral';
import { rowsOf, type Tx } from '../db/client';
import { settleAfterCommit } from '../db/runtime';
import { referrals, users } from '../db/schema';
import { awardPoints } from './ledger';
import type { AppDeps } from './types';
import type { OrganizationRow } from '../lib/app-env';

/**
 * Rewards the newcomer's pending referral in `tx`, once (see the module's comment).
 * @returns true when this call rewarded it, false when there was none to reward (already rewarded, or none)
 */
export async function rewardIn(tx: Tx, organization: OrganizationRow, newcomerId: string, now: Date): Promise<boolean> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.newcomerId, newcomerId), sql`${referrals.rewardedAt} is null`))
    .for('update');
  if (!referral) {
    await tx
      .update(users)
      .set({ referralPending: false })
      .where(and(eq(users.id, newcomerId), eq(users.referralPending, true)));
    return false;
  }
  // Both members' rows, locked in id order (two mutual referrals rewarded at once cannot deadlock): the referrer's
  // lock makes concurrent rewards of one referrer count the month one after the other.
  const members = await rowsOf<{ id: string; deleted: boolean; suspended: boolean }>(
    tx,
    sql`
    select id, deleted_at is not null as deleted,
      (suspended_at is not null and (suspended_until is null or suspended_until > ${now.toISOString()}::timestamptz)) as suspended
    from users where id in (${referral.referrerId}, ${newcomerId}) order by id for update`,
  );
  const referrer = members.find((m) => m.id === referral.referrerId);
  const month = referralMonth(dayInZone(now, organization.timeZone));
  const [counted] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referral.referrerId), eq(referrals.rewardMonth, month), gt(referrals.referrerPoints, 0)));
  const points = organization.referralPoints;
  const referrerEarns =
    points > 0 &&
    referrer !== undefined &&
    !referrer.deleted &&
    !referrer.suspended &&
    referrerMayBeRewarded(counted?.n ?? 0, organization.referralMonthlyLimit);
  if (points > 0) {
    await awardPoints(tx, {
      userId: newcomerId,
      amount: points,
      reason: 'referral',
      reference: `referral:${referral.id}:newcomer`,
      label: 'Joined with a friend’s invite',
      at: now,
    });
  }
  if (referrerEarns) {
    await awardPoints(tx, {
      userId: referral.referrerId,
      amount: points,
      reason: 'referral',
      reference: `referral:${referral.id}:referrer`,
      label: 'A friend joined with your invite',
      at: now,
    });
  }
  await tx
    .update(referrals)
    .set({ rewardedAt: now, newcomerPoints: points, referrerPoints: referrerEarns ? points : 0, rewardMonth: month })
    .where(eq(referrals.id, referral.id));
  await tx.update(users).set({ referralPending: false }).where(eq(users.id, newcomerId));
  return true;
}

/**
 * Rewards the pending referral of `newcomerId` right after a qualifying action of theirs (a check-in, a venue
 * check-in, an answer), in a transaction of its own once the action committed (before the request is answered).
 * Call it only when the member's session row says `referralPending`. Idempotent: concurrent calls reward once. A
 * failure is logged, not thrown: the action the member made stands, and their next one tries again (the flag stays
 * set).
 */
export async function rewardPendingReferral(deps: AppDeps, organization: OrganizationRow, newcomerId: string): Promise<void> {
  // After the action's unit of work, never inside it: a check-in or an answer may share its transaction with the
  // other requests of its commit group, where a transaction of its own cannot run.
  await settleAfterCommit(async () => {
    try {
      await deps.db.transaction((tx) => rewardIn(tx, organization, newcomerId, deps.clock()));
    } catch (error) {
      deps.logger.error('referral reward failed', { code: 'ReferralRewardFailed', userId: newcomerId, error });
    }
  });
}
