/**
 * Local sign-in (ARCHITECTURE §3, decisions 0043 and 0070): e-mail one-time codes and sessions.
 *
 * - A code is 6 digits from `crypto.randomInt`, stored as HMAC-SHA256 (AUTH_SECRET), valid 10 minutes, single-use.
 *   Asking for a new code keeps the earlier ones alive (up to 5 live codes per e-mail, the oldest retired first),
 *   so someone who asks for codes in a victim's name cannot cancel the code the victim holds.
 * - Sends are limited per mailbox (`mailboxOf`: plus-tags and Gmail's dots do not make another mailbox): a cooldown,
 *   a 15-minute and a 24-hour allowance (env `SIGNIN_EMAIL_*`); and per client address by a ceiling sized for a
 *   stadium crowd behind one address (`SIGNIN_ADDRESS_CODES_PER_15_MIN`).
 * - Guessing is limited per code and per address, never per e-mail (a stranger's wrong codes must not refuse the
 *   fan's fresh code): every verification first claims one of the 5 tries of each live code of the e-mail, and is
 *   compared only with the codes it claimed, so no code is ever compared with more than 5 guesses, concurrent ones
 *   included. A wrong code also counts against the client address (`SIGNIN_ADDRESS_FAILURES_PER_15_MIN`, large).
 * - A right code that can no longer be used (used already, by a concurrent repeat too, or out of tries) answers
 *   401 CodeUsedUp and counts as no failure: it is the holder's code, not a guess. The send limits never stop a
 *   person from using a code they already hold.
 * - A suspended member's right code answers 403 AccountSuspended, and opens no session.
 * - Known and unknown e-mails get the same answers (no enumeration). A right code for an unknown e-mail creates
 *   the member. A session token is 32 random bytes (base64url), stored as SHA-256, valid 400 days.
 */
import { eq, inArray } from 'drizzle-orm';
import type { SessionGrant } from '../../../src/contracts/session';
import type { Db } from '../../db/client';
import { otpCodes, sessions } from '../../db/schema';
import type { Env } from '../../env';
import { generateOtpCode, generateToken, hashOtpCode, sameDigest, sha256 } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { isSuspended } from '../../../src/rules/suspension';
import { bootstrapsOperator } from '../../kernel/operators';
import { assertNotSuspended } from '../../kernel/suspension';
import type { AppDeps } from '../../kernel/types';
import type { OrganizationRow } from '../../lib/app-env';
import { rateLimitValues, refuseExhausted, refuseOverLimit, type RateLimitCounter, type RateLimitRule } from '../../kernel/rate-limit';
import { MINUTE, prepareSignInStatements, sendRules, WINDOW_MS, type AttemptCode } from './session.statements';

const OTP_TTL_MS = 10 * 60 * 1000;
const SESSION_TTL_MS = 400 * 24 * 60 * 60 * 1000;

/** The limit on failed verifications per client address (none per e-mail, so a stranger cannot block a mailbox). */
function failureRule(env: Env, clientIp: string): RateLimitRule {
  return { bucket: `otp-fail-ip:${clientIp}`, limit: env.SIGNIN_ADDRESS_FAILURES_PER_15_MIN, windowMs: WINDOW_MS, name: 'address' };
}

/** 401 InvalidCode: a wrong, expired or unknown code (one answer for all, no hints). */
const invalidCode = () => new ApiError(401, 'InvalidCode', 'This code is not valid. Check it or ask for a new one.');

/** 401 CodeUsedUp: the right code, but used already or out of tries (it tells a guesser nothing they can use). */
const codeUsedUp = () => new ApiError(401, 'CodeUsedUp', 'This code can no longer be used. Ask for a new one.');

/**
 * Issues and delivers a sign-in code for `email` in `organization`, keeping earlier live codes.
 * @throws ApiError 429 TooManyRequests (with Retry-After; `details.limit` 'address' or 'mailboxDay' for those
 *   limits) when a limit of `sendRules` is reached
 */
