/**
 * Referrals (decision 0092; rules in `src/rules/referral.ts`):
 * - Every member gets one random referral code, made the first time they open their invite (`referralSummary`).
 * - A newcomer claims a code once, within 14 days of joining, never their own (`claimReferral`); the claim sets the
 *   member's `referral_pending` flag, read with their session, so a check-in or an answer of a member without a
 *   pending referral costs nothing more.
 * - After the newcomer's first qualifying action (a check-in, a venue check-in or an answer; or at the claim when
 *   one was already made) `rewardPendingReferral` awards `referralPoints` to both, once: the referral row is locked
 *   and marked rewarded in the same transaction as the two ledger rows (references `referral:<id>:newcomer` and
 *   `referral:<id>:referrer`, idempotent). The referrer's reward counts toward the organization's monthly limit,
 *   counted with the referrer's row locked, so concurrent rewards cannot pass it; past it only the newcomer earns.
 * - Unknown codes are limited per member (`CLAIM_FAILURES_PER_WINDOW` per `CLAIM_FAILURE_WINDOW_MS`), so a member
 *   cannot walk the code space: every claim is counted before it is judged (parallel guesses cannot overtake the
 *   limit), and the hit is given back unless the code was unknown.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { MemberReferrals } from '../../../src/contracts/admin/member-referrals';
import type { ReferralClaimResult, ReferralSummary } from '../../../src/contracts/referral';
import { referralClaimRefusal, referralCodeFromBytes, referralUrl, type ReferralRefusal } from '../../../src/rules/referral';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation, rowsOf } from '../../db/client';
import { referralCodes, referrals, users } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { OrganizationRow } from '../../lib/app-env';
import { rewardIn } from '../../kernel/referral-reward';
import { forgiveHit, rateLimitValues, refuseOverLimit, type RateLimitRule } from '../../kernel/rate-limit';

/** The HTTP status and message of each refusal of a claim. */
const REFUSALS: Record<ReferralRefusal, { status: 404 | 409 | 422; message: string }> = {
  ReferralOwnCode: { status: 422, message: 'You cannot use your own referral code' },
  ReferralAlreadyClaimed: { status: 409, message: 'You were already referred by a friend' },
  ReferralWindowClosed: { status: 422, message: 'A referral code can only be used in the first 14 days after joining' },
  ReferralUnknownCode: { status: 404, message: 'No member has this referral code' },
};

/** Unknown codes a member may claim per window before 429: a mistyped code or two, never a search. */
const CLAIM_FAILURES_PER_WINDOW = 10;
/** The window of the claim failure limit (ms). */
const CLAIM_FAILURE_WINDOW_MS = 60 * 60 * 1000;

const refusal = (code: ReferralRefusal) => new ApiError(REFUSALS[code].status, code, REFUSALS[code].message);

/**
 * The member's referral code, made (random, unique in the organization) the first time it is asked for.
 * @returns the code
 */
