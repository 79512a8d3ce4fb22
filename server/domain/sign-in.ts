/**
 * Local sign-in (ARCHITECTURE §3, decision 0043): e-mail one-time codes and sessions.
 *
 * - A code is 6 digits from `crypto.randomInt`, stored as HMAC-SHA256 (AUTH_SECRET), valid 10 minutes, single-use.
 *   Asking for a new code keeps the earlier ones alive (up to 5 live codes per e-mail, the oldest retired first),
 *   so someone who asks for codes in a victim's name cannot cancel the code the victim holds.
 * - Sends are limited per e-mail only (a cooldown and a 15-minute allowance, env `SIGNIN_EMAIL_*`): thousands of
 *   fans share a few stadium addresses, so a per-address send limit would lock a crowd out.
 * - Guessing is limited by failures: each wrong code counts against every live code of the e-mail (dead at 5),
 *   against the e-mail (`SIGNIN_EMAIL_FAILURES_PER_15_MIN`) and against the client address
 *   (`SIGNIN_ADDRESS_FAILURES_PER_15_MIN`, large). A right code spends nothing, and the send limits never stop a
 *   person from using a code they already hold.
 * - Known and unknown e-mails get the same answers (no enumeration). A right code for an unknown e-mail creates
 *   the member. A session token is 32 random bytes (base64url), stored as SHA-256, valid 400 days.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SessionGrant } from '../../src/contracts/session';
import type { Db, DbOrTx } from '../db/client';
import { otpCodes, sessions, users } from '../db/schema';
import type { Env } from '../env';
import { generateOtpCode, generateToken, hashOtpCode, sameDigest, sha256 } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import type { AppDeps, OrganizationRow } from '../lib/types';
import { checkRateLimits, countRateLimitHits, enforceRateLimits, type RateLimitRule } from './rate-limit';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
/** Live (unused, unexpired) codes kept per e-mail; a sixth retires the oldest. */
const OTP_MAX_LIVE_CODES = 5;
const SESSION_TTL_MS = 400 * 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const WINDOW_MS = 15 * MINUTE;

/** The limits of one request for a code, per-e-mail only, in the order they are counted. */
function sendRules(env: Env, organizationId: string, email: string): RateLimitRule[] {
  return [
    { bucket: `otp-email-cooldown:${organizationId}:${email}`, limit: 1, windowMs: env.SIGNIN_EMAIL_COOLDOWN_SECONDS * 1000 },
    { bucket: `otp-email-15m:${organizationId}:${email}`, limit: env.SIGNIN_EMAIL_CODES_PER_15_MIN, windowMs: WINDOW_MS },
  ];
}

/** The limits on failed verifications: per e-mail, then per client address. */
function failureRules(env: Env, organizationId: string, email: string, clientIp: string): RateLimitRule[] {
  return [
    { bucket: `otp-fail-email:${organizationId}:${email}`, limit: env.SIGNIN_EMAIL_FAILURES_PER_15_MIN, windowMs: WINDOW_MS },
    { bucket: `otp-fail-ip:${clientIp}`, limit: env.SIGNIN_ADDRESS_FAILURES_PER_15_MIN, windowMs: WINDOW_MS },
  ];
}

/** 401 InvalidCode: wrong, expired, used-up or unknown code (one answer for all, no hints). */
const invalidCode = () => new ApiError(401, 'InvalidCode', 'This code is not valid. Check it or ask for a new one.');

/**
 * Issues and delivers a sign-in code for `email` in `organization`, keeping earlier live codes.
 * @throws ApiError 429 TooManyRequests (with Retry-After) when a per-e-mail limit is reached
 */
export async function requestSignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string },
): Promise<void> {
  const { db, clock } = deps;
  const { organization, email } = input;
  const now = clock();
  await enforceRateLimits(db, sendRules(deps.env, organization.id, email), now);
  const code = generateOtpCode();
  await db.insert(otpCodes).values({
    organizationId: organization.id,
    email,
    codeHash: hashOtpCode(deps.env.AUTH_SECRET, email, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    createdAt: now,
  });
  // Retire live codes beyond the newest few. Two statements and no transaction keep a crowd's requests cheap;
  // concurrent sends for one e-mail are already stopped by its cooldown.
  const surplus = db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(liveCodesOf(organization.id, email, now))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .offset(OTP_MAX_LIVE_CODES);
  await db.update(otpCodes).set({ consumedAt: now }).where(inArray(otpCodes.id, surplus));
  await deps.mailer.sendSignInCode({
    email,
    code,
    organizationName: organization.name,
    expiresInMinutes: OTP_TTL_MS / MINUTE,
  });
}

/** Unused, unexpired codes of `email` that still have guesses left. */
function liveCodesOf(organizationId: string, email: string, now: Date) {
  return and(
    eq(otpCodes.organizationId, organizationId),
    eq(otpCodes.email, email),
    isNull(otpCodes.consumedAt),
    gt(otpCodes.expiresAt, now),
    lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
  );
}

/**
 * Checks `code` against the live codes of `email` and opens a session; creates the member on first sign-in.
 * A right code consumes every live code of the e-mail; a wrong one counts against all of them and against the
 * failure limits.
 * @returns the session grant (the only time the plain token exists)
 * @throws ApiError 401 InvalidCode; 429 TooManyRequests when the e-mail or the address has failed too often
 */
export async function verifySignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; code: string; clientIp: string },
): Promise<SessionGrant> {
  const { organization, email, code } = input;
  const now = deps.clock();
  const failures = failureRules(deps.env, organization.id, email, input.clientIp);
  await checkRateLimits(deps.db, failures, now);
  const codeHash = hashOtpCode(deps.env.AUTH_SECRET, email, code);
  // The wrong-guess counters must commit even though the request fails, so the transaction returns a verdict
  // and the error is thrown after it.
  const result = await deps.db.transaction(async (tx) => {
    const live = await tx
      .select({ id: otpCodes.id, codeHash: otpCodes.codeHash })
      .from(otpCodes)
      .where(liveCodesOf(organization.id, email, now))
      .for('update');
    const ids = live.map((r) => r.id);
    if (!live.some((r) => sameDigest(codeHash, r.codeHash))) {
      if (ids.length) {
        await tx.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` }).where(inArray(otpCodes.id, ids));
      }
      return null;
    }
    await tx.update(otpCodes).set({ consumedAt: now }).where(inArray(otpCodes.id, ids));
    const user = await findOrCreateUser(tx, organization.id, email, now);
    const token = generateToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await tx.insert(sessions).values({ userId: user.id, tokenHash: sha256(token), expiresAt, createdAt: now });
    return {
      token,
      isNewUser: user.onboardedAt === null,
      sessionStart: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    } satisfies SessionGrant;
  });
  if (!result) {
    await countRateLimitHits(deps.db, failures, now);
    throw invalidCode();
  }
  return result;
}

async function findOrCreateUser(db: DbOrTx, organizationId: string, email: string, now: Date) {
  const [created] = await db
    .insert(users)
    .values({ organizationId, email, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [users.organizationId, users.email] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.email, email)));
  return existing;
}

/** Ends one session (logout). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