export async function requestSignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; clientIp: string },
): Promise<void> {
  const { clock } = deps;
  const { organization, email } = input;
  const now = clock();
  const rules = sendRules(deps.env, organization.id, email, input.clientIp);
  const code = generateOtpCode();
  const { rows } = await deps.prepared(prepareSignInStatements).signInCodeRequest.execute({
    ...rateLimitValues(rules, now),
    organizationId: organization.id,
    email,
    codeHash: hashOtpCode(deps.env.AUTH_SECRET, email, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
  });
  refuseOverLimit(rules, rows, now);
  await deps.mailer.sendSignInCode({
    email,
    code,
    organizationName: organization.name,
    expiresInMinutes: OTP_TTL_MS / MINUTE,
  });
}

/**
 * Checks `code` against the live codes of `email` and opens a session; creates the member on first sign-in.
 * Every verification spends one try of each live code of the e-mail (dead after 5) and is compared
 * only with the codes it got a try of; a right code consumes them all, a wrong one also counts against the client
 * address. A right code that could not be tried (used, by a concurrent repeat too, or out of tries) counts nothing.
 * @returns the session grant (the only time the plain token exists)
 * @throws ApiError 401 InvalidCode (wrong, expired or unknown code); 401 CodeUsedUp (the right code, used already
 *   or out of tries); 403 AccountSuspended for a suspended member's right code; 429 TooManyRequests
 *   (`details.limit` 'address') when the client address has failed too often
 */
export async function verifySignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; code: string; clientIp: string },
): Promise<SessionGrant> {
  const { organization, email, code } = input;
  const now = deps.clock();
  const failures = failureRule(deps.env, input.clientIp);
  const attempt = await signInAttempt(deps, { organizationId: organization.id, email, failures, now });
  refuseExhausted([failures], attempt.counter ? [attempt.counter] : [], now);
  const codeHash = hashOtpCode(deps.env.AUTH_SECRET, email, code);
  const match = attempt.codes.find((r) => sameDigest(codeHash, r.codeHash));
  if (!match) {
    await deps.queries.failureHit.execute(rateLimitValues([failures], now));
    throw invalidCode();
  }
  if (!match.claimed) throw codeUsedUp();
  const ids = attempt.codes.filter((r) => r.claimed).map((r) => r.id);
  // Only a right code learns that the account is suspended, so the answer tells nothing to someone guessing.
  if (attempt.member && isSuspended(attempt.member, now)) {
    await deps.db.update(otpCodes).set({ consumedAt: now }).where(inArray(otpCodes.id, ids));
    assertNotSuspended(attempt.member, now);
  }
  const grant = await openSession(deps, {
    organizationId: organization.id,
    email,
    ids,
    matchId: match.id,
    now,
    operator: await bootstrapsOperator(deps.db, deps.env, organization.id, email),
  });
  // A concurrent repeat of the same code consumed it first: a replay, not a failure.
  if (!grant) throw codeUsedUp();
  return grant;
}

/** What a code verification claims and reads, in one statement (`signInAttempt` of `prepareSignInStatements`). */
async function signInAttempt(
  deps: AppDeps,
  input: { organizationId: string; email: string; failures: RateLimitRule; now: Date },
): Promise<{
  counter: RateLimitCounter | null;
  codes: AttemptCode[];
  member: { suspendedAt: Date | null; suspendedUntil: Date | null } | undefined;
}> {
  const { organizationId, email, failures, now } = input;
  const [row] = (
    await deps.prepared(prepareSignInStatements).signInAttempt.execute({ ...rateLimitValues([failures], now), organizationId, email })
  ).rows;
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    counter: row.counter
      ? { bucket: failures.bucket, count: Number(row.counter.count), windowStart: new Date(row.counter.windowStart) }
      : null,
    codes: row.codes,
    member: row.member ? { suspendedAt: date(row.member.suspendedAt), suspendedUntil: date(row.member.suspendedUntil) } : undefined,
  };
}

/**
 * Consumes the e-mail's live codes `ids` and, when the right one (`matchId`) was still live, finds or creates the
 * member and opens a session: one statement (`openSession` of `prepareSignInStatements`), so no transaction is
 * needed, and the code is single-use under concurrency.
 * @returns the grant, or null when the code was consumed or retired meanwhile
 */
async function openSession(
  deps: AppDeps,
  input: { organizationId: string; email: string; ids: string[]; matchId: string; now: Date; operator: boolean },
): Promise<SessionGrant | null> {
  const { organizationId, email, ids, matchId, now } = input;
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const nowIso = now.toISOString();
  const [row] = (
    await deps.prepared(prepareSignInStatements).openSession.execute({
      organizationId,
      email,
      ids,
      matchId,
      now: nowIso,
      role: input.operator ? 'operator' : 'member',
      tokenHash: sha256(token),
      expiresAt: expiresAt.toISOString(),
    })
  ).rows;
  if (!row) return null;
  return { token, isNewUser: row.is_new, sessionStart: nowIso, expiresAt: expiresAt.toISOString() } satisfies SessionGrant;
}

/** Ends one session (logout). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