async function referralCodeOf(db: DbOrTx, organizationId: string, userId: string): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    try {
      // A concurrent first request of the same member makes its own code: the first one stored wins (on conflict).
      await db
        .insert(referralCodes)
        .values({ userId, organizationId, code: referralCodeFromBytes(randomBytes(8)) })
        .onConflictDoNothing({ target: referralCodes.userId });
    } catch (error) {
      // Another member holds the drawn code (30^8 codes: rare): draw again.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * `GET /user/me/referral`: the member's code, invite link (on `origin`), friends who claimed it and how many of
 * them earned the member points, and the member's own claim.
 */
export async function referralSummary(
  deps: AppDeps,
  organization: OrganizationRow,
  userId: string,
  origin: string,
): Promise<ReferralSummary> {
  const code = await referralCodeOf(deps.db, organization.id, userId);
  const [counts] = await deps.db
    .select({
      invited: count(),
      rewarded: sql<number>`count(*) filter (where ${referrals.rewardedAt} is not null and ${referrals.referrerPoints} > 0)`.mapWith(
        Number,
      ),
    })
    .from(referrals)
    .where(eq(referrals.referrerId, userId));
  const [own] = await deps.db
    .select({ claimedAt: referrals.claimedAt, rewardedAt: referrals.rewardedAt })
    .from(referrals)
    .where(eq(referrals.newcomerId, userId));
  return {
    code,
    url: referralUrl(origin, code),
    invited: counts?.invited ?? 0,
    rewarded: counts?.rewarded ?? 0,
    points: organization.referralPoints,
    referredBy: own ? { claimedAt: own.claimedAt.toISOString(), rewarded: own.rewardedAt !== null } : null,
  };
}

/** True when the member has checked in (daily or at a venue) or answered a challenge. */
async function hasQualifyingAction(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await rowsOf<{ yes: boolean }>(
    tx,
    sql`select (
      exists (select 1 from checkins where user_id = ${userId})
      or exists (select 1 from venue_checkins where user_id = ${userId})
      or exists (select 1 from challenge_responses where user_id = ${userId})
      or exists (select 1 from trivia_answers where user_id = ${userId})) as yes`,
  );
  return Boolean(row?.yes);
}

/**
 * `POST /user/me/referral/claim`: records that the member `newcomerId` joined with `code`.
 * When the newcomer already checked in or answered, both are rewarded at once (in the same transaction).
 * @throws ApiError 422 ReferralOwnCode, 409 ReferralAlreadyClaimed (also for a concurrent second claim), 422
 *   ReferralWindowClosed (more than 14 days after joining), 404 ReferralUnknownCode, 429 TooManyRequests (with
 *   Retry-After) after `CLAIM_FAILURES_PER_WINDOW` unknown codes in the window
 */
export async function claimReferral(
  deps: AppDeps,
  organization: OrganizationRow,
  newcomer: { id: string; createdAt: Date },
  code: string,
): Promise<ReferralClaimResult> {
  const now = deps.clock();
  const failures: RateLimitRule = {
    bucket: `referral-claim-fail:${newcomer.id}`,
    limit: CLAIM_FAILURES_PER_WINDOW,
    windowMs: CLAIM_FAILURE_WINDOW_MS,
  };
  const hits = (await deps.queries.failureHit.execute(rateLimitValues([failures], now))).rows;
  refuseOverLimit([failures], hits, now);
  let unknownCode = false;
  try {
    return await recordClaim(deps, organization, newcomer, code, now);
  } catch (error) {
    unknownCode = error instanceof ApiError && error.code === 'ReferralUnknownCode';
    throw error;
  } finally {
    if (!unknownCode) await forgiveHit(deps.db, failures, hits[0]);
  }
}

/** The claim itself, in one transaction (see `claimReferral`). */
async function recordClaim(
  deps: AppDeps,
  organization: OrganizationRow,
  newcomer: { id: string; createdAt: Date },
  code: string,
  now: Date,
): Promise<ReferralClaimResult> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: referralCodes.userId })
        .from(referralCodes)
        .innerJoin(users, eq(users.id, referralCodes.userId))
        .where(and(eq(referralCodes.organizationId, organization.id), eq(referralCodes.code, code), sql`${users.deletedAt} is null`));
      const [already] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.newcomerId, newcomer.id));
      const refused = referralClaimRefusal({
        newcomerId: newcomer.id,
        joinedAt: newcomer.createdAt,
        referrerId: owner?.userId ?? null,
        alreadyReferred: Boolean(already),
        now,
      });
      if (refused) throw refusal(refused);
      // The unique index on the newcomer refuses a concurrent second claim (caught below as 409).
      const [row] = await tx
        .insert(referrals)
        .values({ organizationId: organization.id, referrerId: owner!.userId, newcomerId: newcomer.id, code, claimedAt: now })
        .returning({ id: referrals.id, claimedAt: referrals.claimedAt });
      await tx.update(users).set({ referralPending: true }).where(eq(users.id, newcomer.id));
      const rewarded = (await hasQualifyingAction(tx, newcomer.id)) ? await rewardIn(tx, organization, newcomer.id, now) : false;
      return { referralId: row.id, claimedAt: row.claimedAt.toISOString(), rewarded };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal('ReferralAlreadyClaimed');
    throw error;
  }
}

/** The referrals of the member `userId` (member care), newest first; at most 100 referred. */
export async function memberReferrals(db: DbOrTx, userId: string): Promise<MemberReferrals> {
  const rows = await rowsOf<{
    referrer_id: string;
    newcomer_id: string;
    email: string;
    username: string | null;
    claimed_at: Date | string;
    rewarded_at: Date | string | null;
    referrer_points: number | null;
    mine: boolean;
  }>(
    db,
    sql`
    (select r.referrer_id, r.newcomer_id, u.email, u.username, r.claimed_at, r.rewarded_at, r.referrer_points, true as mine
      from referrals r join users u on u.id = r.referrer_id where r.newcomer_id = ${userId})
    union all
    (select r.referrer_id, r.newcomer_id, u.email, u.username, r.claimed_at, r.rewarded_at, r.referrer_points, false as mine
      from referrals r join users u on u.id = r.newcomer_id where r.referrer_id = ${userId}
      order by r.claimed_at desc limit 100)`,
  );
  const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
  const by = rows.find((r) => r.mine);
  return {
    referredBy: by
      ? { userId: by.referrer_id, email: by.email, username: by.username, claimedAt: iso(by.claimed_at)!, rewardedAt: iso(by.rewarded_at) }
      : null,
    referred: rows
      .filter((r) => !r.mine)
      .map((r) => ({
        userId: r.newcomer_id,
        email: r.email,
        username: r.username,
        claimedAt: iso(r.claimed_at)!,
        rewardedAt: iso(r.rewarded_at),
        referrerPoints: r.referrer_points,
      })),
  };
}
