/**
 * Local sign-in (ARCHITECTURE §3): e-mail one-time codes and sessions.
 *
 * - A code is 6 digits from `crypto.randomInt`, stored as HMAC-SHA256 (AUTH_SECRET), valid 10 minutes, once,
 *   and dies after 5 wrong guesses. Asking for a new code retires the previous ones.
 * - Sends are limited per e-mail (one per 30 s, 5 per 15 min) and, generously, per client IP (300 per 15 min:
 *   a stadium crowd shares a few addresses). Known and unknown e-mails get the same answer (no enumeration).
 * - A right code for an unknown e-mail creates the member. A session token is 32 random bytes (base64url),
 *   stored as SHA-256, valid 400 days.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionGrant } from '../../src/contracts/session';
import type { Db, DbOrTx } from '../db/client';
import { otpCodes, sessions, users } from '../db/schema';
import { generateOtpCode, generateToken, hashOtpCode, sameDigest, sha256 } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import type { AppDeps, OrganizationRow } from '../lib/types';
import { enforceRateLimits } from './rate-limit';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const SESSION_TTL_MS = 400 * 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
export const OTP_LIMITS = {
  emailCooldown: { limit: 1, windowMs: 30 * 1000 },
  emailWindow: { limit: 5, windowMs: 15 * MINUTE },
  ip: { limit: 300, windowMs: 15 * MINUTE },
} as const;

/** 401 InvalidCode: wrong, expired, used-up or unknown code (one answer for all, no hints). */
export const invalidCode = () => new ApiError(401, 'InvalidCode', 'This code is not valid. Check it or ask for a new one.');

/**
 * Issues and delivers a sign-in code for `email` in `organization`.
 * @throws ApiError 429 TooManyRequests (with Retry-After) when a limit is reached
 */
export async function requestSignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; clientIp: string },
): Promise<void> {
  const { db, clock } = deps;
  const { organization, email } = input;
  const now = clock();
  await enforceRateLimits(
    db,
    [
      { bucket: `otp-ip:${input.clientIp}`, ...OTP_LIMITS.ip },
      { bucket: `otp-email-30s:${organization.id}:${email}`, ...OTP_LIMITS.emailCooldown },
      { bucket: `otp-email-15m:${organization.id}:${email}`, ...OTP_LIMITS.emailWindow },
    ],
    now,
  );
  const code = generateOtpCode();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.organizationId, organization.id), eq(otpCodes.email, email), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      organizationId: organization.id,
      email,
      codeHash: hashOtpCode(deps.env.AUTH_SECRET, email, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    });
  });
  await deps.mailer.sendSignInCode({
    email,
    code,
    organizationName: organization.name,
    expiresInMinutes: OTP_TTL_MS / MINUTE,
  });
}

/**
 * Checks `code` for `email` and opens a session; creates the member on first sign-in.
 * @returns the session grant (the only time the plain token exists)
 * @throws ApiError 401 InvalidCode
 */
export async function verifySignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; code: string },
): Promise<SessionGrant> {
  const { organization, email, code } = input;
  const now = deps.clock();
  // The wrong-guess counter must commit even though the request fails, so the transaction returns a verdict
  // and the error is thrown after it.
  const result = await deps.db.transaction(async (tx) => {
    const [otp] = await tx
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.organizationId, organization.id),
          eq(otpCodes.email, email),
          isNull(otpCodes.consumedAt),
          gt(otpCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update');
    if (!otp || otp.attempts >= OTP_MAX_ATTEMPTS) return null;
    if (!sameDigest(hashOtpCode(deps.env.AUTH_SECRET, email, code), otp.codeHash)) {
      await tx.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` }).where(eq(otpCodes.id, otp.id));
      return null;
    }
    await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, otp.id));
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
  if (!result) throw invalidCode();
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
